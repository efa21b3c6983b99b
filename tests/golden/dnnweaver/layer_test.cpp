// The golden layer model: arithmetic on a hand-made case and the lock-step counts on hand-made
// activation patterns (counts written here by hand).
#include <gtest/gtest.h>

#include <vector>

#include "golden/dnnweaver/dw_layer.h"

namespace {

dw_layer one_by_one(int mode, unsigned in_w, unsigned out_c = 1) {
  dw_layer l{};
  l.enc = dw_enc_params{uint8_t(mode), 8, 3, 1, 2};
  l.in_c = 1;
  l.in_h = 1;
  l.in_w = uint16_t(in_w);
  l.out_c = uint16_t(out_c);
  l.k = 1;
  l.in_row_stride = in_w;
  l.in_chan_stride = in_w;
  l.out_chan_stride = in_w;
  return l;
}

TEST(Layer, LockStepCyclesHandCount) {
  // 4 pixels, 1x1 kernel, 2 PEs: groups {255, 1} and {7, 0}.
  // exact: 255 = 0-based 0 zeros + 2 = 2 steps; 1 = 1 step -> group 1 takes 2 cycles;
  //        7 = 3 steps, 0 = 0 steps -> group 2 takes 3 cycles. Total 5; stalls (2-2)+(2-1)+(3-3)+(3-1) = 3.
  // pragmatic: 8 and 1 -> 8; 3 and 0 -> 3: 11 cycles, stalls 7 + 2 = 9. parallel 2, serial 16.
  dw_layer l = one_by_one(DW_MODE_EXACT, 4);
  const std::vector<int16_t> in = {255, 1, 7, 0}, w = {3};
  const std::vector<int32_t> b = {0};
  std::vector<int16_t> out(4);
  dw_layer_counts c;
  dw_layer_run(&l, 2, in.data(), w.data(), b.data(), out.data(), &c);
  EXPECT_EQ(c.ours.cycles, 5u);
  EXPECT_EQ(c.ours.stalls, 3u);
  EXPECT_EQ(c.ours.terms, 2u + 1 + 3 + 0);
  EXPECT_EQ(c.ours.macs, 4u);
  EXPECT_EQ(c.pragmatic.cycles, 11u);
  EXPECT_EQ(c.pragmatic.stalls, 9u);
  EXPECT_EQ(c.parallel.cycles, 2u);
  EXPECT_EQ(c.serial.cycles, 16u);
  EXPECT_EQ(out, (std::vector<int16_t>{765, 3, 21, 0}));
  // Fixed slots in fast 3-1: every step takes max(3, 1 + 2) = 3 cycles: 6 in all.
  l.enc.mode = DW_MODE_FAST;
  l.fixed_slots = 1;
  dw_layer_run(&l, 2, in.data(), w.data(), b.data(), out.data(), &c);
  EXPECT_EQ(c.ours.cycles, 6u);
  // fast 3-1 of 255 = 255 (0-based, no zero): x3 = 765; 7 = 7; 1 = 1.
  EXPECT_EQ(out, (std::vector<int16_t>{765, 3, 21, 0}));
}

TEST(Layer, ReluShiftPoolAndSign) {
  // 2x2 input, 1x1 kernel, weight -1, bias 10, shift 1: acc = 10 - a; ReLU; (y + 1) >> 1; pool max.
  dw_layer l{};
  l.enc = dw_enc_params{DW_MODE_EXACT, 16, 0, 0, 2};
  l.in_c = 1; l.in_h = 2; l.in_w = 2; l.out_c = 1; l.k = 1;
  l.in_row_stride = 2; l.in_chan_stride = 4; l.out_chan_stride = 1;
  l.relu = 1; l.shift = 1; l.pool = 1;
  const std::vector<int16_t> in = {4, -3, 20, 9}, w = {-1};
  const std::vector<int32_t> b = {10};
  // conv: 6, 13, -10 -> 0, 1; quantised (y+1)>>1: 3, 7, 0, 1; max 7.
  EXPECT_EQ(dw_layer_output(&l, in.data(), w.data(), b.data(), 0, 0, 0), 7);
  const char* why = nullptr;
  EXPECT_EQ(dw_layer_check(&l, &why), 0);
  l.k = 3;  // bigger than the input
  EXPECT_NE(dw_layer_check(&l, &why), 0);
}

}  // namespace
