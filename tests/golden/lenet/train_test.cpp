// The trainer: gradients, determinism (same data + config -> identical bits), and that it learns.
#include <gtest/gtest.h>

#include "golden/lenet/evaluate.h"
#include "trainer.h"

using namespace zvp;

namespace {

mnist::Dataset digits() { return mnist::read_file(std::string(ZVP_LENET_DATA_DIR) + "/mnist_test_head40.bin"); }

}  // namespace

TEST(LenetTrain, BackpropMatchesFiniteDifferences) {
  EXPECT_LT(lenet::gradient_check(lenet::Model::Lite, 1, 300), 1e-5);
  EXPECT_LT(lenet::gradient_check(lenet::Model::Original, 2, 300), 1e-5);
}

TEST(LenetTrain, LiteTrainingIsBitForBitDeterministic) {
  const auto ds = digits();
  lenet::TrainConfig c;
  c.epochs = 2;
  c.subset = 32;
  const auto a = lenet::train(ds, c);
  const auto b = lenet::train(ds, c);
  ASSERT_EQ(a.size(), 2586u);
  EXPECT_EQ(lenet::serialize_weights(lenet::Model::Lite, a), lenet::serialize_weights(lenet::Model::Lite, b));
  c.seed += 1;  // the seed really matters
  EXPECT_NE(lenet::train(ds, c), a);
}

TEST(LenetTrain, OriginalTrainingIsBitForBitDeterministic) {
  const auto ds = digits();
  lenet::TrainConfig c;
  c.model = lenet::Model::Original;
  c.epochs = 1;
  c.subset = 6;
  c.batch = 3;
  const auto a = lenet::train(ds, c);
  ASSERT_EQ(a.size(), 61706u);
  EXPECT_EQ(a, lenet::train(ds, c));
}

TEST(LenetTrain, LiteLearnsASmallSet) {
  const auto ds = digits();
  lenet::TrainConfig c;
  c.epochs = 40;
  c.batch = 4;
  c.lr_decay = 1.0;
  c.shift = 0;
  lenet_lite_float_params before{}, after;
  lenet::TrainConfig c0 = c;
  c0.epochs = 0;
  lenet::to_struct(lenet::train(ds, c0), before);
  lenet::to_struct(lenet::train(ds, c), after);
  const size_t ok0 = lenet::evaluate_lite_float(ds, before), ok = lenet::evaluate_lite_float(ds, after);
  EXPECT_LE(ok0, 12u);  // untrained: about chance
  EXPECT_GE(ok, 36u);   // trained on these 40 images: nearly all right
}

TEST(LenetTrain, RejectsBadConfig) {
  const auto ds = digits();
  lenet::TrainConfig c;
  c.batch = 0;
  EXPECT_THROW(lenet::train(ds, c), std::invalid_argument);
  c.batch = 4;
  c.shift = 3;
  EXPECT_THROW(lenet::train(ds, c), std::invalid_argument);
  EXPECT_THROW(lenet::train(mnist::Dataset{}, lenet::TrainConfig{}), std::invalid_argument);
}
