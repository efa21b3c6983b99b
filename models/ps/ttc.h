// The Zynq triple timer counter (Cadence TTC, TTC0 0xF8001000 / TTC1 0xF8002000): three
// independent 16-bit counters clocked by the block's input clock (CPU_1x) optionally divided by
// 2^(PS_V+1). Each counts up or down, in overflow mode (period 65536) or interval mode (period
// Interval+1), with three match registers. Interrupt bits (interval/overflow when the counter
// passes through zero, match k when it equals Match_k) are clear-on-read; irq[n] is high while
// timer n has an enabled bit set. Counter values are computed from simulated time; one
// sc_event per timer is scheduled for its next interrupt event. External clocks, event timers
// and the waveform outputs are not modelled (event registers are storage).
#pragma once
#include <systemc>

#include <array>

#include "core/clock.h"
#include "core/irq.h"
#include "core/register_device.h"
#include "regs/ttc_regs.h"

namespace zvp {

class TripleTimerCounter : public RegisterDevice {
 public:
  SC_HAS_PROCESS(TripleTimerCounter);
  // clk: the TTC input clock (CPU_1x, e.g. 111 MHz on a 667 MHz 6:2:1 system).
  TripleTimerCounter(sc_core::sc_module_name name, const Clock& clk);

  std::array<IrqOut, 3> irq;  // TTCx_0..2 (TTC0: IDs 42..44, TTC1: 69..71)

  void reset();  // power-on state of the three timers
  uint16_t counter_now(unsigned n);

 protected:
  void before_access(const sc_core::sc_time& t) override;

 private:
  // Mirrors of one timer's registers, at their reset values (ttc.regs.yaml).
  struct Timer {
    Register* cnt_ctrl_reg = nullptr;
    uint32_t clk_ctrl = regs::ttc::CLK_CTRL_RESET, cnt_ctrl = regs::ttc::CNT_CTRL_RESET;
    uint32_t interval = regs::ttc::INTERVAL_RESET;
    uint32_t match[3] = {regs::ttc::MATCH1_RESET, regs::ttc::MATCH2_RESET, regs::ttc::MATCH3_RESET};
    uint32_t isr = regs::ttc::ISR_RESET, ier = regs::ttc::IER_RESET;
    uint16_t base_val = 0, val = 0;
    sc_core::sc_time base_time;
    uint64_t last_ticks = 0;
    sc_core::sc_event ev;
  };
  bool running(const Timer& t) const { return !regs::ttc::cnt_ctrl::DIS.get(t.cnt_ctrl); }
  uint64_t divider(const Timer& t) const {
    return regs::ttc::clk_ctrl::PS_EN.get(t.clk_ctrl) ? (2ull << regs::ttc::clk_ctrl::PS_V.get(t.clk_ctrl)) : 1;
  }
  // Interval mode: INTERVAL + 1; overflow mode: the 16-bit counter's 65536 values.
  uint64_t period(const Timer& t) const {
    return regs::ttc::cnt_ctrl::INT.get(t.cnt_ctrl) ? uint64_t(regs::ttc::interval::INTERVAL.get(t.interval)) + 1
                                                    : uint64_t(regs::ttc::cnt_value::VALUE.mask()) + 1;
  }
  bool down(const Timer& t) const { return regs::ttc::cnt_ctrl::DEC.get(t.cnt_ctrl); }
  uint64_t match_value(const Timer& t, unsigned k) const { return regs::ttc::match1::MATCH.get(t.match[k]); }
  // Tick offset (1..P) from the base of the first occurrence of counter value v.
  uint64_t first_hit(const Timer& t, uint64_t v) const;
  void sync(unsigned n, const sc_core::sc_time& at);
  void rebase(unsigned n, uint16_t value, const sc_core::sc_time& at);
  void schedule(unsigned n);
  void on_event(unsigned n);
  void update_irq(unsigned n);

  Clock clk_;
  std::array<Timer, 3> t_;
  sc_core::sc_time access_time_;
};

}  // namespace zvp
