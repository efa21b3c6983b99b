// The golden model's arithmetic contract (csp_ref.h): rounding, saturation, geometry, group
// accumulation, packing - checked against an independent direct convolution.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "golden/csp/csp_ref.h"

namespace {

csp_geom_t geom(int w, int h, int stride, int pad, int mode, int shift, int relu) {
  csp_geom_t g{};
  g.width = uint16_t(w);
  g.height = uint16_t(h);
  g.stride = uint8_t(stride);
  g.pad = uint8_t(pad);
  g.mode = uint8_t(mode);
  g.shift = uint8_t(shift);
  g.relu = uint8_t(relu);
  return g;
}

}  // namespace

TEST(CspGolden, OutputDimensions) {
  EXPECT_EQ(csp_out_dim(32, 3, 1, 1), 32);
  EXPECT_EQ(csp_out_dim(32, 3, 1, 2), 16);  // All-CNN-C conv_3
  EXPECT_EQ(csp_out_dim(8, 3, 0, 1), 6);    // All-CNN-C conv_7 (valid)
  EXPECT_EQ(csp_out_dim(7, 3, 1, 2), 4);    // ceil(7/2)
  EXPECT_EQ(csp_out_dim(2, 3, 0, 1), 0);
  EXPECT_EQ(csp_out_dim(6, 1, 0, 1), 6);    // All-CNN-C conv_8 (1x1)
  EXPECT_EQ(csp_out_dim(7, 1, 0, 2), 4);    // 1x1 stride 2: ceil(7/2)
  EXPECT_EQ(csp_out_dim(1, 1, 0, 1), 1);
  csp_geom_t g = geom(2, 2, 1, 0, CSP_MODE_16BIT, 0, 0);
  EXPECT_EQ(csp_geom_check(&g), CSP_GEOM_TOO_SMALL);
  g = geom(8, 8, 3, 1, CSP_MODE_16BIT, 0, 0);
  EXPECT_EQ(csp_geom_check(&g), CSP_GEOM_BAD_STRIDE);
  g = geom(8, 8, 1, 2, CSP_MODE_16BIT, 0, 0);
  EXPECT_EQ(csp_geom_check(&g), CSP_GEOM_BAD_PAD);
  g = geom(8, 8, 1, 1, CSP_MODE_16BIT, 32, 0);
  EXPECT_EQ(csp_geom_check(&g), CSP_GEOM_BAD_SHIFT);
  // Kernel setting: 1x1 takes no padding; 2 and 3 are reserved.
  g = geom(1, 1, 1, 0, CSP_MODE_16BIT, 0, 0);
  g.kernel = CSP_KERNEL_1X1;
  EXPECT_EQ(csp_geom_check(&g), CSP_GEOM_OK);
  g.pad = 1;
  EXPECT_EQ(csp_geom_check(&g), CSP_GEOM_BAD_PAD);
  g.pad = 0;
  g.kernel = 2;
  EXPECT_EQ(csp_geom_check(&g), CSP_GEOM_BAD_KERNEL);
  g.kernel = 3;
  EXPECT_EQ(csp_geom_check(&g), CSP_GEOM_BAD_KERNEL);
}

