// zvp_lenet_eval: accuracy of the golden models over a ZVP MNIST file: Lite float, Lite fixed
// point and their agreement, and (with --orig) the Original float model.
#include <cstdio>
#include <memory>
#include <string>

#include "golden/lenet/evaluate.h"

using namespace zvp;

int main(int argc, char** argv) {
  std::string lite, formats, orig, data;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--lite") lite = argv[i + 1];
    else if (a == "--formats") formats = argv[i + 1];
    else if (a == "--orig") orig = argv[i + 1];
    else if (a == "--data") data = argv[i + 1];
  }
  if (data.empty() || (lite.empty() != formats.empty()) || (lite.empty() && orig.empty()) || argc % 2 == 0) {
    std::fprintf(stderr, "usage: %s --data <mnist.bin> [--lite <weights> --formats <formats>] [--orig <weights>]\n", argv[0]);
    return 2;
  }
  try {
    const auto ds = mnist::read_file(data);
    if (!lite.empty()) {
      lenet_lite_float_params fp;
      lenet::to_struct(lenet::read_weights(lite, lenet::Model::Lite), fp);
      const auto qp = lenet::load_lite_fixed(lite, formats);
      const auto e = lenet::evaluate_lite(ds, fp, qp);
      std::printf("Lite     %zu images: float %.2f %% (%zu)  fixed %.2f %% (%zu)  agreement %.2f %% (%zu)\n", e.images,
                  100 * e.float_acc(), e.float_correct, 100 * e.fixed_acc(), e.fixed_correct, 100 * e.agreement(),
                  e.agree);
    }
    if (!orig.empty()) {
      auto p = std::make_unique<lenet_orig_float_params>();
      lenet::to_struct(lenet::read_weights(orig, lenet::Model::Original), *p);
      const size_t ok = lenet::evaluate_orig(ds, *p);
      std::printf("Original %zu images: float %.2f %% (%zu)\n", ds.count(), 100.0 * ok / ds.count(), ok);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "zvp_lenet_eval: error: %s\n", e.what());
    return 1;
  }
  return 0;
}
