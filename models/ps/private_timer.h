// The Cortex-A9 MPCore private timer (0xF8F00600, PPI 29) and, with `watchdog = true`, the
// private watchdog (0xF8F00620, PPI 30) in timer mode plus its reset-status/disable registers.
// A 32-bit down counter clocked by PERIPHCLK (cpu/2 on the Zynq) divided by (prescaler + 1).
// On reaching zero it sets the event flag (ISR[0]); with auto-reload the next tick reloads the
// Load value (period (load+1)*(prescaler+1) input cycles), otherwise it stays at zero.
// `irq` is high while the event flag is set and IRQ enable is set (the GIC latches the edge).
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

  // Power-on state (registers, counter, pending event, irq low).
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
  void update_irq();
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
  uint32_t disable_seq_ = 0;  // watchdog disable sequence progress
};

}  // namespace zvp
