// The predict IP's arithmetic against an oracle that shares no code with it. The IP computes with
// LenetFixedFast and the golden pooling/argmax (or the golden layer functions throughout), and
// its other tests compare it with the golden model, which a bug in the shared golden code would
// pass. Here the expected values come from a naive fixed-point Lite LeNet-5 written below from
// the arithmetic contract of golden/lenet/lenet_fixed.h and the network of lenet_lite.h:
//   convert(v, from_frac, fmt): round to nearest, ties toward +inf (floor((v + 2^(s-1)) / 2^s),
//     s = from_frac - F), then saturate to the format's W bits;
//   acc = convert(bias); acc = sat(acc + convert(x * w)) in the order bias, k, i, j;
//   ReLU layers: out = acc > 0 ? convert(acc) : 0; fc2: convert(acc); 2x2 max pools on raw values;
//   class = the first index of the maximum.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

#include "accel/lenet/lenet_fast.h"
#include "ip_bench.h"

using namespace zvp;

namespace {

int64_t saturate(int64_t v, lenet_fx_fmt f) {
  const int64_t hi = (int64_t(1) << (f.w - 1)) - 1;
  return std::clamp(v, -hi - 1, hi);
}

int64_t floor_pow2(int64_t v, int s) {
  const int64_t d = int64_t(1) << s, q = v / d;
  return (v % d != 0 && v < 0) ? q - 1 : q;
}

int64_t convert(int64_t v, int from_frac, lenet_fx_fmt f) {
  const int s = from_frac - (f.w - f.i);
  return saturate(s > 0 ? floor_pow2(v + (int64_t(1) << (s - 1)), s) : v * (int64_t(1) << -s), f);
}

int frac(lenet_fx_fmt f) { return f.w - f.i; }

// One output of layer l: n products x[idx] * w[idx] in the order given, then the output stage.
struct Neuron {
  const lenet_lite_formats& fmt;
  int l;
  lenet_fx_fmt in;
  int64_t acc;
  Neuron(const lenet_lite_formats& f, int layer, lenet_fx_fmt in_fmt, int16_t bias)
      : fmt(f), l(layer), in(in_fmt), acc(convert(bias, frac(f.bias[layer]), f.acc[layer])) {}
  void add(int16_t x, int16_t w) {
    const int64_t p = convert(int64_t(x) * w, frac(in) + frac(fmt.weight[l]), fmt.acc[l]);
    acc = saturate(acc + p, fmt.acc[l]);
  }
  int16_t out(bool relu) const {
    if (relu && acc <= 0) return 0;
    return int16_t(convert(acc, frac(fmt.acc[l]), fmt.out[l]));
  }
};

// Valid 5x5 convolution of c channels of n x n (flat [c][n][n]) into u channels, ReLU.
std::vector<int16_t> conv(const lenet_lite_fixed_params& p, int l, lenet_fx_fmt in_fmt, const std::vector<int16_t>& in,
                          int c, int n, int u, const int16_t* w, const int16_t* b) {
  const int s = n - LENET_K + 1;
  std::vector<int16_t> out(size_t(u) * s * s);
  for (int o = 0; o < u; ++o)
    for (int x = 0; x < s; ++x)
      for (int y = 0; y < s; ++y) {
        Neuron nr(p.fmt, l, in_fmt, b[o]);
        for (int k = 0; k < c; ++k)
          for (int i = 0; i < LENET_K; ++i)
            for (int j = 0; j < LENET_K; ++j)
              nr.add(in[(size_t(k) * n + x + i) * n + y + j], w[((size_t(o) * c + k) * LENET_K + i) * LENET_K + j]);
        out[(size_t(o) * s + x) * s + y] = nr.out(true);
      }
  return out;
}

std::vector<int16_t> pool(const std::vector<int16_t>& in, int c, int n) {
  const int h = n / 2;
  std::vector<int16_t> out(size_t(c) * h * h);
  for (int k = 0; k < c; ++k)
    for (int x = 0; x < h; ++x)
      for (int y = 0; y < h; ++y) {
        auto at = [&](int dx, int dy) { return in[(size_t(k) * n + 2 * x + dx) * n + 2 * y + dy]; };
        out[(size_t(k) * h + x) * h + y] = std::max({at(0, 0), at(0, 1), at(1, 0), at(1, 1)});
      }
  return out;
}

std::vector<int16_t> fc(const lenet_lite_fixed_params& p, int l, lenet_fx_fmt in_fmt, const std::vector<int16_t>& in,
                        int u, const int16_t* w, const int16_t* b, bool relu) {
  std::vector<int16_t> out(u);
  for (int o = 0; o < u; ++o) {
    Neuron nr(p.fmt, l, in_fmt, b[o]);
    for (size_t k = 0; k < in.size(); ++k) nr.add(in[k], w[o * in.size() + k]);
    out[o] = nr.out(relu);
  }
  return out;
}

struct Naive {
  std::vector<int16_t> c1, p1, c2, p2, c3, f1, f2;
  int cls = -1;
};

Naive naive_network(const lenet_lite_fixed_params& p, const std::vector<int16_t>& img) {
  const lenet_lite_formats& f = p.fmt;
  Naive r;
  r.c1 = conv(p, LITE_L_CONV1, f.input, img, 1, LENET_IMG, LITE_C1, &p.conv1_w[0][0][0][0], p.conv1_b);
  r.p1 = pool(r.c1, LITE_C1, LITE_S1);
  r.c2 = conv(p, LITE_L_CONV2, f.out[LITE_L_CONV1], r.p1, LITE_C1, LITE_P1, LITE_C2, &p.conv2_w[0][0][0][0], p.conv2_b);
  r.p2 = pool(r.c2, LITE_C2, LITE_S2);
  r.c3 = conv(p, LITE_L_CONV3, f.out[LITE_L_CONV2], r.p2, LITE_C2, LITE_P2, LITE_C3, &p.conv3_w[0][0][0][0], p.conv3_b);
  r.f1 = fc(p, LITE_L_FC1, f.out[LITE_L_CONV3], r.c3, LITE_F1, &p.fc1_w[0][0], p.fc1_b, true);
  r.f2 = fc(p, LITE_L_FC2, f.out[LITE_L_FC1], r.f1, LITE_F2, &p.fc2_w[0][0], p.fc2_b, false);
  r.cls = int(std::max_element(r.f2.begin(), r.f2.end()) - r.f2.begin());  // first maximum
  return r;
}

// The IP's two functional paths layer by layer: LenetFixedFast (its default) or the golden layer
// functions (use_golden_functions). Each layer is fed the oracle's previous stage.
struct IpLayers {
  virtual ~IpLayers() = default;
  virtual void conv1(int u, const int16_t in[LENET_IMG][LENET_IMG], int16_t out[LITE_S1][LITE_S1]) const = 0;
  virtual void conv2(int u, const int16_t in[LITE_C1][LITE_P1][LITE_P1], int16_t out[LITE_S2][LITE_S2]) const = 0;
  virtual void conv3(const int16_t in[LITE_C2][LITE_P2][LITE_P2], int16_t out[LITE_C3]) const = 0;
  virtual void fc1(const int16_t in[LITE_C3], int16_t out[LITE_F1]) const = 0;
  virtual void fc2(const int16_t in[LITE_F1], int16_t out[LITE_F2]) const = 0;
  virtual int predict(const int16_t in[LENET_IMG * LENET_IMG], int16_t out[LITE_F2]) const = 0;
};

struct FastLayers : IpLayers {
  LenetFixedFast f;
  explicit FastLayers(const lenet_lite_fixed_params& p) : f(p) {}
  void conv1(int u, const int16_t in[LENET_IMG][LENET_IMG], int16_t out[LITE_S1][LITE_S1]) const override {
    f.conv1_channel(u, in, out);
  }
  void conv2(int u, const int16_t in[LITE_C1][LITE_P1][LITE_P1], int16_t out[LITE_S2][LITE_S2]) const override {
    f.conv2_channel(u, in, out);
  }
  void conv3(const int16_t in[LITE_C2][LITE_P2][LITE_P2], int16_t out[LITE_C3]) const override { f.conv3(in, out); }
  void fc1(const int16_t in[LITE_C3], int16_t out[LITE_F1]) const override { f.fc1(in, out); }
  void fc2(const int16_t in[LITE_F1], int16_t out[LITE_F2]) const override { f.fc2(in, out); }
  int predict(const int16_t in[LENET_IMG * LENET_IMG], int16_t out[LITE_F2]) const override {
    return f.predict(in, out);
  }
};

struct GoldenLayers : IpLayers {
  const lenet_lite_fixed_params* p;
  explicit GoldenLayers(const lenet_lite_fixed_params& params) : p(&params) {}
  void conv1(int u, const int16_t in[LENET_IMG][LENET_IMG], int16_t out[LITE_S1][LITE_S1]) const override {
    lenet_lite_fixed_conv1_channel(p, u, in, out);
  }
  void conv2(int u, const int16_t in[LITE_C1][LITE_P1][LITE_P1], int16_t out[LITE_S2][LITE_S2]) const override {
    lenet_lite_fixed_conv2_channel(p, u, in, out);
  }
  void conv3(const int16_t in[LITE_C2][LITE_P2][LITE_P2], int16_t out[LITE_C3]) const override {
    lenet_lite_fixed_conv3(p, in, out);
  }
  void fc1(const int16_t in[LITE_C3], int16_t out[LITE_F1]) const override { lenet_lite_fixed_fc1(p, in, out); }
  void fc2(const int16_t in[LITE_F1], int16_t out[LITE_F2]) const override { lenet_lite_fixed_fc2(p, in, out); }
  int predict(const int16_t in[LENET_IMG * LENET_IMG], int16_t out[LITE_F2]) const override {
    return lenet_lite_fixed_predict(p, in, out);
  }
};

// Returns how many layers (and the class) differ from the oracle's.
int compare_layers(const lenet_lite_fixed_params& p, const IpLayers& ip, const std::vector<int16_t>& img) {
  const Naive n = naive_network(p, img);
  int differ = 0;
  int16_t c1[LITE_C1][LITE_S1][LITE_S1], c2[LITE_C2][LITE_S2][LITE_S2], c3[LITE_C3], f1[LITE_F1], f2[LITE_F2];
  int16_t p1[LITE_C1][LITE_P1][LITE_P1], p2[LITE_C2][LITE_P2][LITE_P2], c3n[LITE_C3], f1n[LITE_F1];
  std::memcpy(p1, n.p1.data(), sizeof p1);
  std::memcpy(p2, n.p2.data(), sizeof p2);
  std::copy(n.c3.begin(), n.c3.end(), c3n);
  std::copy(n.f1.begin(), n.f1.end(), f1n);
  const auto* in = reinterpret_cast<const int16_t(*)[LENET_IMG]>(img.data());
  for (int u = 0; u < LITE_C1; ++u) ip.conv1(u, in, c1[u]);
  for (int u = 0; u < LITE_C2; ++u) ip.conv2(u, p1, c2[u]);
  ip.conv3(p2, c3);
  ip.fc1(c3n, f1);
  ip.fc2(f1n, f2);
  differ += std::memcmp(c1, n.c1.data(), sizeof c1) != 0;
  differ += std::memcmp(c2, n.c2.data(), sizeof c2) != 0;
  differ += std::memcmp(c3, n.c3.data(), sizeof c3) != 0;
  differ += std::memcmp(f1, n.f1.data(), sizeof f1) != 0;
  differ += std::memcmp(f2, n.f2.data(), sizeof f2) != 0;
  int16_t out[LITE_F2];
  differ += ip.predict(img.data(), out) != n.cls;
  return differ;
}

// The committed model on digits, then full-range weights and inputs (every accumulator and
// output saturates somewhere); returns the layers that differ.
int compare_on_digits_and_extremes(bool golden_functions) {
  auto p = lenet_test::load_params();
  auto layers = [&]() -> std::unique_ptr<IpLayers> {
    if (golden_functions) return std::make_unique<GoldenLayers>(p);
    return std::make_unique<FastLayers>(p);
  };
  int differ = 0;
  for (const auto& img : lenet_test::images(p, 40)) differ += compare_layers(p, *layers(), img);
  uint32_t s = 4242;
  auto rnd = [&s] {
    s = s * 1664525u + 1013904223u;
    return int16_t(s >> 16);
  };
  auto* w = reinterpret_cast<int16_t*>(&p.conv1_w);
  const size_t nw = (reinterpret_cast<char*>(&p.fc2_b[LITE_F2]) - reinterpret_cast<char*>(&p.conv1_w)) / 2;
  for (size_t i = 0; i < nw; ++i) w[i] = rnd();
  const auto extreme = layers();
  for (int k = 0; k < 10; ++k) {
    std::vector<int16_t> img(1024);
    for (auto& v : img) v = rnd();
    differ += compare_layers(p, *extreme, img);
  }
  return differ;
}

}  // namespace

