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
  struct Timer {
    uint32_t clk_ctrl = 0, cnt_ctrl = 0x21, interval = 0, match[3] = {0, 0, 0};
    uint32_t isr = 0, ier = 0;
    uint16_t base_val = 0, val = 0;
    sc_core::sc_time base_time;
    uint64_t last_ticks = 0;
    sc_core::sc_event ev;
  };
  bool running(const Timer& t) const { return !(t.cnt_ctrl & 1); }
  uint64_t divider(const Timer& t) const { return (t.clk_ctrl & 1) ? (2ull << ((t.clk_ctrl >> 1) & 0xF)) : 1; }
  uint64_t period(const Timer& t) const { return (t.cnt_ctrl & 2) ? uint64_t(t.interval & 0xFFFF) + 1 : 65536; }
  bool down(const Timer& t) const { return t.cnt_ctrl & 4; }
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
