// Fixed-point primitives of the golden model: AP_RND rounding (ties toward +inf), AP_SAT
// saturation, wide accumulation, pixel conversion and the seed's integer-bit formula.
#include <gtest/gtest.h>

#include <cmath>

#include "golden/lenet/evaluate.h"
#include "golden/lenet/lenet_fixed.h"

namespace {

constexpr lenet_fx_fmt F16_0{16, 16};  // integers, F = 0
constexpr lenet_fx_fmt F16_4{16, 4};   // F = 12

}  // namespace

TEST(LenetFixed, RoundsHalfTowardPlusInfinity) {
  // v / 2 -> F = 0: 0.5 -> 1, -0.5 -> 0, 1.5 -> 2, -1.5 -> -1, 2.5 -> 3
  EXPECT_EQ(lenet_fx_convert(1, 1, F16_0), 1);
  EXPECT_EQ(lenet_fx_convert(-1, 1, F16_0), 0);
  EXPECT_EQ(lenet_fx_convert(3, 1, F16_0), 2);
  EXPECT_EQ(lenet_fx_convert(-3, 1, F16_0), -1);
  EXPECT_EQ(lenet_fx_convert(5, 1, F16_0), 3);
  // Not a tie: nearest. 1.25 -> 1, -1.25 -> -1, -1.75 -> -2, 0.75 -> 1
  EXPECT_EQ(lenet_fx_convert(5, 2, F16_0), 1);
  EXPECT_EQ(lenet_fx_convert(-5, 2, F16_0), -1);
  EXPECT_EQ(lenet_fx_convert(-7, 2, F16_0), -2);
  EXPECT_EQ(lenet_fx_convert(3, 2, F16_0), 1);
  // Widening (fewer fractional bits in the source) is exact.
  EXPECT_EQ(lenet_fx_convert(-3, 0, F16_4), -3 * 4096);
}

TEST(LenetFixed, SaturatesAtBothEnds) {
  EXPECT_EQ(lenet_fx_convert(40000, 0, F16_0), 32767);
  EXPECT_EQ(lenet_fx_convert(-40000, 0, F16_0), -32768);
  EXPECT_EQ(lenet_fx_convert(32767, 0, F16_0), 32767);
  // 8.0 does not fit <16,4> (max 8 - 2^-12): saturates; -8.0 fits exactly.
  EXPECT_EQ(lenet_fx_convert(8, 0, F16_4), 32767);
  EXPECT_EQ(lenet_fx_convert(-8, 0, F16_4), -32768);
  EXPECT_EQ(lenet_fx_convert(-9, 0, F16_4), -32768);
  // Rounding up into overflow saturates instead of wrapping.
  EXPECT_EQ(lenet_fx_convert(2 * 32767 + 1, 1, F16_0), 32767);
  // Huge left shifts saturate without overflowing int64.
  EXPECT_EQ(lenet_fx_convert(int64_t(1) << 40, 0, lenet_fx_fmt{32, 1}), (int64_t(1) << 31) - 1);
  EXPECT_EQ(lenet_fx_convert(-(int64_t(1) << 40), 0, lenet_fx_fmt{32, 1}), -(int64_t(1) << 31));
}

TEST(LenetFixed, FloorShiftIsFloorForNegatives) {
  EXPECT_EQ(lenet_fx_floor_shift(-1, 1), -1);
  EXPECT_EQ(lenet_fx_floor_shift(-2, 1), -1);
  EXPECT_EQ(lenet_fx_floor_shift(-3, 1), -2);
  EXPECT_EQ(lenet_fx_floor_shift(7, 2), 1);
  EXPECT_EQ(lenet_fx_floor_shift(-8, 2), -2);
  EXPECT_EQ(lenet_fx_floor_shift(-9, 2), -3);
  for (int64_t v = -1000; v <= 1000; ++v)
    for (int s = 0; s < 6; ++s)
      ASSERT_EQ(lenet_fx_floor_shift(v, s), static_cast<int64_t>(std::floor(double(v) / double(1 << s)))) << v << " " << s;
}

TEST(LenetFixed, FromDoubleMatchesRoundingAndSaturation) {
  const lenet_fx_fmt w{16, 2};  // F = 14
  EXPECT_EQ(lenet_fx_from_double(0.5 / 16384, w), 1);     // +0.5 LSB -> up
  EXPECT_EQ(lenet_fx_from_double(-0.5 / 16384, w), 0);    // -0.5 LSB -> toward +inf
  EXPECT_EQ(lenet_fx_from_double(-1.5 / 16384, w), -1);
  EXPECT_EQ(lenet_fx_from_double(-0.6 / 16384, w), -1);
  EXPECT_EQ(lenet_fx_from_double(1.0, w), 16384);
  EXPECT_EQ(lenet_fx_from_double(2.0, w), 32767);
  EXPECT_EQ(lenet_fx_from_double(-2.0, w), -32768);
  EXPECT_EQ(lenet_fx_from_double(-5.0, w), -32768);
  EXPECT_EQ(lenet_fx_from_double(std::nan(""), w), 0);
  EXPECT_DOUBLE_EQ(lenet_fx_to_double(-16384, w), -1.0);
}

