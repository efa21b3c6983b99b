#include "accel/lenet/lenet_designs.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "core/params.h"

namespace zvp {

namespace {

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

// The designs built with a given set of operation depths.
struct Builder {
  const LenetHlsOps& o;

  // The kernel loops of a convolution output: wr { wc { acc += x * w } }; the same
  // multiply-accumulate in every layer and design, only the UNROLL pragma differs.
  HlsLoop kernel(bool unroll_wc) {
    HlsLoop wc = loop("wc", 5, o.mac());
    if (unroll_wc) wc = unrolled(wc, 5, o.mac_chain());
    return loop("wr", 5, 0, {wc});
  }

  // Reads an image of c x h x w items from one stream (c outermost), as nested sequential loops.
  HlsLoop read3(const std::string& n, uint64_t c, uint64_t h, uint64_t w) {
    return loop(n + "_k", c, 0, {loop(n + "_row", h, 0, {loop(n + "_col", w, o.copy())})});
  }
  // Reads h x w positions, each from c streams in turn (channel innermost, the stream picked by
  // an if/else on k): the multi-stream read.
  HlsLoop read_interleaved(const std::string& n, uint64_t h, uint64_t w, uint64_t c) {
    return loop(n + "_i", h, 0, {loop(n + "_j", w, 0, {loop(n + "_k", c, o.select_copy())})});
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
    s.channel_depth = o.channel_depth;
    return s;
  }

  // Stages common to the three designs: read_input, conv3, full1, full2, write_output.
  LenetStage read_input() {
    return stage("read", LenetLayer::Read, 1, {loop("read_i", 1024, o.copy())}, {}, 1024);
  }
  LenetStage conv3() {
    return stage("conv3", LenetLayer::Conv3, 1, {read3("in", 6, 5, 5)},
                 {loop("u", 12, o.bias(), {loop("k", 6, 0, {kernel(false)})})}, 12);
  }
  LenetStage full(const char* n, LenetLayer l, uint64_t in, uint64_t out) {
    return stage(n, l, 1, {loop("in", in, o.copy())}, {loop("row", out, o.bias(), {loop("col", in, o.mac())})},
                 unsigned(out));
  }
  LenetStage write_output() {
    // Reads the 10 scores, scans indices 1..9 against the running maximum, writes the return value.
    return stage("write", LenetLayer::Write, 1, {loop("in", 10, o.copy())}, {loop("argmax", 9, o.argmax())}, 0,
                 o.write_return());
  }

