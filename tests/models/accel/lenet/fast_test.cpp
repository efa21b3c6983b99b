// LenetFixedFast (the IP's functional path) against the golden layer functions, layer by layer,
// on digits and on adversarial inputs (full-range raw values that drive every saturation).
#include <gtest/gtest.h>

#include <cstring>

#include "accel/lenet/lenet_fast.h"
#include "ip_fixture.h"

using namespace zvp;

namespace {

void compare_layers(const lenet_lite_fixed_params& p, const LenetFixedFast& f, const std::vector<int16_t>& img,
                    int* mismatches) {
  int16_t a1[LITE_C1][LITE_S1][LITE_S1], b1[LITE_C1][LITE_S1][LITE_S1], p1[LITE_C1][LITE_P1][LITE_P1];
  int16_t a2[LITE_C2][LITE_S2][LITE_S2], b2[LITE_C2][LITE_S2][LITE_S2], p2[LITE_C2][LITE_P2][LITE_P2];
  int16_t a3[LITE_C3], b3[LITE_C3], af1[LITE_F1], bf1[LITE_F1], af2[LITE_F2], bf2[LITE_F2];
  const auto* in = reinterpret_cast<const int16_t(*)[LENET_IMG]>(img.data());
  lenet_lite_fixed_conv1(&p, in, a1);
  for (int u = 0; u < LITE_C1; ++u) f.conv1_channel(u, in, b1[u]);
  *mismatches += std::memcmp(a1, b1, sizeof a1) != 0;
  lenet_lite_fixed_pool1(a1, p1);
  lenet_lite_fixed_conv2(&p, p1, a2);
  for (int u = 0; u < LITE_C2; ++u) f.conv2_channel(u, p1, b2[u]);
  *mismatches += std::memcmp(a2, b2, sizeof a2) != 0;
  lenet_lite_fixed_pool2(a2, p2);
  lenet_lite_fixed_conv3(&p, p2, a3);
  f.conv3(p2, b3);
  *mismatches += std::memcmp(a3, b3, sizeof a3) != 0;
  lenet_lite_fixed_fc1(&p, a3, af1);
  f.fc1(a3, bf1);
  *mismatches += std::memcmp(af1, bf1, sizeof af1) != 0;
  lenet_lite_fixed_fc2(&p, af1, af2);
  f.fc2(af1, bf2);
  *mismatches += std::memcmp(af2, bf2, sizeof af2) != 0;
  int16_t o1[LITE_F2], o2[LITE_F2];
  *mismatches += lenet_lite_fixed_predict(&p, img.data(), o1) != f.predict(img.data(), o2);
  *mismatches += std::memcmp(o1, o2, sizeof o1) != 0;
}

}  // namespace

TEST(LenetFast, BitExactLayerByLayerOnDigits) {
  const auto p = lenet_test::load_params();
  const LenetFixedFast f(p);
  int mismatches = 0;
  for (const auto& img : lenet_test::images(p, 100)) compare_layers(p, f, img, &mismatches);
  EXPECT_EQ(mismatches, 0);
}

TEST(LenetFast, BitExactOnSaturatingInputsAndExtremeWeights) {
  auto p = lenet_test::load_params();
  uint32_t s = 99;
  auto rnd = [&s] {
    s = s * 1664525u + 1013904223u;
    return int16_t(s >> 16);
  };
  int mismatches = 0;
  for (int round = 0; round < 3; ++round) {
    if (round > 0) {  // extreme weights/biases too: every accumulator saturates somewhere
      auto* w = reinterpret_cast<int16_t*>(&p.conv1_w);
      const size_t n = (reinterpret_cast<char*>(&p.fc2_b[LITE_F2]) - reinterpret_cast<char*>(&p.conv1_w)) / 2;
      for (size_t i = 0; i < n; ++i) w[i] = round == 1 ? rnd() : int16_t(rnd() | 0x7000);
    }
    const LenetFixedFast f(p);
    for (int k = 0; k < 20; ++k) {
      std::vector<int16_t> img(1024);
      for (auto& v : img) v = rnd();
      compare_layers(p, f, img, &mismatches);
    }
  }
  EXPECT_EQ(mismatches, 0);
}

// Kernels whose running sum saturates low in the first rows and then climbs back above zero
// (two rows of most-negative taps, three of positive ones, on bright and dark images, with
// narrow accumulators so that the sum reaches both ends): the saturation must act mid-kernel,
// as in the golden order, for the ReLU output to match.
TEST(LenetFast, BitExactWhenTheSumSaturatesLowThenRises) {
  auto p = lenet_test::load_params();
  for (int l : {LITE_L_CONV1, LITE_L_CONV2}) p.fmt.acc[l] = lenet_fx_fmt{12, 4};
  int mismatches = 0;
  for (int16_t pos : {int16_t(6000), int16_t(12000), int16_t(20000), int16_t(32767)}) {
    for (auto& u : p.conv1_w)
      for (auto& k : u)
        for (int i = 0; i < LENET_K; ++i)
          for (int j = 0; j < LENET_K; ++j) k[i][j] = i < 2 ? int16_t(-32768) : pos;
    for (auto& u : p.conv2_w)
      for (auto& k : u)
        for (int i = 0; i < LENET_K; ++i)
          for (int j = 0; j < LENET_K; ++j) k[i][j] = i < 2 ? int16_t(-32768) : pos;
    const LenetFixedFast f(p);
    for (int16_t v : {int16_t(32767), int16_t(12000), int16_t(-32768)}) {
      std::vector<int16_t> img(1024, v);
      compare_layers(p, f, img, &mismatches);
    }
  }
  EXPECT_EQ(mismatches, 0);
}
