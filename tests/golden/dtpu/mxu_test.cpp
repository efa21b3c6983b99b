// The MXU reference (dtpu_mxu.h) against values computed by hand in the test.
#include <gtest/gtest.h>

#include <cstring>

#include "golden/dtpu/dtpu_mxu.h"

namespace {
uint32_t fbits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
}  // namespace

TEST(DtpuMxu, ModeWidthsAndChecks) {
  EXPECT_EQ(dtpu_elem_bits(DTPU_PREC_INT8), 8u);
  EXPECT_EQ(dtpu_elem_bits(DTPU_PREC_INT16), 16u);
  EXPECT_EQ(dtpu_elem_bits(DTPU_PREC_INT32), 32u);
  EXPECT_EQ(dtpu_elem_bits(DTPU_PREC_INT64), 64u);
  EXPECT_EQ(dtpu_elem_bits(DTPU_CSR_FP32), 32u);
  EXPECT_EQ(dtpu_elem_bits(DTPU_CSR_BF16), 16u);
  EXPECT_EQ(dtpu_elem_bits(DTPU_CSR_VECTOR), 64u);
  EXPECT_EQ(dtpu_elem_bits(0x5u), 0u);  // undefined precision code
  EXPECT_EQ(dtpu_out_bits(DTPU_PREC_INT8 | DTPU_CSR_WIDE), 32u);
  EXPECT_EQ(dtpu_out_bits(DTPU_PREC_INT16 | DTPU_CSR_WIDE), 32u);
  EXPECT_EQ(dtpu_out_bits(DTPU_PREC_INT32 | DTPU_CSR_WIDE), 64u);
  EXPECT_EQ(dtpu_out_bits(DTPU_PREC_INT8), 8u);
  EXPECT_EQ(dtpu_mode_check(DTPU_PREC_INT16, DTPU_HAS_INT8), DTPU_ERR_PRECISION);
  EXPECT_EQ(dtpu_mode_check(DTPU_PREC_NONE, DTPU_HAS_ALL), DTPU_ERR_PRECISION);
  EXPECT_EQ(dtpu_mode_check(DTPU_PREC_INT8, DTPU_HAS_INT8), DTPU_ERR_NONE);
}

TEST(DtpuMxu, PackingLittleEndianElementOrder) {
  uint64_t w[2] = {0, 0};
  for (unsigned k = 0; k < 8; ++k) dtpu_put(w, k, 8, 0x10 + k);
  EXPECT_EQ(w[0], 0x1716151413121110ull);  // element k in bits [8k+7:8k]
  dtpu_put(w, 5, 16, 0xBEEF);               // int16: 4 per word, element 5 in word 1 bits [31:16]
  EXPECT_EQ(w[1], 0x00000000BEEF0000ull);
  EXPECT_EQ(dtpu_get(w, 5, 16), 0xBEEFu);
  EXPECT_EQ(dtpu_sext(0xFF, 8), -1);
  EXPECT_EQ(dtpu_sext(0x7F, 8), 127);
  EXPECT_EQ(dtpu_words(8, 8), 1u);   // 8x8 int8: one activation word
  EXPECT_EQ(dtpu_words(8, 16), 2u);  // 8x8 int16: two
  EXPECT_EQ(dtpu_words(16, 8), 2u);  // 16x16 int8: two
  EXPECT_EQ(dtpu_words(16, 16), 4u);
  EXPECT_EQ(dtpu_words(3, 32), 2u);  // ceil(96 / 64)
}

