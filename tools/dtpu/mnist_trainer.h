// The MNIST network of seed 003 (create_models.py: 28x28x1 -> Conv2D 12 3x3 ReLU -> MaxPool 2x2
// -> Dense 10 soft-max), trained in float by plain per-sample SGD with a seeded initialisation
// and a seeded shuffle: the same weights on every machine. Then post-training quantisation per
// precision (golden/dtpu/dtpu_net.h) with ranges calibrated on training images.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "golden/dtpu/dtpu_net.h"
#include "golden/mnist/mnist_io.h"

namespace zvp::dtpu {

struct MnistFloat {
  std::vector<float> w1 = std::vector<float>(12 * 9), b1 = std::vector<float>(12);
  std::vector<float> w2 = std::vector<float>(10 * 13 * 13 * 12), b2 = std::vector<float>(10);
};

struct TrainOptions {
  unsigned epochs = 8;
  float lr = 0.02f;
  uint32_t seed = 3;
};

MnistFloat train(const mnist::Dataset& ds, const TrainOptions& o);
int predict_float(const MnistFloat& m, const uint8_t* img, float* conv_max = nullptr);
double accuracy_float(const MnistFloat& m, const mnist::Dataset& ds);

// A quantised model: storage and the dtpu_net that points into it.
struct MnistQuant {
  unsigned bits = 8;
  std::vector<int32_t> w1, w2;
  std::vector<int64_t> b1, b2;
  dtpu_layer layers[3]{};
  dtpu_net net{};
  void link();  // (re)points net/layers at the vectors
};
MnistQuant quantise(const MnistFloat& m, unsigned bits, float conv_max);
float calibrate(const MnistFloat& m, const mnist::Dataset& ds, size_t n);
// The network input of one digit for a precision.
void mnist_input(unsigned bits, const uint8_t* img, int32_t* x);
// C source with dtpu_mnist_net8/16/32 (const dtpu_net) for the firmware.
std::string export_c(const MnistQuant* q, size_t n);

}  // namespace zvp::dtpu
