// The Convolution Engine's arithmetic against an oracle that shares no code with it. The engine
// finishes every output with the golden csp_pass_finalize (golden/csp), so its comparison with
// the golden model cannot see a bug there; here the expected layer is a naive loop written below
// from the engine's definition (csp_ref.h, seed 001 section II.A):
//   per output feature, per group of 3 input features: acc = sat32(acc + exact 3x3 SoP);
//   then v = sat32(acc + bias), ReLU, q = (v + 2^(shift-1)) >> shift (floor), saturated to the
//   8- or 16-bit output; data and weights are the low byte as int8 in 8-bit mode.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "csp_test_util.h"

using namespace zvp;

namespace {

struct Layer {
  int w, h, stride, pad, mode, shift, relu, cin, cout;
};

int64_t clamp64(int64_t v, int64_t lo, int64_t hi) { return std::min(std::max(v, lo), hi); }

// What the data exercised: partial sums that saturated, and outputs exactly half-way between two
// values before the shift (where rounding half up, not down or to even, decides), by sign.
struct Seen {
  unsigned sums_saturated = 0, ties_pos = 0, ties_neg = 0;
};

std::vector<int16_t> naive_layer(const Layer& L, const std::vector<int16_t>& in, const std::vector<int16_t>& w,
                                 const std::vector<int32_t>& bias, Seen* seen) {
  const int ho = (L.h + 2 * L.pad - 3) / L.stride + 1, wo = (L.w + 2 * L.pad - 3) / L.stride + 1;
  auto val = [&](int16_t x) { return L.mode == CSP_MODE_8BIT ? int64_t(int8_t(x & 0xFF)) : int64_t(x); };
  auto pixel = [&](int c, int y, int x) -> int64_t {
    if (y < 0 || x < 0 || y >= L.h || x >= L.w) return 0;
    return val(in[(size_t(c) * L.h + y) * L.w + x]);
  };
  const int64_t out_max = L.mode == CSP_MODE_8BIT ? 127 : 32767;
  std::vector<int16_t> out(size_t(L.cout) * ho * wo);
  for (int o = 0; o < L.cout; ++o)
    for (int oy = 0; oy < ho; ++oy)
      for (int ox = 0; ox < wo; ++ox) {
        int64_t acc = 0;
        for (int c0 = 0; c0 < L.cin; c0 += 3) {  // one engine pass per group of 3 features
          int64_t sop = 0;
          for (int c = c0; c < std::min(c0 + 3, L.cin); ++c)
            for (int ky = 0; ky < 3; ++ky)
              for (int kx = 0; kx < 3; ++kx)
                sop += pixel(c, oy * L.stride - L.pad + ky, ox * L.stride - L.pad + kx) *
                       val(w[((size_t(o) * L.cin + c) * 3 + ky) * 3 + kx]);
          const int64_t exact = acc + sop;
          acc = clamp64(exact, INT32_MIN, INT32_MAX);
          seen->sums_saturated += acc != exact;
        }
        int64_t v = clamp64(acc + bias[o], INT32_MIN, INT32_MAX);
        if (L.relu && v < 0) v = 0;
        if (L.shift > 0) {
          const int64_t half = int64_t(1) << (L.shift - 1), den = 2 * half;
          if (((v % den) + den) % den == half) ++(v > 0 ? seen->ties_pos : seen->ties_neg);
          const int64_t num = v + half;
          v = num >= 0 ? num / den : -((-num + den - 1) / den);  // floor division
        }
        out[(size_t(o) * ho + oy) * wo + ox] = int16_t(clamp64(v, -out_max - 1, out_max));
      }
  return out;
}

void random_layers(int mode, unsigned seed) {
  zvp::test::EngineBench b;
  zvp::test::run_sim([&] {
    std::mt19937 rng(seed);
    unsigned saturated = 0;
    Seen seen;
    for (int iter = 0; iter < 12; ++iter) {
      // Three kinds of layer in turn: full range (partial sums and outputs saturate), tiny values
      // with shifts of 1 to 3 (many exact halves), and a middle range.
      const int kind = iter % 3;
      const bool m8 = mode == CSP_MODE_8BIT;
      const int lim = kind == 0 ? (m8 ? 127 : 32767) : kind == 1 ? 3 : (m8 ? 60 : 2048);
      const int shift = kind == 0   ? (m8 ? 3 : 8) + int(rng() % 4)
                        : kind == 1 ? 1 + int(rng() % 3)
                                    : (m8 ? 9 : 12) + int(rng() % 4);
      const int bias_bits = kind == 1 ? 6 : m8 ? 13 : 19;  // biases of the order of the sums
      std::uniform_int_distribution<int> v(-lim, lim), dim(3, 24);
      Layer L{dim(rng), dim(rng), 1 + iter % 2, (iter / 2) % 2, mode, shift, int(iter % 4 == 3),
              1 + int(rng() % 7), 1 + int(rng() % 2)};
      csp_geom_t g{};
      g.width = uint16_t(L.w), g.height = uint16_t(L.h), g.stride = uint8_t(L.stride);
      g.pad = uint8_t(L.pad), g.mode = uint8_t(mode), g.shift = uint8_t(L.shift), g.relu = uint8_t(L.relu);
      std::vector<int16_t> in(size_t(L.cin) * L.w * L.h), w(size_t(L.cout) * L.cin * 9);
      for (auto& x : in) x = int16_t(kind == 0 && !m8 ? ((rng() & 1) ? 32767 : -32768) : v(rng));
      for (auto& x : w) x = int16_t(v(rng));
      std::vector<int32_t> bias(L.cout);
      for (auto& x : bias) x = int32_t(rng() % (2u << bias_bits)) - (1 << bias_bits);
      const auto want = naive_layer(L, in, w, bias, &seen);
      const auto got = zvp::test::engine_layer(b, g, L.cin, L.cout, in, w, bias);
      ASSERT_EQ(got, want) << "layer " << iter << ": " << L.w << "x" << L.h << " s" << L.stride << " p" << L.pad
                           << " cin " << L.cin << " shift " << L.shift << " relu " << L.relu;
      const int64_t out_max = m8 ? 127 : 32767;
      for (int16_t x : got) saturated += x == out_max || x == -out_max - 1;
    }
    // The data exercise what the oracle checks.
    EXPECT_GT(saturated, 0u);
    EXPECT_GT(seen.ties_pos, 10u);
    EXPECT_GT(seen.ties_neg, 10u);
    if (mode == CSP_MODE_16BIT) EXPECT_GT(seen.sums_saturated, 0u);
  });
}

// A 3x3 single-output layer (cin features of 3x3 pixels, one output feature) at each of the
// given shifts, run on the engine; returns the output of each.
std::vector<int16_t> single_outputs(int mode, int cin, const std::vector<int16_t>& in,
                                    const std::vector<std::vector<int16_t>>& weights, int32_t bias,
                                    const std::vector<int>& shifts) {
  zvp::test::EngineBench b;
  std::vector<int16_t> got;
  zvp::test::run_sim([&] {
    csp_geom_t g{};
    g.width = 3, g.height = 3, g.stride = 1, g.pad = 0, g.mode = uint8_t(mode);
    for (const auto& w : weights)
      for (int shift : shifts) {
        g.shift = uint8_t(shift);
        const auto out = zvp::test::engine_layer(b, g, cin, 1, in, w, {bias});
        got.push_back(out.size() == 1 ? out[0] : int16_t(0x5A5A));
      }
  });
  return got;
}

}  // namespace

