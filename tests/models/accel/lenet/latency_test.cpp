// HLS loop-latency rules and the three designs' stage latencies against seed 004's tables.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <stdexcept>

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

// Seed 004's HLS per-function latency tables (cycles): the reference the model is checked against.
TEST(LenetDesigns, StageLatenciesWithinFivePercentOfSeed) {
  const std::map<std::string, std::vector<std::pair<std::string, double>>> seed = {
      {"stream", {{"read", 1025}, {"conv1", 264691}, {"pool1", 6734}, {"conv2", 203618}, {"pool2", 1856},
                  {"conv3", 8324}, {"full1", 524}, {"full2", 442}, {"write", 31}}},
      {"partial", {{"read", 1025}, {"sub_conv1", 88954}, {"pool1", 10536}, {"sub_conv2", 34500}, {"pool2", 2544},
                   {"conv3", 8324}, {"full1", 524}, {"full2", 442}, {"write", 31}}},
      {"optimized", {{"read", 1025}, {"sub_conv1", 34011}, {"pool1", 10536}, {"sub_conv2", 14912}, {"pool2", 2544},
                     {"conv3", 8324}, {"full1", 524}, {"full2", 442}, {"write", 31}}},
  };
  for (const auto& [name, table] : seed) {
    const LenetHlsDesign& d = lenet_hls_design(name);
    ASSERT_EQ(d.stages.size(), table.size()) << name;
    for (size_t i = 0; i < table.size(); ++i) {
      const LenetStage& s = d.stages[i];
      EXPECT_EQ(s.name, table[i].first) << name;
      const double model = double(s.latency());
      EXPECT_LE(std::fabs(model - table[i].second) / table[i].second, 0.05)
          << name << "." << s.name << ": model " << model << " seed " << table[i].second;
      std::printf("  %-9s %-9s model %7.0f  seed %7.0f  (%+.3f %%)\n", name.c_str(), s.name.c_str(), model,
                  table[i].second, 100.0 * (model - table[i].second) / table[i].second);
    }
  }
  // The DATAFLOW interval is set by the slowest stage: conv1 / sub_conv1.
  EXPECT_EQ(lenet_hls_design("optimized").max_stage_latency(), lenet_hls_design("optimized").stages[1].latency());
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
