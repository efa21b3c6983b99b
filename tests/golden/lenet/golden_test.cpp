// The golden model on real held-out digits (scenarios/data/lenet/mnist_test_head40.bin) with the
// committed weights: fixed point against an independent reference written in exact double
// arithmetic, against float, layer-by-layer against whole-network, and accuracy sanity.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <vector>

#include "golden/lenet/evaluate.h"

using namespace zvp;

namespace {

const std::string kDir = ZVP_LENET_DATA_DIR;

mnist::Dataset sample() { return mnist::read_file(kDir + "/mnist_test_head40.bin"); }

lenet_lite_float_params lite_float() {
  lenet_lite_float_params p;
  lenet::to_struct(lenet::read_weights(kDir + "/lite_weights.bin", lenet::Model::Lite), p);
  return p;
}

// ---- An independent model of ap_fixed<W,I,AP_RND,AP_SAT>: values as doubles (all exact here:
// 16x16-bit products and 32-bit sums need < 53 bits), quantised with floor(x * 2^F + 0.5).
double q(double x, lenet_fx_fmt f) {
  const int fr = f.w - f.i;
  const double lo = -std::ldexp(1.0, f.w - 1), hi = std::ldexp(1.0, f.w - 1) - 1;
  double r = std::floor(std::ldexp(x, fr) + 0.5);
  r = std::min(hi, std::max(lo, r));
  return std::ldexp(r, -fr);
}

struct RefLayer {
  int layer;
  std::vector<double> w, b;
};

// out = [ReLU] q_out( acc ), acc = q_acc(b) (+)= q_acc(x*w) with saturation after every add.
double ref_neuron(const lenet_lite_formats& f, int layer, double bias, const std::vector<double>& xs,
                  const std::vector<double>& ws, bool relu) {
  const auto af = f.acc[layer];
  double acc = q(bias, af);
  for (size_t i = 0; i < xs.size(); ++i) acc = q(acc + q(xs[i] * ws[i], af), af);
  if (relu && acc <= 0) return 0.0;
  return q(acc, f.out[layer]);
}

std::vector<double> vals(const int16_t* raw, size_t n, lenet_fx_fmt f) {
  std::vector<double> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = std::ldexp(double(raw[i]), -(f.w - f.i));
  return v;
}

// Whole reference network; returns the fc2 values.
std::vector<double> ref_predict(const lenet_lite_fixed_params& p, const uint8_t* img) {
  const auto& f = p.fmt;
  std::vector<double> in(32 * 32, 0.0);
  for (int r = 0; r < 28; ++r)
    for (int c = 0; c < 28; ++c) in[(r + 2) * 32 + c + 2] = q(img[r * 28 + c] / 255.0, f.input);
  auto conv = [&](const std::vector<double>& x, int ch, int side, const int16_t* w, const int16_t* b, int n, int layer) {
    const int o = side - 4;
    const auto wv = vals(w, size_t(n) * ch * 25, f.weight[layer]);
    const auto bv = vals(b, n, f.bias[layer]);
    std::vector<double> out(size_t(n) * o * o);
    for (int u = 0; u < n; ++u)
      for (int r = 0; r < o; ++r)
        for (int c = 0; c < o; ++c) {
          std::vector<double> xs, ws;
          for (int k = 0; k < ch; ++k)
            for (int i = 0; i < 5; ++i)
              for (int j = 0; j < 5; ++j) {
                xs.push_back(x[(size_t(k) * side + r + i) * side + c + j]);
                ws.push_back(wv[((size_t(u) * ch + k) * 5 + i) * 5 + j]);
              }
          out[(size_t(u) * o + r) * o + c] = ref_neuron(f, layer, bv[u], xs, ws, true);
        }
    return out;
  };
  auto pool = [](const std::vector<double>& x, int ch, int side) {
    const int h = side / 2;
    std::vector<double> out(size_t(ch) * h * h);
    for (int k = 0; k < ch; ++k)
      for (int r = 0; r < h; ++r)
        for (int c = 0; c < h; ++c) {
          const size_t b = (size_t(k) * side + 2 * r) * side + 2 * c;
          out[(size_t(k) * h + r) * h + c] = std::max(std::max(x[b], x[b + 1]), std::max(x[b + side], x[b + side + 1]));
        }
    return out;
  };
  auto dense = [&](const std::vector<double>& x, const int16_t* w, const int16_t* b, int n, int layer, bool relu) {
    const auto wv = vals(w, size_t(n) * x.size(), f.weight[layer]);
    const auto bv = vals(b, n, f.bias[layer]);
    std::vector<double> out(n);
    for (int u = 0; u < n; ++u)
      out[u] = ref_neuron(f, layer, bv[u], x, std::vector<double>(wv.begin() + u * x.size(), wv.begin() + (u + 1) * x.size()), relu);
    return out;
  };
  auto a = conv(in, 1, 32, &p.conv1_w[0][0][0][0], p.conv1_b, 3, LITE_L_CONV1);
  a = pool(a, 3, 28);
  a = conv(a, 3, 14, &p.conv2_w[0][0][0][0], p.conv2_b, 6, LITE_L_CONV2);
  a = pool(a, 6, 10);
  a = conv(a, 6, 5, &p.conv3_w[0][0][0][0], p.conv3_b, 12, LITE_L_CONV3);
  a = dense(a, &p.fc1_w[0][0], p.fc1_b, 10, LITE_L_FC1, true);
  return dense(a, &p.fc2_w[0][0], p.fc2_b, 10, LITE_L_FC2, false);
}

void expect_bit_exact(const lenet_lite_fixed_params& qp, const mnist::Dataset& ds) {
  int16_t in[1024], out[10];
  for (size_t i = 0; i < ds.count(); ++i) {
    lenet_image_to_fixed(ds.image(i), qp.fmt.input, in);
    lenet_lite_fixed_predict(&qp, in, out);
    const auto ref = ref_predict(qp, ds.image(i));
    const int fr = qp.fmt.out[LITE_L_FC2].w - qp.fmt.out[LITE_L_FC2].i;
    for (int k = 0; k < 10; ++k) ASSERT_EQ(double(out[k]), std::ldexp(ref[k], fr)) << "image " << i << " output " << k;
  }
}

}  // namespace

