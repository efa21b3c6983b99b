// Slow: re-training with the committed preset reproduces the committed weights and formats byte for
// byte. Needs the converted dataset (build target mnist_data); skipped when it is absent.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "golden/lenet/evaluate.h"
#include "trainer.h"

using namespace zvp;

namespace {

const std::string kData = ZVP_DATA_DIR;
const std::string kModel = ZVP_LENET_DATA_DIR;

std::vector<uint8_t> bytes(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

bool have_data() { return std::ifstream(kData + "/mnist_train.bin").good(); }

}  // namespace

TEST(LenetRetrain, LiteReproducesCommittedWeightsAndFormats) {
  if (!have_data()) GTEST_SKIP() << "no " << kData << "/mnist_train.bin (build target mnist_data)";
  const auto train = mnist::read_file(kData + "/mnist_train.bin");
  const auto w = lenet::train(train, lenet::preset(lenet::Model::Lite));
  EXPECT_EQ(lenet::serialize_weights(lenet::Model::Lite, w), bytes(kModel + "/lite_weights.bin"));
  lenet_lite_float_params fp;
  lenet::to_struct(w, fp);
  const auto r = lenet::observe_ranges(train, fp);
  const auto text = lenet::format_formats(lenet::select_formats(r), &r);
  const auto committed = bytes(kModel + "/lite_formats.txt");
  EXPECT_EQ(text, std::string(committed.begin(), committed.end()));
}

TEST(LenetRetrain, OriginalReproducesCommittedWeights) {
  if (!have_data()) GTEST_SKIP() << "no " << kData << "/mnist_train.bin (build target mnist_data)";
  const auto train = mnist::read_file(kData + "/mnist_train.bin");
  const auto w = lenet::train(train, lenet::preset(lenet::Model::Original));
  EXPECT_EQ(lenet::serialize_weights(lenet::Model::Original, w), bytes(kModel + "/orig_weights.bin"));
}
