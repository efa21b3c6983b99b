// zvp_lenet_train: trains the Lite or Original LeNet-5 deterministically (trainer.h) and writes the
// weights file; for Lite also the fixed-point formats chosen by the seed's rule from the
// training images, and the float / fixed accuracies on the held-out images if --test is given.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "golden/lenet/evaluate.h"
#include "trainer.h"

using namespace zvp;

namespace {

void usage(const char* argv0) {
  std::fprintf(stderr,
               "usage: %s --model lite|original --train <mnist_train.bin> --out <weights.bin>\n"
               "          [--formats <formats.txt>] [--test <mnist_test.bin>] [--epochs N] [--batch N]\n"
               "          [--lr X] [--decay X] [--seed N] [--shift 0..2] [--subset N] [--gain X] [--sgd] [--quiet]\n"
               "Defaults: the preset that produced the committed weights (trainer.cpp, preset()).\n",
               argv0);
}

}  // namespace

int main(int argc, char** argv) {
  std::string train_path, test_path, out_path, formats_path, model = "lite";
  bool quiet = false;
  for (int i = 1; i + 1 < argc; ++i)  // the model first: its preset is the base of the other options
    if (std::string(argv[i]) == "--model") model = argv[i + 1];
  if (model != "lite" && model != "original") {
    usage(argv[0]);
    return 2;
  }
  lenet::TrainConfig cfg = lenet::preset(model == "lite" ? lenet::Model::Lite : lenet::Model::Original);
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto val = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "zvp_lenet_train: %s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--model") model = val();
    else if (a == "--train") train_path = val();
    else if (a == "--test") test_path = val();
    else if (a == "--out") out_path = val();
    else if (a == "--formats") formats_path = val();
    else if (a == "--epochs") cfg.epochs = std::atoi(val().c_str());
    else if (a == "--batch") cfg.batch = std::atoi(val().c_str());
    else if (a == "--lr") cfg.lr = std::atof(val().c_str());
    else if (a == "--decay") cfg.lr_decay = std::atof(val().c_str());
    else if (a == "--seed") cfg.seed = std::strtoull(val().c_str(), nullptr, 10);
    else if (a == "--shift") cfg.shift = std::atoi(val().c_str());
    else if (a == "--subset") cfg.subset = std::strtoull(val().c_str(), nullptr, 10);
    else if (a == "--gain") cfg.init_gain = std::atof(val().c_str());
    else if (a == "--sgd") cfg.optimizer = lenet::Optimizer::Sgd;
    else if (a == "--quiet") quiet = true;
    else {
      usage(argv[0]);
      return 2;
    }
  }
  if (train_path.empty() || out_path.empty()) {
    usage(argv[0]);
    return 2;
  }
  try {
    const auto train = mnist::read_file(train_path);
    mnist::Dataset test;
    if (!test_path.empty()) test = mnist::read_file(test_path);
    const auto t0 = std::chrono::steady_clock::now();
    auto on_epoch = [&](const lenet::EpochReport& r, const std::vector<float>& w) {
      if (quiet) return;
      std::printf("epoch %2d  loss %.4f  train acc %.2f %%", r.epoch, r.loss, 100.0 * r.train_acc);
      if (test.count()) {
        size_t ok;
        if (cfg.model == lenet::Model::Lite) {
          lenet_lite_float_params p;
          lenet::to_struct(w, p);
          ok = lenet::evaluate_lite_float(test, p);
        } else {
          auto p = std::make_unique<lenet_orig_float_params>();
          lenet::to_struct(w, *p);
          ok = lenet::evaluate_orig(test, *p);
        }
        std::printf("  held-out float acc %.2f %%", 100.0 * ok / test.count());
      }
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      std::printf("  (%.1f s)\n", s);
      std::fflush(stdout);
    };
    const auto w = lenet::train(train, cfg, on_epoch);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    lenet::write_weights(out_path, cfg.model, w);
    std::printf("%s LeNet-5: %zu parameters, %d epochs on %zu images in %.1f s -> %s\n", model.c_str(), w.size(),
                cfg.epochs, cfg.subset ? std::min(cfg.subset, train.count()) : train.count(), secs, out_path.c_str());
    if (cfg.model == lenet::Model::Lite) {
      lenet_lite_float_params fp;
      lenet::to_struct(w, fp);
      const auto ranges = lenet::observe_ranges(train, fp);
      const auto fmt = lenet::select_formats(ranges);
      const auto text = lenet::format_formats(fmt, &ranges);
      if (!formats_path.empty()) lenet::write_text(formats_path, text);
      if (!quiet) std::fputs(text.c_str(), stdout);
      if (test.count()) {
        lenet_lite_fixed_params qp;
        lenet_lite_quantize(&fp, &fmt, &qp);
        const auto e = lenet::evaluate_lite(test, fp, qp);
        std::printf("held-out %zu images: float %.2f %%  fixed %.2f %%  agreement %.2f %%\n", e.images,
                    100 * e.float_acc(), 100 * e.fixed_acc(), 100 * e.agreement());
      }
    } else if (test.count()) {
      auto p = std::make_unique<lenet_orig_float_params>();
      lenet::to_struct(w, *p);
      std::printf("held-out %zu images: float %.2f %%\n", test.count(), 100.0 * lenet::evaluate_orig(test, *p) / test.count());
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "zvp_lenet_train: error: %s\n", e.what());
    return 1;
  }
  return 0;
}