TEST(LenetGolden, FixedPointIsBitExactWithIndependentReference) {
  const auto qp = lenet::load_lite_fixed(kDir + "/lite_weights.bin", kDir + "/lite_formats.txt");
  expect_bit_exact(qp, sample());
}

TEST(LenetGolden, SaturatingFormatsStayBitExact) {
  // Narrow formats force saturation of products, accumulators and outputs everywhere.
  const auto fp = lite_float();
  lenet_lite_formats f = lenet::read_formats(kDir + "/lite_formats.txt");
  for (int l = 0; l < LITE_LAYERS; ++l) {
    f.out[l] = lenet_fx_fmt{16, 2};
    f.acc[l] = lenet_fx_fmt{32, 3};
  }
  lenet_lite_fixed_params qp;
  ASSERT_EQ(lenet_lite_quantize(&fp, &f, &qp), 0);
  const auto ds = sample();
  expect_bit_exact(qp, ds);
  // and the saturation really happened: some fc2 output sits at a limit
  int16_t in[1024], out[10];
  bool saturated = false;
  for (size_t i = 0; i < ds.count(); ++i) {
    lenet_image_to_fixed(ds.image(i), qp.fmt.input, in);
    lenet_lite_fixed_predict(&qp, in, out);
    for (int16_t v : out) saturated |= v == 32767 || v == -32768;
  }
  EXPECT_TRUE(saturated);
}

