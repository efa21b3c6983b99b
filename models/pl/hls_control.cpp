#include "pl/hls_control.h"

namespace zvp {

HlsControl::HlsControl(RegisterBank& bank, bool ap_ctrl_chain, uint64_t base) : chain_(ap_ctrl_chain) {
  // AP_CTRL: the value is computed (clear-on-read bits), the write is a command.
  ctrl_ = &bank.add("AP_CTRL", base + kApCtrl, AP_IDLE)
               .on_read([this](uint32_t) { return read_ctrl(); })
               .on_peek([this](uint32_t) { return ctrl_value(); })
               .on_write_raw([this](uint32_t v, uint32_t m) { write_ctrl(v, m); });
  gie_ = &bank.add("GIE", base + kGie).writable(0x1).on_write([this](uint32_t, uint32_t) { update_irq(); });
  ier_ = &bank.add("IER", base + kIer).writable(0x3);
  // ISR: toggle on write (TOW).
  isr_ = &bank.add("ISR", base + kIsr).on_write_raw([this](uint32_t v, uint32_t m) {
    isr_->set(isr_->get() ^ (v & m & 0x3u));
    update_irq();
  });
}

uint32_t HlsControl::read_ctrl() {
  const uint32_t v = ctrl_value();
  int_done_ = false;   // clear on read
  int_ready_ = false;  // clear on read
  ctrl_->set(v);
  return v;
}

uint32_t HlsControl::ctrl_value() const {
  uint32_t v = 0;
  if (start_) v |= AP_START;
  if (int_done_ || (chain_ && done_seq_ != cont_seq_)) v |= AP_DONE;
  if (ap_idle()) v |= AP_IDLE;
  if (int_ready_) v |= AP_READY;
  if (auto_restart_) v |= AUTO_RESTART;
  return v;
}

void HlsControl::write_ctrl(uint32_t v, uint32_t byte_mask) {
  if (!(byte_mask & 0xFFu)) return;  // every control bit is in byte 0
  auto_restart_ = (v & AUTO_RESTART) != 0;
  if (chain_ && (v & AP_CONTINUE)) acknowledge_one();
  if (chain_ && auto_restart_)
    while (done_seq_ != cont_seq_) acknowledge_one();
  if (v & AP_START) set_start();
}

void HlsControl::set_start() {
  if (start_) return;
  start_ = true;
  start_ev_.notify(sc_core::SC_ZERO_TIME);
  if (start_cb_) start_cb_();
}

bool HlsControl::try_start() {
  if (!start_ || start_taken_) return false;
  start_taken_ = true;
  ++in_flight_;
  ++starts_;
  return true;
}

void HlsControl::wait_start() {
  while (!try_start()) sc_core::wait(start_ev_);
}

void HlsControl::ready() {
  start_taken_ = false;
  int_ready_ = true;
  raise(1);
  // ap_start is cleared by ap_ready, except with auto_restart, which keeps it set.
  if (auto_restart_) {
    start_ev_.notify(sc_core::SC_ZERO_TIME);
    if (start_cb_) start_cb_();
  } else {
    start_ = false;
  }
}

void HlsControl::done() {
  int_done_ = true;
  ++done_seq_;
  raise(0);
  if (!chain_) {
    cont_seq_ = done_seq_;  // ap_ctrl_hs: no continue handshake
    if (in_flight_) --in_flight_;
  } else if (auto_restart_) {
    acknowledge_one();
  }
}

void HlsControl::acknowledge_one() {
  if (cont_seq_ == done_seq_) return;  // a continue pulse with no pending done is lost
  ++cont_seq_;
  if (in_flight_) --in_flight_;
  cont_ev_.notify(sc_core::SC_ZERO_TIME);
}

void HlsControl::wait_continue() {
  const uint64_t mine = done_seq_;
  while (cont_seq_ < mine) sc_core::wait(cont_ev_);
}

void HlsControl::raise(unsigned isr_bit) {
  if (ier_->bit(isr_bit)) isr_->set_bit(isr_bit, true);
  update_irq();
}

void HlsControl::update_irq() { irq.write(gie_->bit(0) && (isr_->get() & 0x3u)); }

void HlsControl::reset() {
  start_ = start_taken_ = auto_restart_ = int_done_ = int_ready_ = false;
  in_flight_ = 0;
  cont_seq_ = done_seq_;
  gie_->reset();
  ier_->reset();
  isr_->reset();
  ctrl_->reset();
  cont_ev_.notify(sc_core::SC_ZERO_TIME);
  update_irq();
}

}  // namespace zvp