TEST(CspEngineOracle, LayersMatchANaiveLoop16Bit) { random_layers(CSP_MODE_16BIT, 101); }
TEST(CspEngineOracle, LayersMatchANaiveLoop8Bit) { random_layers(CSP_MODE_8BIT, 202); }

// A single output worked out by hand: 16-bit, nine features of all 1000s, every weight 1000:
// SoP = 9 x 10^6 per feature, three features per pass = 2.7e7, three passes = 8.1e7 (no
// saturation), bias 5, shift 10: (81000005 + 512) >> 10 = 79102 -> saturated to 32767;
// with shift 13: (81000005 + 4096) >> 13 = 9888.
TEST(CspEngineOracle, HandWorkedOutput) {
  const std::vector<int16_t> in(9 * 9, 1000), w(9 * 9, 1000);
  EXPECT_EQ(single_outputs(CSP_MODE_16BIT, 9, in, {w}, 5, {10, 13}), (std::vector<int16_t>{32767, 9888}));
}

// Exact halves by hand: one 3x3 feature of ones, one weight of +-3 (SoP +-3), shift 1:
// 1.5 rounds up to 2 and -1.5 up to -1 (half toward +infinity, not away from zero or to even).
TEST(CspEngineOracle, HalvesRoundTowardPlusInfinity) {
  std::vector<int16_t> up(9, 0), down(9, 0);
  up[4] = 3;
  down[4] = -3;
  EXPECT_EQ(single_outputs(CSP_MODE_8BIT, 1, std::vector<int16_t>(9, 1), {up, down}, 0, {1}),
            (std::vector<int16_t>{2, -1}));
}