TEST(CspGolden, RequantRoundsHalfUpAndSaturates) {
  csp_geom_t g = geom(4, 4, 1, 1, CSP_MODE_16BIT, 1, 0);
  EXPECT_EQ(csp_requant(5, 0, &g), 3);    // 2.5 -> 3
  EXPECT_EQ(csp_requant(-5, 0, &g), -2);  // -2.5 -> -2 (half towards +inf)
  EXPECT_EQ(csp_requant(-6, 0, &g), -3);
  g.shift = 2;
  EXPECT_EQ(csp_requant(7, 0, &g), 2);    // 1.75
  EXPECT_EQ(csp_requant(-7, 0, &g), -2);  // -1.75
  EXPECT_EQ(csp_requant(4, 1, &g), 1);    // bias first: 5/4 = 1.25
  g.shift = 0;
  EXPECT_EQ(csp_requant(40000, 0, &g), 32767);
  EXPECT_EQ(csp_requant(-40000, 0, &g), -32768);
  g.relu = 1;
  EXPECT_EQ(csp_requant(-40000, 0, &g), 0);
  g.mode = CSP_MODE_8BIT;
  g.relu = 0;
  EXPECT_EQ(csp_requant(200, 0, &g), 127);
  EXPECT_EQ(csp_requant(-200, 0, &g), -128);
  g.shift = 31;
  EXPECT_EQ(csp_requant(INT32_MAX, INT32_MAX, &g), 1);  // bias add saturates first
  EXPECT_EQ(csp_sat32(int64_t(INT32_MAX) + 1), INT32_MAX);
  EXPECT_EQ(csp_sat32(int64_t(INT32_MIN) - 1), INT32_MIN);
}

TEST(CspGolden, EightBitModeUsesLowByte) {
  EXPECT_EQ(csp_elem(int16_t(0x01FF), CSP_MODE_8BIT), -1);
  EXPECT_EQ(csp_elem(int16_t(0x0080), CSP_MODE_8BIT), -128);
  EXPECT_EQ(csp_elem(int16_t(-2), CSP_MODE_16BIT), -2);
}

// Independent direct convolution (no groups; values small enough never to saturate).
static void direct_conv(const csp_geom_t& g, int cin, int cout, const std::vector<int16_t>& in,
                        const std::vector<int16_t>& w, const std::vector<int32_t>& bias,
                        std::vector<int16_t>& out) {
  const int ho = csp_out_h(&g), wo = csp_out_w(&g);
  out.assign(size_t(cout) * ho * wo, 0);
  const int k = g.kernel == CSP_KERNEL_1X1 ? 1 : 3;
  for (int o = 0; o < cout; ++o)
    for (int oy = 0; oy < ho; ++oy)
      for (int ox = 0; ox < wo; ++ox) {
        int64_t s = 0;
        for (int c = 0; c < cin; ++c)
          for (int ky = 0; ky < k; ++ky)
            for (int kx = 0; kx < k; ++kx) {
              const int y = oy * g.stride - g.pad + ky, x = ox * g.stride - g.pad + kx;
              if (y < 0 || x < 0 || y >= g.height || x >= g.width) continue;
              s += int64_t(in[(size_t(c) * g.height + y) * g.width + x]) *
                   w[((size_t(o) * cin + c) * k + ky) * k + kx];
            }
        s += bias[o];
        if (g.relu && s < 0) s = 0;
        if (g.shift) s = (s + (int64_t(1) << (g.shift - 1))) >> g.shift;  // host: arithmetic
        const int64_t hi = g.mode == CSP_MODE_8BIT ? 127 : 32767;
        s = s > hi ? hi : (s < -hi - 1 ? -hi - 1 : s);
        out[(size_t(o) * ho + oy) * wo + ox] = int16_t(s);
      }
}