// 3x3, int8: y_i = sum_j W[i][j] x[j] with hand values.
TEST(DtpuMxu, Int8WrapAndWide) {
  uint64_t w[3] = {0, 0, 0}, x[1] = {0}, y[2] = {0, 0};
  const int8_t W[3][3] = {{100, 100, 1}, {-1, 2, -3}, {127, 127, 127}};
  const int8_t X[3] = {2, 1, -128};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) dtpu_put(&w[i], j, 8, uint8_t(W[i][j]));
  for (int j = 0; j < 3; ++j) dtpu_put(x, j, 8, uint8_t(X[j]));
  // Wrap (thesis): row 0 = 200 + 100 - 128 = 172 -> 0xAC; row 1 = -2 + 2 + 384 = 384 -> 0x80;
  // row 2 = 127*(2+1-128) = -15875 -> 0x...FD -> 0xFD.
  dtpu_mxu_compute(3, 3, DTPU_PREC_INT8, w, x, y);
  EXPECT_EQ(dtpu_get(y, 0, 8), 0xACu);
  EXPECT_EQ(dtpu_get(y, 1, 8), 0x80u);
  EXPECT_EQ(dtpu_get(y, 2, 8), 0xFDu);
  // Wide signed: exact int32 results.
  uint64_t yw[2] = {0, 0};
  dtpu_mxu_compute(3, 3, DTPU_PREC_INT8 | DTPU_CSR_WIDE | DTPU_CSR_SIGNED, w, x, yw);
  EXPECT_EQ(dtpu_sext(dtpu_get(yw, 0, 32), 32), 172);
  EXPECT_EQ(dtpu_sext(dtpu_get(yw, 1, 32), 32), 384);
  EXPECT_EQ(dtpu_sext(dtpu_get(yw, 2, 32), 32), -15875);
  // Wide unsigned: operands are 0..255: row 1 = 255*2 + 2*1 + 253*128 = 32896.
  dtpu_mxu_compute(3, 3, DTPU_PREC_INT8 | DTPU_CSR_WIDE, w, x, yw);
  EXPECT_EQ(dtpu_get(yw, 1, 32), 32896u);
}

TEST(DtpuMxu, Int16Int32Int64) {
  uint64_t w[3][1] = {}, x[1] = {}, y[3] = {};  // 3 int16 per row: one word
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) dtpu_put(w[i], j, 16, uint16_t(i == j ? 300 : 0));
  for (int j = 0; j < 3; ++j) dtpu_put(x, j, 16, uint16_t(300 + j));
  dtpu_mxu_compute(3, 3, DTPU_PREC_INT16, &w[0][0], x, y);
  EXPECT_EQ(dtpu_get(y, 0, 16), (300u * 300u) & 0xFFFFu);  // 90000 mod 65536 = 24464
  EXPECT_EQ(dtpu_get(y, 2, 16), 24464u + 600u);           // 300*302 = 90600 -> 25064
  uint64_t yw[2] = {};
  dtpu_mxu_compute(3, 3, DTPU_PREC_INT16 | DTPU_CSR_WIDE | DTPU_CSR_SIGNED, &w[0][0], x, yw);
  EXPECT_EQ(dtpu_get(yw, 0, 32), 90000u);
  // int32 wrap vs wide (int64 output): 65536 * 65536 = 2^32.
  uint64_t w32[3][2] = {}, x32[2] = {}, y32[2] = {}, y64[3] = {};
  dtpu_put(w32[0], 0, 32, 65536);
  dtpu_put(x32, 0, 32, 65536);
  dtpu_mxu_compute(3, 3, DTPU_PREC_INT32, &w32[0][0], x32, y32);
  EXPECT_EQ(dtpu_get(y32, 0, 32), 0u);
  dtpu_mxu_compute(3, 3, DTPU_PREC_INT32 | DTPU_CSR_WIDE | DTPU_CSR_SIGNED, &w32[0][0], x32, y64);
  EXPECT_EQ(y64[0], 1ull << 32);
  // int64: products modulo 2^64.
  uint64_t w64[9] = {}, x64[3] = {}, o64[3] = {};
  w64[0] = 1ull << 40;
  x64[0] = 1ull << 30;  // 2^70 mod 2^64 = 0
  w64[1] = 3;
  x64[1] = 5;
  dtpu_mxu_compute(3, 3, DTPU_PREC_INT64, w64, x64, o64);
  EXPECT_EQ(o64[0], 15u);
}