TEST(LenetOracle, FastPathLayersMatchANaiveFixedPointNetwork) { EXPECT_EQ(compare_on_digits_and_extremes(false), 0); }
TEST(LenetOracle, GoldenFunctionLayersMatchANaiveFixedPointNetwork) {
  EXPECT_EQ(compare_on_digits_and_extremes(true), 0);
}

// The IP end to end (pixels in through the stream, class out) against the naive network's class.
static void ip_classes_match(bool golden_functions) {
  lenet_test::IpBench b("optimized", 16);
  b.ip.use_golden_functions(golden_functions);
  const auto imgs = lenet_test::images(b.params, 60);
  zvp::test::run_sim([&] {
    b.cpu.write32(HlsControl::kApCtrl, HlsControl::AP_START | HlsControl::AUTO_RESTART);
    for (const auto& img : imgs) lenet_test::send(b.fifo, img, 1024, lenet_test::kIpClock.period());
    b.wait_done(imgs.size());
  });
  ASSERT_EQ(b.ip.tasks().size(), imgs.size());
  int differ = 0;
  std::vector<int> seen(LENET_CLASSES, 0);
  for (size_t i = 0; i < imgs.size(); ++i) {
    const int want = naive_network(b.params, imgs[i]).cls;
    differ += b.ip.tasks()[i].cls != want;
    seen[size_t(want)] = 1;
  }
  EXPECT_EQ(differ, 0);
  EXPECT_GE(std::count(seen.begin(), seen.end(), 1), 8);  // not one class for everything
}

TEST(LenetOracle, IpClassesMatchTheNaiveNetwork) { ip_classes_match(false); }
TEST(LenetOracle, IpOnTheGoldenFunctionsMatchesTheNaiveNetwork) { ip_classes_match(true); }
