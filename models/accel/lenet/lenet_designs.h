// The three HLS designs of the Lite LeNet-5 predict IP in seed 004, as configurations: each is a
// DATAFLOW region of stages (the seed's functions), each stage described by the loop structure of
// its C code and the pragmas applied to it (hls_latency.h). Stage latencies are computed from that
// description; nothing here is a latency.
//
//   stream     "Stream interface": one function per layer, hls::stream channels, no loop pragmas
//              (the loops run sequentially), DATAFLOW only.
//   partial    "Partially parallel": conv1 split into 3 sub-functions (one output channel each,
//              running in parallel), conv2 into 6; pool1/pool2 read 3/6 streams interleaved.
//   optimized  "Optimize": partial + PIPELINE II=1 on the input-buffer read loops of sub_conv1/2 and
//              UNROLL of the innermost kernel-column loop (5 multiply-accumulates per iteration).
//
// Operation depths (cycles of one iteration's own operations, the HLS schedule of the body):
//   read/copy of one stream item ........ 1
//   multiply-accumulate (load x, load w, 16x16 multiply, 32-bit saturating add) .... 4
//   unrolled multiply-accumulate chain: +1 cycle per extra copy (the accumulation adder chain);
//     in sub_conv2 the 3-D buffer address (k, row+wr, col+wc) adds one stage in front: depth 5
//   bias load / ReLU write around an accumulation ..... 1 (in the loop that owns the bias index)
//   2x2 max pooling of one output (4 reads, 3 compares, write): 7 with a single-stream buffer
//     [C][H][W]; 11 when the buffer is filled channel-interleaved from several streams (the
//     partial/optimized designs) and read back through the channel multiplexer
//   argmax step (compare + update) ..... 2; the return-value write ..... 1
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "accel/lenet/hls_latency.h"

namespace zvp {

class ParamScope;

// The operation depths above, as parameters (pl.lenet.predict.ops.*), and the depth of the
// hls::stream channels between the stages (pl.lenet.predict.channel_depth).
struct LenetHlsOps {
  unsigned copy = 1, mac = 4, mac_chain = 1, mac_3d_addr = 1, bias = 1;
  unsigned pool_single = 7, pool_interleaved = 11, argmax = 2, write_return = 1;
  unsigned channel_depth = 2;  // HLS default
  void declare(ParamScope& p);
};

enum class LenetLayer { Read, Conv1, Pool1, Conv2, Pool2, Conv3, Fc1, Fc2, Write };

struct LenetStage {
  std::string name;
  LenetLayer layer = LenetLayer::Read;
  unsigned instances = 1;              // parallel sub-functions, each one slice of the layer
  std::vector<HlsLoop> read_loops;     // read the input channel(s) into the local buffer
  std::vector<HlsLoop> compute_loops;  // compute, writing the outputs as they are produced
  unsigned ops = 0;                    // straight-line operations after the loops
  unsigned outputs = 0;                // items written per image to each output channel
  unsigned channel_depth = 2;          // depth of the output hls::stream(s) (HLS default 2)

  uint64_t read_latency() const { return hls_sequence_latency(read_loops); }
  uint64_t compute_latency() const { return hls_sequence_latency(compute_loops, ops); }
  uint64_t latency() const { return read_latency() + compute_latency(); }
};

struct LenetHlsDesign {
  std::string name;
  std::string description;
  std::vector<LenetStage> stages;  // in DATAFLOW order: read ... write

  uint64_t max_stage_latency() const;  // the DATAFLOW interval bound
  const LenetStage* find(LenetLayer l) const;
};

// "stream", "partial", "optimized". Throws std::invalid_argument naming the known designs.
const LenetHlsDesign& lenet_hls_design(const std::string& name);
// The same design built with other operation depths.
LenetHlsDesign lenet_hls_design(const std::string& name, const LenetHlsOps& ops);
std::vector<std::string> lenet_hls_design_names();

}  // namespace zvp
