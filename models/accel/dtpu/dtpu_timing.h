// Cycle counts of the DTPU core's control unit (seed 003 / the thesis RTL): Idle -> Fetch CSR ->
// Load L/S array -> Compute -> Save -> Done, repeated per input vector while the input FIFO is
// not empty, plus the one-off weight load when the weights (or their window) changed.
//   fetch CSR    1 cycle (one CSR BRAM read)
//   weight load  R * ceil(C*w/64) cycles (one 64-bit weight word per cycle)
//   load         ceil(C*w/64) cycles (activation words from the input FIFO)
//   compute      MAX_COUNTER + 1, MAX_COUNTER = 3(C-1) + R + floor(R/C) (3-stage PEs, skew)
//   store        ceil(R*wo/64) cycles (output words into the output FIFO)
// Non-pipelined (the thesis): n * (load + compute + store). Pipelined (ours, `pipelined`): the
// first vector takes load + compute + store, each further one max(load, store).
#pragma once
#include <cstdint>

namespace zvp {

struct DtpuTiming {
  unsigned rows = 8, cols = 8;
  bool pipelined = false;

  static uint64_t words(uint64_t n, unsigned bits) { return (n * bits + 63) / 64; }
  uint64_t max_counter() const { return 3ull * (cols - 1) + rows + rows / cols; }
  uint64_t compute_cycles() const { return max_counter() + 1; }
  uint64_t load_cycles(unsigned w) const { return words(cols, w); }
  uint64_t store_cycles(unsigned wo) const { return words(rows, wo); }
  uint64_t weight_load_cycles(unsigned w) const { return uint64_t(rows) * words(cols, w); }
  // Cycles of one step over n vectors (fetch CSR included, weight load if `load_weights`).
  uint64_t step_cycles(uint64_t n, unsigned w, unsigned wo, bool load_weights) const;
};

}  // namespace zvp
