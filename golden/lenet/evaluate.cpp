// Golden-model accuracy and format selection (evaluate.h).
#include "golden/lenet/evaluate.h"

#include <algorithm>
#include <cmath>
#include <memory>

namespace zvp::lenet {

LiteEval evaluate_lite(const mnist::Dataset& ds, const lenet_lite_float_params& fp, const lenet_lite_fixed_params& qp) {
  LiteEval e;
  float in_f[LENET_IMG * LENET_IMG], out_f[LITE_F2];
  int16_t in_q[LENET_IMG * LENET_IMG], out_q[LITE_F2];
  for (size_t i = 0; i < ds.count(); ++i) {
    lenet_image_to_float(ds.image(i), in_f);
    lenet_image_to_fixed(ds.image(i), qp.fmt.input, in_q);
    const int cf = lenet_lite_float_predict(&fp, in_f, out_f);
    const int cq = lenet_lite_fixed_predict(&qp, in_q, out_q);
    ++e.images;
    e.float_correct += cf == ds.labels[i];
    e.fixed_correct += cq == ds.labels[i];
    e.agree += cf == cq;
  }
  return e;
}

size_t evaluate_lite_float(const mnist::Dataset& ds, const lenet_lite_float_params& p) {
  size_t ok = 0;
  float in[LENET_IMG * LENET_IMG], out[LITE_F2];
  for (size_t i = 0; i < ds.count(); ++i) {
    lenet_image_to_float(ds.image(i), in);
    ok += lenet_lite_float_predict(&p, in, out) == ds.labels[i];
  }
  return ok;
}

size_t evaluate_orig(const mnist::Dataset& ds, const lenet_orig_float_params& p) {
  auto ws = std::make_unique<lenet_orig_workspace>();
  size_t ok = 0;
  float in[LENET_IMG * LENET_IMG], out[ORIG_F2];
  for (size_t i = 0; i < ds.count(); ++i) {
    lenet_image_to_float(ds.image(i), in);
    ok += lenet_orig_float_predict(&p, ws.get(), in, out) == ds.labels[i];
  }
  return ok;
}

namespace {
double max_abs(const float* v, size_t n) {
  double m = 0;
  for (size_t i = 0; i < n; ++i) m = std::max(m, std::fabs(double(v[i])));
  return m;
}
}  // namespace

ObservedRanges observe_ranges(const mnist::Dataset& ds, const lenet_lite_float_params& p) {
  ObservedRanges r;
  for (uint8_t px : ds.images) r.input = std::max(r.input, px / 255.0);
#define W(l, f) r.weight[l] = max_abs(&p.f##_w[0][0][0][0], sizeof p.f##_w / sizeof(float))
#define W2(l, f) r.weight[l] = max_abs(&p.f##_w[0][0], sizeof p.f##_w / sizeof(float))
  W(LITE_L_CONV1, conv1);
  W(LITE_L_CONV2, conv2);
  W(LITE_L_CONV3, conv3);
  W2(LITE_L_FC1, fc1);
  W2(LITE_L_FC2, fc2);
#undef W
#undef W2
  r.bias[LITE_L_CONV1] = max_abs(p.conv1_b, LITE_C1);
  r.bias[LITE_L_CONV2] = max_abs(p.conv2_b, LITE_C2);
  r.bias[LITE_L_CONV3] = max_abs(p.conv3_b, LITE_C3);
  r.bias[LITE_L_FC1] = max_abs(p.fc1_b, LITE_F1);
  r.bias[LITE_L_FC2] = max_abs(p.fc2_b, LITE_F2);
  float in[LENET_IMG * LENET_IMG], out[LITE_F2], m[LITE_LAYERS] = {0, 0, 0, 0, 0};
  for (size_t i = 0; i < ds.count(); ++i) {
    lenet_image_to_float(ds.image(i), in);
    lenet_lite_float_predict_ranges(&p, in, out, m);
  }
  for (int l = 0; l < LITE_LAYERS; ++l) r.out[l] = m[l];
  return r;
}

lenet_lite_formats select_formats(const ObservedRanges& r) {
  auto data = [](double m) { return lenet_fx_fmt{16, static_cast<int8_t>(std::min(16, lenet_fx_integer_bits(m)))}; };
  lenet_lite_formats f{};
  f.input = data(r.input);
  for (int l = 0; l < LITE_LAYERS; ++l) {
    f.weight[l] = data(r.weight[l]);
    f.bias[l] = data(r.bias[l]);
    f.out[l] = data(r.out[l]);
    f.acc[l] = lenet_fx_fmt{32, static_cast<int8_t>(std::min(32, 2 * f.out[l].i))};
  }
  return f;
}

}  // namespace zvp::lenet
