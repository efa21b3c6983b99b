#include "accel/lenet/lenet_fast.h"

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
  // int16 x int16 lies in [-2^30 + 2^15, 2^30]; with the rounding half it stays in int32 for
  // shift <= 30, and the products need no clamp if the extreme ones fit the accumulator.
  if (l.fast && l.shift <= 30) {
    const int64_t half = int64_t{1} << (l.shift - 1);
    const int64_t pmax = ((int64_t{1} << 30) + half) >> l.shift;
    const int64_t pmin = (int64_t{-32768} * 32767 + half) >> l.shift;
    l.wide = pmax <= l.hi && pmin >= l.lo;
  }
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

// The rounded products of a whole kernel do not depend on each other: summed apart into their
// positive part P and negative part N, every prefix of the golden running sum lies within
// [bias + N, bias + P]. When that interval fits the accumulator, no step saturates and the sum is
// bias + P + N; the products are then computed a tap at a time across the output row, which the
// compiler vectorises (this file is built at -O3). An output whose interval does not fit makes the
// caller take the golden order for the row. Products in int32 (Layer::wide).
template <int W>
bool LenetFixedFast::conv_row_wide(const Layer& l, int64_t bias, const int16_t* in, int pitch, int plane, int ch,
                                   const int16_t* w, int64_t out_acc[W]) {
  const int s = l.shift;
  const int32_t half = int32_t{1} << (s - 1);
  int64_t pos[W] = {}, neg[W] = {};
  for (int k = 0; k < ch; ++k)
    for (int i = 0; i < LENET_K; ++i)
      for (int j = 0; j < LENET_K; ++j) {
        const int32_t wt = w[(k * LENET_K + i) * LENET_K + j];
        const int16_t* x = in + k * plane + i * pitch + j;
        for (int y = 0; y < W; ++y) {
          const int32_t p = (int32_t(x[y]) * wt + half) >> s;
          pos[y] += p > 0 ? p : 0;
          neg[y] += p < 0 ? p : 0;
        }
      }
  bool ok = true;
  for (int y = 0; y < W; ++y) ok &= bias + pos[y] <= l.hi && bias + neg[y] >= l.lo;
  if (!ok) return false;
  for (int y = 0; y < W; ++y) out_acc[y] = bias + pos[y] + neg[y];
  return true;
}

void LenetFixedFast::conv1_channel(int u, const int16_t in[LENET_IMG][LENET_IMG], int16_t out[LITE_S1][LITE_S1]) const {
  const Layer& l = layer_[LITE_L_CONV1];
  if (!l.fast) return lenet_lite_fixed_conv1_channel(&p_, u, in, out);
  const int64_t b = bias(LITE_L_CONV1, p_.conv1_b[u]);
  for (int x = 0; x < LITE_S1; ++x) {
    int64_t acc_row[LITE_S1];
    if (l.wide && conv_row_wide<LITE_S1>(l, b, &in[x][0], LENET_IMG, 0, 1, &p_.conv1_w[u][0][0][0], acc_row)) {
      for (int y = 0; y < LITE_S1; ++y) out[x][y] = finish(l, acc_row[y], true);
      continue;
    }
    for (int y = 0; y < LITE_S1; ++y) {
      int64_t acc = b;
      for (int i = 0; i < LENET_K; ++i) acc = mac_row<LENET_K>(l, acc, &in[x + i][y], p_.conv1_w[u][0][i]);
      out[x][y] = finish(l, acc, true);
    }
  }
}

void LenetFixedFast::conv2_channel(int u, const int16_t in[LITE_C1][LITE_P1][LITE_P1],
                                   int16_t out[LITE_S2][LITE_S2]) const {
  const Layer& l = layer_[LITE_L_CONV2];
  if (!l.fast) return lenet_lite_fixed_conv2_channel(&p_, u, in, out);
  const int64_t b = bias(LITE_L_CONV2, p_.conv2_b[u]);
  for (int x = 0; x < LITE_S2; ++x) {
    int64_t acc_row[LITE_S2];
    if (l.wide && conv_row_wide<LITE_S2>(l, b, &in[0][x][0], LITE_P1, LITE_P1 * LITE_P1, LITE_C1,
                                         &p_.conv2_w[u][0][0][0], acc_row)) {
      for (int y = 0; y < LITE_S2; ++y) out[x][y] = finish(l, acc_row[y], true);
      continue;
    }
    for (int y = 0; y < LITE_S2; ++y) {
      int64_t acc = b;
      for (int k = 0; k < LITE_C1; ++k)
        for (int i = 0; i < LENET_K; ++i) acc = mac_row<LENET_K>(l, acc, &in[k][x + i][y], p_.conv2_w[u][k][i]);
      out[x][y] = finish(l, acc, true);
    }
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
