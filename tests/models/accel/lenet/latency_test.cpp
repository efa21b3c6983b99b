// HLS loop-latency rules and the three designs' stage latencies against seed 004's tables.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "accel/lenet/hls_latency.h"
#include "accel/lenet/lenet_designs.h"

using namespace zvp;

namespace {

HlsLoop L(uint64_t trip, unsigned depth, std::vector<HlsLoop> body = {}) {
  HlsLoop l;
  l.name = "l";
  l.trip = trip;
  l.depth = depth;
  l.body = std::move(body);
  return l;
}

}  // namespace

TEST(HlsLatency, SequentialLoopsAddEntryAndExitStates) {
  EXPECT_EQ(hls_loop_latency(L(10, 1)), 11u);          // 10 x 1 + exit
  EXPECT_EQ(hls_loop_latency(L(4, 0, {L(10, 1)})), 4u * 12 + 1);  // (11 + enter) per iteration
  EXPECT_EQ(hls_loop_latency(L(4, 3, {L(10, 1)})), 4u * 15 + 1);  // own operations add up
  EXPECT_EQ(hls_sequence_latency({L(10, 1), L(5, 2)}, 7), 11u + 11 + 7);
}

TEST(HlsLatency, PipelinedFlattenedAndUnrolledLoops) {
  HlsLoop p = L(100, 3);
  p.ii = 2;
  EXPECT_EQ(hls_loop_latency(p), 99u * 2 + 3 + 1);
  HlsLoop inner = L(16, 2);
  inner.ii = 1;
  EXPECT_EQ(hls_loop_latency(L(8, 0, {inner})), 127u + 2 + 1);  // perfect nest flattened
  EXPECT_EQ(hls_loop_latency(L(8, 1, {inner})), 8u * (18 + 1 + 1) + 1);  // own op: not flattened
  HlsLoop u = L(5, 4);
  u.unroll = 5;
  u.chain = 1;
  EXPECT_EQ(hls_loop_latency(u), 8u);                           // inlined block
  EXPECT_EQ(hls_loop_latency(L(5, 0, {u})), 5u * 8 + 1);        // no enter state for a block
  HlsLoop half = L(10, 4);
  half.unroll = 2;
  half.chain = 1;
  EXPECT_EQ(hls_loop_latency(half), 5u * 5 + 1);
}

TEST(HlsLatency, MalformedLoopsThrow) {
  EXPECT_THROW(hls_loop_latency(L(0, 1)), std::invalid_argument);
  HlsLoop u = L(4, 1);
  u.unroll = 8;
  EXPECT_THROW(hls_loop_latency(u), std::invalid_argument);
  HlsLoop p = L(4, 1, {L(2, 1)});
  p.ii = 1;
  EXPECT_THROW(hls_loop_latency(p), std::invalid_argument);
  EXPECT_THROW(lenet_hls_design("fastest"), std::invalid_argument);
}

// The operation depths follow from the scheduling facts (lenet_designs.h F1-F3), counted by hand:
// issue states of the loads + read latency + dependent states - 1.
TEST(LenetDesigns, OperationDepthsFollowFromTheSchedulingFacts) {
  const LenetHlsOps o;  // RAM_1P, read latency 1, DSP48 multiply 1, one state per dependent step
  EXPECT_EQ(o.copy(), 1u);
  EXPECT_EQ(o.select_copy(), 2u);   // the compare that picks the stream, then the read and store
  EXPECT_EQ(o.mac(), 4u);           // issue, multiply (data arrives), round, saturating add
  EXPECT_EQ(o.mac_chain(), 1u);     // one more saturating add per unrolled copy
  EXPECT_EQ(o.bias(), 1u);          // the issue state; the data arrives in the sub-loop's entry
  EXPECT_EQ(o.pool(), 7u);          // 4 issue states, max(n3,n4), max(max1,max2), stream write
  EXPECT_EQ(o.argmax(), 2u);        // issue, compare-select
  EXPECT_EQ(o.write_return(), 1u);
  LenetHlsOps two_ports = o;
  two_ports.ports = 2;              // RAM_2P: the 4 pooling loads in 2 states
  EXPECT_EQ(two_ports.pool(), 5u);
  EXPECT_EQ(two_ports.mac(), 4u);   // one load per memory: a second port changes nothing
  LenetHlsOps slow_mul = o;
  slow_mul.mul_latency = 3;         // a DSP48 with A/B, M and P registers
  EXPECT_EQ(slow_mul.mac(), 6u);
  // One depth per operation kind: every pooling loop and every rolled kernel loop of the three
  // designs uses the same one.
  for (const auto& name : lenet_hls_design_names()) {
    for (const auto& s : lenet_hls_design(name).stages) {
      std::vector<const HlsLoop*> todo;
      for (const auto& l : s.compute_loops) todo.push_back(&l);
      while (!todo.empty()) {
        const HlsLoop* l = todo.back();
        todo.pop_back();
        for (const auto& b : l->body) todo.push_back(&b);
        if (l->name == "col" && (s.layer == LenetLayer::Pool1 || s.layer == LenetLayer::Pool2))
          EXPECT_EQ(l->depth, o.pool()) << name << "." << s.name;
        if (l->name == "wc") EXPECT_EQ(l->depth, o.mac()) << name << "." << s.name;
      }
    }
  }
}

