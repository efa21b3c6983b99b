#include "golden/dnnweaver/dw_encoding.h"

#include <string.h>

static const char* const kModeNames[DW_MODE_COUNT] = {"parallel", "serial", "pragmatic", "exact", "optimum", "fast"};

const char* dw_mode_name(int mode) { return (mode >= 0 && mode < DW_MODE_COUNT) ? kModeNames[mode] : 0; }

int dw_mode_from_name(const char* name) {
  int m;
  for (m = 0; m < DW_MODE_COUNT; ++m)
    if (strcmp(name, kModeNames[m]) == 0) return m;
  return -1;
}

int dw_params_check(const dw_enc_params* p, const char** why) {
  const char* w = 0;
  int approx;
  if (p->mode >= DW_MODE_COUNT) w = "unknown mode";
  else if (p->bits != 8 && p->bits != 16) w = "N must be 8 or 16";
  else if (p->zero_overhead > 2) w = "0-based overhead must be 0..2";
  else {
    approx = p->mode == DW_MODE_OPTIMUM || p->mode == DW_MODE_FAST;
    if (approx && (p->m1 < 1 || p->m1 > p->bits || p->m0 > p->bits)) w = "m1 must be 1..N and m0 0..N";
    else if (approx && p->m1 + p->m0 >= p->bits) w = "m1 + m0 must be < N (else every value is exact)";
  }
  if (why) *why = w;
  return w ? -1 : 0;
}

int dw_popcount(uint32_t v) {
  int n = 0;
  while (v) {
    v &= v - 1u;
    ++n;
  }
  return n;
}

uint32_t dw_keep_top_ones(uint32_t x, unsigned m) {
  uint32_t r = 0;
  int b;
  for (b = 31; b >= 0 && m > 0; --b)
    if ((x >> b) & 1u) {
      r |= 1u << b;
      --m;
    }
  return r;
}

uint32_t dw_nearest_max_ones(uint32_t x, unsigned n, unsigned m) {
  const uint32_t lo = dw_keep_top_ones(x, m); /* the largest value <= x with <= m ones */
  uint32_t hi = 0;
  int have_hi = 0;
  unsigned k;
  if ((unsigned)dw_popcount(x) <= m) return x;
  /* The smallest value > x with <= m ones sets a 0 bit k of x and clears every bit below it. */
  for (k = 0; k < n; ++k) {
    uint32_t v;
    if ((x >> k) & 1u) continue;
    v = ((x >> k) | 1u) << k;
    if ((unsigned)dw_popcount(v) <= m && (!have_hi || v < hi)) {
      hi = v;
      have_hi = 1;
    }
  }
  if (!have_hi || x - lo <= hi - x) return lo;
  return hi;
}

static void fill_positions(uint32_t v, unsigned n, dw_code* c) {
  int b;
  c->npos = 0;
  for (b = (int)n - 1; b >= 0; --b)
    if ((v >> b) & 1u) c->pos[c->npos++] = (uint8_t)b;
}

/* Sets base, positions and steps for a value already chosen (approx). */
static void represent(uint32_t v, const dw_enc_params* p, int allow_zero_base, dw_code* c) {
  const uint32_t mask = (p->bits == 32) ? 0xFFFFFFFFu : ((1u << p->bits) - 1u);
  const unsigned ones = (unsigned)dw_popcount(v), zeros = p->bits - ones;
  c->approx = v;
  if (allow_zero_base && zeros + p->zero_overhead < ones) {
    c->base = 0;
    fill_positions(~v & mask, p->bits, c);
    c->steps = (uint8_t)(c->npos + p->zero_overhead);
  } else {
    c->base = 1;
    fill_positions(v, p->bits, c);
    c->steps = c->npos;
  }
}

void dw_encode(uint32_t x, const dw_enc_params* p, dw_code* c) {
  const uint32_t mask = (1u << p->bits) - 1u;
  if (x > mask) x = mask;
  memset(c, 0, sizeof *c);
  switch (p->mode) {
    case DW_MODE_PARALLEL:
      represent(x, p, 0, c);
      c->steps = 1;
      break;
    case DW_MODE_SERIAL:
      represent(x, p, 0, c);
      c->steps = p->bits;
      break;
    case DW_MODE_PRAGMATIC:
      represent(x, p, 0, c);
      break;
    case DW_MODE_EXACT: {
      /* Base 0 when p > z, as the report states (its cost includes the overhead). */
      const unsigned ones = (unsigned)dw_popcount(x);
      c->approx = x;
      if (ones > p->bits - ones) {
        c->base = 0;
        fill_positions(~x & mask, p->bits, c);
        c->steps = (uint8_t)(c->npos + p->zero_overhead);
      } else {
        c->base = 1;
        fill_positions(x, p->bits, c);
        c->steps = c->npos;
      }
      break;
    }
    case DW_MODE_OPTIMUM: {
      const uint32_t a = dw_nearest_max_ones(x, p->bits, p->m1);
      const uint32_t b = ~dw_nearest_max_ones(~x & mask, p->bits, p->m0) & mask;
      const uint32_t da = a > x ? a - x : x - a, db = b > x ? b - x : x - b;
      uint32_t v = a;
      if (db < da || (db == da && b < a)) v = b;
      /* v is representable in base 1 if it has <= m1 ones, in base 0 if <= m0 zeros. */
      {
        const unsigned ones = (unsigned)dw_popcount(v), zeros = p->bits - ones;
        const int ok1 = ones <= p->m1, ok0 = zeros <= p->m0;
        c->approx = v;
        if (ok0 && (!ok1 || zeros + p->zero_overhead < ones)) {
          c->base = 0;
          fill_positions(~v & mask, p->bits, c);
          c->steps = (uint8_t)(c->npos + p->zero_overhead);
        } else {
          c->base = 1;
          fill_positions(v, p->bits, c);
          c->steps = c->npos;
        }
      }
      break;
    }
    case DW_MODE_FAST: {
      const uint32_t c1 = dw_keep_top_ones(x, p->m1);
      const uint32_t c0 = ~dw_keep_top_ones(~x & mask, p->m0) & mask;
      const uint32_t d1 = x - c1, d0 = c0 - x; /* c1 <= x <= c0 */
      if (d1 <= d0) {
        c->approx = c1;
        c->base = 1;
        fill_positions(c1, p->bits, c);
        c->steps = c->npos;
      } else {
        c->approx = c0;
        c->base = 0;
        fill_positions(~c0 & mask, p->bits, c);
        c->steps = (uint8_t)(c->npos + p->zero_overhead);
      }
      break;
    }
    default:
      c->approx = x;
      c->steps = 1;
      break;
  }
}

int32_t dw_encode_signed(int32_t x, const dw_enc_params* p, unsigned* steps) {
  dw_code c;
  const uint32_t mag = x < 0 ? (uint32_t)(-(int64_t)x) : (uint32_t)x;
  dw_encode(mag, p, &c);
  if (steps) *steps = c.steps;
  return x < 0 ? -(int32_t)c.approx : (int32_t)c.approx;
}

unsigned dw_steps(uint32_t x, const dw_enc_params* p) {
  dw_code c;
  dw_encode(x, p, &c);
  return c.steps;
}
