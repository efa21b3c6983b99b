// The seeded CIFAR-10 network (dtpu_cifar_make): the tiled MXU path equals the direct CPU path
// bit for bit in wide mode for every precision (int32: layers larger than the weight BRAM run
// in groups of m-tiles), and the logits checksum the firmware reports (dtpu_cifar10) is the
// host golden model's.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "golden/dtpu/dtpu_mxu.h"
#include "golden/dtpu/dtpu_net.h"

namespace {
uint32_t checksum(const int64_t* l) {
  uint32_t c = 0;
  for (int k = 0; k < 10; ++k) c = c * 31u + uint32_t(l[k]) + uint32_t(uint64_t(l[k]) >> 32);
  return c;
}
}  // namespace

TEST(DtpuCifar, MxuPathEqualsCpuPathPerPrecision) {
  static std::vector<int32_t> w(DTPU_CIFAR_WEIGHTS);
  static std::vector<int64_t> b(DTPU_CIFAR_BIASES);
  static std::vector<uint64_t> packed(64 * 1024);
  for (unsigned bits : {8u, 16u, 32u}) {
    dtpu_net net;
    dtpu_layer layers[7];
    dtpu_cifar_make(&net, layers, bits, 2020u, w.data(), b.data());
    const uint32_t mode = dtpu_net_mode(bits) | DTPU_CSR_WIDE;
    const dtpu_backend* be = dtpu_reference_backend(8, 8);
    ASSERT_EQ(dtpu_net_prepare(&net, be, mode, packed.data(), unsigned(packed.size())), 0);
    std::vector<int32_t> x(32 * 32 * 3);
    dtpu_cifar_input(bits, 0, x.data());
    int64_t lm[10], lc[10];
    const int cm = dtpu_net_run(&net, be, mode, x.data(), lm, nullptr, nullptr);
    const int cc = dtpu_net_run(&net, nullptr, mode, x.data(), lc, nullptr, nullptr);
    EXPECT_EQ(cm, cc) << "int" << bits;
    EXPECT_EQ(0, std::memcmp(lm, lc, sizeof lm)) << "int" << bits;
    bool all_same = true;
    for (int k = 1; k < 10; ++k) all_same = all_same && lm[k] == lm[0];
    EXPECT_FALSE(all_same) << "degenerate logits, int" << bits;
    std::printf("golden cifar10 int%u image 0: class %d logits_checksum %u\n", bits, cm, checksum(lm));
  }
}

TEST(DtpuCifar, LayersLargerThanTheWeightBramRunInTileGroups) {
  // 32x32 int32: one dense1 tile is 32 rows x 16 words = 512 words; the layer's 2 x 32 tiles
  // (32,768 words) exceed the 16,384-word BRAM, so it runs in two groups of 32 tiles.
  static std::vector<int32_t> w(DTPU_CIFAR_WEIGHTS);
  static std::vector<int64_t> b(DTPU_CIFAR_BIASES);
  static std::vector<uint64_t> packed(256 * 1024);
  dtpu_net net;
  dtpu_layer layers[7];
  dtpu_cifar_make(&net, layers, 32, 2020u, w.data(), b.data());
  const uint32_t mode = dtpu_net_mode(32) | DTPU_CSR_WIDE;
  EXPECT_EQ(dtpu_packed_words(32, 32, mode, 64, 1024), 32768u);
  const dtpu_backend* be = dtpu_reference_backend(32, 32);
  ASSERT_EQ(dtpu_net_prepare(&net, be, mode, packed.data(), unsigned(packed.size())), 0);
  std::vector<int32_t> x(32 * 32 * 3);
  dtpu_cifar_input(32, 1, x.data());
  int64_t lm[10], lc[10];
  EXPECT_EQ(dtpu_net_run(&net, be, mode, x.data(), lm, nullptr, nullptr),
            dtpu_net_run(&net, nullptr, mode, x.data(), lc, nullptr, nullptr));
  EXPECT_EQ(0, std::memcmp(lm, lc, sizeof lm));
}
