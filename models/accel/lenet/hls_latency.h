// Latency of an HLS-synthesised function from its loop structure (Vivado HLS scheduling
// conventions, UG902), so that a DATAFLOW stage's latency is computed from the loops the C code
// has and the pragmas applied to them, never looked up.
//
// A loop is described by what the source and the HLS schedule say about it:
//   trip    iterations (constant bounds)
//   unroll  UNROLL factor (1 = none). A leaf loop unrolled by its whole trip count disappears:
//           its body becomes straight-line operations of the enclosing iteration.
//   ii      PIPELINE initiation interval (0 = not pipelined)
//   depth   latency (cycles) of the body's own operations in one iteration (the schedule
//           length; for a pipelined loop its pipeline depth). For a loop that only encloses
//           sub-loops it is the extra operations around them (e.g. a bias load), often 0.
//   chain   cycles that each additional unrolled copy adds to the body (the loop-carried
//           recurrence, e.g. the accumulation `acc += x * w` chains one adder per copy)
//   body    sub-loops, run one after the other inside each iteration
//
// Rules (applied recursively; every constant here is a convention of the scheduler, the same for
// every loop of every design):
//   unrolled body        depth' = depth + (unroll - 1) * chain, trip' = ceil(trip / unroll)
//   fully unrolled leaf  an operation block of depth' cycles (no loop control)
//   pipelined loop       L = (trip' - 1) * ii + depth' + 1        (+1: the loop-exit state)
//   loop flattening      a loop without own operations whose body is one pipelined loop is
//                        merged with it (loop_flatten, on by default): trip' = product
//   sequential loop      L = trip' * iteration + 1, iteration = depth' + sum over sub-loops of
//                        (L_sub + 1)    (+1: the state that enters the sub-loop)
//   function             sum of its loops' latencies + its straight-line operations
// Sources: one clock cycle to enter and one to leave a rolled inner loop, and the flattening of
// perfect nests (UG902 / UG1399 "Flattening Nested Loops"); the exit state (UG1393 "Loop
// Parallelism": 255 iterations of 2 cycles reported as a latency of 511); pipelined loops
// (UG902 "Loop Pipelining": iteration latency + (trip - 1) * II).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace zvp {

struct HlsLoop {
  std::string name;
  uint64_t trip = 1;
  unsigned unroll = 1;
  unsigned ii = 0;
  unsigned depth = 0;
  unsigned chain = 0;
  std::vector<HlsLoop> body;
};

// Latency in cycles of one loop (rules above). Throws std::invalid_argument on a malformed
// description (zero trip or unroll, unroll larger than trip, a pipelined loop with sub-loops).
uint64_t hls_loop_latency(const HlsLoop& loop);

// Sum of hls_loop_latency over `loops`, plus `ops` cycles of straight-line operations.
uint64_t hls_sequence_latency(const std::vector<HlsLoop>& loops, uint64_t ops = 0);

// Total number of innermost-body executions (a check that the structure does the work the layer
// needs: e.g. conv1 = 3 * 28 * 28 * 25 multiply-accumulates).
uint64_t hls_loop_work(const HlsLoop& loop);

}  // namespace zvp
