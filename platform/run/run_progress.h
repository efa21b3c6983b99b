// The progress line a long run prints on stderr: simulated and wall time, the inputs done of
// their total (or the layers done) and an estimate of the wall time left, from the rate so far.
#pragma once
#include <cstdint>
#include <string>

namespace zvp {

struct ProgressSample {
  double sim_s = 0;          // simulated time so far
  double wall_s = 0;         // wall time since the run started
  uint64_t items_done = 0;   // inputs done (@item lines or the design's own count)
  uint64_t items_total = 0;  // inputs asked for (run.images / --images), 0 = not known
  uint64_t layers_done = 0;  // @layer lines so far
};

// "[zvp] progress: 12/20 inputs, simulated 0.210 s, wall 4.1 s, about 2.7 s left" (no newline).
// The estimate needs a known total and at least one input done; without a total the line says
// the inputs (or layers) done and their wall-time rate.
std::string progress_line(const ProgressSample& s);

}  // namespace zvp
