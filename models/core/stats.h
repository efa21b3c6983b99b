// Statistics counters: named 64-bit counters that any model can bump and the platform dumps
// at the end of a run (and into the JSON report).
#pragma once
#include <cstdint>
#include <map>
#include <ostream>
#include <string>

namespace zvp {

class Stats {
 public:
  static Stats& global();
  uint64_t& counter(const std::string& name) { return counters_[name]; }
  uint64_t get(const std::string& name) const {
    auto it = counters_.find(name);
    return it == counters_.end() ? 0 : it->second;
  }
  const std::map<std::string, uint64_t>& all() const { return counters_; }
  void clear() { counters_.clear(); }
  void dump(std::ostream& os) const;

 private:
  std::map<std::string, uint64_t> counters_;
};

}  // namespace zvp
