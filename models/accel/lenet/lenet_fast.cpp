#include "accel/lenet/lenet_fast.h"

#include <algorithm>
#include <climits>

#include "accel/lenet/lenet_fast_simd.h"

namespace zvp {

LenetFixedFast::LenetFixedFast(const lenet_lite_fixed_params& p) : p_(p) {
  layer_[LITE_L_CONV1] = make(LITE_L_CONV1, p.fmt.input);
  layer_[LITE_L_CONV2] = make(LITE_L_CONV2, p.fmt.out[LITE_L_CONV1]);
  layer_[LITE_L_CONV3] = make(LITE_L_CONV3, p.fmt.out[LITE_L_CONV2]);
  layer_[LITE_L_FC1] = make(LITE_L_FC1, p.fmt.out[LITE_L_CONV3]);
  layer_[LITE_L_FC2] = make(LITE_L_FC2, p.fmt.out[LITE_L_FC1]);
}

LenetFixedFast::Layer LenetFixedFast::make(int layer, lenet_fx_fmt in_fmt) const {
  Layer l;
  l.acc = p_.fmt.acc[layer];
  l.out = p_.fmt.out[layer];
  l.shift = lenet_fx_frac(in_fmt) + lenet_fx_frac(p_.fmt.weight[layer]) - lenet_fx_frac(l.acc);
  l.fast = l.shift > 0 && l.shift < 62;
  l.lo = lenet_fx_raw_min(l.acc);
  l.hi = lenet_fx_raw_max(l.acc);
  return l;
}

int64_t LenetFixedFast::bias(int layer, int16_t b) const {
  return lenet_fx_convert(b, lenet_fx_frac(p_.fmt.bias[layer]), p_.fmt.acc[layer]);
}

int16_t LenetFixedFast::finish(const Layer& l, int64_t acc, bool relu) const {
  if (relu && acc <= 0) return 0;
  return int16_t(lenet_fx_convert(acc, lenet_fx_frac(l.acc), l.out));
}

// acc += round(x * w >> shift), saturating the product and the sum to the accumulator format:
// lenet_fx_mac with AP_RND (add half, floor) and AP_SAT, in the golden loop order.
// The rounded, saturated products are independent; only the running sum is sequential. When
// no prefix of the row can leave [lo, hi] (every prefix lies between acc plus the negative
// products and acc plus the positive ones), the per-step saturation never acts and one sum is
// the same result; otherwise the golden order is followed step by step.
template <int N>
int64_t LenetFixedFast::mac_row(const Layer& l, int64_t acc, const int16_t* x, const int16_t* w) {
  const int64_t half = int64_t{1} << (l.shift - 1);
  int64_t r[N];
  int64_t pos = 0, neg = 0;
  for (int j = 0; j < N; ++j) {
    int64_t p = (int64_t(x[j]) * w[j] + half) >> l.shift;  // arithmetic shift = floor
    p = p > l.hi ? l.hi : (p < l.lo ? l.lo : p);
    r[j] = p;
    pos += p > 0 ? p : 0;
    neg += p < 0 ? p : 0;
  }
  if (acc + pos <= l.hi && acc + neg >= l.lo) return acc + pos + neg;
  for (int j = 0; j < N; ++j) {
    acc += r[j];
    acc = acc > l.hi ? l.hi : (acc < l.lo ? l.lo : acc);
  }
  return acc;
}

// The vector path's 32-bit arithmetic is exact for l when x*w + half fits (shift <= 30), no
// rounded product can reach the accumulator's saturation (the extremes of int16 x int16 stay
// inside [lo, hi]), and `terms` products of either sign sum within 32 bits.
bool LenetFixedFast::simd_exact(const Layer& l, int terms) {
  if (!l.fast || l.shift > 30) return false;
  const int64_t half = int64_t{1} << (l.shift - 1);
  const int64_t pmax = ((int64_t{1} << 30) + half) >> l.shift;        // (-32768) x (-32768)
  const int64_t pmin = (int64_t{-32768} * 32767 + half) >> l.shift;   // arithmetic shift = floor
  if (pmax > l.hi || pmin < l.lo) return false;
  return pmax * terms <= INT32_MAX && pmin * terms >= INT32_MIN;
}

// Convolution outputs in groups of 8 adjacent pixels of a row (the last group of a row
// overlaps the one before when the width is not a multiple of 8: its pixels are computed
// twice, with the same result). kernel8 gives each pixel's totals of positive and negative
// rounded products; a pixel whose totals cannot take the sum out of the accumulator's range is
// bias + pos + neg, any other is recomputed in the golden order.
void LenetFixedFast::conv1_channel(int u, const int16_t in[LENET_IMG][LENET_IMG], int16_t out[LITE_S1][LITE_S1]) const {
  const Layer& l = layer_[LITE_L_CONV1];
  if (!l.fast) return lenet_lite_fixed_conv1_channel(&p_, u, in, out);
  const int64_t b = bias(LITE_L_CONV1, p_.conv1_b[u]);
#if ZVP_LENET_SIMD
  static_assert(LITE_S1 >= 8 && LENET_IMG >= LITE_S1 + LENET_K - 1, "groups of 8 stay inside the input");
  if (simd_exact(l, LENET_K * LENET_K)) {
    const int32_t half = int32_t{1} << (l.shift - 1);
    for (int x = 0; x < LITE_S1; ++x)
      for (int g0 = 0; g0 < LITE_S1; g0 += 8) {
        const int g = std::min(g0, LITE_S1 - 8);
        int32_t pos[8] = {}, neg[8] = {};
        lenet_simd::kernel8(&in[x][g], LENET_IMG, &p_.conv1_w[u][0][0][0], l.shift, half, pos, neg);
        for (int k = 0; k < 8; ++k) {
          const int y = g + k;
          int64_t acc = b;
          if (b + pos[k] <= l.hi && b + neg[k] >= l.lo) {
            acc += pos[k] + int64_t{neg[k]};
          } else {
            for (int i = 0; i < LENET_K; ++i) acc = mac_row<LENET_K>(l, acc, &in[x + i][y], p_.conv1_w[u][0][i]);
          }
          out[x][y] = finish(l, acc, true);
        }
      }
    return;
  }
#endif
  for (int x = 0; x < LITE_S1; ++x)
    for (int y = 0; y < LITE_S1; ++y) {
      int64_t acc = b;
      for (int i = 0; i < LENET_K; ++i) acc = mac_row<LENET_K>(l, acc, &in[x + i][y], p_.conv1_w[u][0][i]);
      out[x][y] = finish(l, acc, true);
    }
}

void LenetFixedFast::conv2_channel(int u, const int16_t in[LITE_C1][LITE_P1][LITE_P1],
                                   int16_t out[LITE_S2][LITE_S2]) const {
  const Layer& l = layer_[LITE_L_CONV2];
  if (!l.fast) return lenet_lite_fixed_conv2_channel(&p_, u, in, out);
  const int64_t b = bias(LITE_L_CONV2, p_.conv2_b[u]);
#if ZVP_LENET_SIMD
  static_assert(LITE_S2 >= 8 && LITE_P1 >= LITE_S2 + LENET_K - 1, "groups of 8 stay inside the input");
  if (simd_exact(l, LITE_C1 * LENET_K * LENET_K)) {
    const int32_t half = int32_t{1} << (l.shift - 1);
    for (int x = 0; x < LITE_S2; ++x)
      for (int g0 = 0; g0 < LITE_S2; g0 += 8) {
        const int g = std::min(g0, LITE_S2 - 8);
        int32_t pos[8] = {}, neg[8] = {};
        for (int k = 0; k < LITE_C1; ++k)
          lenet_simd::kernel8(&in[k][x][g], LITE_P1, &p_.conv2_w[u][k][0][0], l.shift, half, pos, neg);
        for (int q = 0; q < 8; ++q) {
          const int y = g + q;
          int64_t acc = b;
          if (b + pos[q] <= l.hi && b + neg[q] >= l.lo) {
            acc += pos[q] + int64_t{neg[q]};
          } else {
            for (int k = 0; k < LITE_C1; ++k)
              for (int i = 0; i < LENET_K; ++i) acc = mac_row<LENET_K>(l, acc, &in[k][x + i][y], p_.conv2_w[u][k][i]);
          }
          out[x][y] = finish(l, acc, true);
        }
      }
    return;
  }
#endif
  for (int x = 0; x < LITE_S2; ++x)
    for (int y = 0; y < LITE_S2; ++y) {
      int64_t acc = b;
      for (int k = 0; k < LITE_C1; ++k)
        for (int i = 0; i < LENET_K; ++i) acc = mac_row<LENET_K>(l, acc, &in[k][x + i][y], p_.conv2_w[u][k][i]);
      out[x][y] = finish(l, acc, true);
    }
}

void LenetFixedFast::conv3(const int16_t in[LITE_C2][LITE_P2][LITE_P2], int16_t out[LITE_C3]) const {
  const Layer& l = layer_[LITE_L_CONV3];
  if (!l.fast) return lenet_lite_fixed_conv3(&p_, in, out);
  for (int u = 0; u < LITE_C3; ++u) {
    int64_t acc = bias(LITE_L_CONV3, p_.conv3_b[u]);
    for (int k = 0; k < LITE_C2; ++k)
      for (int i = 0; i < LENET_K; ++i) acc = mac_row<LENET_K>(l, acc, in[k][i], p_.conv3_w[u][k][i]);
    out[u] = finish(l, acc, true);
  }
}

void LenetFixedFast::fc1(const int16_t in[LITE_C3], int16_t out[LITE_F1]) const {
  const Layer& l = layer_[LITE_L_FC1];
  if (!l.fast) return lenet_lite_fixed_fc1(&p_, in, out);
  for (int u = 0; u < LITE_F1; ++u)
    out[u] = finish(l, mac_row<LITE_C3>(l, bias(LITE_L_FC1, p_.fc1_b[u]), in, p_.fc1_w[u]), true);
}

void LenetFixedFast::fc2(const int16_t in[LITE_F1], int16_t out[LITE_F2]) const {
  const Layer& l = layer_[LITE_L_FC2];
  if (!l.fast) return lenet_lite_fixed_fc2(&p_, in, out);
  for (int u = 0; u < LITE_F2; ++u)
    out[u] = finish(l, mac_row<LITE_F1>(l, bias(LITE_L_FC2, p_.fc2_b[u]), in, p_.fc2_w[u]), false);
}

int LenetFixedFast::predict(const int16_t in[LENET_IMG * LENET_IMG], int16_t out[LITE_F2]) const {
  int16_t c1[LITE_C1][LITE_S1][LITE_S1], p1[LITE_C1][LITE_P1][LITE_P1];
  int16_t c2[LITE_C2][LITE_S2][LITE_S2], p2[LITE_C2][LITE_P2][LITE_P2], c3[LITE_C3], f1[LITE_F1];
  const auto* img = reinterpret_cast<const int16_t(*)[LENET_IMG]>(in);
  for (int u = 0; u < LITE_C1; ++u) conv1_channel(u, img, c1[u]);
  lenet_lite_fixed_pool1(c1, p1);
  for (int u = 0; u < LITE_C2; ++u) conv2_channel(u, p1, c2[u]);
  lenet_lite_fixed_pool2(c2, p2);
  conv3(p2, c3);
  fc1(c3, f1);
  fc2(f1, out);
  return lenet_argmax_i16(out, LITE_F2);
}

}  // namespace zvp