// Seed 004's Vivado HLS "Performance Estimates" latency tables (cycles per function), section
// "Implementation of LeNet-5 using HLS": the reference, typed in from the seed, not from the model.
//   stream     "Light LeNet-5 with HLS (Stream Interface)": read() 1025 ... write() 31, total 265683
//   partial    "Light LeNet-5 with HLS (Partially Parallel)", table "Partially parallel (conv1 +
//              conv2)": sub_conv1() 88954, sub_conv2() 34500, total 89946
//   optimized  "Light LeNet-5 with HLS (Optimize)", table "[After apply pragma]": sub_conv1() 34011,
//              sub_conv2() 14912, total 34011
// The depths are rules, not fits (lenet_designs.h), and the error they give is accepted. Today 26
// of the 27 stages are within +/-5 % (the target is 24): the optimized sub_conv2 is 10 %
// short. The pooling stages of the partial and optimized designs read 3 or 6 streams chosen by an
// if/else on the channel index, one state more per read than the stream design's single-stream
// read (the rule "copy from one of several streams"); before that rule they were 22-24 % short.
// The test fails when a stage leaves +/-15 % (the band the rules reach, both ways) or when fewer
// than 26 stages are within +/-5 %.
TEST(LenetDesigns, StageLatenciesAgainstTheSeedTables) {
  constexpr double kBand = 0.15, kClose = 0.05;
  constexpr int kMinClose = 26;
  struct Row {
    const char* stage;
    double seed;
  };
  const std::vector<std::pair<std::string, std::vector<Row>>> seed = {
      {"stream", {{"read", 1025}, {"conv1", 264691}, {"pool1", 6734}, {"conv2", 203618}, {"pool2", 1856},
                  {"conv3", 8324}, {"full1", 524}, {"full2", 442}, {"write", 31}}},
      {"partial", {{"read", 1025}, {"sub_conv1", 88954}, {"pool1", 10536}, {"sub_conv2", 34500}, {"pool2", 2544},
                   {"conv3", 8324}, {"full1", 524}, {"full2", 442}, {"write", 31}}},
      {"optimized", {{"read", 1025}, {"sub_conv1", 34011}, {"pool1", 10536}, {"sub_conv2", 14912}, {"pool2", 2544},
                     {"conv3", 8324}, {"full1", 524}, {"full2", 442}, {"write", 31}}},
  };
  int close = 0, total = 0;
  std::printf("  %-9s %-9s %9s %9s %9s\n", "design", "stage", "model", "seed", "error");
  for (const auto& [name, table] : seed) {
    const LenetHlsDesign& d = lenet_hls_design(name);
    ASSERT_EQ(d.stages.size(), table.size()) << name;
    for (size_t i = 0; i < table.size(); ++i) {
      const LenetStage& s = d.stages[i];
      EXPECT_EQ(s.name, table[i].stage) << name;
      const double model = double(s.latency()), err = (model - table[i].seed) / table[i].seed;
      std::printf("  %-9s %-9s %9.0f %9.0f %+8.2f %%\n", name.c_str(), s.name.c_str(), model, table[i].seed,
                  100.0 * err);
      EXPECT_LE(std::fabs(err), kBand) << name << "." << s.name << ": model " << model << " seed " << table[i].seed;
      close += std::fabs(err) <= kClose;
      ++total;
    }
  }
  std::printf("  %d of %d stages within +/-5 %% of the seed\n", close, total);
  EXPECT_GE(close, kMinClose);
  // The DATAFLOW interval is set by the slowest stage: conv1 / sub_conv1, in every design.
  for (const auto& [name, table] : seed)
    EXPECT_EQ(lenet_hls_design(name).max_stage_latency(), lenet_hls_design(name).stages[1].latency()) << name;
}

TEST(LenetDesigns, LoopStructuresDoTheLayersWork) {
  // Multiply-accumulates per image = what the layers need, split over the sub-functions.
  for (const char* name : {"stream", "partial", "optimized"}) {
    const LenetHlsDesign& d = lenet_hls_design(name);
    auto macs = [&](LenetLayer l) {
      const LenetStage* s = d.find(l);
      uint64_t w = 0;
      for (const auto& loop : s->compute_loops) w += hls_loop_work(loop);
      return w * s->instances;
    };
    EXPECT_EQ(macs(LenetLayer::Conv1), 3u * 28 * 28 * 25) << name;
    EXPECT_EQ(macs(LenetLayer::Conv2), 6u * 10 * 10 * 3 * 25) << name;
    EXPECT_EQ(macs(LenetLayer::Conv3), 12u * 6 * 25) << name;
    EXPECT_EQ(macs(LenetLayer::Fc1), 10u * 12) << name;
    // Every stage reads what its producer writes per channel.
    for (size_t i = 1; i < d.stages.size(); ++i) {
      uint64_t reads = 0;
      for (const auto& loop : d.stages[i].read_loops) reads += hls_loop_work(loop);
      const uint64_t per_channel = d.stages[i - 1].outputs;
      const unsigned channels_in = d.stages[i].layer == LenetLayer::Pool1 || d.stages[i].layer == LenetLayer::Pool2
                                       ? d.stages[i - 1].instances : 1;
      EXPECT_EQ(reads, per_channel * channels_in) << name << "." << d.stages[i].name;
    }
  }
}
