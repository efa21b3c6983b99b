#define SC_INCLUDE_DYNAMIC_PROCESSES  // sc_spawn: one event method per timer
#include "ttc.h"

#include <string>

#include "tick_math.h"
#include "zvp_memmap.h"

namespace zvp {

namespace {
enum : uint32_t { IX_INTERVAL = 1, IX_MATCH1 = 2, IX_OVERFLOW = 16 };
}

TripleTimerCounter::TripleTimerCounter(sc_core::sc_module_name name, const Clock& clk)
    : RegisterDevice(name), clk_(clk) {
  for (unsigned n = 0; n < 3; ++n) {
    const std::string s = std::to_string(n + 1);
    Timer& t = t_[n];
    // Clock control: [0] PS_EN, [4:1] PS_V, [5] C_Src (external: not modelled), [6] Ex_E.
    regs_.add("CLK_CTRL" + s, ZVP_TTC_CLK_CTRL + 4 * n).writable(0x7F).on_write([this, n](uint32_t, uint32_t v) {
      t_[n].clk_ctrl = v;
      rebase(n, t_[n].val, access_time_);
      schedule(n);
    });
    // Counter control: [0] DIS, [1] INT (interval), [2] DEC, [3] Match, [4] RST (self-clearing),
    // [5] Wave_en (active low), [6] Wave_pol.
    regs_.add("CNT_CTRL" + s, ZVP_TTC_CNT_CTRL + 4 * n, 0x21).writable(0x7F).on_write([this, n](uint32_t, uint32_t v) {
      Timer& tm = t_[n];
      tm.cnt_ctrl = v & ~0x10u;
      regs_["CNT_CTRL" + std::to_string(n + 1)].set(tm.cnt_ctrl);
      uint16_t start = tm.val;
      if (v & 0x10) start = down(tm) ? static_cast<uint16_t>(period(tm) - 1) : 0;  // counter reset
      rebase(n, static_cast<uint16_t>(start % period(tm)), access_time_);
      schedule(n);
    });
    regs_.add("CNT_VALUE" + s, ZVP_TTC_CNT_VALUE + 4 * n, 0, Access::RO).on_read([this, n](uint32_t) {
      return uint32_t(t_[n].val);
    });
    regs_.add("INTERVAL" + s, ZVP_TTC_INTERVAL + 4 * n).writable(0xFFFF).on_write([this, n](uint32_t, uint32_t v) {
      t_[n].interval = v;
      rebase(n, static_cast<uint16_t>(t_[n].val % period(t_[n])), access_time_);
      schedule(n);
    });
    const uint32_t moff[3] = {ZVP_TTC_MATCH1, ZVP_TTC_MATCH2, ZVP_TTC_MATCH3};
    for (unsigned k = 0; k < 3; ++k)
      regs_.add("MATCH" + std::to_string(k + 1) + "_" + s, moff[k] + 4 * n).writable(0xFFFF).on_write(
          [this, n, k](uint32_t, uint32_t v) {
            t_[n].match[k] = v;
            schedule(n);
          });
    // Interrupt register: clear on read.
    regs_.add("ISR" + s, ZVP_TTC_ISR + 4 * n, 0, Access::RO).on_read([this, n](uint32_t) {
      uint32_t v = t_[n].isr;
      t_[n].isr = 0;
      update_irq(n);
      return v;
    }).on_peek([this, n](uint32_t) { return t_[n].isr; });  // clear-on-read
    regs_.add("IER" + s, ZVP_TTC_IER + 4 * n).writable(0x3F).on_write([this, n](uint32_t, uint32_t v) {
      t_[n].ier = v;
      update_irq(n);
    });
    regs_.add("EVENT_CTRL" + s, ZVP_TTC_EVENT_CTRL + 4 * n).writable(0x7);
    regs_.add("EVENT" + s, ZVP_TTC_EVENT + 4 * n, 0, Access::RO);
    (void)t;
    sc_core::sc_spawn_options opt;
    opt.spawn_method();
    opt.set_sensitivity(&t_[n].ev);
    opt.dont_initialize();
    sc_core::sc_spawn([this, n] { on_event(n); }, ("ev" + s).c_str(), &opt);
  }
}

void TripleTimerCounter::reset() {
  regs_.reset();
  for (unsigned n = 0; n < 3; ++n) {
    Timer& t = t_[n];
    t.ev.cancel();
    t.clk_ctrl = 0;
    t.cnt_ctrl = 0x21;
    t.interval = 0;
    t.match[0] = t.match[1] = t.match[2] = 0;
    t.isr = t.ier = 0;
    rebase(n, 0, sc_core::sc_time_stamp());
    update_irq(n);
  }
}

uint16_t TripleTimerCounter::counter_now(unsigned n) {
  sync(n % 3, sc_core::sc_time_stamp());
  return t_[n % 3].val;
}

void TripleTimerCounter::before_access(const sc_core::sc_time& t) {
  access_time_ = t;
  for (unsigned n = 0; n < 3; ++n) sync(n, t);
}

void TripleTimerCounter::rebase(unsigned n, uint16_t value, const sc_core::sc_time& at) {
  Timer& t = t_[n];
  t.base_time = at;
  t.base_val = value;
  t.val = value;
  t.last_ticks = 0;
}

uint64_t TripleTimerCounter::first_hit(const Timer& t, uint64_t v) const {
  const uint64_t p = period(t), b = t.base_val % p;
  uint64_t d = down(t) ? (b + p - v) % p : (v + p - b) % p;
  return d == 0 ? p : d;  // a value equal to the start is reached again one period later
}

void TripleTimerCounter::sync(unsigned n, const sc_core::sc_time& at) {
  Timer& t = t_[n];
  if (!running(t) || at < t.base_time) return;
  const uint64_t ticks = cycles_elapsed(clk_, at - t.base_time) / divider(t);
  if (ticks <= t.last_ticks) return;
  const uint64_t p = period(t);
  t.val = static_cast<uint16_t>(down(t) ? (t.base_val + p - ticks % p) % p : (t.base_val + ticks) % p);
  // Did an occurrence (first + k*p) fall in (last_ticks, ticks]?
  auto hit = [&](uint64_t first) {
    if (ticks < first) return false;
    uint64_t last_k = (ticks - first) / p;  // last occurrence index reached
    uint64_t occ = first + last_k * p;
    return occ > t.last_ticks;
  };
  uint32_t ev = 0;
  if (hit(first_hit(t, 0))) ev |= (t.cnt_ctrl & 2) ? IX_INTERVAL : IX_OVERFLOW;
  if (t.cnt_ctrl & 8)
    for (unsigned k = 0; k < 3; ++k)
      if ((t.match[k] & 0xFFFF) < p && hit(first_hit(t, t.match[k] & 0xFFFF))) ev |= IX_MATCH1 << k;
  t.last_ticks = ticks;
  if (ev) {
    t.isr |= ev;
    update_irq(n);
  }
}

void TripleTimerCounter::schedule(unsigned n) {
  Timer& t = t_[n];
  t.ev.cancel();
  if (!running(t)) return;
  const uint64_t p = period(t);
  auto next = [&](uint64_t first) {
    if (first > t.last_ticks) return first;
    return first + ((t.last_ticks - first) / p + 1) * p;
  };
  uint64_t best = next(first_hit(t, 0));
  if (t.cnt_ctrl & 8)
    for (unsigned k = 0; k < 3; ++k)
      if ((t.match[k] & 0xFFFF) < p) best = std::min(best, next(first_hit(t, t.match[k] & 0xFFFF)));
  const sc_core::sc_time at = t.base_time + clk_.cycles(best * divider(t));
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  t.ev.notify(at > now ? at - now : sc_core::SC_ZERO_TIME);
}

void TripleTimerCounter::on_event(unsigned n) {
  sync(n, sc_core::sc_time_stamp());
  schedule(n);
}

void TripleTimerCounter::update_irq(unsigned n) {
  const bool level = (t_[n].isr & t_[n].ier) != 0;
  if (irq[n].read() != level) irq[n].write(level);
}

}  // namespace zvp
