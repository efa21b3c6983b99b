#include "cadence_uart.h"

#include "zvp_memmap.h"

namespace zvp {

namespace {
// SR bits (UG585 Channel_sts) and ISR bits (Chnl_int_sts) of the Cadence UART.
enum : uint32_t {
  SR_RTRIG = 1u << 0, SR_REMPTY = 1u << 1, SR_RFUL = 1u << 2, SR_TEMPTY = 1u << 3,
  SR_TFUL = 1u << 4, SR_RACTIVE = 1u << 10, SR_TACTIVE = 1u << 11, SR_TTRIG = 1u << 13,
  SR_TNFUL = 1u << 14,
};
enum : uint32_t {
  IX_RTRIG = 1u << 0, IX_REMPTY = 1u << 1, IX_RFUL = 1u << 2, IX_TEMPTY = 1u << 3,
  IX_TFUL = 1u << 4, IX_ROVR = 1u << 5, IX_TIMEOUT = 1u << 8, IX_TTRIG = 1u << 10,
  IX_TNFUL = 1u << 11, IX_TOVR = 1u << 12, IX_ALL = 0x3FFF,
};
}  // namespace

CadenceUart::CadenceUart(sc_core::sc_module_name name, const Clock& ref_clk, unsigned fifo_depth)
    : RegisterDevice(name),
      rx([this](const std::string& bytes) { push_rx(bytes); }),
      ref_(ref_clk),
      depth_(fifo_depth ? fifo_depth : 1) {
  // CR: [0] RXRST, [1] TXRST, [6] RSTTO self-clear; [2] RXEN [3] RXDIS [4] TXEN [5] TXDIS,
  // [7] STTBRK [8] STPBRK.
  cr_reg_ = &regs_.add("CR", ZVP_UART_CR, 0x128).writable(0x1FF).on_write([this](uint32_t, uint32_t v) {
    write_cr(v);
  });
  // MR: [0] CLKS (ref/8), [2:1] CHRL, [5:3] PAR, [7:6] NBSTOP, [9:8] CHMODE.
  regs_.add("MR", ZVP_UART_MR).writable(0x3FF).on_write([this](uint32_t, uint32_t v) { mr_ = v; });
  regs_.add("IER", ZVP_UART_IER, 0, Access::WO).on_write_raw([this](uint32_t d, uint32_t m) {
    imr_ |= d & m & IX_ALL;
    update();
  });
  regs_.add("IDR", ZVP_UART_IDR, 0, Access::WO).on_write_raw([this](uint32_t d, uint32_t m) {
    imr_ &= ~(d & m & IX_ALL);
    update();
  });
  regs_.add("IMR", ZVP_UART_IMR, 0, Access::RO).on_read([this](uint32_t) { return imr_; });
  isr_ = &regs_.add("ISR", ZVP_UART_ISR).writable(0).w1c(IX_ALL).on_write([this](uint32_t, uint32_t) {
    update();
  });
  baudgen_ = &regs_.add("BAUDGEN", ZVP_UART_BAUDGEN, 0x28B).writable(0xFFFF);
  rxtout_ = &regs_.add("RXTOUT", ZVP_UART_RXTOUT).writable(0xFF);
  rxwm_ = &regs_.add("RXWM", ZVP_UART_RXWM, 0x20).writable(0x3F);
  rxwm_->on_write([this](uint32_t, uint32_t) { update(); });
  regs_.add("MODEMCR", ZVP_UART_MODEMCR).writable(0x23);
  regs_.add("MODEMSR", ZVP_UART_MODEMSR, 0, Access::RO);
  // Steady: the FIFO levels and shifter states change only in tx_done/the RX process and on
  // writes, never with the time of the read (a polling core may account repeated reads). A read
  // does set access_time_ (before_access), but only a write's callbacks use it, after their own
  // before_access.
  regs_.add("SR", ZVP_UART_SR, 0, Access::RO).steady().on_read([this](uint32_t) { return status(); });
  regs_.add("FIFO", ZVP_UART_FIFO)
      .sub_word()
      .on_read([this](uint32_t) { return read_fifo(); })
      .on_peek([this](uint32_t) { return rx_fifo_.empty() ? 0u : uint32_t(rx_fifo_.front()); })
      .on_write_raw([this](uint32_t d, uint32_t m) {
        if (m & 0xFF) write_fifo(static_cast<uint8_t>(d));
      });
  bauddiv_ = &regs_.add("BAUDDIV", ZVP_UART_BAUDDIV, 0xF).writable(0xFF);
  regs_.add("FLOWDEL", ZVP_UART_FLOWDEL).writable(0x3F);
  regs_.add("IRRX_PWIDTH", ZVP_UART_IRRX_PWIDTH).writable(0xFF);
  regs_.add("IRTX_PWIDTH", ZVP_UART_IRTX_PWIDTH).writable(0xFF);
  txwm_ = &regs_.add("TXWM", ZVP_UART_TXWM, 0x20).writable(0x3F);
  txwm_->on_write([this](uint32_t, uint32_t) { update(); });
  regs_.add("RXBS", ZVP_UART_RXBS).writable(0x7);

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
  cr_ = 0x128;
  mr_ = imr_ = 0;
  prev_cond_ = IX_REMPTY | IX_TEMPTY;
  update();
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
  const uint32_t cd = baudgen_->get();
  const uint32_t bdiv = bauddiv_->get();
  if (cd == 0) return sc_core::SC_ZERO_TIME;  // baud generator disabled
  const uint64_t per_bit = uint64_t((mr_ & 1) ? 8 : 1) * cd * (bdiv + 1);
  return ref_.cycles(per_bit);
}

sc_core::sc_time CadenceUart::char_time() const {
  const uint32_t cd = baudgen_->get();
  const uint32_t bdiv = bauddiv_->get();
  if (cd == 0) return sc_core::SC_ZERO_TIME;
  const unsigned chrl = (mr_ >> 1) & 3;
  const double data = chrl == 3 ? 6 : chrl == 2 ? 7 : 8;
  const double parity = ((mr_ >> 3) & 4) ? 0 : 1;  // PAR = 1xx: no parity
  const unsigned nb = (mr_ >> 6) & 3;
  const double stop = nb == 1 ? 1.5 : nb == 2 ? 2 : 1;
  const double per_bit = double((mr_ & 1) ? 8 : 1) * cd * (bdiv + 1);
  return ref_.cycles(per_bit * (1 + data + parity + stop));
}

void CadenceUart::write_cr(uint32_t v) {
  if (v & 0x1) rx_fifo_.clear();   // RXRST
  if (v & 0x2) tx_fifo_.clear();   // TXRST (a character already shifting completes)
  cr_ = v & ~0x43u;                // self-clearing bits read back as 0
  cr_reg_->set(cr_);
  if (v & 0x40) restart_timeout(access_time_);
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
  const uint32_t rxwm = rxwm_->get();
  const uint32_t txwm = txwm_->get();
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
  if (((mr_ >> 8) & 3) == 2) {  // local loopback: TX goes straight to RX, not to the pin
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
  if (rx_src_.empty()) return;
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
  const uint32_t to = rxtout_->get();
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
