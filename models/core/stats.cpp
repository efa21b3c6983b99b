#include "stats.h"

namespace zvp {

Stats& Stats::global() {
  static Stats s;
  return s;
}

void Stats::dump(std::ostream& os) const {
  for (auto& [k, v] : counters_) os << k << " " << v << "\n";
}

}  // namespace zvp
