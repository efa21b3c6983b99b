// Images batched through the dense layers (dtpu_net_run_batch) give the logits and classes of
// one run per image, bit for bit, on the MXU reference at two array sizes and on the CPU; the
// bad batch sizes are refused.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "golden/dtpu/dtpu_mxu.h"
#include "golden/dtpu/dtpu_net.h"

namespace {
// The CIFAR-10 network (int8, seed 7): two dense layers after three convolutions.
struct Cifar8 {
  std::vector<int32_t> w = std::vector<int32_t>(DTPU_CIFAR_WEIGHTS);
  std::vector<int64_t> b = std::vector<int64_t>(DTPU_CIFAR_BIASES);
  dtpu_layer layers[7];
  dtpu_net net;
  Cifar8() { dtpu_cifar_make(&net, layers, 8, 7u, w.data(), b.data()); }
};

void check_batch(unsigned rows, bool on_cpu, unsigned batch) {
  static Cifar8 c;
  static std::vector<uint64_t> packed(64 * 1024);
  dtpu_net& net = c.net;
  const uint32_t mode = dtpu_net_mode(8) | DTPU_CSR_WIDE;
  const dtpu_backend* be = on_cpu ? nullptr : dtpu_reference_backend(rows, rows);
  if (be) ASSERT_EQ(dtpu_net_prepare(&net, be, mode, packed.data(), unsigned(packed.size())), 0);
  std::vector<int32_t> x(batch * 3072);
  for (unsigned i = 0; i < batch; ++i) dtpu_cifar_input(8, 100 + i, x.data() + i * 3072);
  std::vector<int64_t> lb(batch * 10);
  std::vector<int> cb(batch, -1);
  ASSERT_EQ(dtpu_net_run_batch(&net, be, mode, x.data(), batch, lb.data(), cb.data(), nullptr, nullptr), 0);
  for (unsigned i = 0; i < batch; ++i) {
    int64_t l1[10];
    const int c1 = dtpu_net_run(&net, be, mode, x.data() + i * 3072, l1, nullptr, nullptr);
    EXPECT_EQ(cb[i], c1) << "image " << i;
    EXPECT_EQ(std::memcmp(l1, lb.data() + i * 10, sizeof l1), 0) << "image " << i;
  }
}
}  // namespace

TEST(DtpuBatch, EqualsOneRunPerImage) {
  check_batch(8, false, 3);
  check_batch(12, false, 5);
  check_batch(8, true, 4);
}

TEST(DtpuBatch, RefusesBadSizes) {
  static Cifar8 c;
  dtpu_net& net = c.net;
  std::vector<int32_t> x(3072 * (DTPU_NET_MAX_BATCH + 1));
  std::vector<int64_t> lg(10 * (DTPU_NET_MAX_BATCH + 1));
  const uint32_t mode = dtpu_net_mode(8) | DTPU_CSR_WIDE;
  EXPECT_EQ(dtpu_net_run_batch(&net, nullptr, mode, x.data(), 0, lg.data(), nullptr, nullptr, nullptr), -4);
  EXPECT_EQ(dtpu_net_run_batch(&net, nullptr, mode, x.data(), DTPU_NET_MAX_BATCH + 1, lg.data(), nullptr, nullptr,
                               nullptr), -4);
}
