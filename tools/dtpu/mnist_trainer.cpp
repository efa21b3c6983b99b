#include "mnist_trainer.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace zvp::dtpu {

namespace {
constexpr int kC = 12, kO = 26, kP = 13, kF = kP * kP * kC, kN = 10;

struct Rng {
  uint32_t s;
  uint32_t next() { return s = s * 1664525u + 1013904223u; }
  float uniform(float a) { return (float(next() >> 8) / float(1u << 24) * 2.f - 1.f) * a; }
};

struct Fwd {
  float x[28 * 28], conv[kO * kO * kC], pool[kF], logit[kN], prob[kN];
  int arg[kF];
};

void forward(const MnistFloat& m, const uint8_t* img, Fwd& f) {
  for (int i = 0; i < 784; ++i) f.x[i] = img[i] / 255.f;
  for (int y = 0; y < kO; ++y)
    for (int x = 0; x < kO; ++x)
      for (int c = 0; c < kC; ++c) {
        float a = m.b1[c];
        for (int ky = 0; ky < 3; ++ky)
          for (int kx = 0; kx < 3; ++kx) a += m.w1[c * 9 + ky * 3 + kx] * f.x[(y + ky) * 28 + x + kx];
        f.conv[(y * kO + x) * kC + c] = a > 0 ? a : 0;
      }
  for (int y = 0; y < kP; ++y)
    for (int x = 0; x < kP; ++x)
      for (int c = 0; c < kC; ++c) {
        int best = ((2 * y) * kO + 2 * x) * kC + c;
        for (int d = 1; d < 4; ++d) {
          const int i = ((2 * y + d / 2) * kO + 2 * x + d % 2) * kC + c;
          if (f.conv[i] > f.conv[best]) best = i;
        }
        f.pool[(y * kP + x) * kC + c] = f.conv[best];
        f.arg[(y * kP + x) * kC + c] = best;
      }
  float mx = -1e30f;
  for (int n = 0; n < kN; ++n) {
    float a = m.b2[n];
    for (int k = 0; k < kF; ++k) a += m.w2[n * kF + k] * f.pool[k];
    f.logit[n] = a;
    mx = std::max(mx, a);
  }
  float s = 0;
  for (int n = 0; n < kN; ++n) s += f.prob[n] = std::exp(f.logit[n] - mx);
  for (int n = 0; n < kN; ++n) f.prob[n] /= s;
}
}  // namespace

MnistFloat train(const mnist::Dataset& ds, const TrainOptions& o) {
  MnistFloat m;
  Rng r{o.seed};
  for (auto& w : m.w1) w = r.uniform(std::sqrt(6.f / 9.f));
  for (auto& w : m.w2) w = r.uniform(std::sqrt(6.f / kF));
  std::vector<uint32_t> order(ds.count());
  for (size_t i = 0; i < order.size(); ++i) order[i] = uint32_t(i);
  Fwd f;
  std::vector<float> dpool(kF), dconv(kO * kO * kC);
  for (unsigned e = 0; e < o.epochs; ++e) {
    for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[r.next() % i]);
    const float lr = o.lr / (1.f + e);
    for (uint32_t idx : order) {
      forward(m, ds.image(idx), f);
      float dl[kN];
      for (int n = 0; n < kN; ++n) dl[n] = f.prob[n] - (n == ds.labels[idx] ? 1.f : 0.f);
      std::fill(dpool.begin(), dpool.end(), 0.f);
      for (int n = 0; n < kN; ++n) {
        float* w = &m.w2[n * kF];
        for (int k = 0; k < kF; ++k) {
          dpool[k] += dl[n] * w[k];
          w[k] -= lr * dl[n] * f.pool[k];
        }
        m.b2[n] -= lr * dl[n];
      }
      std::fill(dconv.begin(), dconv.end(), 0.f);
      for (int k = 0; k < kF; ++k)
        if (f.conv[f.arg[k]] > 0) dconv[f.arg[k]] = dpool[k];
      float gw[kC * 9] = {}, gb[kC] = {};
      for (int y = 0; y < kO; ++y)
        for (int x = 0; x < kO; ++x)
          for (int c = 0; c < kC; ++c) {
            const float d = dconv[(y * kO + x) * kC + c];
            if (d == 0) continue;
            gb[c] += d;
            for (int ky = 0; ky < 3; ++ky)
              for (int kx = 0; kx < 3; ++kx) gw[c * 9 + ky * 3 + kx] += d * f.x[(y + ky) * 28 + x + kx];
          }
      for (int i = 0; i < kC * 9; ++i) m.w1[i] -= lr * gw[i];
      for (int c = 0; c < kC; ++c) m.b1[c] -= lr * gb[c];
    }
  }
  return m;
}

int predict_float(const MnistFloat& m, const uint8_t* img, float* conv_max) {
  Fwd f;
  forward(m, img, f);
  if (conv_max) *conv_max = std::max(*conv_max, *std::max_element(f.conv, f.conv + kO * kO * kC));
  return int(std::max_element(f.logit, f.logit + kN) - f.logit);
}

double accuracy_float(const MnistFloat& m, const mnist::Dataset& ds) {
  size_t ok = 0;
  for (size_t i = 0; i < ds.count(); ++i) ok += predict_float(m, ds.image(i)) == ds.labels[i];
  return double(ok) / double(ds.count());
}

float calibrate(const MnistFloat& m, const mnist::Dataset& ds, size_t n) {
  float mx = 0;
  for (size_t i = 0; i < std::min(n, ds.count()); ++i) predict_float(m, ds.image(i), &mx);
  return mx;
}

