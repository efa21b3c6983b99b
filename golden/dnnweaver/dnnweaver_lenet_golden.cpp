// Host golden run of the LeNet-5 on the DNNWeaver-style PU (dw_lenet.h) over MNIST digits: per
// configuration, the number of correctly classified digits. The firmware test compares the
// dnnweaver_lenet app's "@result correct_<name>" lines with these.
// usage: dnnweaver_lenet_golden <mnist file> <images (0 = all)> [weights formats]
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "golden/dnnweaver/dw_lenet.h"
#include "golden/lenet/lenet_files.h"
#include "golden/mnist/mnist_io.h"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: dnnweaver_lenet_golden <mnist file> <images> [weights formats]\n");
    return 2;
  }
  try {
    const std::string dir = ZVP_LENET_DATA_DIR;
    const lenet_lite_fixed_params p = zvp::lenet::load_lite_fixed(argc > 4 ? argv[3] : dir + "/lite_weights.bin",
                                                                   argc > 4 ? argv[4] : dir + "/lite_formats.txt");
    const zvp::mnist::Dataset ds = zvp::mnist::read_file(argv[1]);
    size_t n = std::strtoul(argv[2], nullptr, 10);
    if (n == 0 || n > ds.count()) n = ds.count();
    for (unsigned c = 0; c < dw_lenet_config_count; ++c) {
      size_t correct = 0;
      for (size_t i = 0; i < n; ++i) {
        int16_t in[LENET_IMG * LENET_IMG];
        lenet_image_to_fixed(ds.image(i), p.fmt.input, in);
        if (dw_lenet_predict(&p, &dw_lenet_configs[c], in, nullptr) == ds.labels[i]) ++correct;
      }
      std::printf("correct_%s %zu\naccuracy_%s %.4f\n", dw_lenet_configs[c].name, correct, dw_lenet_configs[c].name,
                  double(correct) / double(n));
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "dnnweaver_lenet_golden: %s\n", e.what());
    return 2;
  }
  return 0;
}
