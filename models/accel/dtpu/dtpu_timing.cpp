#include "accel/dtpu/dtpu_timing.h"

#include <algorithm>

namespace zvp {

uint64_t DtpuTiming::step_cycles(uint64_t n, unsigned w, unsigned wo, bool load_weights) const {
  uint64_t c = 1 + (load_weights ? weight_load_cycles(w) : 0);
  if (n == 0) return c;
  const uint64_t ld = load_cycles(w), st = store_cycles(wo), one = ld + compute_cycles() + st;
  if (pipelined) return c + one + (n - 1) * std::max(ld, st);
  return c + n * one;
}

}  // namespace zvp
