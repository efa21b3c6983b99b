// The engine's fast sum-of-products datapath against the golden model's csp_pass_accumulate:
// the same partial sums, bit for bit, over random geometries, both modes, 3x3 and 1x1 kernels,
// strides 1 and 2, pads 0 and 1, one to three features, first and later passes, extreme values
// and saturation.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "accel/csp/sop_datapath.h"

using namespace zvp;

namespace {

struct Pass {
  csp_geom_t g{};
  int nfeat = 3;
  std::vector<int16_t> px[3];
  std::vector<uint32_t> words[3];
  int16_t w[CSP_WEIGHTS_PER_PASS] = {};
};

Pass random_pass(std::mt19937& rng, bool extremes) {
  Pass p;
  p.g.mode = (rng() & 1) ? CSP_MODE_8BIT : CSP_MODE_16BIT;
  p.g.stride = uint8_t(1 + (rng() & 1));
  p.g.pad = uint8_t(rng() & 1);
  p.g.width = uint16_t(3 + rng() % 38);   // 3..40: odd and even, partial last words
  p.g.height = uint16_t(3 + rng() % 20);
  if (rng() % 4 == 0) {  // the 1x1 kernel setting: no padding, features down to 1x1
    p.g.kernel = CSP_KERNEL_1X1;
    p.g.pad = 0;
    p.g.width = uint16_t(1 + rng() % 40);
    p.g.height = uint16_t(1 + rng() % 22);
  }
  p.nfeat = 1 + int(rng() % 3);
  const bool m8 = p.g.mode == CSP_MODE_8BIT;
  auto value = [&] {
    if (extremes) return int16_t(m8 ? ((rng() & 1) ? 127 : -128) : ((rng() & 1) ? 32767 : -32768));
    // 16-bit pixels with junk in the upper byte in 8-bit mode: the multiplier sees the low byte.
    return int16_t(rng());
  };
  for (int f = 0; f < p.nfeat; ++f) {
    p.px[f].resize(size_t(p.g.width) * p.g.height);
    for (auto& v : p.px[f]) v = value();
    p.words[f].assign(size_t(csp_row_words(p.g.width, p.g.mode)) * p.g.height, 0);
    csp_pack_feature(p.px[f].data(), p.g.height, p.g.width, p.g.mode, p.words[f].data());
    // What the golden model reads is what the TCDM holds (8-bit mode keeps the low byte).
    csp_unpack_feature(p.words[f].data(), p.g.height, p.g.width, p.g.mode, p.px[f].data());
  }
  for (auto& v : p.w) v = (rng() % 5 == 0) ? 0 : value();
  return p;
}

}  // namespace

TEST(SopDatapath, MatchesTheGoldenModelBitForBit) {
  std::mt19937 rng(2026);
  SopDatapath dp;
  unsigned saturated = 0, kernels[2] = {0, 0};
  for (int i = 0; i < 600; ++i) {
    const bool extremes = i % 4 == 3;
    Pass p = random_pass(rng, extremes);
    ASSERT_EQ(csp_geom_check(&p.g), CSP_GEOM_OK);
    const size_t n = size_t(csp_out_h(&p.g)) * csp_out_w(&p.g);
    const bool first = i % 3 == 0;
    std::vector<int32_t> prev(n);
    for (auto& v : prev) v = int32_t(rng());  // includes values near INT32_MIN/MAX
    std::vector<int32_t> golden = prev, fast = prev;
    const int16_t* gf[3] = {p.px[0].data(), p.px[1].data(), p.px[2].data()};
    const uint32_t* wf[3] = {p.words[0].data(), p.words[1].data(), p.words[2].data()};
    csp_pass_accumulate(&p.g, gf, p.nfeat, p.w, first, golden.data());
    dp.accumulate(p.g, wf, p.nfeat, p.w, first, fast.data());
    kernels[p.g.kernel]++;
    ASSERT_EQ(fast, golden) << "pass " << i << ": " << p.g.width << "x" << p.g.height << " k"
                            << csp_ksize(p.g.kernel) << " stride "
                            << int(p.g.stride) << " pad " << int(p.g.pad) << " mode " << int(p.g.mode)
                            << " nfeat " << p.nfeat << (first ? " first" : "");
    for (int32_t v : golden) saturated += v == INT32_MAX || v == INT32_MIN;
  }
  EXPECT_GT(saturated, 0u);  // the saturation path was exercised
  EXPECT_GT(kernels[CSP_KERNEL_1X1], 100u);
}
