// A map keyed by pointer for the handful of transactions a bus component has in flight: a
// vector searched linearly, so inserting and erasing do not allocate (std::map allocated a tree
// node per transaction; in an `at` run, malloc, free and tree rebalancing were about 8 % of the
// host time). Only what the components use: lookup, insert, erase - no iteration (std::map's
// order by address was never used). Erasing or inserting may move other elements: do not hold
// an iterator (or a reference to a value) across a call that may change the map.
#pragma once
#include <cstddef>
#include <utility>
#include <vector>

namespace zvp {

template <typename K, typename V>
class PtrMap {
 public:
  using value_type = std::pair<K*, V>;
  using iterator = value_type*;

  iterator end() { return nullptr; }
  iterator find(const K* k) {
    for (value_type& e : v_)
      if (e.first == k) return &e;
    return nullptr;
  }
  size_t count(const K* k) { return find(k) ? 1 : 0; }
  // The value of k, default-constructed if absent.
  V& operator[](K* k) {
    if (iterator e = find(k)) return e->second;
    v_.emplace_back(k, V{});
    return v_.back().second;
  }
  size_t erase(const K* k) {
    iterator e = find(k);
    if (!e) return 0;
    erase(e);
    return 1;
  }
  void erase(iterator it) {  // it: from find(), not end()
    if (it != &v_.back()) *it = std::move(v_.back());
    v_.pop_back();
  }
  size_t size() const { return v_.size(); }
  bool empty() const { return v_.empty(); }

 private:
  std::vector<value_type> v_;
};

}  // namespace zvp
