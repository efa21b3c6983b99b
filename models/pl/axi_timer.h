// Xilinx AXI Timer (PG079): two 32-bit up/down counters on one AXI-Lite slave, each in
// generate mode (roll-over events, optional auto-reload) or capture mode (free-running, the
// counter is copied into TLR on a capture trigger), cascadable into one 64-bit counter.
//
// Registers (offsets, fields and resets in axi_timer.regs.yaml; timer n's at + n * stride):
//   TCSR (MDT capture mode, UDT down, GENT, CAPT, ARHT, LOAD, ENIT, ENT, TINT write 1 to clear,
//   PWMA stored (PWM not modelled), ENALL, CASC in TCSR0 only), TLR, TCR (RO).
// Counting is lazy: the counter value is computed from the simulated time elapsed at the
// timer's clock since the last (re)configuration; only roll-over events are scheduled (one
// sc_event), so an idle or free-running timer costs nothing.
//
// Timing conventions (PG079): the counter advances on each clock edge after ENT is set (first
// change one period after the enabling write). Generate mode: the roll-over past the terminal
// count (0xFFFFFFFF up / 0 down) sets TINT; with ARHT the next cycle reloads TLR, so the
// period is (TLR + 2) cycles down and (MAX - TLR + 2) up; without ARHT the counter holds at the
// terminal count after the roll-over. Capture mode: the counter free-runs (wraps, no TINT) and
// capture(n) (the platform's capture input) copies it to TLR and sets TINT — with ARHT = 0 a
// pending TINT protects the captured value (no overwrite). ENALL written 1 sets ENT in both
// timers (and reads 1 in both TCSRs); written 0 clears ENALL only. LOAD holds TCR = TLR.
// Cascade (TCSR0.CASC): TCR1:TCR0 is one 64-bit counter controlled by TCSR0 (mode, direction,
// ARHT, ENT, ENIT, TINT0); LOADn loads TCRn from TLRn; capture fills TLR1:TLR0.
// irq = (TINT0 & ENIT0) | (TINT1 & ENIT1) (level).
#pragma once
#include <systemc>

#include <cstdint>

#include "core/clock.h"
#include "core/irq.h"
#include "core/register_device.h"
#include "regs/axi_timer_regs.h"

namespace zvp {

class AxiTimer : public RegisterDevice {
 public:
  // TCSR bits (axi_timer.regs.yaml, TCSR0 fields).
  enum Tcsr : uint32_t {
#define ZVP_TCSR_BIT_(f) f = regs::axi_timer::tcsr0::f.mask()
    ZVP_TCSR_BIT_(MDT), ZVP_TCSR_BIT_(UDT), ZVP_TCSR_BIT_(GENT), ZVP_TCSR_BIT_(CAPT), ZVP_TCSR_BIT_(ARHT),
    ZVP_TCSR_BIT_(LOAD), ZVP_TCSR_BIT_(ENIT), ZVP_TCSR_BIT_(ENT), ZVP_TCSR_BIT_(TINT), ZVP_TCSR_BIT_(PWMA),
    ZVP_TCSR_BIT_(ENALL), ZVP_TCSR_BIT_(CASC),
#undef ZVP_TCSR_BIT_
  };

  SC_HAS_PROCESS(AxiTimer);
  AxiTimer(sc_core::sc_module_name name, const Clock& clk);

  IrqOut irq;

  // Capture trigger input of timer n (capturetrig0/1); in cascade mode use n = 0.
  void capture(unsigned n);
  // Current counter value of timer n (no side effect), and the 64-bit cascade value.
  uint32_t counter(unsigned n);
  uint64_t counter64();
  uint64_t generate_pulses(unsigned n) const { return gen_pulses_[n & 1]; }  // GenerateOut

 protected:
  void before_access(const sc_core::sc_time& t) override;

 private:
  struct Unit {
    uint64_t base = 0;        // counter value at base_time
    sc_core::sc_time base_time;
    bool running = false;     // ENT and not LOAD
    bool stopped = false;     // generate mode without ARHT, after its roll-over: holds
    uint64_t seen = 0;        // roll-over events already reported since base_time
  };

  bool cascade() const { return tcsr_[0]->get() & CASC; }
  unsigned units() const { return cascade() ? 1 : 2; }
  uint64_t mask(unsigned u) const { return u == 0 && cascade() ? ~0ull : 0xFFFFFFFFull; }
  uint32_t ctl(unsigned u) const { return tcsr_[u]->get(); }
  uint64_t reload_value(unsigned u) const;
  uint64_t value_at(unsigned u, const sc_core::sc_time& t) const;
  uint32_t counter_at(unsigned n, const sc_core::sc_time& t) const;
  uint64_t elapsed_cycles(const Unit& s, const sc_core::sc_time& t) const;
  // Value and number of roll-overs n cycles after the base.
  uint64_t value_after(unsigned u, uint64_t n, uint64_t* events) const;
  void sync(const sc_core::sc_time& t);               // report events due up to t
  void rebase(unsigned u, const sc_core::sc_time& t);  // restart the arithmetic at t
  void apply_control(const sc_core::sc_time& t);      // after a TCSR/TLR write
  void schedule();
  void on_event();
  void update_irq();
  void write_tcsr(unsigned n, uint32_t v, uint32_t m);
  // Time of the bus access being served (set by before_access; never behind the kernel).
  sc_core::sc_time now_access() const {
    return access_time_ > sc_core::sc_time_stamp() ? access_time_ : sc_core::sc_time_stamp();
  }

  Clock clk_;
  Register* tcsr_[2];
  Register* tlr_[2];
  Register* tcr_[2];
  Unit unit_[2];
  uint64_t gen_pulses_[2] = {0, 0};
  sc_core::sc_time access_time_;
  sc_core::sc_event ev_;
};

}  // namespace zvp
