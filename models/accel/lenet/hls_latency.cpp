#include "accel/lenet/hls_latency.h"

#include <stdexcept>

namespace zvp {

namespace {

void check(const HlsLoop& l) {
  if (l.trip == 0 || l.unroll == 0)
    throw std::invalid_argument("HLS loop '" + l.name + "': trip count and unroll factor must be >= 1");
  if (l.unroll > l.trip)
    throw std::invalid_argument("HLS loop '" + l.name + "': unroll factor larger than the trip count");
  if (l.ii > 0 && !l.body.empty())
    throw std::invalid_argument("HLS loop '" + l.name + "': a pipelined loop cannot keep sub-loops");
}

uint64_t trip_after_unroll(const HlsLoop& l) { return (l.trip + l.unroll - 1) / l.unroll; }
uint64_t depth_after_unroll(const HlsLoop& l) { return l.depth + uint64_t(l.unroll - 1) * l.chain; }
bool inlined(const HlsLoop& l) { return l.body.empty() && l.unroll == l.trip && l.ii == 0; }

// A loop with no own operations whose only sub-loop is pipelined (after flattening its own
// nest): returns that pipelined loop's trip count multiplied through, or 0 if not flattenable.
uint64_t flattened_trip(const HlsLoop& l, const HlsLoop** inner) {
  if (l.ii > 0) {
    *inner = &l;
    return trip_after_unroll(l);
  }
  if (l.depth != 0 || l.unroll != 1 || l.body.size() != 1) return 0;
  const uint64_t t = flattened_trip(l.body[0], inner);
  return t ? t * l.trip : 0;
}

}  // namespace

uint64_t hls_loop_latency(const HlsLoop& l) {
  check(l);
  for (const auto& s : l.body) check(s);
  if (inlined(l)) return depth_after_unroll(l);
  const HlsLoop* inner = nullptr;
  if (const uint64_t t = flattened_trip(l, &inner)) {
    return (t - 1) * inner->ii + depth_after_unroll(*inner) + 1;
  }
  uint64_t iteration = depth_after_unroll(l);
  for (const auto& s : l.body) iteration += inlined(s) ? hls_loop_latency(s) : hls_loop_latency(s) + 1;
  return trip_after_unroll(l) * iteration + 1;
}

uint64_t hls_sequence_latency(const std::vector<HlsLoop>& loops, uint64_t ops) {
  uint64_t sum = ops;
  for (const auto& l : loops) sum += hls_loop_latency(l);
  return sum;
}

uint64_t hls_loop_work(const HlsLoop& l) {
  if (l.body.empty()) return l.trip;
  uint64_t w = 0;
  for (const auto& s : l.body) w += hls_loop_work(s);
  return l.trip * w;
}

}  // namespace zvp
