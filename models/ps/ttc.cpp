#define SC_INCLUDE_DYNAMIC_PROCESSES  // sc_spawn: one event method per timer
#include "ttc.h"

#include <string>

#include "tick_math.h"

namespace zvp {

namespace {
namespace R = regs::ttc;
}  // namespace

// Registers (arrays of three, element n for timer n), offsets, reset values and writable bits:
// ttc.regs.yaml.
TripleTimerCounter::TripleTimerCounter(sc_core::sc_module_name name, const Clock& clk)
    : RegisterDevice(name), clk_(clk) {
  for (unsigned n = 0; n < 3; ++n) {
    const std::string s = std::to_string(n + 1);
    Timer& t = t_[n];
    // External clocks (CLK_CTRL.C_SRC) are not modelled.
    regs_.add(R::CLK_CTRL_INFO, n).on_write([this, n](uint32_t, uint32_t v) {
      t_[n].clk_ctrl = v;
      rebase(n, t_[n].val, access_time_);
      schedule(n);
    });
    t.cnt_ctrl_reg = &regs_.add(R::CNT_CTRL_INFO, n);
    t.cnt_ctrl_reg->on_write([this, n](uint32_t, uint32_t v) {
      Timer& tm = t_[n];
      tm.cnt_ctrl = v & ~R::cnt_ctrl::RST.mask();  // RST is self-clearing
      tm.cnt_ctrl_reg->set(tm.cnt_ctrl);
      uint16_t start = tm.val;
      if (R::cnt_ctrl::RST.get(v)) start = down(tm) ? static_cast<uint16_t>(period(tm) - 1) : 0;  // counter reset
      rebase(n, static_cast<uint16_t>(start % period(tm)), access_time_);
      schedule(n);
    });
    regs_.add(R::CNT_VALUE_INFO, n).on_read([this, n](uint32_t) { return uint32_t(t_[n].val); });
    regs_.add(R::INTERVAL_INFO, n).on_write([this, n](uint32_t, uint32_t v) {
      t_[n].interval = v;
      rebase(n, static_cast<uint16_t>(t_[n].val % period(t_[n])), access_time_);
      schedule(n);
    });
    const regs::RegInfo* match[3] = {&R::MATCH1_INFO, &R::MATCH2_INFO, &R::MATCH3_INFO};
    for (unsigned k = 0; k < 3; ++k)
      regs_.add(*match[k], n).on_write([this, n, k](uint32_t, uint32_t v) {
        t_[n].match[k] = v;
        schedule(n);
      });
    // Interrupt register: clear on read.
    regs_.add(R::ISR_INFO, n).on_read([this, n](uint32_t) {
      uint32_t v = t_[n].isr;
      t_[n].isr = 0;
      update_irq(n);
      return v;
    }).on_peek([this, n](uint32_t) { return t_[n].isr; });  // clear-on-read
    regs_.add(R::IER_INFO, n).on_write([this, n](uint32_t, uint32_t v) {
      t_[n].ier = v;
      update_irq(n);
    });
    regs_.add(R::EVENT_CTRL_INFO, n);
    regs_.add(R::EVENT_INFO, n);
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
    t.clk_ctrl = static_cast<uint32_t>(R::CLK_CTRL_RESET);
    t.cnt_ctrl = static_cast<uint32_t>(R::CNT_CTRL_RESET);
    t.interval = static_cast<uint32_t>(R::INTERVAL_RESET);
    t.match[0] = static_cast<uint32_t>(R::MATCH1_RESET);
    t.match[1] = static_cast<uint32_t>(R::MATCH2_RESET);
    t.match[2] = static_cast<uint32_t>(R::MATCH3_RESET);
    t.isr = static_cast<uint32_t>(R::ISR_RESET);
    t.ier = static_cast<uint32_t>(R::IER_RESET);
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
  if (hit(first_hit(t, 0))) ev |= R::cnt_ctrl::INT.get(t.cnt_ctrl) ? R::isr::IV.mask() : R::isr::OV.mask();
  if (R::cnt_ctrl::MATCH.get(t.cnt_ctrl))
    for (unsigned k = 0; k < 3; ++k)
      if (match_value(t, k) < p && hit(first_hit(t, match_value(t, k)))) ev |= R::isr::M1.mask() << k;
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
  if (R::cnt_ctrl::MATCH.get(t.cnt_ctrl))
    for (unsigned k = 0; k < 3; ++k)
      if (match_value(t, k) < p) best = std::min(best, next(first_hit(t, match_value(t, k))));
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
