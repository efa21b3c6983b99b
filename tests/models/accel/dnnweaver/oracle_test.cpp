// The PE array's arithmetic against an oracle that shares no code with it. The lanes multiply
// through the golden encoder (dw_encode: sign, base, bit positions) and the array is compared
// with the golden dw_layer_run elsewhere, so a bug in the shared encoding could pass there. In the
// exact modes the encoded multiply must equal a plain multiply; here the expected values are a
// plain `a * w` and a naive layer loop written below from the definition (dw_layer.h):
//   acc = bias + sum over c, i, j of a * w;  y = relu ? max(acc, 0) : acc;
//   out = sat16(floor((y + 2^(shift-1)) / 2^shift));  pool: 2x2 max, stride 2.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "accel/dnnweaver/pe_array.h"

namespace {

dw_layer make_layer(int mode, unsigned bits, unsigned in_c, unsigned h, unsigned w, unsigned out_c, unsigned k,
                    bool relu, bool pool, unsigned shift) {
  dw_layer l{};
  l.enc = dw_enc_params{uint8_t(mode), uint8_t(bits), 0, 0, 2};
  l.in_c = uint16_t(in_c), l.in_h = uint16_t(h), l.in_w = uint16_t(w), l.out_c = uint16_t(out_c);
  l.k = uint16_t(k);
  l.in_row_stride = w;
  l.in_chan_stride = w * h;
  l.relu = relu, l.pool = pool, l.shift = uint8_t(shift);
  const unsigned ch = h - k + 1, cw = w - k + 1;
  l.out_chan_stride = pool ? (ch / 2) * (cw / 2) : ch * cw;
  return l;
}

int64_t floor_shift(int64_t v, unsigned s) {
  const int64_t d = int64_t(1) << s;
  return v >= 0 ? v / d : -((-v + d - 1) / d);
}

std::vector<int16_t> naive_layer(const dw_layer& l, const std::vector<int16_t>& in, const std::vector<int16_t>& w,
                                 const std::vector<int32_t>& bias) {
  const unsigned ch = l.in_h - l.k + 1, cw = l.in_w - l.k + 1;
  auto conv = [&](unsigned u, unsigned y, unsigned x) {
    int64_t acc = bias[u];
    for (unsigned c = 0; c < l.in_c; ++c)
      for (unsigned i = 0; i < l.k; ++i)
        for (unsigned j = 0; j < l.k; ++j)
          acc += int64_t(in[(c * l.in_h + y + i) * l.in_w + x + j]) * w[((u * l.in_c + c) * l.k + i) * l.k + j];
    if (l.relu) acc = std::max<int64_t>(acc, 0);
    if (l.shift) acc = floor_shift(acc + (int64_t(1) << (l.shift - 1)), l.shift);
    return int16_t(std::clamp<int64_t>(acc, -32768, 32767));
  };
  const unsigned oh = l.pool ? ch / 2 : ch, ow = l.pool ? cw / 2 : cw;
  std::vector<int16_t> out(size_t(l.out_c) * oh * ow);
  for (unsigned u = 0; u < l.out_c; ++u)
    for (unsigned y = 0; y < oh; ++y)
      for (unsigned x = 0; x < ow; ++x)
        out[(u * oh + y) * ow + x] =
            l.pool ? std::max({conv(u, 2 * y, 2 * x), conv(u, 2 * y, 2 * x + 1), conv(u, 2 * y + 1, 2 * x),
                               conv(u, 2 * y + 1, 2 * x + 1)})
                   : conv(u, y, x);
  return out;
}

}  // namespace