TEST(LenetGolden, FixedFollowsFloatClosely) {
  const auto fp = lite_float();
  const auto qp = lenet::load_lite_fixed(kDir + "/lite_weights.bin", kDir + "/lite_formats.txt");
  const auto ds = sample();
  float in_f[1024], out_f[10];
  int16_t in_q[1024], out_q[10];
  size_t agree = 0;
  const int fr = qp.fmt.out[LITE_L_FC2].w - qp.fmt.out[LITE_L_FC2].i;
  for (size_t i = 0; i < ds.count(); ++i) {
    lenet_image_to_float(ds.image(i), in_f);
    lenet_image_to_fixed(ds.image(i), qp.fmt.input, in_q);
    agree += lenet_lite_float_predict(&fp, in_f, out_f) == lenet_lite_fixed_predict(&qp, in_q, out_q);
    for (int k = 0; k < 10; ++k) EXPECT_NEAR(std::ldexp(double(out_q[k]), -fr), out_f[k], 0.05) << i << " " << k;
  }
  EXPECT_GE(agree, ds.count() - 1);
}

TEST(LenetGolden, LayerFunctionsComposeToPredict) {
  const auto qp = lenet::load_lite_fixed(kDir + "/lite_weights.bin", kDir + "/lite_formats.txt");
  const auto ds = sample();
  int16_t in[32][32], c1[3][28][28], p1[3][14][14], c2[6][10][10], p2[6][5][5], c3[12], f1[10], f2[10], whole[10];
  int16_t ch1[28][28], ch2[10][10];
  for (size_t i = 0; i < 5; ++i) {
    lenet_image_to_fixed(ds.image(i), qp.fmt.input, &in[0][0]);
    lenet_lite_fixed_conv1(&qp, in, c1);
    for (int u = 0; u < 3; ++u) {
      lenet_lite_fixed_conv1_channel(&qp, u, in, ch1);
      ASSERT_EQ(0, std::memcmp(ch1, c1[u], sizeof ch1));
    }
    lenet_lite_fixed_pool1(c1, p1);
    lenet_lite_fixed_conv2(&qp, p1, c2);
    for (int u = 0; u < 6; ++u) {
      lenet_lite_fixed_conv2_channel(&qp, u, p1, ch2);
      ASSERT_EQ(0, std::memcmp(ch2, c2[u], sizeof ch2));
    }
    lenet_lite_fixed_pool2(c2, p2);
    lenet_lite_fixed_conv3(&qp, p2, c3);
    lenet_lite_fixed_fc1(&qp, c3, f1);
    lenet_lite_fixed_fc2(&qp, f1, f2);
    const int cls = lenet_lite_fixed_predict(&qp, &in[0][0], whole);
    EXPECT_EQ(0, std::memcmp(f2, whole, sizeof f2));
    EXPECT_EQ(cls, lenet_argmax_i16(f2, 10));
    // ReLU outputs are never negative
    for (int k = 0; k < 12; ++k) EXPECT_GE(c3[k], 0);
  }
}

TEST(LenetGolden, ArgmaxTakesTheFirstMaximum) {
  const int16_t v[5] = {3, 7, 7, -1, 7};
  EXPECT_EQ(lenet_argmax_i16(v, 5), 1);
  const float f[4] = {-2.0f, -1.0f, -1.0f, -3.0f};
  EXPECT_EQ(lenet_argmax_f(f, 4), 1);
}

TEST(LenetGolden, CommittedModelsClassifyHeldOutDigits) {
  const auto ds = sample();
  const auto fp = lite_float();
  const auto qp = lenet::load_lite_fixed(kDir + "/lite_weights.bin", kDir + "/lite_formats.txt");
  const auto e = lenet::evaluate_lite(ds, fp, qp);
  EXPECT_GE(e.fixed_correct, 37u);
  EXPECT_GE(e.float_correct, 37u);
  auto op = std::make_unique<lenet_orig_float_params>();
  lenet::to_struct(lenet::read_weights(kDir + "/orig_weights.bin", lenet::Model::Original), *op);
  EXPECT_GE(lenet::evaluate_orig(ds, *op), 35u);
}

TEST(LenetGolden, ParameterCountsMatchTheSeed) {
  EXPECT_EQ(sizeof(lenet_lite_float_params) / sizeof(float), 2586u);
  EXPECT_EQ(sizeof(lenet_orig_float_params) / sizeof(float), 61706u);
  EXPECT_EQ(lenet::param_count(lenet::Model::Lite), 2586u);
  EXPECT_EQ(lenet::param_count(lenet::Model::Original), 61706u);
}
