#include "global_timer.h"

#include "tick_math.h"
namespace zvp {

namespace {
namespace G = regs::gtimer;
// The control fields the cores share (the rest of CONTROL is banked).
constexpr uint32_t kSharedControl = G::control::TIMER_ENABLE.mask() | G::control::PRESCALER.mask();
}  // namespace

// Registers, offsets, reset values and writable bits: global_timer.regs.yaml.
GlobalTimer::GlobalTimer(sc_core::sc_module_name name, const Clock& clk)
    : RegisterDevice(name), clk_(clk) {
  auto write_counter = [this](bool hi, uint32_t v) {
    if (enabled()) return;  // TRM: the counter is written only while the timer is disabled
    uint64_t c = hi ? ((uint64_t(v) << 32) | (count_ & 0xFFFFFFFFu))
                    : ((count_ & ~uint64_t(0xFFFFFFFFu)) | v);
    rebase(c, access_time_);
    armed_ = true;
    sync(access_time_);
    schedule();
    publish_shared();
  };
  regs_.add(G::COUNTER_LO_INFO)
      .on_read([this](uint32_t) { return uint32_t(count_); })
      .on_write_raw([write_counter](uint32_t d, uint32_t m) {
        if (m == 0xFFFFFFFFu) write_counter(false, d);
      });
  regs_.add(G::COUNTER_HI_INFO)
      .on_read([this](uint32_t) { return uint32_t(count_ >> 32); })
      .on_write_raw([write_counter](uint32_t d, uint32_t m) {
        if (m == 0xFFFFFFFFu) write_counter(true, d);
      });
  control_ = &regs_.add(G::CONTROL_INFO).on_write([this](uint32_t old, uint32_t v) {
    ctrl_ = v;
    rebase(count_, access_time_);
    if (G::control::COMP_ENABLE.get(v) && !G::control::COMP_ENABLE.get(old)) armed_ = true;
    sync(access_time_);
    schedule();
    update_irq();
    if ((old ^ v) & kSharedControl) publish_shared();
  });
  isr_ = &regs_.add(G::ISR_INFO);
  isr_->on_write([this](uint32_t, uint32_t) { update_irq(); });
  regs_.add(G::COMPARATOR_LO_INFO)
      .on_read([this](uint32_t) { return comp_lo_; })
      .on_write([this](uint32_t, uint32_t v) {
        comp_lo_ = v;
        armed_ = true;
        sync(access_time_);
        schedule();
      });
  regs_.add(G::COMPARATOR_HI_INFO)
      .on_read([this](uint32_t) { return comp_hi_; })
      .on_write([this](uint32_t, uint32_t v) {
        comp_hi_ = v;
        armed_ = true;
        sync(access_time_);
        schedule();
      });
  autoinc_ = &regs_.add(G::AUTOINC_INFO);
  SC_METHOD(on_event);
  sensitive << ev_;
  dont_initialize();
}

void GlobalTimer::share_counter(GlobalTimer& other) {
  if (&other == this) return;
  peers_.push_back(&other);
  other.peers_.push_back(this);
}

void GlobalTimer::publish_shared() {
  for (GlobalTimer* p : peers_) p->take_shared(count_, ctrl_, access_time_);
}

void GlobalTimer::take_shared(uint64_t count, uint32_t ctrl, const sc_core::sc_time& t) {
  sync(t);  // matches up to t happen with the old settings
  ctrl_ = (ctrl_ & ~kSharedControl) | (ctrl & kSharedControl);
  control_->set(ctrl_);
  rebase(count, t);
  if (comp_enabled()) armed_ = true;  // a new count is compared again
  sync(t);
  schedule();
  update_irq();
}

void GlobalTimer::reset() {
  ev_.cancel();
  regs_.reset();
  ctrl_ = static_cast<uint32_t>(G::CONTROL_RESET);
  comp_lo_ = static_cast<uint32_t>(G::COMPARATOR_LO_RESET);
  comp_hi_ = static_cast<uint32_t>(G::COMPARATOR_HI_RESET);
  armed_ = false;
  rebase(0, sc_core::sc_time_stamp());
  update_irq();
}

uint64_t GlobalTimer::counter_now() {
  sync(sc_core::sc_time_stamp());
  return count_;
}

void GlobalTimer::before_access(const sc_core::sc_time& t) {
  access_time_ = t;
  sync(t);
}

void GlobalTimer::rebase(uint64_t count, const sc_core::sc_time& t) {
  base_time_ = t;
  last_sync_ = t;
  base_count_ = count;
  count_ = count;
}

void GlobalTimer::set_comparator(uint64_t v) {
  comp_lo_ = uint32_t(v);
  comp_hi_ = uint32_t(v >> 32);
}

void GlobalTimer::sync(sc_core::sc_time t) {
  if (t < last_sync_) t = last_sync_;
  last_sync_ = t;
  if (enabled()) count_ = base_count_ + cycles_elapsed(clk_, t - base_time_) / tick_cycles();
  if (!comp_enabled() || !armed_ || count_ < comparator()) return;
  isr_->set(G::isr::EVENT_FLAG.set(isr_->get(), 1));
  const uint32_t inc = autoinc_->get();
  if (G::control::AUTO_INCREMENT.get(ctrl_) && inc != 0) {
    // Every match adds the increment; several matches may have passed since the last sync.
    uint64_t n = (count_ - comparator()) / inc + 1;
    set_comparator(comparator() + n * inc);
  } else {
    armed_ = false;
  }
  update_irq();
}

void GlobalTimer::schedule() {
  ev_.cancel();
  if (!enabled() || !comp_enabled() || !armed_) return;
  const uint64_t c = comparator();
  if (c <= base_count_) {
    ev_.notify(sc_core::SC_ZERO_TIME);
    return;
  }
  const sc_core::sc_time at = base_time_ + clk_.cycles((c - base_count_) * tick_cycles());
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  ev_.notify(at > now ? at - now : sc_core::SC_ZERO_TIME);
}

void GlobalTimer::on_event() {
  sync(sc_core::sc_time_stamp());
  schedule();
}

void GlobalTimer::update_irq() {
  bool level = G::isr::EVENT_FLAG.get(isr_->get()) && G::control::IRQ_ENABLE.get(ctrl_);
  if (irq.read() != level) irq.write(level);
}

}  // namespace zvp
