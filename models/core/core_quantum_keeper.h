// A processor core's quantum keeper (docs/architecture.md, "Processor time"), shared by the instruction-set
// models (models/cpu): it knows nothing of an instruction set, only of the core's local time,
// its quantum and the SystemC kernel.
#pragma once
#include <systemc>

namespace zvp {

// The TLM-2.0 quantum keeper's interface, synchronising on the core's own quantum (a parameter
// of the core: each core of a platform keeps its own keeper) rather than the TLM global one,
// and able to skip a synchronisation no other process could observe (sync to the next event):
// when nothing is pending in the kernel up to the time the core would wait until, the wait is
// left out and the core runs on with the kernel's time behind by `ahead`; catch_up() waits for
// that time before the core next interacts with the rest of the platform (bus access, host
// calls, sleep, exit), so every other process sees exactly the times and order it would with a wait per quantum.
class CoreQuantumKeeper {
 public:
  void set_quantum(const sc_core::sc_time& q) { q_ = q; }
  const sc_core::sc_time& quantum() const { return q_; }
  // At most this far ahead of the kernel (bounds a run past the end of sc_start(duration) when
  // nothing at all is pending).
  void set_max_ahead(const sc_core::sc_time& t) { max_ahead_ = t; }
  // Never skip a sync to or past this absolute time (the end of sc_start(duration)).
  void set_limit(const sc_core::sc_time& t) { limit_ = t; }

  // The time the core has synchronised to: the kernel's time plus the skipped waits.
  sc_core::sc_time now() const { return sc_core::sc_time_stamp() + ahead_; }
  const sc_core::sc_time& ahead() const { return ahead_; }
  void inc(const sc_core::sc_time& t) { local_ += t; }
  void set(const sc_core::sc_time& t) { local_ = t; }
  const sc_core::sc_time& get_local_time() const { return local_; }
  sc_core::sc_time get_current_time() const { return now() + local_; }
  bool need_sync() const { return now() + local_ >= next_sync_; }
  // The time at which the core must synchronise (need_sync() once now() + local reaches it).
  const sc_core::sc_time& next_sync() const { return next_sync_; }
  void reset() {
    local_ = sc_core::SC_ZERO_TIME;
    next_sync_ = now() + local_quantum();
  }
  // Waits until the core's time (the kernel catches up with skipped waits and the local time).
  void sync() {
    const sc_core::sc_time t = ahead_ + local_;
    ahead_ = sc_core::SC_ZERO_TIME;
    local_ = sc_core::SC_ZERO_TIME;
    sc_core::wait(t);
    next_sync_ = sc_core::sc_time_stamp() + local_quantum();
  }
  // Waits for the skipped time only (the local time stays an annotation).
  void catch_up() {
    if (ahead_ == sc_core::SC_ZERO_TIME) return;
    const sc_core::sc_time t = ahead_;
    ahead_ = sc_core::SC_ZERO_TIME;
    sc_core::wait(t);
  }
  // sync() without the wait when no process has activity pending up to the core's time (not
  // even in a delta cycle): that wait would only advance the kernel's time. False if a real
  // sync() is needed.
  bool skip_sync() {
    const sc_core::sc_time target = ahead_ + local_;
    if (target > max_ahead_ || now() + local_ >= limit_) return false;
    const sc_core::sc_time pending = sc_core::sc_time_to_pending_activity();
    if (pending <= target) return false;
    ahead_ = target;
    local_ = sc_core::SC_ZERO_TIME;
    next_sync_ = now() + local_quantum();
    return true;
  }

 private:
  // Time to the next multiple of the quantum.
  sc_core::sc_time local_quantum() const {
    const auto qv = q_.value();
    if (qv == 0) return sc_core::SC_ZERO_TIME;
    return sc_core::sc_time::from_value(qv - now().value() % qv);
  }

  sc_core::sc_time q_{1, sc_core::SC_US};
  sc_core::sc_time local_, next_sync_, ahead_;
  sc_core::sc_time max_ahead_;
  sc_core::sc_time limit_ = sc_core::sc_max_time();
};

}  // namespace zvp
