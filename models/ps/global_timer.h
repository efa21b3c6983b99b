// The Cortex-A9 MPCore global timer (0xF8F00200, PPI 27): a 64-bit up counter clocked by
// PERIPHCLK (cpu/2 on the Zynq) divided by (prescaler + 1), shared by the cores; a comparator
// with optional auto-increment sets the event flag (ISR[0]) when the counter reaches
// (>=, r2p0 and later) the comparator value; `irq` is high while the flag and IRQ enable are set.
// The counter can be written only while the timer is disabled (writes while enabled are ignored).
// The count is derived from simulated time (no per-tick events); one sc_event is scheduled at
// the next comparator match.
//
// Banking (MPCore TRM 4.3): the counter, the timer enable and the prescaler are one for the
// cluster; the comparator, auto-increment, the comparator/IRQ/auto-increment enables and the
// event flag are each core's. The platform builds one GlobalTimer per core (the window that
// core's private region decodes) and links them with share_counter(): a write of the counter or
// of a shared control field through any core's window reaches the others at the same instant.
#pragma once
#include <systemc>

#include <vector>

#include "core/clock.h"
#include "core/irq.h"
#include "core/register_device.h"
#include "regs/global_timer_regs.h"

namespace zvp {

class GlobalTimer : public RegisterDevice {
 public:
  SC_HAS_PROCESS(GlobalTimer);
  // clk: the timer's input clock (PERIPHCLK = CPU clock / 2 on the Zynq).
  GlobalTimer(sc_core::sc_module_name name, const Clock& clk);

  IrqOut irq;

  // The timers of the other cores of the cluster (called once per pair).
  void share_counter(GlobalTimer& other);

  void reset();            // power-on state
  uint64_t counter_now();  // model-side view at the current simulated time

 protected:
  void before_access(const sc_core::sc_time& t) override;

 private:
  void sync(sc_core::sc_time t);
  void rebase(uint64_t count, const sc_core::sc_time& t);
  void schedule();
  void on_event();
  void update_irq();
  // The shared part written through another core's window at time t.
  void take_shared(uint64_t count, uint32_t ctrl, const sc_core::sc_time& t);
  void publish_shared();
  uint64_t comparator() const { return (uint64_t(comp_hi_) << 32) | comp_lo_; }
  void set_comparator(uint64_t v);
  uint64_t tick_cycles() const { return uint64_t(regs::gtimer::control::PRESCALER.get(ctrl_)) + 1; }
  bool enabled() const { return regs::gtimer::control::TIMER_ENABLE.get(ctrl_); }
  bool comp_enabled() const { return regs::gtimer::control::COMP_ENABLE.get(ctrl_); }

  Clock clk_;
  sc_core::sc_event ev_;
  sc_core::sc_time base_time_, last_sync_, access_time_;
  uint64_t base_count_ = 0, count_ = 0;
  Register *isr_, *autoinc_, *control_;
  std::vector<GlobalTimer*> peers_;
  uint32_t ctrl_ = regs::gtimer::CONTROL_RESET, comp_lo_ = regs::gtimer::COMPARATOR_LO_RESET,
           comp_hi_ = regs::gtimer::COMPARATOR_HI_RESET;
  bool armed_ = false;  // comparator match still to come (re-armed by writes / auto-increment)
};

}  // namespace zvp
