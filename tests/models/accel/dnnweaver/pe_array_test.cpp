// The PE array (shift-add lanes) against the golden model (multiplies the approximated
// activation) on random layers in every mode, and its lock-step counts on a hand-made case.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "accel/dnnweaver/pe_array.h"

namespace {

struct Case {
  dw_layer l{};
  std::vector<int16_t> in, w;
  std::vector<int32_t> b;
};

Case random_case(std::mt19937& rng, int mode, unsigned bits, unsigned m1, unsigned m0, bool pool) {
  Case c;
  dw_layer& l = c.l;
  l.enc = dw_enc_params{uint8_t(mode), uint8_t(bits), uint8_t(m1), uint8_t(m0), 2};
  l.in_c = 3;
  l.in_h = 9;
  l.in_w = 8;
  l.out_c = 4;
  l.k = 3;
  l.in_row_stride = l.in_w;
  l.in_chan_stride = l.in_w * l.in_h;
  l.relu = pool;
  l.pool = pool;
  l.shift = 4;
  l.fixed_slots = mode == DW_MODE_FAST;
  l.out_chan_stride = dw_layer_out_h(&l) * dw_layer_out_w(&l);
  const int amax = bits == 8 ? 255 : 32767;
  std::uniform_int_distribution<int> a(-amax, amax), w(-32768, 32767), b(-100000, 100000);
  c.in.resize(size_t(l.in_c) * l.in_h * l.in_w);
  for (auto& v : c.in) v = int16_t(a(rng));
  c.w.resize(size_t(l.out_c) * l.in_c * 9);
  for (auto& v : c.w) v = int16_t(w(rng));
  for (int i = 0; i < l.out_c; ++i) c.b.push_back(b(rng));
  return c;
}

TEST(PeArray, MatchesGoldenInEveryMode) {
  std::mt19937 rng(11);
  struct M { int mode; unsigned bits, m1, m0; };
  const M modes[] = {{DW_MODE_PARALLEL, 16, 0, 0}, {DW_MODE_SERIAL, 16, 0, 0}, {DW_MODE_PRAGMATIC, 16, 0, 0},
                     {DW_MODE_EXACT, 16, 0, 0},    {DW_MODE_EXACT, 8, 0, 0},     {DW_MODE_OPTIMUM, 16, 8, 6},
                     {DW_MODE_OPTIMUM, 8, 3, 1},   {DW_MODE_FAST, 16, 4, 2},     {DW_MODE_FAST, 16, 3, 1},
                     {DW_MODE_FAST, 8, 3, 1}};
  for (const M& m : modes)
    for (bool pool : {false, true}) {
      Case c = random_case(rng, m.mode, m.bits, m.m1, m.m0, pool);
      zvp::PeArray pe(5, 1024);  // 5 lanes: groups do not divide the 7x6 map
      std::vector<int16_t> out;
      zvp::PeCounters cnt;
      pe.run(c.l, c.in, c.w, c.b, out, cnt);
      std::vector<int16_t> want(out.size());
      dw_layer_counts g;
      dw_layer_run(&c.l, 5, c.in.data(), c.w.data(), c.b.data(), want.data(), &g);
      EXPECT_EQ(out, want) << "mode " << dw_mode_name(m.mode) << " N=" << m.bits << " pool " << pool;
      EXPECT_EQ(cnt.cycles, g.ours.cycles);
      EXPECT_EQ(cnt.macs, g.ours.macs);
      EXPECT_EQ(cnt.terms, g.ours.terms);
      EXPECT_EQ(cnt.stalls, g.ours.stalls);
      EXPECT_EQ(cnt.prag_cycles, g.pragmatic.cycles);
      EXPECT_EQ(cnt.prag_terms, g.pragmatic.terms);
      EXPECT_EQ(cnt.prag_stalls, g.pragmatic.stalls);
      EXPECT_EQ(cnt.par_cycles, g.parallel.cycles);
      EXPECT_EQ(cnt.serial_cycles, g.serial.cycles);
      // 7x6 conv pixels in groups of 5 = 9 groups; 27 weights per group and output channel.
      EXPECT_EQ(cnt.par_cycles, 9u * 27 * 4);
      EXPECT_EQ(cnt.macs, 42u * 27 * 4);
    }
}

TEST(PeArray, LockStepHandCount) {
  // One row of 3 pixels, 1x1 kernel, 4 lanes (one group, lane 4 idle), 16-bit exact:
  // 0xFFFF: 0-based, 0 zeros + 2 = 2 steps; 0x00FF: 8 ones vs 8 zeros -> 1-based, 8 steps;
  // 3: 2 steps. The step takes 8 cycles; stalls (8-2)+(8-8)+(8-2) = 12; terms 12.
  // Pragmatic: 16, 8, 2 -> 16 cycles, stalls 0 + 8 + 14 = 22. With 1 lane: 2 + 8 + 2 = 12 cycles.
  dw_layer l{};
  l.enc = dw_enc_params{DW_MODE_EXACT, 16, 0, 0, 2};
  l.in_c = 1; l.in_h = 1; l.in_w = 3; l.out_c = 1; l.k = 1;
  l.in_row_stride = 3; l.in_chan_stride = 3; l.out_chan_stride = 3;
  const std::vector<int16_t> w = {-2};
  std::vector<int16_t> in2 = {int16_t(0x7FFF), 0x00FF, 3};
  const std::vector<int32_t> b = {5};
  std::vector<int16_t> out;
  zvp::PeCounters cnt;
  zvp::PeArray pe(4, 16);
  pe.run(l, in2, w, b, out, cnt);
  // 0x7FFF: 15 ones, 1 zero -> 0-based, 1 + 2 = 3 steps. Step = 8 cycles; stalls 5 + 0 + 6 = 11.
  EXPECT_EQ(cnt.cycles, 8u);
  EXPECT_EQ(cnt.stalls, 11u);
  EXPECT_EQ(cnt.terms, 3u + 8 + 2);
  EXPECT_EQ(cnt.prag_cycles, 15u);
  EXPECT_EQ(cnt.prag_stalls, 0u + 7 + 13);
  EXPECT_EQ(cnt.serial_cycles, 16u);
  EXPECT_EQ(out, (std::vector<int16_t>{-32768, 5 - 2 * 0xFF, -1}));  // saturated to int16
  zvp::PeCounters one;
  zvp::PeArray pe1(1, 16);
  pe1.run(l, in2, w, b, out, one);
  EXPECT_EQ(one.cycles, 3u + 8 + 2);
  EXPECT_EQ(one.stalls, 0u);
}

TEST(PeArray, RefusesALayerBeyondThePartialSumBuffer) {
  dw_layer l{};
  l.enc = dw_enc_params{DW_MODE_EXACT, 16, 0, 0, 2};
  l.in_c = 1; l.in_h = 1; l.in_w = 9; l.out_c = 2; l.k = 1;
  l.in_row_stride = 9; l.in_chan_stride = 9; l.out_chan_stride = 9;
  zvp::PeArray pe(4, 5);  // needs ceil(9/4) * 2 = 6 entries per lane
  EXPECT_EQ(pe.psum_needed(l), 6u);
  std::vector<int16_t> in(9, 1), w(2, 1), out;
  std::vector<int32_t> b(2, 0);
  zvp::PeCounters c;
  EXPECT_THROW(pe.run(l, in, w, b, out, c), std::invalid_argument);
}

}  // namespace