  LenetHlsDesign stream_design() {
    LenetHlsDesign d;
    d.name = "stream";
    d.description = "stream interface: one function per layer, hls::stream channels, DATAFLOW, no loop pragmas";
    d.stages.push_back(read_input());
    d.stages.push_back(stage("conv1", LenetLayer::Conv1, 1, {read3("in", 1, 32, 32).body[0]},
                             {loop("u", 3, o.bias(), {loop("orow", 28, 0, {loop("ocol", 28, 0, {kernel(false)})})})},
                             3 * 28 * 28));
    d.stages.push_back(stage("pool1", LenetLayer::Pool1, 1, {read3("in", 3, 28, 28)},
                             {loop("num", 3, 0, {loop("row", 14, 0, {loop("col", 14, o.pool())})})}, 3 * 14 * 14));
    d.stages.push_back(stage("conv2", LenetLayer::Conv2, 1, {read3("in", 3, 14, 14)},
                             {loop("u", 6, o.bias(), {loop("orow", 10, 0, {loop("ocol", 10, 0,
                                                     {loop("k", 3, 0, {kernel(false)})})})})},
                             6 * 10 * 10));
    d.stages.push_back(stage("pool2", LenetLayer::Pool2, 1, {read3("in", 6, 10, 10)},
                             {loop("num", 6, 0, {loop("row", 5, 0, {loop("col", 5, o.pool())})})}, 6 * 5 * 5));
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
    if (optimized) {  // PIPELINE II=1 on the column loop: the same copy, its depth unchanged
      in1.body[0] = pipelined(in1.body[0], 1);
      in2.body[0].body[0] = pipelined(in2.body[0].body[0], 1);
    }
    d.stages.push_back(stage("sub_conv1", LenetLayer::Conv1, 3, {in1},
                             {loop("orow", 28, 0, {loop("ocol", 28, 0, {kernel(optimized)})})}, 28 * 28));
    d.stages.push_back(stage("pool1", LenetLayer::Pool1, 1, {read_interleaved("in", 28, 28, 3)},
                             {loop("num", 3, 0, {loop("row", 14, 0, {loop("col", 14, o.pool())})})},
                             3 * 14 * 14));  // per output stream: each of the 6 gets the whole pooled map
    d.stages.push_back(stage("sub_conv2", LenetLayer::Conv2, 6, {in2},
                             {loop("orow", 10, 0, {loop("ocol", 10, 0,
                                                   {loop("k", 3, 0, {kernel(optimized)})})})},
                             10 * 10));
    d.stages.push_back(stage("pool2", LenetLayer::Pool2, 1, {read_interleaved("in", 10, 10, 6)},
                             {loop("num", 6, 0, {loop("row", 5, 0, {loop("col", 5, o.pool())})})}, 6 * 5 * 5));
    d.stages.push_back(conv3());
    d.stages.push_back(full("full1", LenetLayer::Fc1, 12, 10));
    d.stages.push_back(full("full2", LenetLayer::Fc2, 10, 10));
    d.stages.push_back(write_output());
    return d;
  }
};

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

namespace {

// The three HLS designs of seed 004, by name, in the paper's order.
struct NamedHlsDesign {
  const char* name;
  LenetHlsDesign (*build)(Builder&);
};
const NamedHlsDesign kHlsDesigns[] = {
    {"stream", [](Builder& b) { return b.stream_design(); }},
    {"partial", [](Builder& b) { return b.parallel_design(false); }},
    {"optimized", [](Builder& b) { return b.parallel_design(true); }},
};

}  // namespace

std::vector<std::string> lenet_hls_design_names() {
  std::vector<std::string> v;
  for (const auto& d : kHlsDesigns) v.push_back(d.name);
  return v;
}

LenetHlsDesign lenet_hls_design(const std::string& name, const LenetHlsOps& ops) {
  for (const auto& d : kHlsDesigns)
    if (name == d.name) {
      Builder b{ops};
      return d.build(b);
    }
  throw std::invalid_argument("unknown LeNet-5 IP design '" + name + "' (known: stream, partial, optimized)");
}

const LenetHlsDesign& lenet_hls_design(const std::string& name) {
  static const LenetHlsOps defaults;
  static const std::map<std::string, LenetHlsDesign> designs = [] {
    std::map<std::string, LenetHlsDesign> m;
    for (const auto& d : kHlsDesigns) m.emplace(d.name, lenet_hls_design(d.name, defaults));
    return m;
  }();
  if (!designs.count(name)) (void)lenet_hls_design(name, defaults);  // throws, naming the known ones
  return designs.at(name);
}

void LenetHlsOps::declare(ParamScope& p) {
  // The scheduling facts every operation depth is derived from (lenet_designs.h: F1-F3).
  auto d = p.sub("hls");
  d.add("read_latency", read_latency, "cycles", "block RAM / ROM read latency of a local array (F1)", 1, 8);
  d.add("ports", ports, "ports", "ports of a local array's RAM: 1 = RAM_1P, 2 = RAM_2P (F2)", 1, 2);
  d.add("mul_latency", mul_latency, "cycles", "DSP48 16x16 multiply latency (F3)", 1, 8);
  d.add("step", step, "cycles", "states of one dependent fabric operation: round, add, compare, write (F3)", 1, 8);
  p.add("channel_depth", channel_depth, "items", "depth of every hls::stream between stages (HLS default 2)", 1,
        1u << 16);
}

}  // namespace zvp