TEST(LenetFixed, MacRoundsEachProductIntoTheAccumulatorAndSaturates) {
  const lenet_fx_fmt acc{32, 8};  // F = 24; products of F14 x F14 have F = 28: 4 bits rounded
  // x = 1 LSB (2^-14), w = 8 LSB: product 8 * 2^-28 = 0.5 LSB of the accumulator -> rounds up.
  EXPECT_EQ(lenet_fx_mac(0, acc, 1, 14, 8, 14), 1);
  EXPECT_EQ(lenet_fx_mac(0, acc, -1, 14, 8, 14), 0);   // -0.5 LSB -> 0
  EXPECT_EQ(lenet_fx_mac(0, acc, 1, 14, 7, 14), 0);    // 0.4375 LSB -> 0
  EXPECT_EQ(lenet_fx_mac(10, acc, 1, 14, 24, 14), 12); // 1.5 LSB -> 2, added exactly
  // The sum saturates at the accumulator's limits, not at 16 bits.
  const int64_t amax = (int64_t(1) << 31) - 1;
  EXPECT_EQ(lenet_fx_mac(amax - 1, acc, 16384, 14, 16384, 14), amax);
  EXPECT_EQ(lenet_fx_mac(-amax, acc, -16384, 14, 16384, 14), -amax - 1);
  EXPECT_EQ(lenet_fx_mac(5000, acc, 16384, 14, 16384, 14), 5000 + (int64_t(1) << 24));
}

TEST(LenetFixed, PixelIsPOver255RoundedAndSaturated) {
  const lenet_fx_fmt in2{16, 2}, in1{16, 1};
  EXPECT_EQ(lenet_fx_pixel(0, in2), 0);
  EXPECT_EQ(lenet_fx_pixel(255, in2), 16384);   // exactly 1.0
  EXPECT_EQ(lenet_fx_pixel(255, in1), 32767);   // 1.0 does not fit ap_fixed<16,1>: saturates
  for (int p = 0; p < 256; ++p) {
    const double exact = p * 16384.0 / 255.0;
    ASSERT_EQ(lenet_fx_pixel(static_cast<uint8_t>(p), in2), static_cast<int16_t>(std::floor(exact + 0.5))) << p;
  }
}

TEST(LenetFixed, IntegerBitsFollowTheSeedFormula) {
  // The seed's own measurements and its resulting integer parts.
  EXPECT_EQ(lenet_fx_integer_bits(4.71154), 4);   // CONV1 out
  EXPECT_EQ(lenet_fx_integer_bits(20.4851), 6);   // CONV2 out (|min|)
  EXPECT_EQ(lenet_fx_integer_bits(36.0140), 7);   // CONV3 out
  EXPECT_EQ(lenet_fx_integer_bits(33.5324), 7);   // FULL1 out
  EXPECT_EQ(lenet_fx_integer_bits(30.0438), 6);   // FULL2 out
  EXPECT_EQ(lenet_fx_integer_bits(0.0), 1);
  EXPECT_EQ(lenet_fx_integer_bits(1.0), 2);
  EXPECT_EQ(lenet_fx_integer_bits(3.0), 3);       // log2(4) = 2 exactly
  EXPECT_EQ(lenet_fx_integer_bits(-1.0), 1);
  for (double m = 0.001; m < 3000; m *= 1.0137)
    ASSERT_EQ(lenet_fx_integer_bits(m), static_cast<int>(std::ceil(std::log2(m + 1))) + 1) << m;
}

TEST(LenetFixed, FormatSelectionUsesFormulaAndWideAccumulators) {
  zvp::lenet::ObservedRanges r;
  r.input = 1.0;
  for (int l = 0; l < LITE_LAYERS; ++l) {
    r.weight[l] = 0.5 + l;   // 0.5 -> 2, 1.5 -> 3, 2.5 -> 3, 3.5 -> 4, 4.5 -> 4
    r.bias[l] = 0.1;
    r.out[l] = 4.7 * (l + 1);
  }
  r.out[LITE_L_FC2] = 1e9;   // would need 31 bits: clamped to the 16-bit word
  const auto f = zvp::lenet::select_formats(r);
  EXPECT_EQ(f.input.w, 16);
  EXPECT_EQ(f.input.i, 2);
  const int wexp[LITE_LAYERS] = {2, 3, 3, 4, 4};
  const int oexp[LITE_LAYERS] = {4, 5, 5, 6, 16};
  for (int l = 0; l < LITE_LAYERS; ++l) {
    EXPECT_EQ(f.weight[l].i, wexp[l]) << l;
    EXPECT_EQ(f.bias[l].i, 2);
    EXPECT_EQ(f.out[l].i, oexp[l]) << l;
    EXPECT_EQ(f.acc[l].w, 32);
    EXPECT_EQ(f.acc[l].i, std::min(32, 2 * oexp[l]));
  }
  EXPECT_EQ(lenet_lite_formats_check(&f), 0);
}