// Every 8-bit activation (-255..255) and a spread of 16-bit ones times one weight, in each exact
// mode: a 1x1 layer of one channel, bias 0, no shift, so out = sat16(a * w).
TEST(PeArrayOracle, EncodedMultiplyEqualsPlainMultiply) {
  std::mt19937 rng(7);
  for (int mode : {DW_MODE_PARALLEL, DW_MODE_SERIAL, DW_MODE_PRAGMATIC, DW_MODE_EXACT})
    for (unsigned bits : {8u, 16u}) {
      std::vector<int16_t> acts;
      if (bits == 8)
        for (int a = -255; a <= 255; ++a) acts.push_back(int16_t(a));
      else
        for (int i = 0; i < 1024; ++i) acts.push_back(int16_t(int(rng() % 65535) - 32767));
      for (int16_t wt : {int16_t(1), int16_t(-3), int16_t(77), int16_t(-32768), int16_t(rng())}) {
        const dw_layer l = make_layer(mode, bits, 1, 1, unsigned(acts.size()), 1, 1, false, false, 0);
        std::vector<int16_t> out;
        zvp::PeCounters cnt;
        zvp::PeArray pe(16, 1024);
        pe.run(l, acts, {wt}, {0}, out, cnt);
        ASSERT_EQ(out.size(), acts.size());
        unsigned differ = 0;
        for (size_t i = 0; i < acts.size(); ++i)
          differ += out[i] != std::clamp<int64_t>(int64_t(acts[i]) * wt, -32768, 32767);
        EXPECT_EQ(differ, 0u) << dw_mode_name(mode) << " N=" << bits << " w=" << wt;
      }
    }
}

// Random layers (3x3 and 1x1 kernels, ReLU, pooling, rounding shifts, saturating outputs) in
// each exact mode against the naive loop.
TEST(PeArrayOracle, ExactModeLayersMatchANaiveLoop) {
  std::mt19937 rng(2029);
  unsigned saturated = 0;
  for (int mode : {DW_MODE_PARALLEL, DW_MODE_SERIAL, DW_MODE_PRAGMATIC, DW_MODE_EXACT})
    for (unsigned bits : {8u, 16u})
      for (int variant = 0; variant < 4; ++variant) {
        const bool pool = variant & 1, relu = variant & 2;
        const unsigned k = variant == 2 ? 1 : 3, shift = 2 + rng() % 10;
        const dw_layer l = make_layer(mode, bits, 1 + rng() % 4, 6 + rng() % 6, 6 + rng() % 6, 1 + rng() % 3, k,
                                      relu, pool, shift);
        const int amax = bits == 8 ? 255 : 32767;
        std::uniform_int_distribution<int> a(-amax, amax), wd(-32768, 32767), bd(-(1 << 20), 1 << 20);
        std::vector<int16_t> in(size_t(l.in_c) * l.in_h * l.in_w), w(size_t(l.out_c) * l.in_c * k * k);
        std::vector<int32_t> bias(l.out_c);
        for (auto& v : in) v = int16_t(a(rng));
        for (auto& v : w) v = int16_t(wd(rng));
        for (auto& v : bias) v = bd(rng);
        std::vector<int16_t> out;
        zvp::PeCounters cnt;
        zvp::PeArray pe(5, 1024);
        pe.run(l, in, w, bias, out, cnt);
        const auto want = naive_layer(l, in, w, bias);
        EXPECT_EQ(out, want) << dw_mode_name(mode) << " N=" << bits << " k=" << k << " relu " << relu << " pool "
                             << pool << " shift " << shift;
        for (int16_t v : want) saturated += v == 32767 || v == -32768;
      }
  EXPECT_GT(saturated, 0u);  // the data reach the output saturation
}

// One output by hand: 1x1 kernel, a = 100, w = -3, bias 7, shift 2:
// (-300 + 7 + 2) >> 2 = floor(-291 / 4) = -73 (a truncating shift would give -72).
TEST(PeArrayOracle, HandWorkedOutput) {
  const dw_layer l = make_layer(DW_MODE_EXACT, 16, 1, 1, 1, 1, 1, false, false, 2);
  std::vector<int16_t> out;
  zvp::PeCounters cnt;
  zvp::PeArray pe(1, 4);
  pe.run(l, {100}, {-3}, {7}, out, cnt);
  EXPECT_EQ(out, std::vector<int16_t>{-73});
}
