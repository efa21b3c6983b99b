// The Cortex-A9 MPCore private timer (0xF8F00600, PPI 29) and, with `watchdog = true`, the
// private watchdog (0xF8F00620, PPI 30); MPCore TRM r3p0 sections 4.2-4.3.
// A 32-bit down counter clocked by PERIPHCLK (cpu/2 on the Zynq) divided by (prescaler + 1).
// On reaching zero in timer mode it sets the event flag (ISR[0], write 1 to clear); with
// auto-reload the next tick reloads the Load value (period (load+1)*(prescaler+1) input cycles),
// otherwise it stays at zero. With IRQ enable set, each zero crossing pulses `irq` (IDs 29 and 30
// are edge-triggered: the GIC latches the pulse); the line is otherwise low.
// Watchdog: writing 1 to CONTROL.WD_MODE enters watchdog mode; only the Watchdog Disable
// sequence (DISABLE_KEY1 then DISABLE_KEY2, no other watchdog write in between) leaves it.
// Reaching zero in watchdog mode sets RESET_STATUS.RESET_FLAG (no event flag, no interrupt)
// and calls the reset hook (WDRESETREQ; on the Zynq the SLCR decides what it resets). Writing
// Load reloads the counter: that is how software "kicks" the watchdog.
//
// The counter is never stepped: its value is computed from simulated time at each access
// (before_access) and a single sc_event is scheduled at the next zero crossing.
#pragma once
#include <systemc>

#include <functional>

#include "core/clock.h"
#include "core/irq.h"
#include "core/register_device.h"
#include "regs/private_timer_regs.h"

namespace zvp {

class PrivateTimer : public RegisterDevice {
 public:
  SC_HAS_PROCESS(PrivateTimer);
  // clk: the timer's input clock (PERIPHCLK = CPU clock / 2 on the Zynq).
  PrivateTimer(sc_core::sc_module_name name, const Clock& clk, bool watchdog = false);

  IrqOut irq;

  // Watchdog mode only: called when the counter reaches zero with CONTROL[3] (WD mode) set.
  void set_reset_hook(std::function<void()> f) { reset_hook_ = std::move(f); }

  // Reset state (registers, counter, pending event, irq low), as after a system or CPU reset:
  // the watchdog's RESET_FLAG survives it (only power-on, i.e. construction, or a write of 1
  // clears it), so that software can tell a watchdog reset from a cold start.
  void reset();

  // Model-side view at the current simulated time.
  uint32_t counter_now();

 protected:
  void before_access(const sc_core::sc_time& t) override;

 private:
  void sync(sc_core::sc_time t);            // bring counter/events up to time t
  void rebase(uint32_t count, const sc_core::sc_time& t);
  void schedule();
  void on_event();
  void pulse_irq();
  // The timer's and the watchdog's CONTROL share these fields (private_timer.regs.yaml).
  uint64_t tick_cycles() const { return uint64_t(regs::ptimer::control::PRESCALER.get(ctrl_)) + 1; }
  bool enabled() const { return regs::ptimer::control::TIMER_ENABLE.get(ctrl_); }
  bool auto_reload() const { return regs::ptimer::control::AUTO_RELOAD.get(ctrl_); }
  bool wd_mode() const { return wdt_ && regs::pwdt::control::WD_MODE.get(ctrl_); }

  Clock clk_;
  bool wdt_;
  sc_core::sc_event ev_;
  sc_core::sc_time base_time_, last_sync_, access_time_;
  Register *load_, *control_, *isr_, *reset_status_ = nullptr;
  uint32_t ctrl_ = regs::ptimer::CONTROL_RESET;  // CONTROL register mirror
  uint32_t base_count_ = 0;   // counter value at base_time_
  uint32_t base_load_ = 0;    // reload value in force since base_time_
  uint32_t count_ = 0;        // value at last_sync_
  uint64_t events_seen_ = 0;  // zero crossings accounted since base_time_
  std::function<void()> reset_hook_;
  uint32_t disable_seq_ = 0;  // 1 right after a DISABLE_KEY1 write (any other write clears it)
};

}  // namespace zvp
