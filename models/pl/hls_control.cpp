#include "pl/hls_control.h"

namespace zvp {

namespace {
namespace R = regs::hls_ctrl;
// The ISR bits raise() sets: one per IER bit, the same positions.
static_assert(R::ier::DONE.mask() == R::isr::DONE.mask() && R::ier::READY.mask() == R::isr::READY.mask());
constexpr uint32_t kIsrBits = R::isr::DONE.mask() | R::isr::READY.mask();
// AP_CTRL's command bits: all in its first byte, so a write that does not enable that byte is
// no command.
constexpr uint32_t kCtrlCommands =
    R::ap_ctrl::AP_START.mask() | R::ap_ctrl::AP_CONTINUE.mask() | R::ap_ctrl::AUTO_RESTART.mask();
static_assert((kCtrlCommands & ~0xFFu) == 0, "AP_CTRL commands in byte 0");
}  // namespace

HlsControl::HlsControl(RegisterBank& bank, bool ap_ctrl_chain, uint64_t base) : chain_(ap_ctrl_chain) {
  // Added at base + offset (an IP's own map extends HLS_CTRL), with the descriptor's name, reset
  // value and writable bits.
  auto add = [&bank, base](const regs::RegInfo& r) -> Register& {
    return bank.add(r.name, base + r.offset, static_cast<uint32_t>(r.reset)).writable(r.writable_mask);
  };
  // AP_CTRL: the value is computed (clear-on-read bits), the write is a command.
  ctrl_ = &add(R::AP_CTRL_INFO)
               .on_read([this](uint32_t) { return read_ctrl(); })
               .on_peek([this](uint32_t) { return ctrl_value(); })
               .on_write_raw([this](uint32_t v, uint32_t m) { write_ctrl(v, m); });
  gie_ = &add(R::GIE_INFO).on_write([this](uint32_t, uint32_t) { update_irq(); });
  ier_ = &add(R::IER_INFO);
  // ISR: toggle on write (TOW).
  isr_ = &add(R::ISR_INFO).on_write_raw([this](uint32_t v, uint32_t m) {
    isr_->set(isr_->get() ^ (v & m & kIsrBits));
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
  if (!(byte_mask & kCtrlCommands)) return;  // byte_mask: whole bytes; the commands are in byte 0
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
  raise(R::isr::READY.mask());
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
  raise(R::isr::DONE.mask());
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

void HlsControl::raise(uint32_t isr_bit) {
  if (ier_->get() & isr_bit) isr_->set(isr_->get() | isr_bit);
  update_irq();
}

void HlsControl::update_irq() {
  irq.write(R::gie::ENABLE.get(gie_->get()) && (isr_->get() & kIsrBits));
}

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
