// The encodings against brute-force definitions written here from the issue text: every 8-bit
// value and random 16-bit ones; Table I against the report's printed digits; bad parameters.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>

#include "golden/dnnweaver/dw_encoding.h"
#include "golden/dnnweaver/dw_stats.h"

namespace {

int ones(uint32_t v) { int n = 0; for (; v; v >>= 1) n += v & 1u; return n; }
uint32_t dist(uint32_t a, uint32_t b) { return a > b ? a - b : b - a; }

dw_enc_params P(int mode, unsigned bits, unsigned m1 = 3, unsigned m0 = 1, unsigned ovh = 2) {
  return dw_enc_params{uint8_t(mode), uint8_t(bits), uint8_t(m1), uint8_t(m0), uint8_t(ovh)};
}

// Brute force: the smallest distance from x to any N-bit value with <= m1 ones or <= m0 zeros.
uint32_t brute_optimum_distance(uint32_t x, unsigned n, unsigned m1, unsigned m0) {
  uint32_t best = ~0u;
  for (uint32_t v = 0; v < (1u << n); ++v)
    if (unsigned(ones(v)) <= m1 || n - unsigned(ones(v)) <= m0) best = std::min(best, dist(v, x));
  return best;
}

// Brute force of the fast rule: drop 1s (resp. 0s) below the m-th most significant one (zero).
uint32_t brute_fast(uint32_t x, unsigned n, unsigned m1, unsigned m0) {
  uint32_t c1 = 0, c0 = (1u << n) - 1;
  unsigned k1 = 0, k0 = 0;
  for (int b = int(n) - 1; b >= 0; --b) {
    const bool one = (x >> b) & 1u;
    if (one && k1 < m1) { c1 |= 1u << b; ++k1; }
    if (!one && k0 < m0) { c0 &= ~(1u << b); ++k0; }
  }
  return dist(c1, x) <= dist(c0, x) ? c1 : c0;
}

// Rebuilds the value from base and positions (the PE's view) and checks the step count.
void check_code(uint32_t x, const dw_enc_params& p, const dw_code& c) {
  uint32_t v = 0;
  for (unsigned i = 0; i < c.npos; ++i) {
    v |= 1u << c.pos[i];
    if (i) EXPECT_GT(c.pos[i - 1], c.pos[i]) << "positions most significant first";
  }
  const uint32_t rebuilt = c.base ? v : ((1u << p.bits) - 1u) - v;
  EXPECT_EQ(rebuilt, c.approx) << "x=" << x;
  if (p.mode != DW_MODE_PARALLEL && p.mode != DW_MODE_SERIAL)
    EXPECT_EQ(c.steps, c.npos + (c.base ? 0 : p.zero_overhead)) << "x=" << x;
}

TEST(Encoding, ReportExamples) {
  dw_code c;
  const dw_enc_params exact8 = P(DW_MODE_EXACT, 8);
  dw_encode(132, &exact8, &c);  // 10000100 -> 1:(7,2), 2 operations
  EXPECT_EQ(c.base, 1);
  ASSERT_EQ(c.npos, 2);
  EXPECT_EQ(c.pos[0], 7);
  EXPECT_EQ(c.pos[1], 2);
  EXPECT_EQ(c.steps, 2);
  dw_encode(254, &exact8, &c);  // 11111110 -> 0:(0), 3 operations; Pragmatic needs 7
  EXPECT_EQ(c.base, 0);
  ASSERT_EQ(c.npos, 1);
  EXPECT_EQ(c.pos[0], 0);
  EXPECT_EQ(c.steps, 3);
  const dw_enc_params prag8 = P(DW_MODE_PRAGMATIC, 8);
  EXPECT_EQ(dw_steps(254, &prag8), 7u);
  const dw_enc_params opt = P(DW_MODE_OPTIMUM, 8, 3, 1), fast = P(DW_MODE_FAST, 8, 3, 1);
  dw_encode(248, &opt, &c);  // 248 with m0 = 1: optimum 247
  EXPECT_EQ(c.approx, 247u);
  dw_encode(248, &fast, &c);  // fast: 1-based 224, 0-based 251 -> the nearer, 251
  EXPECT_EQ(c.approx, 251u);
  EXPECT_EQ(dw_keep_top_ones(248, 3), 224u);
}

TEST(Encoding, AllEightBitValuesAgainstBruteForce) {
  for (unsigned m1 = 1; m1 < 8; ++m1)
    for (unsigned m0 = 0; m1 + m0 < 8; ++m0)
      for (uint32_t x = 0; x < 256; ++x) {
        dw_code c;
        const dw_enc_params o = P(DW_MODE_OPTIMUM, 8, m1, m0), f = P(DW_MODE_FAST, 8, m1, m0);
        dw_encode(x, &o, &c);
        EXPECT_EQ(dist(c.approx, x), brute_optimum_distance(x, 8, m1, m0)) << x << " " << m1 << "-" << m0;
        EXPECT_TRUE(unsigned(ones(c.approx)) <= m1 || 8 - unsigned(ones(c.approx)) <= m0);
        check_code(x, o, c);
        EXPECT_LE(c.steps, std::max(m1, m0 + 2));
        dw_encode(x, &f, &c);
        EXPECT_EQ(c.approx, brute_fast(x, 8, m1, m0)) << x << " " << m1 << "-" << m0;
        check_code(x, f, c);
      }
  for (uint32_t x = 0; x < 256; ++x) {
    const int p = ones(x), z = 8 - p;
    dw_code c;
    for (unsigned ovh = 0; ovh <= 2; ++ovh) {
      const dw_enc_params e = P(DW_MODE_EXACT, 8, 3, 1, ovh);
      dw_encode(x, &e, &c);
      EXPECT_EQ(c.approx, x);
      EXPECT_EQ(c.steps, p <= z ? p : z + int(ovh)) << x;
      check_code(x, e, c);
    }
    const dw_enc_params pr = P(DW_MODE_PRAGMATIC, 8), se = P(DW_MODE_SERIAL, 8), pa = P(DW_MODE_PARALLEL, 8);
    EXPECT_EQ(dw_steps(x, &pr), unsigned(p));
    EXPECT_EQ(dw_steps(x, &se), 8u);
    EXPECT_EQ(dw_steps(x, &pa), 1u);
  }
}

TEST(Encoding, RandomSixteenBitValuesAgainstBruteForce) {
  std::mt19937 rng(7);
  const unsigned settings[3][2] = {{3, 1}, {4, 2}, {8, 6}};
  for (auto& s : settings)
    for (int i = 0; i < 60; ++i) {
      const uint32_t x = rng() & 0xFFFFu;
      dw_code c;
      const dw_enc_params o = P(DW_MODE_OPTIMUM, 16, s[0], s[1]), f = P(DW_MODE_FAST, 16, s[0], s[1]);
      dw_encode(x, &o, &c);
      EXPECT_EQ(dist(c.approx, x), brute_optimum_distance(x, 16, s[0], s[1])) << x;
      check_code(x, o, c);
      dw_encode(x, &f, &c);
      EXPECT_EQ(c.approx, brute_fast(x, 16, s[0], s[1])) << x;
      check_code(x, f, c);
      const dw_enc_params e = P(DW_MODE_EXACT, 16);
      dw_encode(x, &e, &c);
      EXPECT_EQ(c.approx, x);
      const int p = ones(x);
      EXPECT_EQ(c.steps, p <= 16 - p ? p : 16 - p + 2);
    }
}

TEST(Encoding, TableIMatchesTheReport) {
  // The report's Table I as printed (the bit-complementary encoding paper of seeds 000/002).
  struct Row { unsigned n, m1, m0, omax; double oavg; unsigned fmax; double favg; };
  const Row rows[] = {{8, 3, 1, 7, 1.55, 7, 1.96}, {16, 3, 1, 2047, 436.02, 2047, 615.80},
                      {16, 4, 2, 511, 102.60, 511, 144.94}};
  for (const Row& r : rows) {
    dw_diff_stat o, f;
    dw_table_row(r.n, r.m1, r.m0, &o, &f);
    char buf[64];
    EXPECT_EQ(o.max_diff, r.omax);
    EXPECT_EQ(f.max_diff, r.fmax);
    std::snprintf(buf, sizeof buf, "%.2f", double(o.sum_diff) / double(1u << r.n));
    EXPECT_DOUBLE_EQ(std::stod(buf), r.oavg) << r.n << " " << r.m1 << "-" << r.m0;
    std::snprintf(buf, sizeof buf, "%.2f", double(f.sum_diff) / double(1u << r.n));
    EXPECT_DOUBLE_EQ(std::stod(buf), r.favg) << r.n << " " << r.m1 << "-" << r.m0;
  }
}

TEST(Encoding, SignMagnitudeAndSaturation) {
  const dw_enc_params f = P(DW_MODE_FAST, 8, 3, 1);
  unsigned st = 0;
  EXPECT_EQ(dw_encode_signed(-248, &f, &st), -251);
  EXPECT_EQ(st, 3u);
  const dw_enc_params e = P(DW_MODE_EXACT, 8);
  EXPECT_EQ(dw_encode_signed(-300, &e, &st), -255);  // magnitude saturates to 2^N - 1
  EXPECT_EQ(st, 2u);                                  // 0-based, no position, 2 subtractions
}

TEST(Encoding, BadParameters) {
  const char* why = nullptr;
  dw_enc_params p = P(DW_MODE_FAST, 8, 3, 1);
  EXPECT_EQ(dw_params_check(&p, &why), 0);
  p.mode = 9;
  EXPECT_NE(dw_params_check(&p, &why), 0);
  EXPECT_STREQ(why, "unknown mode");
  p = P(DW_MODE_FAST, 12, 3, 1);
  EXPECT_NE(dw_params_check(&p, &why), 0);
  p = P(DW_MODE_FAST, 8, 9, 1);
  EXPECT_NE(dw_params_check(&p, &why), 0);
  p = P(DW_MODE_OPTIMUM, 8, 5, 3);  // m1 + m0 >= N
  EXPECT_NE(dw_params_check(&p, &why), 0);
  p = P(DW_MODE_FAST, 8, 0, 1);
  EXPECT_NE(dw_params_check(&p, &why), 0);
  p = P(DW_MODE_EXACT, 8, 3, 1, 3);  // overhead > 2
  EXPECT_NE(dw_params_check(&p, &why), 0);
  EXPECT_EQ(dw_mode_from_name("bogus"), -1);
  EXPECT_EQ(dw_mode_from_name("fast"), DW_MODE_FAST);
}

TEST(Encoding, StatsUniformAveragesAreHalfTheBitsForPragmatic) {
  // Uniform N-bit values have N/2 ones on average: Pragmatic needs exactly N/2 steps per value.
  const dw_enc_params p = P(DW_MODE_PRAGMATIC, 16);
  EXPECT_EQ(dw_steps_uniform(&p), 8ull * 65536);
  // Exact bit-complementary: sum over values of min(p, z + 2) (hand-computed from binomials).
  uint64_t want = 0;
  for (unsigned k = 0; k <= 8; ++k) {
    uint64_t binom = 1;
    for (unsigned i = 0; i < k; ++i) binom = binom * (8 - i) / (i + 1);
    want += binom * (k <= 4 ? k : 8 - k + 2);
  }
  const dw_enc_params e = P(DW_MODE_EXACT, 8);
  EXPECT_EQ(dw_steps_uniform(&e), want);
}

}  // namespace
