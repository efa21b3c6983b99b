// The packed-row kernels of the ARM front end (golden/convnet/csp_rows.h): the host
// build runs their portable C; the ARM app convnet_rows_check runs the same self-check on the
// Cortex-A9's SIMD32 code (tests/firmware/arm/apps).
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

extern "C" {
#include "golden/convnet/csp_rows.h"
#include "golden/convnet/csp_rows_check.h"
#include "golden/csp/csp_ref.h"
}

namespace {

uint32_t word(const std::vector<uint8_t>& b, size_t i) {
  return b[4 * i] | uint32_t(b[4 * i + 1]) << 8 | uint32_t(b[4 * i + 2]) << 16 | uint32_t(b[4 * i + 3]) << 24;
}

// Hand-made: two 8-bit rows of 8 pixels -> one row of 4 (signed maxima, extremes included).
TEST(CspRows, MaxPool8BitByHand) {
  const int16_t top[8] = {-128, 127, 5, -3, -7, -8, 0, 1};
  const int16_t bot[8] = {0, -1, 6, -128, -9, -6, -1, -2};
  std::vector<uint8_t> src(16), dst(8, 0xA5);
  csp_rows_pack(top, 8, CSP_MODE_8BIT, src.data());
  csp_rows_pack(bot, 8, CSP_MODE_8BIT, src.data() + 8);
  EXPECT_EQ(word(src, 0), 0xFD057F80u);  // -3, 5, 127, -128 from the top byte down
  ASSERT_EQ(csp_rows_maxpool2(src.data(), 1, 2, 8, CSP_MODE_8BIT, 16, dst.data(), 8), 0);
  // max(-128,127,0,-1) = 127, max(5,-3,6,-128) = 6, max(-7,-8,-9,-6) = -6, max(0,1,-1,-2) = 1
  EXPECT_EQ(word(dst, 0), 0x01FA067Fu);
  EXPECT_EQ(word(dst, 1), 0u);  // the feature's tail to its 8-byte stride is zero-filled
}

TEST(CspRows, MaxPool16BitByHand) {
  const int16_t top[4] = {-32768, -1, 300, 32767};
  const int16_t bot[4] = {-32767, -2, -300, 0};
  std::vector<uint8_t> src(16), dst(8, 0xA5);
  csp_rows_pack(top, 4, CSP_MODE_16BIT, src.data());
  csp_rows_pack(bot, 4, CSP_MODE_16BIT, src.data() + 8);
  ASSERT_EQ(csp_rows_maxpool2(src.data(), 1, 2, 4, CSP_MODE_16BIT, 16, dst.data(), 8), 0);
  EXPECT_EQ(word(dst, 0), 0x7FFFFFFFu);  // max(-32768,-1,-32767,-2) = -1, max(300,32767,..) = 32767
  EXPECT_EQ(word(dst, 1), 0u);
  int16_t back[4];
  csp_rows_unpack(src.data(), 4, CSP_MODE_16BIT, back);
  EXPECT_EQ(std::memcmp(back, top, sizeof back), 0);
}

// Widths whose output words would need pixels of two input words are refused, nothing written.
TEST(CspRows, MaxPoolRefusesPartWords) {
  std::vector<uint8_t> src(64, 0x11), dst(64, 0xA5);
  EXPECT_EQ(csp_rows_maxpool2(src.data(), 1, 2, 12, CSP_MODE_8BIT, 32, dst.data(), 32), -1);
  EXPECT_EQ(csp_rows_maxpool2(src.data(), 1, 2, 6, CSP_MODE_16BIT, 32, dst.data(), 32), -1);
  EXPECT_EQ(csp_rows_maxpool2(src.data(), 1, 1, 8, CSP_MODE_8BIT, 32, dst.data(), 32), -1);
  EXPECT_EQ(dst, std::vector<uint8_t>(64, 0xA5));
  EXPECT_TRUE(csp_rows_maxpool2_fits(2, 16, CSP_MODE_8BIT));
  EXPECT_FALSE(csp_rows_maxpool2_fits(2, 12, CSP_MODE_8BIT));
  EXPECT_TRUE(csp_rows_maxpool2_fits(3, 4, CSP_MODE_16BIT));
}

// Random and extreme pixels, both modes, widths 1..28, 1..8 rows, against the golden model.
TEST(CspRows, SelfCheckAgainstTheGoldenModel) {
  for (uint32_t seed : {1u, 0xC0FFEEu, 12345u}) {
    unsigned cases = 0;
    EXPECT_EQ(csp_rows_selfcheck(seed, &cases), 0u) << "seed " << seed;
    EXPECT_EQ(cases, 2u * 12u * (2u * (1u + 2u + 3u + 4u + 5u + 6u + 7u + 8u) + 8u)) << "seed " << seed;
  }
}

}  // namespace
