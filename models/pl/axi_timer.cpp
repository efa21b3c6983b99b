#include "pl/axi_timer.h"

#include "regs/axi_timer_regs.h"

namespace zvp {

namespace {
using u128 = unsigned __int128;
namespace R = regs::axi_timer;  // axi_timer.regs.yaml: timer n at + n * TCSR0_STRIDE
}

AxiTimer::AxiTimer(sc_core::sc_module_name name, const Clock& clk) : RegisterDevice(name), clk_(clk) {
  static_assert(R::TCSR0_COUNT == 2 && R::TLR0_COUNT == 2 && R::TCR0_COUNT == 2, "two timers");
  const std::vector<Register*> tcsr = regs_.add_array(R::TCSR0_INFO), tlr = regs_.add_array(R::TLR0_INFO),
                               tcr = regs_.add_array(R::TCR0_INFO);
  for (unsigned n = 0; n < 2; ++n) {
    tcsr_[n] = tcsr[n];
    tlr_[n] = tlr[n];
    tcr_[n] = tcr[n];
    tcsr_[n]->on_write_raw([this, n](uint32_t v, uint32_t m) { write_tcsr(n, v, m); });
    tlr_[n]->on_write_raw([this, n](uint32_t v, uint32_t m) {
      const sc_core::sc_time t = now_access();
      sync(t);
      for (unsigned u = 0; u < units(); ++u) rebase(u, t);
      tlr_[n]->set((tlr_[n]->get() & ~m) | (v & m));
      apply_control(t);
    });
    tcr_[n]->on_read([this, n](uint32_t) { return counter_at(n, now_access()); });
  }
  SC_METHOD(on_event);
  sensitive << ev_;
  dont_initialize();
}

void AxiTimer::before_access(const sc_core::sc_time& t) {
  // Register callbacks that follow evaluate the counters at the access's own time (an
  // initiator with temporal decoupling may be ahead of the kernel).
  access_time_ = t;
  sync(now_access());
}

uint64_t AxiTimer::reload_value(unsigned u) const {
  if (u == 0 && cascade()) return (uint64_t(tlr_[1]->get()) << 32) | tlr_[0]->get();
  return tlr_[u]->get();
}

uint64_t AxiTimer::elapsed_cycles(const Unit& s, const sc_core::sc_time& t) const {
  if (!s.running || t <= s.base_time) return 0;
  return (t - s.base_time).value() / clk_.period().value();
}

uint64_t AxiTimer::value_after(unsigned u, uint64_t n, uint64_t* events) const {
  const Unit& s = unit_[u];
  const uint32_t c = ctl(u);
  const uint64_t m = mask(u);
  const bool down = c & UDT;
  *events = 0;
  if (!s.running || s.stopped) return s.base;
  if (c & MDT) return (down ? s.base - n : s.base + n) & m;  // capture mode: free-running
  const uint64_t d = down ? s.base : m - s.base;               // cycles to the terminal count
  if (n <= d) return down ? s.base - n : s.base + n;
  if (!(c & ARHT)) {  // rolled over once, then holds at the terminal count
    *events = 1;
    return down ? 0 : m;
  }
  const uint64_t r = reload_value(u) & m;
  const u128 period = u128(down ? r : m - r) + 2;  // PG079: TLR + 2 / MAX - TLR + 2
  const u128 k = u128(n) - (u128(d) + 1);          // cycles since the first roll-over
  *events = static_cast<uint64_t>(1 + k / period);
  const uint64_t ph = static_cast<uint64_t>(k % period);
  if (ph == 0) return down ? m : 0;  // the roll-over cycle, before the reload
  return down ? r - (ph - 1) : r + (ph - 1);
}

void AxiTimer::sync(const sc_core::sc_time& t) {
  bool changed = false;
  for (unsigned u = 0; u < units(); ++u) {
    Unit& s = unit_[u];
    if (!s.running || (ctl(u) & MDT)) continue;
    uint64_t ev = 0;
    value_after(u, elapsed_cycles(s, t), &ev);
    if (ev > s.seen) {
      if (ctl(u) & GENT) gen_pulses_[u] += ev - s.seen;
      s.seen = ev;
      tcsr_[u]->set(tcsr_[u]->get() | TINT);
      changed = true;
    }
  }
  if (changed) update_irq();
}

void AxiTimer::rebase(unsigned u, const sc_core::sc_time& t) {
  Unit& s = unit_[u];
  if (!s.running) {
    s.base_time = t;
    s.seen = 0;
    return;
  }
  const uint64_t n = elapsed_cycles(s, t);
  uint64_t ev = 0;
  const uint64_t v = value_after(u, n, &ev);
  if (!(ctl(u) & MDT) && !(ctl(u) & ARHT) && ev >= 1) s.stopped = true;
  s.base = v;
  s.base_time = s.base_time + clk_.period() * static_cast<double>(n);
  s.seen = 0;
}

void AxiTimer::apply_control(const sc_core::sc_time& t) {
  const bool casc = cascade();
  // Running state and LOAD per unit under the (new) control values.
  for (unsigned u = 0; u < 2; ++u) {
    Unit& s = unit_[u];
    bool run, load_lo, load_hi = false;
    if (casc) {
      if (u == 1) {  // slaved: its value lives in unit 0's upper word
        s.running = false;
        continue;
      }
      load_lo = ctl(0) & LOAD;
      load_hi = ctl(1) & LOAD;
      run = (ctl(0) & ENT) && !load_lo && !load_hi;
    } else {
      load_lo = ctl(u) & LOAD;
      run = (ctl(u) & ENT) && !load_lo;
    }
    if (load_lo || load_hi) {
      uint64_t v = s.base;
      if (load_lo) v = (v & ~0xFFFFFFFFull) | tlr_[u]->get();
      if (load_hi) v = (v & 0xFFFFFFFFull) | (uint64_t(tlr_[1]->get()) << 32);
      s.base = v & mask(u);
      s.stopped = false;
    }
    if (run && !s.running) {  // starts counting at this write
      s.base_time = t;
      s.seen = 0;
      s.stopped = false;
    }
    s.running = run;
  }
  schedule();
  update_irq();
}

void AxiTimer::write_tcsr(unsigned n, uint32_t v, uint32_t m) {
  const sc_core::sc_time t = now_access();
  sync(t);
  const bool was_casc = cascade();
  for (unsigned u = 0; u < units(); ++u) rebase(u, t);
  // Bits software owns in this TCSR (CASC exists in TCSR0 only; TINT and ENALL are special).
  const uint32_t own = (MDT | UDT | GENT | CAPT | ARHT | LOAD | ENIT | ENT | PWMA | (n == 0 ? CASC : 0)) & m;
  uint32_t nv = (tcsr_[n]->get() & ~own) | (v & own);
  if (v & m & TINT) nv &= ~TINT;  // write 1 to clear
  tcsr_[n]->set(nv);
  if (m & ENALL) {
    for (unsigned k = 0; k < 2; ++k) {
      uint32_t x = tcsr_[k]->get();
      x = (v & ENALL) ? (x | ENALL | ENT) : (x & ~ENALL);  // 0 clears ENALL only
      tcsr_[k]->set(x);
    }
  }
  // Entering or leaving cascade mode merges or splits the counter values.
  if (!was_casc && cascade()) {
    unit_[0].base = (unit_[1].base << 32) | (unit_[0].base & 0xFFFFFFFFull);
  } else if (was_casc && !cascade()) {
    unit_[1].base = unit_[0].base >> 32;
    unit_[0].base &= 0xFFFFFFFFull;
    unit_[1].base_time = unit_[0].base_time;
  }
  apply_control(t);
}

void AxiTimer::schedule() {
  ev_.cancel();
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  bool any = false;
  sc_core::sc_time best;
  for (unsigned u = 0; u < units(); ++u) {
    const Unit& s = unit_[u];
    const uint32_t c = ctl(u);
    if (!s.running || s.stopped || (c & MDT)) continue;
    if (!(c & ARHT) && s.seen >= 1) continue;
    const bool down = c & UDT;
    const uint64_t m = mask(u);
    const uint64_t d = down ? s.base : m - s.base;
    u128 cyc = u128(d) + 1;
    if (s.seen >= 1) {
      const uint64_t r = reload_value(u) & m;
      cyc += u128(s.seen) * (u128(down ? r : m - r) + 2);
    }
    const double ps = static_cast<double>(cyc) * static_cast<double>(clk_.period().value());
    if (ps > 1.8e19) continue;  // beyond the simulator's time range
    const sc_core::sc_time at = s.base_time + clk_.period() * static_cast<double>(cyc);
    if (!any || at < best) best = at;
    any = true;
  }
  if (any) ev_.notify(best > now ? best - now : sc_core::SC_ZERO_TIME);
}

void AxiTimer::on_event() {
  sync(sc_core::sc_time_stamp());
  schedule();
}

void AxiTimer::update_irq() {
  const bool i0 = (ctl(0) & TINT) && (ctl(0) & ENIT);
  const bool i1 = (ctl(1) & TINT) && (ctl(1) & ENIT);
  irq.write(i0 || i1);
}

uint64_t AxiTimer::value_at(unsigned u, const sc_core::sc_time& t) const {
  uint64_t ev = 0;
  return value_after(u, elapsed_cycles(unit_[u], t), &ev);
}

uint32_t AxiTimer::counter_at(unsigned n, const sc_core::sc_time& t) const {
  if (cascade()) {
    const uint64_t v = value_at(0, t);
    return (n & 1) == 0 ? uint32_t(v) : uint32_t(v >> 32);
  }
  return uint32_t(value_at(n & 1, t));
}

uint32_t AxiTimer::counter(unsigned n) { return counter_at(n, sc_core::sc_time_stamp()); }

uint64_t AxiTimer::counter64() {
  const sc_core::sc_time t = sc_core::sc_time_stamp();
  return (uint64_t(counter_at(1, t)) << 32) | counter_at(0, t);
}

void AxiTimer::capture(unsigned n) {
  const unsigned u = cascade() ? 0 : (n & 1);
  const uint32_t c = ctl(u);
  if (!(c & MDT) || !(c & CAPT) || !unit_[u].running) return;
  if (!(c & ARHT) && (c & TINT)) return;  // hold the previous capture until TINT is cleared
  const sc_core::sc_time t = sc_core::sc_time_stamp();
  uint64_t ev = 0;
  const uint64_t v = value_after(u, elapsed_cycles(unit_[u], t), &ev);
  if (cascade()) {
    tlr_[0]->set(uint32_t(v));
    tlr_[1]->set(uint32_t(v >> 32));
  } else {
    tlr_[u]->set(uint32_t(v));
  }
  tcsr_[u]->set(tcsr_[u]->get() | TINT);
  update_irq();
}

}  // namespace zvp
