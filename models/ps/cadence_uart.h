// The Cadence UART of the Zynq PS (XUartPs, UART0 0xE0000000 / UART1 0xE0001000).
// 64-byte TX and RX FIFOs; the transmitter drains the TX FIFO one character per character time
// (start + data + parity + stop bits at baud = ref_clk / (8 if MR.CLKS) / (CD * (BDIV + 1))),
// handing each character to the `tx` output when its stop bit ends; an "instant TX" option
// empties the FIFO at once into `tx` (status bits stay consistent: the FIFO is simply never
// occupied). Characters written to the `rx` input are queued and enter the RX FIFO at the baud
// rate once RX is enabled. Local loopback (MR.CHMODE = 2) sends TX to RX. The model never touches
// host files or the terminal: the platform connects `tx` and feeds `rx` (platform/run/console).
//
// Interrupt status (ISR) bits are events: a FIFO condition sets its bit when it becomes true
// (RTRIG, REMPTY, RFUL, TEMPTY, TFUL, TTRIG, TNFUL), ROVR/TOVR on overflow, TIMEOUT after
// RXTOUT*4 idle bit times with data in the RX FIFO. Bits stay set until written with 1;
// `irq` = (ISR & IMR) != 0. SR bits are live FIFO conditions.
#pragma once
#include <systemc>

#include <cstdint>
#include <deque>
#include <string>

#include "core/clock.h"
#include "core/irq.h"
#include "core/register_device.h"
#include "core/serial.h"
#include "regs/cadence_uart_regs.h"

namespace zvp {

class CadenceUart : public RegisterDevice {
 public:
  SC_HAS_PROCESS(CadenceUart);
  // ref_clk: UART_REF_CLK from the SLCR clock tree (e.g. 100 MHz); fifo_depth: 64 on the Zynq.
  CadenceUart(sc_core::sc_module_name name, const Clock& ref_clk, unsigned fifo_depth = 64);

  IrqOut irq;
  SerialOut tx;  // transmitted characters (unconnected: dropped)
  SerialIn rx;   // received characters: queued, delivered to the RX FIFO at the baud rate

  // true: characters leave the TX FIFO as soon as they are written (no baud-rate pacing).
  void set_instant_tx(bool on) { instant_tx_ = on; }

  // The same as writing to `rx`.
  void push_rx(const std::string& bytes);
  void push_rx(uint8_t byte);

  // Hands the character being shifted and the whole TX FIFO to `tx` at once, as the real
  // UART keeps transmitting after the CPU stops. Called automatically at the end of the
  // simulation (sc_stop), so console output written just before the firmware exits is not lost.
  void flush_tx();

  // The line setup a bootloader leaves on its console UART (mode, baud divisors, control):
  // applied now and after every reset(), over the power-on values.
  struct BootSetup {
    uint32_t mr, baudgen, bauddiv, cr;
  };
  void set_boot_setup(const BootSetup& s);

  // Power-on state: registers, FIFOs and transfers in progress (queued RX input is kept), then
  // the boot setup if one was given.
  void reset();

  // The current character time (from MR, BAUDGEN, BAUDDIV); SC_ZERO_TIME if CD = 0 (stopped).
  sc_core::sc_time char_time() const;
  uint64_t tx_count() const { return tx_count_; }
  uint64_t rx_count() const { return rx_count_; }
  unsigned tx_level() const { return static_cast<unsigned>(tx_fifo_.size()); }
  unsigned rx_level() const { return static_cast<unsigned>(rx_fifo_.size()); }

 protected:
  void before_access(const sc_core::sc_time& t) override { access_time_ = t; }
  void end_of_simulation() override {
    ending_ = true;  // no interrupt changes any more: other models may be finished already
    flush_tx();
  }

 private:
  bool tx_enabled() const { return regs::uart::cr::TXEN.get(cr_) && !regs::uart::cr::TXDIS.get(cr_); }
  bool rx_enabled() const { return regs::uart::cr::RXEN.get(cr_) && !regs::uart::cr::RXDIS.get(cr_); }
  sc_core::sc_time bit_time() const;
  sc_core::sc_time now_or_access() const;
  void write_cr(uint32_t v);
  void write_fifo(uint8_t c);
  uint32_t read_fifo();
  uint32_t status() const;
  void update();  // recompute condition edges -> ISR, and irq
  void kick_tx(const sc_core::sc_time& start);
  void tx_done();
  void emit(uint8_t c);
  void kick_rx(const sc_core::sc_time& start);
  void rx_arrive();
  void rx_timeout();
  void restart_timeout(const sc_core::sc_time& from);

  Clock ref_;
  unsigned depth_;
  bool instant_tx_ = false;
  bool ending_ = false;

  std::deque<uint8_t> tx_fifo_, rx_fifo_, rx_src_;
  bool tx_shifting_ = false, rx_busy_ = false;
  uint8_t tx_shift_ = 0;
  sc_core::sc_event tx_ev_, rx_ev_, rxto_ev_;
  sc_core::sc_time access_time_;
  uint32_t cr_ = regs::uart::CR_RESET, mr_ = regs::uart::MR_RESET, imr_ = regs::uart::IMR_RESET;
  uint32_t prev_cond_ = 0;
  void apply_boot_setup();
  bool has_boot_setup_ = false;
  BootSetup boot_{};
  Register *cr_reg_, *mr_reg_, *isr_, *baudgen_, *bauddiv_, *rxtout_, *rxwm_, *txwm_;
  uint64_t tx_count_ = 0, rx_count_ = 0;
};

}  // namespace zvp