TEST(DtpuMxu, VectorModeLanesIndependent) {
  // Lanes [7:0] int8, [15:8] int8, [31:16] int16, [63:32] int32; 3x3, only column 0 and 1 used.
  uint64_t w[9] = {}, x[3] = {}, y[3] = {};
  w[0] = 0x00000002'0003'10'20ull;  // lanes: 0x20, 0x10, 3, 2
  w[1] = 0x00000001'FFFF'01'01ull;  // 1, 1, 0xFFFF, 1
  x[0] = 0x80000000'4000'10'10ull;  // 0x10, 0x10, 0x4000, 0x80000000
  x[1] = 0x00000005'0002'FF'F0ull;  // 0xF0, 0xFF, 2, 5
  dtpu_mxu_compute(3, 3, DTPU_CSR_VECTOR, w, x, y);
  // lane0: 0x20*0x10 + 1*0xF0 = 0x2F0 -> 0xF0; lane1: 0x10*0x10 + 0xFF = 0x1FF -> 0xFF;
  // lane2: 3*0x4000 + 0xFFFF*2 = 0xC000 + 0x1FFFE = 0x2BFFE -> 0xBFFE;
  // lane3: 2*0x80000000 + 5 = 0x1'00000005 -> 5 (no carry into other lanes).
  EXPECT_EQ(y[0], 0x00000005'BFFE'FF'F0ull);
}

TEST(DtpuMxu, Fp32RoundsEveryStep) {
  // 1 + 2^-24 is not representable: (1*1) + (2^-24 * 1) rounds to 1 (ties to even), then
  // + 2^-24 again rounds to 1: the systolic order loses both; a fused/exact sum would give
  // 1 + 2^-23.
  uint64_t w[3][2] = {}, x[2] = {}, y[2] = {};
  dtpu_put(w[0], 0, 32, fbits(1.0f));
  dtpu_put(w[0], 1, 32, fbits(0x1p-24f));
  dtpu_put(w[0], 2, 32, fbits(0x1p-24f));
  for (int j = 0; j < 3; ++j) dtpu_put(x, j, 32, fbits(1.0f));
  dtpu_mxu_compute(3, 3, DTPU_CSR_FP32, &w[0][0], x, y);
  EXPECT_EQ(dtpu_get(y, 0, 32), fbits(1.0f));
  // Multiplication rounds too: (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46 -> 1 + 2^-22.
  uint64_t w2[3][2] = {}, x2[2] = {}, y2[2] = {};
  dtpu_put(w2[0], 0, 32, fbits(1.0f + 0x1p-23f));
  dtpu_put(x2, 0, 32, fbits(1.0f + 0x1p-23f));
  dtpu_mxu_compute(3, 3, DTPU_CSR_FP32, &w2[0][0], x2, y2);
  EXPECT_EQ(dtpu_get(y2, 0, 32), fbits(1.0f + 0x1p-22f));
}

TEST(DtpuMxu, Bf16RoundToNearestEven) {
  EXPECT_EQ(dtpu_f32_to_bf16(0x3F808000u), 0x3F80u);  // tie, even stays
  EXPECT_EQ(dtpu_f32_to_bf16(0x3F818000u), 0x3F82u);  // tie, odd rounds up
  EXPECT_EQ(dtpu_f32_to_bf16(0x3F808001u), 0x3F81u);  // above half
  EXPECT_EQ(dtpu_f32_to_bf16(0x7FC00001u) & 0x7FC0u, 0x7FC0u);  // NaN stays NaN
  // bf16 has 8 significant bits: 1 + 2^-8 rounds to 1 (tie to even), and 3 * (1 + 2^-7)
  // = 3 + 3*2^-7 = 0x4041 + ... : 3.0234375 -> nearest bf16 3.03125 (0x4042).
  uint64_t w[3] = {}, x[1] = {}, y[1] = {};
  dtpu_put(w, 0, 16, 0x4040);  // 3.0
  dtpu_put(x, 0, 16, 0x3F81);  // 1 + 2^-7
  dtpu_put(w, 1, 16, 0x3F80);  // 1.0
  dtpu_put(x, 1, 16, 0x3B80);  // 2^-8: 3.03125 + 2^-8 = 3.03515625 -> ties between 3.03125 and 3.046875? no: spacing at 3 is 2^-6
  dtpu_mxu_compute(3, 3, DTPU_CSR_BF16, w, x, y);
  // product 3.0234375 (exact in fp32) -> bf16: spacing 2^-6 = 0.015625: 3.015625 or 3.03125;
  // 3.0234375 is exactly halfway -> even mantissa: 3.03125 (0x4042) vs 3.015625 (0x4041): 0x4042.
  // sum 3.03125 + 0.00390625 = 3.03515625 -> below half a step -> 3.03125 (0x4042).
  EXPECT_EQ(dtpu_get(y, 0, 16), 0x4042u);
}
