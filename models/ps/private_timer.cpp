#include "private_timer.h"

#include "tick_math.h"

namespace zvp {

namespace {
namespace T = regs::ptimer;
namespace W = regs::pwdt;
}  // namespace

// Registers, offsets, reset values and writable bits: private_timer.regs.yaml (the watchdog's
// CONTROL has the WD_MODE bit the timer's lacks).
PrivateTimer::PrivateTimer(sc_core::sc_module_name name, const Clock& clk, bool watchdog)
    : RegisterDevice(name), clk_(clk), wdt_(watchdog) {
  load_ = &regs_.add(wdt_ ? W::LOAD_INFO : T::LOAD_INFO);
  load_->on_write([this](uint32_t, uint32_t v) {
    disable_seq_ = 0;
    rebase(v, access_time_);  // in watchdog mode this is the "kick"  // writing Load also writes the counter (A9 MPCore TRM)
    schedule();
  });
  regs_.add(wdt_ ? W::COUNTER_INFO : T::COUNTER_INFO)
      .on_read([this](uint32_t) { return count_; })
      .on_write([this](uint32_t, uint32_t v) {
        disable_seq_ = 0;
        rebase(v, access_time_);
        schedule();
      });
  control_ = &regs_.add(wdt_ ? W::CONTROL_INFO : T::CONTROL_INFO);
  control_->on_write([this](uint32_t old, uint32_t v) {
    disable_seq_ = 0;
    // Watchdog mode can only be left through the disable sequence.
    if (wdt_ && W::control::WD_MODE.get(old) && !W::control::WD_MODE.get(v)) {
      v |= W::control::WD_MODE.mask();
      control_->set(v);
    }
    ctrl_ = v;
    rebase(count_, access_time_);
    schedule();
  });
  isr_ = &regs_.add(wdt_ ? W::ISR_INFO : T::ISR_INFO);
  isr_->on_write([this](uint32_t, uint32_t) { disable_seq_ = 0; });
  if (wdt_) {
    // The reset flag is cleared by writing 1 or by a power-on reset only (see reset()).
    reset_status_ = &regs_.add(W::RESET_STATUS_INFO);
    reset_status_->on_write([this](uint32_t, uint32_t) { disable_seq_ = 0; });
    // TRM 4.3.6: KEY1 then KEY2 as two successive writes clear WD_MODE; a wrong value or any
    // other write to the watchdog in between leaves the mode as it is.
    regs_.add(W::DISABLE_INFO).on_write([this](uint32_t, uint32_t v) {
      const bool second = disable_seq_ == 1 && v == W::DISABLE_KEY2;
      disable_seq_ = v == W::DISABLE_KEY1 ? 1 : 0;
      if (!second) return;
      ctrl_ &= ~W::control::WD_MODE.mask();
      control_->set(ctrl_);
    });
  }
  SC_METHOD(on_event);
  sensitive << ev_;
  dont_initialize();
}

void PrivateTimer::reset() {
  ev_.cancel();
  const uint32_t reset_flag = reset_status_ ? reset_status_->get() : 0;
  regs_.reset();
  if (reset_status_) reset_status_->set(reset_flag);  // survives every reset but power-on
  ctrl_ = control_->get();
  disable_seq_ = 0;
  rebase(0, sc_core::sc_time_stamp());
}

uint32_t PrivateTimer::counter_now() {
  sync(sc_core::sc_time_stamp());
  return count_;
}

void PrivateTimer::before_access(const sc_core::sc_time& t) {
  access_time_ = t;
  sync(t);
}

void PrivateTimer::rebase(uint32_t count, const sc_core::sc_time& t) {
  base_time_ = t;
  last_sync_ = t;
  base_count_ = count;
  base_load_ = load_->get();
  count_ = count;
  events_seen_ = 0;
}

// Zeros of the counter after base_time_ happen at ticks Z + (L+1)*m (m >= 0, only m = 0 without
// auto-reload), where Z = base_count_. A counter that was already 0 at the base (Z = 0) does
// not produce the m = 0 event: it only reloads on the next tick.
void PrivateTimer::sync(sc_core::sc_time t) {
  if (t < last_sync_) t = last_sync_;
  last_sync_ = t;
  if (!enabled()) return;
  const uint64_t ticks = cycles_elapsed(clk_, t - base_time_) / tick_cycles();
  const uint64_t z = base_count_, period = uint64_t(base_load_) + 1;
  const uint64_t skip0 = base_count_ == 0 ? 1 : 0;
  uint64_t events = 0;
  if (ticks <= z) {
    count_ = static_cast<uint32_t>(z - ticks);
  } else if (!auto_reload()) {
    count_ = 0;
  } else {
    count_ = static_cast<uint32_t>(base_load_ - ((ticks - z - 1) % period));
  }
  if (ticks >= z) events = (auto_reload() ? (ticks - z) / period + 1 : 1) - skip0;
  if (events > events_seen_) {
    events_seen_ = events;
    if (wd_mode()) {
      reset_status_->set(W::reset_status::RESET_FLAG.set(reset_status_->get(), 1));
      if (reset_hook_) reset_hook_();
    } else {
      isr_->set(T::isr::EVENT_FLAG.set(isr_->get(), 1));
      if (T::control::IRQ_ENABLE.get(ctrl_)) pulse_irq();
    }
  }
}

void PrivateTimer::schedule() {
  ev_.cancel();
  if (!enabled()) return;
  const uint64_t skip0 = base_count_ == 0 ? 1 : 0;
  const uint64_t m = events_seen_ + skip0;
  if (!auto_reload() && m >= 1) return;  // one-shot: stays at zero
  const uint64_t tick = uint64_t(base_count_) + (uint64_t(base_load_) + 1) * m;
  const sc_core::sc_time at = base_time_ + clk_.cycles(tick * tick_cycles());
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  ev_.notify(at > now ? at - now : sc_core::SC_ZERO_TIME);
}

void PrivateTimer::on_event() {
  sync(sc_core::sc_time_stamp());
  schedule();
}

// The interrupt is an event of the zero crossing (TRM: ID 29/30 set pending when the event flag
// is set, the GIC configures both edge-triggered): a pulse the GIC latches. Neither enabling
// the interrupt while the flag is set nor leaving the flag set raises another one.
void PrivateTimer::pulse_irq() {
  irq.write(true);
  irq.write(false);
}

}  // namespace zvp