TEST(CspGolden, LayerMatchesDirectConvolution) {
  std::mt19937 rng(1234);
  for (int iter = 0; iter < 60; ++iter) {
    const int mode = iter % 2;
    const int lim = mode ? 127 : 2000;
    const bool k1 = iter >= 40;  // the last 20: the 1x1 kernel setting (pad 0)
    std::uniform_int_distribution<int> v(-lim, lim), dim(k1 ? 1 : 3, 17);
    csp_geom_t g = geom(dim(rng), dim(rng), 1 + (iter / 2) % 2, k1 ? 0 : (iter / 4) % 2, mode,
                        int(rng() % 12), int(rng() % 2));
    g.kernel = k1 ? CSP_KERNEL_1X1 : CSP_KERNEL_3X3;
    ASSERT_EQ(csp_geom_check(&g), CSP_GEOM_OK);
    const int cin = 1 + int(rng() % 8), cout = 1 + int(rng() % 3), kk = k1 ? 1 : 9;
    std::vector<int16_t> in(size_t(cin) * g.width * g.height), w(size_t(cout) * cin * kk);
    std::vector<int32_t> bias(cout);
    for (auto& x : in) x = int16_t(v(rng));
    for (auto& x : w) x = int16_t(v(rng));
    for (auto& b : bias) b = v(rng) * 16;
    const int ho = csp_out_h(&g), wo = csp_out_w(&g);
    std::vector<int16_t> out(size_t(cout) * ho * wo), ref;
    std::vector<int32_t> scratch(size_t(ho) * wo);
    ASSERT_EQ(csp_conv_layer_ref(&g, cin, cout, in.data(), w.data(), bias.data(), out.data(),
                                 scratch.data()), 0);
    direct_conv(g, cin, cout, in, w, bias, ref);
    ASSERT_EQ(out, ref) << "iteration " << iter;
  }
}

TEST(CspGolden, PartialSumsSaturateAtInt32) {
  // Four groups of maximal products push the accumulator past INT32_MAX: it must stick there.
  csp_geom_t g = geom(3, 3, 1, 0, CSP_MODE_16BIT, 16, 0);
  std::vector<int16_t> feat(9, -32768), w(27, -32768);
  const int16_t* in[3] = {feat.data(), feat.data(), feat.data()};
  int32_t acc = 0;
  csp_pass_accumulate(&g, in, 3, w.data(), 1, &acc);
  EXPECT_EQ(acc, INT32_MAX);  // 27 * 2^30 > 2^31 - 1
  csp_pass_accumulate(&g, in, 1, w.data(), 0, &acc);
  EXPECT_EQ(acc, INT32_MAX);
}

TEST(CspGolden, PackingRoundTrips) {
  std::mt19937 rng(7);
  for (int mode = 0; mode < 2; ++mode) {
    const int w = 7, h = 3;
    std::vector<int16_t> px(w * h), back(w * h);
    for (auto& x : px) x = int16_t(mode ? int8_t(rng()) : int16_t(rng()));
    std::vector<uint32_t> words(size_t(csp_row_words(w, mode)) * h);
    csp_pack_feature(px.data(), h, w, mode, words.data());
    csp_unpack_feature(words.data(), h, w, mode, back.data());
    EXPECT_EQ(px, back);
    int16_t wt[27], wb[27];
    for (auto& x : wt) x = int16_t(mode ? int8_t(rng()) : int16_t(rng()));
    uint64_t ww[8];
    csp_pack_weights(wt, mode, CSP_KERNEL_3X3, ww);
    csp_unpack_weights(ww, mode, CSP_KERNEL_3X3, wb);
    EXPECT_TRUE(std::equal(wt, wt + 27, wb));
    EXPECT_EQ(csp_weight_words(mode, CSP_KERNEL_3X3), mode ? 4 : 7);
    // 1x1: the 3 weights in one word, little-endian, nothing above them.
    std::fill(wb, wb + 27, int16_t(0x5A5A));
    csp_pack_weights(wt, mode, CSP_KERNEL_1X1, ww);
    EXPECT_EQ(csp_weight_words(mode, CSP_KERNEL_1X1), 1);
    const unsigned bits = mode ? 8 : 16;
    const uint64_t m = (uint64_t(1) << bits) - 1;
    EXPECT_EQ(ww[0], (uint64_t(uint16_t(wt[0])) & m) | (uint64_t(uint16_t(wt[1])) & m) << bits |
                         (uint64_t(uint16_t(wt[2])) & m) << (2 * bits));
    csp_unpack_weights(ww, mode, CSP_KERNEL_1X1, wb);
    EXPECT_TRUE(std::equal(wt, wt + 3, wb));
    EXPECT_EQ(wb[3], int16_t(0x5A5A));  // unpacking fills only the pass's weights
  }
}
