#include "cadence_uart.h"

namespace zvp {

namespace {
namespace R = regs::uart;
// SR bits (Channel_sts) and the interrupt bits of IER/IDR/IMR/ISR (Chnl_int_sts), from
// cadence_uart.regs.yaml.
constexpr uint32_t SR_RTRIG = R::sr::RTRIG.mask(), SR_REMPTY = R::sr::REMPTY.mask(),
                   SR_RFUL = R::sr::RFUL.mask(), SR_TEMPTY = R::sr::TEMPTY.mask(),
                   SR_TFUL = R::sr::TFUL.mask(), SR_RACTIVE = R::sr::RACTIVE.mask(),
                   SR_TACTIVE = R::sr::TACTIVE.mask(), SR_TTRIG = R::sr::TTRIG.mask(),
                   SR_TNFUL = R::sr::TNFUL.mask();
constexpr uint32_t IX_RTRIG = R::isr::RTRIG.mask(), IX_REMPTY = R::isr::REMPTY.mask(),
                   IX_RFUL = R::isr::RFUL.mask(), IX_TEMPTY = R::isr::TEMPTY.mask(),
                   IX_TFUL = R::isr::TFUL.mask(), IX_ROVR = R::isr::ROVR.mask(),
                   IX_TIMEOUT = R::isr::TIMEOUT.mask(), IX_TTRIG = R::isr::TTRIG.mask(),
                   IX_TNFUL = R::isr::TNFUL.mask(), IX_TOVR = R::isr::TOVR.mask(),
                   IX_ALL = R::ISR_INFO.w1c_mask;
// CR bits that read back as 0 (they act once when written).
constexpr uint32_t CR_SELF_CLEARING = R::cr::RXRES.mask() | R::cr::TXRES.mask() | R::cr::RSTTO.mask();
}  // namespace

CadenceUart::CadenceUart(sc_core::sc_module_name name, const Clock& ref_clk, unsigned fifo_depth)
    : RegisterDevice(name),
      rx([this](const std::string& bytes) { push_rx(bytes); }),
      ref_(ref_clk),
      depth_(fifo_depth ? fifo_depth : 1) {
  // Names, offsets, reset values and writable bits: cadence_uart.regs.yaml.
  cr_reg_ = &regs_.add(R::CR_INFO).on_write([this](uint32_t, uint32_t v) { write_cr(v); });
  mr_reg_ = &regs_.add(R::MR_INFO).on_write([this](uint32_t, uint32_t v) { mr_ = v; });
  regs_.add(R::IER_INFO).on_write_raw([this](uint32_t d, uint32_t m) {
    imr_ |= d & m & IX_ALL;
    update();
  });
  regs_.add(R::IDR_INFO).on_write_raw([this](uint32_t d, uint32_t m) {
    imr_ &= ~(d & m & IX_ALL);
    update();
  });
  regs_.add(R::IMR_INFO).on_read([this](uint32_t) { return imr_; });
  isr_ = &regs_.add(R::ISR_INFO).on_write([this](uint32_t, uint32_t) { update(); });
  baudgen_ = &regs_.add(R::BAUDGEN_INFO);
  rxtout_ = &regs_.add(R::RXTOUT_INFO);
  rxwm_ = &regs_.add(R::RXWM_INFO);
  rxwm_->on_write([this](uint32_t, uint32_t) { update(); });
  regs_.add(R::MODEMCR_INFO);
  regs_.add(R::MODEMSR_INFO);
  // Steady: the FIFO levels and shifter states change only in tx_done/the RX process and on
  // writes, never with the time of the read (a polling core may account repeated reads). A read
  // does set access_time_ (before_access), but only a write's callbacks use it, after their own
  // before_access.
  regs_.add(R::SR_INFO).steady().on_read([this](uint32_t) { return status(); });
  regs_.add(R::FIFO_INFO)
      .sub_word()
      .on_read([this](uint32_t) { return read_fifo(); })
      .on_peek([this](uint32_t) { return rx_fifo_.empty() ? 0u : uint32_t(rx_fifo_.front()); })
      .on_write_raw([this](uint32_t d, uint32_t m) {
        if (m & R::fifo::FIFO.mask()) write_fifo(static_cast<uint8_t>(R::fifo::FIFO.get(d)));
      });
  bauddiv_ = &regs_.add(R::BAUDDIV_INFO);
  regs_.add(R::FLOWDEL_INFO);
  regs_.add(R::IRRX_PWIDTH_INFO);
  regs_.add(R::IRTX_PWIDTH_INFO);
  txwm_ = &regs_.add(R::TXWM_INFO);
  txwm_->on_write([this](uint32_t, uint32_t) { update(); });
  regs_.add(R::RXBS_INFO);

  prev_cond_ = IX_REMPTY | IX_TEMPTY;  // reset state: no event for the initially empty FIFOs
  SC_METHOD(tx_done);
  sensitive << tx_ev_;
  dont_initialize();
  SC_METHOD(rx_arrive);
  sensitive << rx_ev_;
  dont_initialize();
  SC_METHOD(rx_timeout);
  sensitive << rxto_ev_;
  dont_initialize();
}

void CadenceUart::reset() {
  tx_ev_.cancel();
  rx_ev_.cancel();
  rxto_ev_.cancel();
  regs_.reset();
  tx_fifo_.clear();
  rx_fifo_.clear();
  tx_shifting_ = rx_busy_ = false;
  cr_ = R::CR_RESET;
  mr_ = R::MR_RESET;
  imr_ = R::IMR_RESET;
  prev_cond_ = IX_REMPTY | IX_TEMPTY;
  apply_boot_setup();
  kick_rx(sc_core::sc_time_stamp());  // input queued before the reset, if RX is left enabled
  update();
}

void CadenceUart::set_boot_setup(const BootSetup& s) {
  boot_ = s;
  has_boot_setup_ = true;
  apply_boot_setup();
}

// Called before the simulation runs or from reset(): the FIFOs are empty, so enabling the transmitter and receiver starts nothing and raises no
// FIFO event: the registers are simply as the bootloader wrote them.
void CadenceUart::apply_boot_setup() {
  if (!has_boot_setup_) return;
  mr_ = boot_.mr;
  mr_reg_->set(mr_);
  baudgen_->set(boot_.baudgen);
  bauddiv_->set(boot_.bauddiv);
  cr_ = boot_.cr & ~CR_SELF_CLEARING;
  cr_reg_->set(cr_);
}

void CadenceUart::push_rx(const std::string& bytes) {
  for (char c : bytes) rx_src_.push_back(static_cast<uint8_t>(c));
  kick_rx(sc_core::sc_time_stamp());
}

void CadenceUart::push_rx(uint8_t byte) {
  rx_src_.push_back(byte);
  kick_rx(sc_core::sc_time_stamp());
}

sc_core::sc_time CadenceUart::bit_time() const {
  const uint32_t cd = R::baudgen::CD.get(baudgen_->get());
  const uint32_t bdiv = R::bauddiv::BDIV.get(bauddiv_->get());
  if (cd == 0) return sc_core::SC_ZERO_TIME;  // baud generator disabled
  const uint64_t per_bit = uint64_t(R::mr::CLKS.get(mr_) ? 8 : 1) * cd * (bdiv + 1);
  return ref_.cycles(per_bit);
}

sc_core::sc_time CadenceUart::char_time() const {
  const uint32_t cd = R::baudgen::CD.get(baudgen_->get());
  const uint32_t bdiv = R::bauddiv::BDIV.get(bauddiv_->get());
  if (cd == 0) return sc_core::SC_ZERO_TIME;
  const unsigned chrl = R::mr::CHRL.get(mr_);
  const double data = chrl == R::mr::CHRL_SIX ? 6 : chrl == R::mr::CHRL_SEVEN ? 7 : 8;
  const double parity = R::mr::PAR.get(mr_) >= R::mr::PAR_NONE ? 0 : 1;  // PAR = 1xx: no parity
  const unsigned nb = R::mr::NBSTOP.get(mr_);
  const double stop = nb == R::mr::NBSTOP_ONE_HALF ? 1.5 : nb == R::mr::NBSTOP_TWO ? 2 : 1;
  const double per_bit = double(R::mr::CLKS.get(mr_) ? 8 : 1) * cd * (bdiv + 1);
  return ref_.cycles(per_bit * (1 + data + parity + stop));
}

void CadenceUart::write_cr(uint32_t v) {
  if (R::cr::RXRES.get(v)) rx_fifo_.clear();
  if (R::cr::TXRES.get(v)) tx_fifo_.clear();  // a character already shifting completes
  cr_ = v & ~CR_SELF_CLEARING;
  cr_reg_->set(cr_);
  if (R::cr::RSTTO.get(v)) restart_timeout(access_time_);
  if (tx_enabled()) {
    if (instant_tx_)
      while (!tx_fifo_.empty()) {
        uint8_t c = tx_fifo_.front();
        tx_fifo_.pop_front();
        emit(c);
      }
    else
      kick_tx(access_time_);
  }
  if (rx_enabled()) kick_rx(access_time_);
  update();
}

void CadenceUart::write_fifo(uint8_t c) {
  if (tx_fifo_.size() >= depth_) {
    isr_->set(isr_->get() | IX_TOVR);  // lost
    update();
    return;
  }
  tx_fifo_.push_back(c);
  if (tx_enabled() && instant_tx_) {
    update();  // the FIFO was momentarily occupied
    tx_fifo_.pop_front();
    emit(c);
  } else {
    kick_tx(access_time_);
  }
  update();
}

uint32_t CadenceUart::read_fifo() {
  if (rx_fifo_.empty()) return 0;
  uint8_t c = rx_fifo_.front();
  rx_fifo_.pop_front();
  update();
  return c;
}

uint32_t CadenceUart::status() const {
  const unsigned rx = rx_level(), tx = tx_level();
  const uint32_t rxwm = R::rxwm::RTRIG.get(rxwm_->get());
  const uint32_t txwm = R::txwm::TTRIG.get(txwm_->get());
  uint32_t s = 0;
  if (rxwm && rx >= rxwm) s |= SR_RTRIG;
  if (rx == 0) s |= SR_REMPTY;
  if (rx >= depth_) s |= SR_RFUL;
  if (tx == 0) s |= SR_TEMPTY;
  if (tx >= depth_) s |= SR_TFUL;
  if (rx_busy_) s |= SR_RACTIVE;
  if (tx_shifting_) s |= SR_TACTIVE;
  if (tx >= txwm) s |= SR_TTRIG;
  if (tx + 1 >= depth_) s |= SR_TNFUL;
  return s;
}

void CadenceUart::update() {
  if (ending_) return;
  const uint32_t s = status();
  uint32_t cond = 0;
  if (s & SR_RTRIG) cond |= IX_RTRIG;
  if (s & SR_REMPTY) cond |= IX_REMPTY;
  if (s & SR_RFUL) cond |= IX_RFUL;
  if (s & SR_TEMPTY) cond |= IX_TEMPTY;
  if (s & SR_TFUL) cond |= IX_TFUL;
  if (s & SR_TTRIG) cond |= IX_TTRIG;
  if (s & SR_TNFUL) cond |= IX_TNFUL;
  Register* isr = isr_;
  isr->set(isr->get() | (cond & ~prev_cond_));  // conditions becoming true are events
  prev_cond_ = cond;
  const bool level = (isr->get() & imr_) != 0;
  if (irq.read() != level) irq.write(level);
}

void CadenceUart::kick_tx(const sc_core::sc_time& start) {
  if (tx_shifting_ || !tx_enabled() || tx_fifo_.empty()) return;
  const sc_core::sc_time ct = char_time();
  if (ct == sc_core::SC_ZERO_TIME) return;  // no baud clock: the transmitter stalls
  tx_shift_ = tx_fifo_.front();
  tx_fifo_.pop_front();
  tx_shifting_ = true;
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  const sc_core::sc_time end = (start > now ? start : now) + ct;
  tx_ev_.notify(end - now);
}

void CadenceUart::tx_done() {
  tx_shifting_ = false;
  emit(tx_shift_);
  kick_tx(sc_core::sc_time_stamp());
  update();
}

void CadenceUart::flush_tx() {
  if (tx_shifting_) {
    tx_ev_.cancel();
    tx_shifting_ = false;
    emit(tx_shift_);
  }
  if (tx_enabled())
    while (!tx_fifo_.empty()) {
      uint8_t c = tx_fifo_.front();
      tx_fifo_.pop_front();
      emit(c);
    }
  update();
}

void CadenceUart::emit(uint8_t c) {
  ++tx_count_;
  if (R::mr::CHMODE.get(mr_) == R::mr::CHMODE_LOCAL_LOOPBACK) {  // local loopback: TX goes straight to RX, not to the pin
    if (rx_fifo_.size() >= depth_) {
      isr_->set(isr_->get() | IX_ROVR);
    } else {
      rx_fifo_.push_back(c);
      ++rx_count_;
      restart_timeout(sc_core::sc_time_stamp());
    }
    update();
    return;
  }
  tx.write(static_cast<char>(c));
}

void CadenceUart::kick_rx(const sc_core::sc_time& start) {
  if (rx_busy_ || !rx_enabled()) return;
  const sc_core::sc_time ct = char_time();
  if (ct == sc_core::SC_ZERO_TIME || rx_src_.empty()) return;
  rx_busy_ = true;
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  rx_ev_.notify((start > now ? start : now) + ct - now);
}

void CadenceUart::rx_arrive() {
  rx_busy_ = false;
  // Receiver disabled meanwhile (RXDIS, cdns_uart_stop_rx): the character stays queued, as
  // input waiting for the receiver does (see the header).
  if (rx_src_.empty() || !rx_enabled()) return;
  uint8_t c = rx_src_.front();
  rx_src_.pop_front();
  if (rx_fifo_.size() >= depth_) {
    isr_->set(isr_->get() | IX_ROVR);  // char lost
  } else {
    rx_fifo_.push_back(c);
    ++rx_count_;
  }
  restart_timeout(sc_core::sc_time_stamp());
  update();
  kick_rx(sc_core::sc_time_stamp());
}

void CadenceUart::restart_timeout(const sc_core::sc_time& from) {
  rxto_ev_.cancel();
  const uint32_t to = R::rxtout::RTO.get(rxtout_->get());
  const sc_core::sc_time bt = bit_time();
  if (to == 0 || bt == sc_core::SC_ZERO_TIME) return;  // RXTOUT = 0 disables the timeout
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  const sc_core::sc_time at = (from > now ? from : now) + bt * double(4 * to);
  rxto_ev_.notify(at - now);
}

void CadenceUart::rx_timeout() {
  if (rx_fifo_.empty()) return;
  Register* isr = isr_;
  isr->set(isr->get() | IX_TIMEOUT);
  update();
}

}  // namespace zvp
