#include "golden/dnnweaver/dw_stats.h"

void dw_table_row(unsigned bits, unsigned m1, unsigned m0, dw_diff_stat* optimum, dw_diff_stat* fast) {
  dw_enc_params po, pf;
  uint32_t x;
  const uint32_t n = 1u << bits;
  po.mode = DW_MODE_OPTIMUM;
  po.bits = (uint8_t)bits;
  po.m1 = (uint8_t)m1;
  po.m0 = (uint8_t)m0;
  po.zero_overhead = 2;
  pf = po;
  pf.mode = DW_MODE_FAST;
  optimum->max_diff = fast->max_diff = 0;
  optimum->sum_diff = fast->sum_diff = 0;
  for (x = 0; x < n; ++x) {
    dw_code a, b;
    uint32_t da, db;
    dw_encode(x, &po, &a);
    dw_encode(x, &pf, &b);
    da = a.approx > x ? a.approx - x : x - a.approx;
    db = b.approx > x ? b.approx - x : x - b.approx;
    optimum->sum_diff += da;
    fast->sum_diff += db;
    if (da > optimum->max_diff) optimum->max_diff = da;
    if (db > fast->max_diff) fast->max_diff = db;
  }
}

uint32_t dw_rand(uint32_t* s) {
  uint32_t x = *s;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  *s = x;
  return x;
}

uint32_t dw_draw_relu(uint32_t* state, unsigned bits) {
  uint32_t sum = 0, r, mag;
  int i;
  if (dw_rand(state) & 1u) return 0;
  for (i = 0; i < 4; ++i) sum += dw_rand(state) >> 16;
  r = sum > (1u << 17) ? sum - (1u << 17) : (1u << 17) - sum;
  mag = (uint32_t)(((uint64_t)r << bits) >> 18);
  return mag > (1u << bits) - 1u ? (1u << bits) - 1u : mag;
}

uint64_t dw_steps_uniform(const dw_enc_params* p) {
  uint64_t s = 0;
  uint32_t x;
  for (x = 0; x < (1u << p->bits); ++x) s += dw_steps(x, p);
  return s;
}

uint64_t dw_steps_relu(const dw_enc_params* p, uint32_t seed, uint32_t count) {
  uint64_t s = 0;
  uint32_t st = seed ? seed : 1u, i;
  for (i = 0; i < count; ++i) s += dw_steps(dw_draw_relu(&st, p->bits), p);
  return s;
}
