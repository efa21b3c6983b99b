// tlm_utils::peq_with_get on a vector: transactions come out of get_next_transaction() once
// their time has come, in time order and, for equal times, in the order they were queued, with
// the same notifications of get_event() - so processes sensitive to it run exactly as with the
// original. peq_with_get keeps a std::multimap, which allocates a node per transaction (the
// at-mode memory path queues every request and response through one).
#pragma once
#include <systemc>

#include <algorithm>
#include <utility>
#include <vector>

namespace zvp {

template <typename T>
class TimedQueue : public sc_core::sc_object {
 public:
  explicit TimedQueue(const char* name) : sc_core::sc_object(name) {}

  // Queue t for `delay` from now (after anything queued for the same time).
  void notify(T& t, const sc_core::sc_time& delay) {
    const sc_core::sc_time at = delay + sc_core::sc_time_stamp();
    auto it = std::upper_bound(q_.begin() + static_cast<std::ptrdiff_t>(head_), q_.end(), at,
                               [](const sc_core::sc_time& a, const Entry& e) { return a < e.first; });
    q_.insert(it, Entry(at, &t));
    event_.notify(delay);
  }

  // The next transaction whose time has come, or nullptr (then the event is notified for the
  // next one still queued). Call until it returns nullptr.
  T* get_next_transaction() {
    if (head_ == q_.size()) return nullptr;
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    if (q_[head_].first <= now) {
      T* t = q_[head_++].second;
      if (head_ == q_.size()) {
        q_.clear();
        head_ = 0;
      } else if (head_ >= 64 && 2 * head_ >= q_.size()) {  // drop the consumed front
        q_.erase(q_.begin(), q_.begin() + static_cast<std::ptrdiff_t>(head_));
        head_ = 0;
      }
      return t;
    }
    event_.notify(q_[head_].first - now);
    return nullptr;
  }

  sc_core::sc_event& get_event() { return event_; }

 private:
  using Entry = std::pair<sc_core::sc_time, T*>;
  std::vector<Entry> q_;
  size_t head_ = 0;  // q_[head_..] are queued; earlier entries were taken
  sc_core::sc_event event_;
};

}  // namespace zvp
