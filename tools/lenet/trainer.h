// Deterministic trainer of the Lite and Original LeNet-5 (seed 004), double precision, one
// thread, fixed seeds and fixed order: the same data and config give bit-identical weights.
//
// Loss: softmax cross-entropy on the last layer. Optimiser: Adam (beta1 0.9, beta2 0.999,
// eps 1e-8) on mini-batch mean gradients; learning rate lr * lr_decay^epoch. Initialisation:
// Glorot-uniform (He-uniform for ReLU layers) from a splitmix64 generator, biases 0. Each epoch
// visits the training images in a Fisher-Yates order drawn from the same generator; with
// shift > 0 each image is placed at a random offset of -shift..+shift pixels inside the 32x32
// input (instead of the centred 2-pixel border) - cheap augmentation for the small training set.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "golden/lenet/lenet_files.h"
#include "golden/mnist/mnist_io.h"

namespace zvp::lenet {

enum class Optimizer { Adam, Sgd };

struct TrainConfig {
  Optimizer optimizer = Optimizer::Adam;
  Model model = Model::Lite;
  int epochs = 20;
  int batch = 16;
  double lr = 2e-3;
  double lr_decay = 0.9;
  uint64_t seed = 4;
  int shift = 2;            // augmentation: max shift in pixels (0..2)
  size_t subset = 0;        // use only the first N training images (0 = all)
  double init_gain = 1.0;   // multiplies the initialisation range
};

// The configuration that produced the committed weights (scenarios/data/lenet/README.md).
TrainConfig preset(Model m);

// Splitmix64: tiny, portable, and its doubles are built from bits, not from <random>'s
// implementation-defined distributions.
struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed) {}
  uint64_t next();
  double uniform();                 // [0, 1)
  uint32_t below(uint32_t n);       // [0, n)
};

class Network;

struct EpochReport {
  int epoch;
  double loss;        // mean training loss of the epoch
  double train_acc;   // running accuracy on the (augmented) training samples
};

// Largest relative difference between back-propagated and central-difference gradients of
// `probes` random parameters on a random input (a self-check of the trainer's layers).
double gradient_check(Model m, uint64_t seed, int probes);

// Trains on `train`; `on_epoch` (optional) is called after each epoch with the current weights.
// Returns the parameters in the file order of lenet_files.h, rounded to float.
std::vector<float> train(const mnist::Dataset& train, const TrainConfig& cfg,
                         const std::function<void(const EpochReport&, const std::vector<float>&)>& on_epoch = {});

}  // namespace zvp::lenet
