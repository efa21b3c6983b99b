/* Fixed-point primitives of the LeNet-5 golden model; semantics in lenet_fixed.h. */
#include "golden/lenet/lenet_fixed.h"

int lenet_fx_frac(lenet_fx_fmt f) { return (int)f.w - (int)f.i; }

int lenet_fx_fmt_valid(lenet_fx_fmt f) { return f.w >= 2 && f.w <= 32 && f.i >= 1 && f.i <= f.w; }

int64_t lenet_fx_raw_max(lenet_fx_fmt f) { return ((int64_t)1 << (f.w - 1)) - 1; }

int64_t lenet_fx_raw_min(lenet_fx_fmt f) { return -((int64_t)1 << (f.w - 1)); }

int64_t lenet_fx_floor_shift(int64_t v, int s) {
  if (s <= 0) return v;
  if (s > 62) return v < 0 ? -1 : 0;
  if (v >= 0) return v >> s;
  /* floor(v / 2^s) for v < 0 without shifting a negative number: -ceil(-v / 2^s). */
  return -(int64_t)(((uint64_t)(-(v + 1)) >> s) + 1);
}

int64_t lenet_fx_saturate(int64_t v, lenet_fx_fmt f) {
  const int64_t hi = lenet_fx_raw_max(f), lo = lenet_fx_raw_min(f);
  return v > hi ? hi : (v < lo ? lo : v);
}

int64_t lenet_fx_convert(int64_t v, int from_frac, lenet_fx_fmt f) {
  const int s = from_frac - lenet_fx_frac(f);
  int64_t r;
  if (s > 0) {
    r = lenet_fx_floor_shift(v + ((int64_t)1 << (s - 1)), s);
  } else {
    /* Exact left shift; values that would leave 64 bits saturate anyway. */
    const int64_t limit = s < -62 ? 1 : (int64_t)1 << (62 + s); /* |v| < limit keeps |v * 2^-s| < 2^62 */
    if (v == 0) return 0;
    if (v >= limit) return lenet_fx_raw_max(f);
    if (v <= -limit) return lenet_fx_raw_min(f);
    r = v * ((int64_t)1 << (-s));
  }
  return lenet_fx_saturate(r, f);
}

int64_t lenet_fx_mac(int64_t acc, lenet_fx_fmt acc_fmt, int32_t x, int frac_x, int32_t w, int frac_w) {
  const int64_t p = lenet_fx_convert((int64_t)x * (int64_t)w, frac_x + frac_w, acc_fmt);
  return lenet_fx_saturate(acc + p, acc_fmt);
}

int16_t lenet_fx_pixel(uint8_t p, lenet_fx_fmt f) {
  const int frac = lenet_fx_frac(f);
  int64_t r;
  if (frac >= 0) {
    r = ((int64_t)p * ((int64_t)1 << (frac + 1)) + 255) / 510; /* numerator >= 0: floor */
  } else {
    r = lenet_fx_floor_shift(((int64_t)p * 2 + 255) / 510, -frac); /* not used by 16-bit inputs */
  }
  return (int16_t)lenet_fx_saturate(r, f);
}

int lenet_fx_integer_bits(double max_abs) {
  double limit = 1.0;
  int n = 0;
  if (!(max_abs > 0.0)) max_abs = 0.0; /* also catches NaN */
  while (limit < max_abs + 1.0 && n < 1000) {
    limit *= 2.0;
    ++n;
  }
  return n + 1;
}

static double pow2(int e) {
  double r = 1.0;
  for (; e > 0; --e) r *= 2.0;
  for (; e < 0; ++e) r *= 0.5;
  return r;
}

int64_t lenet_fx_from_double(double x, lenet_fx_fmt f) {
  const double y = x * pow2(lenet_fx_frac(f)) + 0.5;
  const double hi = (double)lenet_fx_raw_max(f), lo = (double)lenet_fx_raw_min(f);
  int64_t t;
  if (!(y == y)) return 0;       /* NaN */
  if (y >= hi + 1.0) return lenet_fx_raw_max(f);
  if (y < lo) return lenet_fx_raw_min(f);
  t = (int64_t)y; /* truncation toward zero ... */
  if ((double)t > y) --t; /* ... made a floor for negative non-integers */
  return lenet_fx_saturate(t, f);
}

double lenet_fx_to_double(int64_t raw, lenet_fx_fmt f) { return (double)raw * pow2(-lenet_fx_frac(f)); }
