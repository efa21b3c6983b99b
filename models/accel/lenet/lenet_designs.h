// The three HLS designs of the Lite LeNet-5 predict IP in seed 004, as configurations: each is a
// DATAFLOW region of stages (the seed's functions), each stage described by the loop structure of
// its C code and the pragmas applied to it (hls_latency.h). Stage latencies are computed from that
// description; nothing here is a latency.
//
//   stream     "Stream interface": one function per layer, hls::stream channels, no loop pragmas
//              (the loops run sequentially), DATAFLOW only.
//   partial    "Partially parallel": conv1 split into 3 sub-functions (one output channel each,
//              running in parallel), conv2 into 6; pool1/pool2 read 3/6 streams interleaved, the
//              stream chosen by an if/else on the channel index.
//   optimized  "Optimize": partial + PIPELINE II=1 on the input-buffer read loops of sub_conv1/2 and
//              UNROLL of the innermost kernel-column loop (5 multiply-accumulates per iteration).
//
// Operation depths (states of one iteration's own operations, the HLS schedule of the body). One
// rule per operation kind, the same in every design and layer, derived from these scheduling facts
// of Vivado HLS on the Zynq-7000 fabric (LenetHlsOps holds them; no depth is set per design):
//   F1 a local array is a block RAM (or LUT RAM / ROM) with a read latency of 1 cycle: a load
//      issued in one state delivers its data in the next one (UG902 RESOURCE / UG1399
//      bind_storage: a block RAM has latency 1 unless a -latency option adds pipeline stages).
//   F2 one port per local array (RAM_1P): one access per state (UG902/UG1399 "Array Accesses and
//      Performance": a single-port RAM does one read or one write per clock). HLS may take a
//      RAM_2P where a second port shortens the schedule (UG1399 "Array Interfaces"); with two
//      ports the pooling rule below gives 5 instead of 7, and every pooling stage of the seed (6
//      of them, 3 designs) is longer than that, so ports = 1 (parameter hls.ports).
//   F3 one state per dependent operation: the 16x16 multiply in a DSP48 with its M register
//      (UG953 MULT_MACRO: LATENCY 1 = MREG), the AP_RND rounding of the product to the
//      accumulator format, the AP_SAT saturating add, a compare-select, a stream write. At 8 ns
//      we assume no two of them chain in one state after a BRAM read (this model's assumption).
//   F4 loop control (hls_latency.h): one state to enter and one to leave a rolled loop (UG1399
//      "Flattening Nested Loops"; operations between loops share those states), a pipelined loop
//      takes its depth + (trip - 1) * II (UG902 "Loop Pipelining").
// Rules (depth = issue states of the loads + read latency + dependent states - 1: the first
// dependent state is the one the data arrives in; LenetHlsOps::after_loads):
//   copy of a stream item into a buffer or on to other streams ..... 1: a FIFO read and the store
//     of the same item, no arithmetic, one state, pipelined (II=1, depth 1) or not. Writes of one
//     item to several streams share that state (each stream is its own port)
//   copy from one of several streams chosen by the loop index ...... 2 = the compare that picks
//     the stream (`if (k == 0) in0.read(); else if (k == 1) in1.read(); ...`), one dependent step
//     (F3), then the read and the store. A blocking FIFO read has a side effect, so HLS does not
//     execute it speculatively: which read runs must be known first. Where both branches access
//     the same stream (the conv layers' `if (acc > 0) out.write(acc); else out.write(0);`) the
//     two writes merge into one unconditional write of a selected value and no state is added
//   multiply-accumulate acc += (acc_t)(x * w) ............ 4 = 1 issue state (x and w are in
//     different memories) + 1 read latency + multiply, round, saturating add - 1. The address
//     arithmetic (row and column offsets, of a 2-D or a 3-D buffer alike) is in the issue state:
//     no design gets an address stage of its own
//   unrolled multiply-accumulate: +1 per extra copy. AP_SAT makes the sum order-dependent, so the
//     adds stay a chain, one saturating add each (F3); the copies' loads (one per state on a
//     RAM_1P) and their multiplies and roundings run ahead of that chain
//   bias load (acc = bias[u], in the loop that owns u) ..... 1: the issue state; the data arrives
//     in the sub-loop's entry state. The ReLU and the write of each output fall in the states of
//     leaving and re-entering the kernel loop (F4)
//   2x2 max pooling of one output ................. 7 = 4 issue states (4 loads, one port) + 1
//     read latency + max(n3, n4), max(max1, max2) and the stream write - 1; max(n1, n2) is done
//     while n3 and n4 are read. The same operation whatever filled the buffer (one stream, or
//     several read interleaved): the same depth in every design
//   argmax step (load score i, compare-select with the running maximum) ....... 2 = 1 + 1 + 1 - 1
//   the return-value write (one s_axilite output register) ..................................... 1
// What the rules leave unexplained (tests/models/accel/lenet/latency_test.cpp prints the table):
// for the optimized sub_conv2 (3-D buffer, row stride 14, kernel column unrolled) the rules give
// 10 % less than the seed while the optimized sub_conv1 (2-D, stride 32) matches: an address
// stage only where the stride is not a power of two and no loop-entry state can hold it would
// fit, but one stage of the seed cannot tell that from a fit.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "accel/lenet/hls_latency.h"

namespace zvp {

class ParamScope;

// The scheduling facts above, as parameters (pl.lenet.predict.hls.*), the operation depths they
// give (one function per operation kind), and the depth of the hls::stream channels between the
// stages (pl.lenet.predict.channel_depth).
struct LenetHlsOps {
  unsigned read_latency = 1;  // F1: block RAM / ROM read latency (cycles)
  unsigned ports = 1;         // F2: ports of a local array's RAM (RAM_1P)
  unsigned mul_latency = 1;   // F3: DSP48 multiply (M register)
  unsigned step = 1;          // F3: states of a dependent fabric step (round, add, compare, write)
  unsigned channel_depth = 2;  // HLS default
  void declare(ParamScope& p);

  // The rules of the header comment, one per operation kind.
  unsigned copy() const { return 1; }                                          // FIFO read + store
  unsigned select_copy() const { return step + copy(); }                       // pick the stream, copy
  unsigned mac() const { return after_loads(1, mul_latency + 2 * step); }      // x/w, mul, round, add
  unsigned mac_chain() const { return step; }                                  // one more saturating add
  unsigned bias() const { return after_loads(1, 0); }                          // data at sub-loop entry
  unsigned pool() const { return after_loads(4, 3 * step); }                   // 4 loads, 2 maxes, write
  unsigned argmax() const { return after_loads(1, step); }                     // load, compare-select
  unsigned write_return() const { return 1; }                                  // s_axilite register

  // States from the issue of the first of `loads` loads on one RAM to the end of `states` states of
  // dependent work on the last one's data: ceil(loads / ports) issue states (F2), the data usable
  // read_latency states after its issue (F1), where the first dependent state begins.
  unsigned after_loads(unsigned loads, unsigned states) const {
    const unsigned issue = (loads + ports - 1) / ports;
    return issue + read_latency + states - 1;
  }
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
