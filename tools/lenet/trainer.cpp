// Deterministic LeNet-5 trainer (see trainer.h). Layers keep no per-batch state: each sample is
// run forward and backward on its own and its gradients are added in sample order.
#include "trainer.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace zvp::lenet {

uint64_t Rng::next() {
  uint64_t z = (s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
double Rng::uniform() { return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0); }
uint32_t Rng::below(uint32_t n) { return static_cast<uint32_t>((next() >> 32) % n); }

namespace {

struct Param {
  std::vector<double> w, g, m, v;
  explicit Param(size_t n) : w(n, 0.0), g(n, 0.0), m(n, 0.0), v(n, 0.0) {}
};

class Layer {
 public:
  virtual ~Layer() = default;
  virtual size_t out_size() const = 0;
  virtual void forward(const double* in, double* out) const = 0;
  // Adds parameter gradients; writes din (may be null for the first layer).
  virtual void backward(const double* in, const double* out, const double* dout, double* din) = 0;
  virtual std::vector<Param*> params() { return {}; }
  virtual void init(Rng&, bool /*relu_next*/, double /*gain*/) {}
};

class Conv : public Layer {
 public:
  Conv(int c, int side, int m) : c_(c), s_(side), m_(m), o_(side - 4), w_(size_t(m) * c * 25), b_(m) {}
  size_t out_size() const override { return size_t(m_) * o_ * o_; }
  void init(Rng& r, bool relu, double gain) override {
    const double fan_in = c_ * 25.0, fan_out = m_ * 25.0;
    const double a = gain * (relu ? std::sqrt(6.0 / fan_in) : std::sqrt(6.0 / (fan_in + fan_out)));
    for (auto& x : w_.w) x = (2.0 * r.uniform() - 1.0) * a;
  }
  void forward(const double* in, double* out) const override {
    for (int u = 0; u < m_; ++u)
      for (int x = 0; x < o_; ++x)
        for (int y = 0; y < o_; ++y) {
          double acc = b_.w[u];
          for (int k = 0; k < c_; ++k)
            for (int i = 0; i < 5; ++i) {
              const double* row = in + (size_t(k) * s_ + x + i) * s_ + y;
              const double* wr = &w_.w[((size_t(u) * c_ + k) * 5 + i) * 5];
              for (int j = 0; j < 5; ++j) acc += row[j] * wr[j];
            }
          out[(size_t(u) * o_ + x) * o_ + y] = acc;
        }
  }
  void backward(const double* in, const double*, const double* dout, double* din) override {
    if (din) std::fill(din, din + size_t(c_) * s_ * s_, 0.0);
    for (int u = 0; u < m_; ++u)
      for (int x = 0; x < o_; ++x)
        for (int y = 0; y < o_; ++y) {
          const double d = dout[(size_t(u) * o_ + x) * o_ + y];
          if (d == 0.0) continue;
          b_.g[u] += d;
          for (int k = 0; k < c_; ++k)
            for (int i = 0; i < 5; ++i) {
              const size_t ioff = (size_t(k) * s_ + x + i) * s_ + y;
              const size_t woff = ((size_t(u) * c_ + k) * 5 + i) * 5;
              for (int j = 0; j < 5; ++j) {
                w_.g[woff + j] += d * in[ioff + j];
                if (din) din[ioff + j] += d * w_.w[woff + j];
              }
            }
        }
  }
  std::vector<Param*> params() override { return {&w_, &b_}; }

 private:
  int c_, s_, m_, o_;
  Param w_, b_;
};

class Dense : public Layer {
 public:
  Dense(int n_in, int n_out) : ni_(n_in), no_(n_out), w_(size_t(n_in) * n_out), b_(n_out) {}
  size_t out_size() const override { return size_t(no_); }
  void init(Rng& r, bool relu, double gain) override {
    const double a = gain * (relu ? std::sqrt(6.0 / ni_) : std::sqrt(6.0 / (ni_ + no_)));
    for (auto& x : w_.w) x = (2.0 * r.uniform() - 1.0) * a;
  }
  void forward(const double* in, double* out) const override {
    for (int u = 0; u < no_; ++u) {
      double acc = b_.w[u];
      for (int k = 0; k < ni_; ++k) acc += in[k] * w_.w[size_t(u) * ni_ + k];
      out[u] = acc;
    }
  }
  void backward(const double* in, const double*, const double* dout, double* din) override {
    if (din) std::fill(din, din + ni_, 0.0);
    for (int u = 0; u < no_; ++u) {
      const double d = dout[u];
      b_.g[u] += d;
      for (int k = 0; k < ni_; ++k) {
        w_.g[size_t(u) * ni_ + k] += d * in[k];
        if (din) din[k] += d * w_.w[size_t(u) * ni_ + k];
      }
    }
  }
  std::vector<Param*> params() override { return {&w_, &b_}; }

 private:
  int ni_, no_;
  Param w_, b_;
};

enum class Act { Relu, Tanh, Sigmoid };

class Activation : public Layer {
 public:
  Activation(size_t n, Act a) : n_(n), a_(a) {}
  size_t out_size() const override { return n_; }
  void forward(const double* in, double* out) const override {
    for (size_t i = 0; i < n_; ++i) {
      const double x = in[i];
      out[i] = a_ == Act::Relu ? (x > 0.0 ? x : 0.0) : a_ == Act::Tanh ? std::tanh(x) : 1.0 / (1.0 + std::exp(-x));
    }
  }
  void backward(const double* in, const double* out, const double* dout, double* din) override {
    for (size_t i = 0; i < n_; ++i) {
      const double y = out[i];
      const double dy = a_ == Act::Relu ? (in[i] > 0.0 ? 1.0 : 0.0) : a_ == Act::Tanh ? 1.0 - y * y : y * (1.0 - y);
      din[i] = dout[i] * dy;
    }
  }
  bool relu() const { return a_ == Act::Relu; }

 private:
  size_t n_;
  Act a_;
};

class Pool : public Layer {
 public:
  Pool(int c, int side, bool max) : c_(c), s_(side), h_(side / 2), max_(max) {}
  size_t out_size() const override { return size_t(c_) * h_ * h_; }
  // Index (0..3) of the window element the max takes, first maximum wins as in the golden model.
  int pick(const double* in, int c, int x, int y) const {
    const double* r0 = in + (size_t(c) * s_ + 2 * x) * s_ + 2 * y;
    const double v[4] = {r0[0], r0[1], r0[s_], r0[s_ + 1]};
    int b = 0;
    for (int i = 1; i < 4; ++i)
      if (v[i] > v[b]) b = i;
    return b;
  }
  void forward(const double* in, double* out) const override {
    for (int c = 0; c < c_; ++c)
      for (int x = 0; x < h_; ++x)
        for (int y = 0; y < h_; ++y) {
          const double* r0 = in + (size_t(c) * s_ + 2 * x) * s_ + 2 * y;
          double& o = out[(size_t(c) * h_ + x) * h_ + y];
          if (max_) {
            const int b = pick(in, c, x, y);
            o = r0[(b >> 1) * s_ + (b & 1)];
          } else {
            o = (r0[0] + r0[1] + r0[s_] + r0[s_ + 1]) * 0.25;
          }
        }
  }
  void backward(const double* in, const double*, const double* dout, double* din) override {
    std::fill(din, din + size_t(c_) * s_ * s_, 0.0);
    for (int c = 0; c < c_; ++c)
      for (int x = 0; x < h_; ++x)
        for (int y = 0; y < h_; ++y) {
          const double d = dout[(size_t(c) * h_ + x) * h_ + y];
          const size_t base = (size_t(c) * s_ + 2 * x) * s_ + 2 * y;
          if (max_) {
            const int b = pick(in, c, x, y);
            din[base + (b >> 1) * s_ + (b & 1)] += d;
          } else {
            din[base] += 0.25 * d;
            din[base + 1] += 0.25 * d;
            din[base + s_] += 0.25 * d;
            din[base + s_ + 1] += 0.25 * d;
          }
        }
  }

 private:
  int c_, s_, h_;
  bool max_;
};

}  // namespace

class Network {
 public:
  explicit Network(Model m) {
    if (m == Model::Lite) {
      add<Conv>(1, 32, 3), act(Act::Relu), add<Pool>(3, 28, true);
      add<Conv>(3, 14, 6), act(Act::Relu), add<Pool>(6, 10, true);
      add<Conv>(6, 5, 12), act(Act::Relu);
      add<Dense>(12, 10), act(Act::Relu);
      add<Dense>(10, 10);
    } else {
      add<Conv>(1, 32, 6), act(Act::Tanh), add<Pool>(6, 28, false), act(Act::Sigmoid);
      add<Conv>(6, 14, 16), act(Act::Tanh), add<Pool>(16, 10, false), act(Act::Sigmoid);
      add<Conv>(16, 5, 120), act(Act::Tanh);
      add<Dense>(120, 84), act(Act::Tanh);
      add<Dense>(84, 10);
    }
    acts_.assign(layers_.size() + 1, {});
    grads_.assign(layers_.size() + 1, {});
    acts_[0].assign(32 * 32, 0.0);
    grads_[0].assign(32 * 32, 0.0);
    for (size_t l = 0; l < layers_.size(); ++l) {
      acts_[l + 1].assign(layers_[l]->out_size(), 0.0);
      grads_[l + 1].assign(layers_[l]->out_size(), 0.0);
    }
    for (auto& l : layers_)
      for (auto* p : l->params()) params_.push_back(p);
    size_t n = 0;
    for (auto* p : params_) n += p->w.size();
    if (n != param_count(m)) throw std::logic_error("LeNet-5 layer definitions do not give the seed's parameter count");
  }

  void init(Rng& r, double gain) {
    for (size_t l = 0; l < layers_.size(); ++l) {
      const auto* a = (l + 1 < layers_.size()) ? dynamic_cast<const Activation*>(layers_[l + 1].get()) : nullptr;
      layers_[l]->init(r, a && a->relu(), gain);
    }
  }

  double* input() { return acts_[0].data(); }

  // Forward + backward of one sample; returns its loss, sets `correct`.
  double step(int label, bool& correct) {
    for (size_t l = 0; l < layers_.size(); ++l) layers_[l]->forward(acts_[l].data(), acts_[l + 1].data());
    auto& z = acts_.back();
    const double zmax = *std::max_element(z.begin(), z.end());
    double sum = 0.0;
    for (double v : z) sum += std::exp(v - zmax);
    auto& d = grads_.back();
    for (size_t i = 0; i < z.size(); ++i) d[i] = std::exp(z[i] - zmax) / sum - (int(i) == label ? 1.0 : 0.0);
    correct = std::max_element(z.begin(), z.end()) - z.begin() == label;
    for (size_t l = layers_.size(); l-- > 0;)
      layers_[l]->backward(acts_[l].data(), acts_[l + 1].data(), grads_[l + 1].data(), l ? grads_[l].data() : nullptr);
    return -(z[label] - zmax - std::log(sum));
  }

  double loss_only(int label) {
    for (size_t l = 0; l < layers_.size(); ++l) layers_[l]->forward(acts_[l].data(), acts_[l + 1].data());
    const auto& z = acts_.back();
    const double zmax = *std::max_element(z.begin(), z.end());
    double sum = 0.0;
    for (double v : z) sum += std::exp(v - zmax);
    return -(z[label] - zmax - std::log(sum));
  }

  std::vector<Param*>& param_list() { return params_; }

  // SGD with momentum 0.9 (velocity kept in m).
  void sgd(double lr, int batch) {
    for (auto* p : params_)
      for (size_t i = 0; i < p->w.size(); ++i) {
        p->m[i] = 0.9 * p->m[i] - lr * (p->g[i] / batch);
        p->w[i] += p->m[i];
        p->g[i] = 0.0;
      }
  }

  void adam(double lr, int batch, long t) {
    const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
    const double c1 = 1.0 - std::pow(b1, double(t)), c2 = 1.0 - std::pow(b2, double(t));
    for (auto* p : params_)
      for (size_t i = 0; i < p->w.size(); ++i) {
        const double g = p->g[i] / batch;
        p->m[i] = b1 * p->m[i] + (1 - b1) * g;
        p->v[i] = b2 * p->v[i] + (1 - b2) * g * g;
        p->w[i] -= lr * (p->m[i] / c1) / (std::sqrt(p->v[i] / c2) + eps);
        p->g[i] = 0.0;
      }
  }

  std::vector<float> weights() const {
    std::vector<float> out;
    for (auto* p : params_)
      for (double w : p->w) out.push_back(static_cast<float>(w));
    return out;
  }

 private:
  template <class L, class... A>
  int add(A... a) {
    layers_.push_back(std::make_unique<L>(a...));
    return 0;
  }
  int act(Act a) {
    layers_.push_back(std::make_unique<Activation>(layers_.back()->out_size(), a));
    return 0;
  }
  std::vector<std::unique_ptr<Layer>> layers_;
  std::vector<Param*> params_;
  std::vector<std::vector<double>> acts_, grads_;
};

TrainConfig preset(Model m) {
  TrainConfig c;
  c.model = m;
  if (m == Model::Lite) {
    c.epochs = 40;
    c.batch = 16;
    c.lr = 2e-3;
    c.lr_decay = 0.9;
    c.shift = 1;
  } else {
    c.epochs = 20;
    c.batch = 8;
    c.lr = 3e-4;
    c.lr_decay = 0.95;
    c.shift = 1;
    c.init_gain = 4.0;
  }
  return c;
}

double gradient_check(Model m, uint64_t seed, int probes) {
  Network net(m);
  Rng rng(seed);
  net.init(rng, 1.0);
  double* in = net.input();
  for (int i = 0; i < 32 * 32; ++i) in[i] = rng.uniform();
  const int label = int(rng.below(10));
  bool ok;
  net.step(label, ok);  // analytic gradients accumulate into g
  double worst = 0.0;
  auto& ps = net.param_list();
  for (int k = 0; k < probes; ++k) {
    Param* p = ps[rng.below(static_cast<uint32_t>(ps.size()))];
    const size_t i = rng.below(static_cast<uint32_t>(p->w.size()));
    const double w0 = p->w[i], h = 1e-5;
    p->w[i] = w0 + h;
    const double lp = net.loss_only(label);
    p->w[i] = w0 - h;
    const double lm = net.loss_only(label);
    p->w[i] = w0;
    const double num = (lp - lm) / (2 * h), ana = p->g[i];
    const double err = std::fabs(num - ana) / std::max(1e-6, std::fabs(num) + std::fabs(ana));
    worst = std::max(worst, err);
  }
  return worst;
}

std::vector<float> train(const mnist::Dataset& data, const TrainConfig& cfg,
                         const std::function<void(const EpochReport&, const std::vector<float>&)>& on_epoch) {
  const size_t n = cfg.subset ? std::min(cfg.subset, data.count()) : data.count();
  if (n == 0) throw std::invalid_argument("train: no training images");
  if (cfg.batch < 1 || cfg.epochs < 0 || cfg.shift < 0 || cfg.shift > 2)
    throw std::invalid_argument("train: bad config (batch >= 1, epochs >= 0, shift 0..2)");
  Network net(cfg.model);
  Rng rng(cfg.seed);
  net.init(rng, cfg.init_gain);
  std::vector<uint32_t> order(n);
  long t = 0;
  for (int e = 0; e < cfg.epochs; ++e) {
    for (size_t i = 0; i < n; ++i) order[i] = static_cast<uint32_t>(i);
    for (size_t i = n - 1; i > 0; --i) std::swap(order[i], order[rng.below(static_cast<uint32_t>(i + 1))]);
    const double lr = cfg.lr * std::pow(cfg.lr_decay, double(e));
    double loss = 0.0;
    size_t correct = 0;
    int in_batch = 0;
    for (size_t s = 0; s < n; ++s) {
      const size_t idx = order[s];
      int dx = 0, dy = 0;
      if (cfg.shift > 0) {
        dx = int(rng.below(2 * cfg.shift + 1)) - cfg.shift;
        dy = int(rng.below(2 * cfg.shift + 1)) - cfg.shift;
      }
      double* in = net.input();
      std::fill(in, in + 32 * 32, 0.0);
      const uint8_t* img = data.image(idx);
      for (int r = 0; r < 28; ++r)
        for (int c = 0; c < 28; ++c) in[(r + 2 + dy) * 32 + c + 2 + dx] = img[r * 28 + c] / 255.0;
      bool ok = false;
      loss += net.step(data.labels[idx], ok);
      correct += ok;
      if (++in_batch == cfg.batch || s + 1 == n) {
        if (cfg.optimizer == Optimizer::Adam)
          net.adam(lr, in_batch, ++t);
        else
          net.sgd(lr, in_batch);
        in_batch = 0;
      }
    }
    if (on_epoch) on_epoch(EpochReport{e + 1, loss / n, double(correct) / n}, net.weights());
  }
  return net.weights();
}

}  // namespace zvp::lenet
