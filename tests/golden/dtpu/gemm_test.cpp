// Tiled GEMM (dtpu_gemm.h) and requantisation (dtpu_net.h).
#include <gtest/gtest.h>

#include <vector>

#include "golden/dtpu/dtpu_gemm.h"
#include "golden/dtpu/dtpu_mxu.h"
#include "golden/dtpu/dtpu_net.h"

TEST(DtpuGemm, PackedWordsCountTiles) {
  // 12 x 9 on 8x8 int8: 2 m-tiles x 2 k-tiles x 8 rows x 1 word.
  EXPECT_EQ(dtpu_packed_words(8, 8, DTPU_PREC_INT8, 12, 9), 32u);
  // 10 x 2028 int32: 2 x 254 tiles x 8 rows x 4 words = 16256.
  EXPECT_EQ(dtpu_packed_words(8, 8, DTPU_PREC_INT32, 10, 2028), 16256u);
}

TEST(DtpuGemm, TiledEqualsDirectInWideMode) {
  for (unsigned bits : {8u, 16u, 32u}) {
    const unsigned M = 13, K = 29, N = 7;
    std::vector<int32_t> W(M * K), X(N * K);
    uint32_t s = 7 + bits;
    // Ranges whose tile sums fit the wide accumulator (int32 for int8/int16, int64 for int32).
    const int32_t lim = bits == 8 ? 127 : bits == 16 ? 4000 : 1 << 20;
    for (auto& v : W) v = int32_t((s = s * 1664525u + 1013904223u) >> 8) % lim;
    for (auto& v : X) v = int32_t((s = s * 1664525u + 1013904223u) >> 8) % lim;
    const uint32_t mode = dtpu_net_mode(bits) | DTPU_CSR_WIDE;
    const dtpu_backend* be = dtpu_reference_backend(8, 8);
    std::vector<uint64_t> packed(dtpu_packed_words(8, 8, mode, M, K));
    ASSERT_EQ(dtpu_pack_weights(8, 8, mode, M, K, W.data(), packed.data()), packed.size());
    ASSERT_EQ(be->load_weights(be->ctx, packed.data(), unsigned(packed.size())), 0);
    std::vector<int64_t> Y(N * M, 0), Yd(N * M, 0);
    ASSERT_EQ(dtpu_gemm(be, mode, M, K, N, 0, X.data(), Y.data()), 0);
    // Independent check: a plain triple loop here.
    for (unsigned n = 0; n < N; ++n)
      for (unsigned m = 0; m < M; ++m)
        for (unsigned k = 0; k < K; ++k) Yd[n * M + m] += int64_t(W[m * K + k]) * X[n * K + k];
    EXPECT_EQ(Y, Yd) << "int" << bits;
  }
}

TEST(DtpuGemm, RequantMultiplierAndRounding) {
  uint32_t m;
  int32_t n;
  dtpu_quant_multiplier(0.25, &m, &n);
  EXPECT_EQ(m, 1u << 30);  // 0.25 = 2^30 / 2^32
  EXPECT_EQ(n, 32);
  EXPECT_EQ(dtpu_mulshift(10, m, n), 3);     // 2.5 -> 3 (half away from zero)
  EXPECT_EQ(dtpu_mulshift(-10, m, n), -3);
  EXPECT_EQ(dtpu_mulshift(9, m, n), 2);      // 2.25
  EXPECT_EQ(dtpu_mulshift(1ll << 40, m, n), 1ll << 38);
  dtpu_quant_multiplier(3.0, &m, &n);        // M >= 1: n < 31
  EXPECT_EQ(dtpu_mulshift(7, m, n), 21);
}
