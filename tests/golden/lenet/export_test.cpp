// The C initialisers written by zvp_lenet_export (compiled into this test from
// <build>/generated/lenet) hold exactly the committed model: the firmware's weights are the golden
// model's weights.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>

#include "golden/lenet/lenet_files.h"

extern "C" {
#include "lenet_params.h"
}

using namespace zvp;

namespace {
const std::string kDir = ZVP_LENET_DATA_DIR;
}

TEST(LenetExport, LiteInitialisersEqualTheCommittedModel) {
  lenet_lite_float_params fp;
  lenet::to_struct(lenet::read_weights(kDir + "/lite_weights.bin", lenet::Model::Lite), fp);
  EXPECT_EQ(0, std::memcmp(&fp, &lenet_lite_float_weights, sizeof fp));
  const auto qp = lenet::load_lite_fixed(kDir + "/lite_weights.bin", kDir + "/lite_formats.txt");
  EXPECT_EQ(0, std::memcmp(&qp, &lenet_lite_fixed_weights, sizeof qp));
}

TEST(LenetExport, OriginalInitialiserEqualsTheCommittedModel) {
  auto op = std::make_unique<lenet_orig_float_params>();
  lenet::to_struct(lenet::read_weights(kDir + "/orig_weights.bin", lenet::Model::Original), *op);
  EXPECT_EQ(0, std::memcmp(op.get(), &lenet_orig_float_weights, sizeof *op));
}
