// Lazy timers derive their state from simulated time instead of per-cycle events. These helpers
// convert between time and whole clock cycles with exactly the rounding of zvp::Clock::cycles(),
// so that an event scheduled at clk.cycles(k) sees exactly k elapsed cycles when it fires.
#pragma once
#include <cmath>
#include <cstdint>

#include "core/clock.h"

namespace zvp {

// Largest k with clk.cycles(k) <= dt.
inline uint64_t cycles_elapsed(const Clock& clk, const sc_core::sc_time& dt) {
  double est = std::floor(dt.to_seconds() * clk.hz());
  uint64_t k = est > 0 ? static_cast<uint64_t>(est) : 0;
  while (k > 0 && clk.cycles(k) > dt) --k;
  while (clk.cycles(k + 1) <= dt) ++k;
  return k;
}

}  // namespace zvp
