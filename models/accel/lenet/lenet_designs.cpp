#include "accel/lenet/lenet_designs.h"

#include <algorithm>
#include <map>
#include <stdexcept>

namespace zvp {

namespace {

// Operation depths (see the header).
constexpr unsigned kCopy = 1, kMac = 4, kMacChain = 1, kMac3dAddr = 1, kBias = 1;
constexpr unsigned kPoolSingle = 7, kPoolInterleaved = 11, kArgmax = 2, kWriteReturn = 1;

HlsLoop loop(std::string n, uint64_t trip, unsigned depth, std::vector<HlsLoop> body = {}) {
  HlsLoop l;
  l.name = std::move(n);
  l.trip = trip;
  l.depth = depth;
  l.body = std::move(body);
  return l;
}
HlsLoop pipelined(HlsLoop l, unsigned ii) {
  l.ii = ii;
  return l;
}
HlsLoop unrolled(HlsLoop l, unsigned factor, unsigned chain) {
  l.unroll = factor;
  l.chain = chain;
  return l;
}

// The kernel loops of a convolution output: wr { wc { acc += x * w } }.
HlsLoop kernel(unsigned mac_depth, bool unroll_wc) {
  HlsLoop wc = loop("wc", 5, mac_depth);
  if (unroll_wc) wc = unrolled(wc, 5, kMacChain);
  return loop("wr", 5, 0, {wc});
}

// Reads an image of c x h x w items from one stream (c outermost), as nested sequential loops.
HlsLoop read3(const std::string& n, uint64_t c, uint64_t h, uint64_t w) {
  return loop(n + "_k", c, 0, {loop(n + "_row", h, 0, {loop(n + "_col", w, kCopy)})});
}
// Reads h x w positions, each from c streams in turn (channel innermost): the multi-stream read.
HlsLoop read_interleaved(const std::string& n, uint64_t h, uint64_t w, uint64_t c) {
  return loop(n + "_i", h, 0, {loop(n + "_j", w, 0, {loop(n + "_k", c, kCopy)})});
}

LenetStage stage(std::string n, LenetLayer l, unsigned inst, std::vector<HlsLoop> rd, std::vector<HlsLoop> cp,
                 unsigned outputs, unsigned ops = 0) {
  LenetStage s;
  s.name = std::move(n);
  s.layer = l;
  s.instances = inst;
  s.read_loops = std::move(rd);
  s.compute_loops = std::move(cp);
  s.outputs = outputs;
  s.ops = ops;
  return s;
}

// Stages common to the three designs: read_input, conv3, full1, full2, write_output.
LenetStage read_input() {
  return stage("read", LenetLayer::Read, 1, {loop("read_i", 1024, kCopy)}, {}, 1024);
}
LenetStage conv3() {
  return stage("conv3", LenetLayer::Conv3, 1, {read3("in", 6, 5, 5)},
               {loop("u", 12, kBias, {loop("k", 6, 0, {kernel(kMac, false)})})}, 12);
}
LenetStage full(const char* n, LenetLayer l, uint64_t in, uint64_t out) {
  return stage(n, l, 1, {loop("in", in, kCopy)}, {loop("row", out, kBias, {loop("col", in, kMac)})}, unsigned(out));
}
LenetStage write_output() {
  // Reads the 10 scores, scans indices 1..9 against the running maximum, writes the return value.
  return stage("write", LenetLayer::Write, 1, {loop("in", 10, kCopy)}, {loop("argmax", 9, kArgmax)}, 0, kWriteReturn);
}

LenetHlsDesign stream_design() {
  LenetHlsDesign d;
  d.name = "stream";
  d.description = "stream interface: one function per layer, hls::stream channels, DATAFLOW, no loop pragmas";
  d.stages.push_back(read_input());
  d.stages.push_back(stage("conv1", LenetLayer::Conv1, 1, {read3("in", 1, 32, 32).body[0]},
                           {loop("u", 3, kBias, {loop("orow", 28, 0, {loop("ocol", 28, 0, {kernel(kMac, false)})})})},
                           3 * 28 * 28));
  d.stages.push_back(stage("pool1", LenetLayer::Pool1, 1, {read3("in", 3, 28, 28)},
                           {loop("num", 3, 0, {loop("row", 14, 0, {loop("col", 14, kPoolSingle)})})}, 3 * 14 * 14));
  d.stages.push_back(stage("conv2", LenetLayer::Conv2, 1, {read3("in", 3, 14, 14)},
                           {loop("u", 6, kBias, {loop("orow", 10, 0, {loop("ocol", 10, 0,
                                                 {loop("k", 3, 0, {kernel(kMac, false)})})})})},
                           6 * 10 * 10));
  d.stages.push_back(stage("pool2", LenetLayer::Pool2, 1, {read3("in", 6, 10, 10)},
                           {loop("num", 6, 0, {loop("row", 5, 0, {loop("col", 5, kPoolSingle)})})}, 6 * 5 * 5));
  d.stages.push_back(conv3());
  d.stages.push_back(full("full1", LenetLayer::Fc1, 12, 10));
  d.stages.push_back(full("full2", LenetLayer::Fc2, 10, 10));
  d.stages.push_back(write_output());
  return d;
}

// partial and optimized differ only in sub_conv1 / sub_conv2's pragmas.
LenetHlsDesign parallel_design(bool optimized) {
  LenetHlsDesign d;
  d.name = optimized ? "optimized" : "partial";
  d.description = optimized
                      ? "optimized: partially parallel + PIPELINE II=1 input reads + UNROLL of the kernel-column loop"
                      : "partially parallel: conv1 as 3 and conv2 as 6 parallel sub-functions";
  d.stages.push_back(read_input());
  HlsLoop in1 = read3("in", 1, 32, 32).body[0];  // row { col }
  HlsLoop in2 = read3("in", 3, 14, 14);          // k { row { col } }
  if (optimized) {
    in1.body[0] = pipelined(in1.body[0], 1);
    in1.body[0].depth = 2;  // read + store: a 2-stage pipeline
    in2.body[0].body[0] = pipelined(in2.body[0].body[0], 1);
    in2.body[0].body[0].depth = 2;
  }
  d.stages.push_back(stage("sub_conv1", LenetLayer::Conv1, 3, {in1},
                           {loop("orow", 28, 0, {loop("ocol", 28, 0, {kernel(kMac, optimized)})})}, 28 * 28));
  d.stages.push_back(stage("pool1", LenetLayer::Pool1, 1, {read_interleaved("in", 28, 28, 3)},
                           {loop("num", 3, 0, {loop("row", 14, 0, {loop("col", 14, kPoolInterleaved)})})},
                           3 * 14 * 14));  // per output stream: each of the 6 gets the whole pooled map
  d.stages.push_back(stage("sub_conv2", LenetLayer::Conv2, 6, {in2},
                           {loop("orow", 10, 0, {loop("ocol", 10, 0,
                                                 {loop("k", 3, 0, {kernel(optimized ? kMac + kMac3dAddr : kMac, optimized)})})})},
                           10 * 10));
  d.stages.push_back(stage("pool2", LenetLayer::Pool2, 1, {read_interleaved("in", 10, 10, 6)},
                           {loop("num", 6, 0, {loop("row", 5, 0, {loop("col", 5, kPoolInterleaved)})})}, 6 * 5 * 5));
  d.stages.push_back(conv3());
  d.stages.push_back(full("full1", LenetLayer::Fc1, 12, 10));
  d.stages.push_back(full("full2", LenetLayer::Fc2, 10, 10));
  d.stages.push_back(write_output());
  return d;
}

}  // namespace

uint64_t LenetHlsDesign::max_stage_latency() const {
  uint64_t m = 0;
  for (const auto& s : stages) m = std::max(m, s.latency());
  return m;
}

const LenetStage* LenetHlsDesign::find(LenetLayer l) const {
  for (const auto& s : stages)
    if (s.layer == l) return &s;
  return nullptr;
}

std::vector<std::string> lenet_hls_design_names() { return {"stream", "partial", "optimized"}; }

const LenetHlsDesign& lenet_hls_design(const std::string& name) {
  static const std::map<std::string, LenetHlsDesign> designs = {
      {"stream", stream_design()}, {"partial", parallel_design(false)}, {"optimized", parallel_design(true)}};
  auto it = designs.find(name);
  if (it == designs.end())
    throw std::invalid_argument("unknown LeNet-5 IP design '" + name + "' (known: stream, partial, optimized)");
  return it->second;
}

}  // namespace zvp