void mnist_input(unsigned bits, const uint8_t* img, int32_t* x) {
  int32_t qmin, qmax, zp;
  dtpu_act_range(bits, &qmin, &qmax, &zp);
  for (int i = 0; i < 784; ++i) x[i] = int32_t(img[i]) + zp;  // scale 1/255
}

void MnistQuant::link() {
  int32_t qmin, qmax, zp;
  dtpu_act_range(bits, &qmin, &qmax, &zp);
  layers[0].weight = w1.data();
  layers[0].bias = b1.data();
  layers[2].weight = w2.data();
  layers[2].bias = b2.data();
  net.name = "mnist";
  net.nlayers = 3;
  net.bits = bits;
  net.in_zp = zp;
  net.layers = layers;
}

MnistQuant quantise(const MnistFloat& m, unsigned bits, float conv_max) {
  MnistQuant q;
  q.bits = bits;
  int32_t qmin, qmax, zp;
  dtpu_act_range(bits, &qmin, &qmax, &zp);
  const int32_t qw = dtpu_weight_qmax(bits);
  auto amax = [](const std::vector<float>& v) {
    float a = 0;
    for (float x : v) a = std::max(a, std::fabs(x));
    return a;
  };
  const double s_in = 1.0 / 255.0, s_w1 = amax(m.w1) / qw, s_w2 = amax(m.w2) / qw;
  const double s_a = double(conv_max) / (double(qmax) - double(zp));  // ReLU output [0, max] -> [zp, qmax]
  auto qz = [](double v) { return int64_t(v >= 0 ? v + 0.5 : v - 0.5); };
  q.w1.resize(12 * 9);
  q.b1.resize(12);
  for (int c = 0; c < 12; ++c) {
    int64_t sum = 0;
    for (int k = 0; k < 9; ++k) sum += q.w1[c * 9 + k] = int32_t(qz(m.w1[c * 9 + k] / s_w1));
    q.b1[c] = qz(m.b1[c] / (s_in * s_w1)) - int64_t(zp) * sum;
  }
  q.w2.resize(10 * kF);
  q.b2.resize(10);
  for (int n = 0; n < 10; ++n) {
    int64_t sum = 0;
    for (int k = 0; k < kF; ++k) sum += q.w2[n * kF + k] = int32_t(qz(m.w2[n * kF + k] / s_w2));
    q.b2[n] = qz(m.b2[n] / (s_a * s_w2)) - int64_t(zp) * sum;
  }
  dtpu_layer& c1 = q.layers[0];
  c1 = dtpu_layer{};
  c1.name = "conv1";
  c1.kind = DTPU_CONV3;
  c1.relu = 1;
  c1.requant = 1;
  c1.h = 28, c1.w = 28, c1.cin = 1, c1.cout = 12;
  dtpu_quant_multiplier(s_in * s_w1 / s_a, &c1.mult, &c1.shift);
  c1.zp_out = zp, c1.qmin = qmin, c1.qmax = qmax;
  dtpu_layer& p1 = q.layers[1];
  p1 = dtpu_layer{};
  p1.name = "pool1";
  p1.kind = DTPU_POOL2;
  p1.h = 26, p1.w = 26, p1.cin = 12, p1.cout = 12;
  dtpu_layer& d1 = q.layers[2];
  d1 = dtpu_layer{};
  d1.name = "dense1";
  d1.kind = DTPU_DENSE;
  d1.h = 13, d1.w = 13, d1.cin = 12, d1.cout = 10;
  q.link();
  return q;
}

std::string export_c(const MnistQuant* qs, size_t n) {
  std::ostringstream o;
  o << "/* Generated by zvp_dtpu_train (tools/dtpu): the MNIST network of seed 003, trained and\n"
       " * quantised deterministically at build time. Do not edit. */\n#include \"golden/dtpu/dtpu_net.h\"\n\n";
  for (size_t i = 0; i < n; ++i) {
    const MnistQuant& q = qs[i];
    const std::string s = std::to_string(q.bits);
    auto arr = [&](const char* type, const std::string& nm, const auto& v) {
      o << "static const " << type << " " << nm << "[" << v.size() << "] = {";
      for (size_t k = 0; k < v.size(); ++k) o << (k % 16 ? " " : "\n  ") << v[k] << (type[3] == '6' ? "LL," : ",");
      o << "\n};\n";
    };
    arr("int32_t", "w1_" + s, q.w1);
    arr("int64_t", "b1_" + s, q.b1);
    arr("int32_t", "w2_" + s, q.w2);
    arr("int64_t", "b2_" + s, q.b2);
    o << "static const dtpu_layer layers_" << s << "[3] = {\n";
    for (int l = 0; l < 3; ++l) {
      const dtpu_layer& L = q.layers[l];
      const std::string w = l == 0 ? "w1_" + s : l == 2 ? "w2_" + s : "0";
      const std::string b = l == 0 ? "b1_" + s : l == 2 ? "b2_" + s : "0";
      o << "  {\"" << L.name << "\", " << int(L.kind) << ", " << int(L.relu) << ", " << int(L.requant) << ", "
        << L.h << ", " << L.w << ", " << L.cin << ", " << L.cout << ", " << w << ", " << b << ", " << L.mult
        << "u, " << L.shift << ", " << L.zp_out << ", " << L.qmin << ", " << L.qmax << "},\n";
    }
    o << "};\nconst dtpu_net dtpu_mnist_net" << s << " = {\"mnist\", 3, " << q.bits << ", " << q.net.in_zp
      << ", layers_" << s << "};\n\n";
  }
  return o.str();
}

}  // namespace zvp::dtpu
