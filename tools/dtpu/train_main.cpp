// zvp_dtpu_train <mnist_train.bin> <mnist_test.bin> <out.c>: trains the seed-003 MNIST network
// (deterministic), quantises it to int8/int16/int32 and writes the C initialisers the firmware
// links (a build step: <build>/generated/dtpu/dtpu_mnist_params.c). Prints the accuracies.
#include <cstdio>
#include <fstream>

#include "mnist_trainer.h"

using namespace zvp;

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: zvp_dtpu_train <mnist_train.bin> <mnist_test.bin> <out.c>\n");
    return 2;
  }
  try {
    const mnist::Dataset train = mnist::read_file(argv[1]), test = mnist::read_file(argv[2]);
    const dtpu::MnistFloat m = dtpu::train(train, dtpu::TrainOptions{});
    const float cmax = dtpu::calibrate(m, train, 1000);
    std::printf("dtpu mnist: float accuracy %.4f on %zu held-out digits\n", dtpu::accuracy_float(m, test),
                test.count());
    dtpu::MnistQuant q[3] = {dtpu::quantise(m, 8, cmax), dtpu::quantise(m, 16, cmax), dtpu::quantise(m, 32, cmax)};
    std::ofstream f(argv[3]);
    f << dtpu::export_c(q, 3);
    if (!f) {
      std::fprintf(stderr, "zvp_dtpu_train: cannot write %s\n", argv[3]);
      return 2;
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "zvp_dtpu_train: %s\n", e.what());
    return 2;
  }
  return 0;
}
