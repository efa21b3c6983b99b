/* Fixed-point arithmetic of the Lite LeNet-5 golden model (seed 004), ap_fixed-like.
 *
 * Plain C99, no dynamic allocation, no floating point: the same file builds for the host (tests,
 * the predict-IP model) and for the ARM firmware, and all three must agree bit for bit.
 *
 * A format <W, I> (lenet_fx_fmt) is a signed two's-complement number of W bits of which I are
 * integer bits (sign included) and F = W - I fractional bits, like ap_fixed<W, I>. A value is
 * held as its raw integer r and means r * 2^-F. Range: [-2^(W-1), 2^(W-1) - 1] raw, i.e.
 * [-2^(I-1), 2^(I-1) - 2^-F]. 16-bit data formats are stored in int16_t, 32-bit accumulator
 * formats in int32_t.
 *
 * Conversion (exact semantics, the contract with the IP model and the firmware):
 *   lenet_fx_convert(v, from_frac, fmt): v is an exact value v * 2^-from_frac (int64_t).
 *   1. Quantisation = AP_RND (round to nearest, ties toward +infinity):
 *        s = from_frac - F.  s > 0: r = floor((v + 2^(s-1)) / 2^s)   (floor, also for v < 0)
 *                            s <= 0: r = v * 2^-s                    (exact, no rounding)
 *      e.g. 0.5 LSB -> up, -0.5 LSB -> 0 (toward +inf), -1.5 LSB -> -1.
 *   2. Overflow = AP_SAT: r is clamped to [-2^(W-1), 2^(W-1) - 1].
 *   (The seed's "Round" formula sends exact ties down; it uses ap_fixed AP_RND in its code and
 *    the HLS IP therefore rounds ties up: we follow the code and the IP.)
 *
 * Multiply-accumulate, as ap_fixed does `acc_t acc = bias; acc += (acc_t)(x * w);`:
 *   acc  = convert(bias, F_bias, acc_fmt)
 *   for each product in the documented loop order:
 *     p   = convert(x * w (exact, F_x + F_w fractional bits), F_x + F_w, acc_fmt)
 *     acc = saturate(acc + p, acc_fmt)         (the sum is exact, then clamped to W_acc bits)
 *   out  = acc > 0 ? convert(acc, F_acc, out_fmt) : 0     (ReLU layers)
 *   out  = convert(acc, F_acc, out_fmt)                   (last layer, no ReLU)
 * Because saturation makes the sum order-dependent, the loop order is part of the contract and is
 * stated at each layer function (lenet_lite.h).
 */
#ifndef ZVP_LENET_FIXED_H
#define ZVP_LENET_FIXED_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A fixed-point format: total bits w (2..32) and integer bits i (sign included, 1..w). */
typedef struct {
  int8_t w;
  int8_t i;
} lenet_fx_fmt;

/* Largest/smallest raw value of a format. */
int64_t lenet_fx_raw_max(lenet_fx_fmt f);
int64_t lenet_fx_raw_min(lenet_fx_fmt f);
/* Fractional bits F = w - i. */
int lenet_fx_frac(lenet_fx_fmt f);
/* 1 if the format is usable: 2 <= w <= 32, 1 <= i <= w. */
int lenet_fx_fmt_valid(lenet_fx_fmt f);

/* Floor division by 2^s (s >= 0), correct for negative v (no implementation-defined shifts). */
int64_t lenet_fx_floor_shift(int64_t v, int s);
/* Clamp raw v to the range of f (AP_SAT). */
int64_t lenet_fx_saturate(int64_t v, lenet_fx_fmt f);
/* v * 2^-from_frac -> raw of f, AP_RND then AP_SAT (see above). from_frac may be 0..62. */
int64_t lenet_fx_convert(int64_t v, int from_frac, lenet_fx_fmt f);

/* One multiply-accumulate step: acc (raw of acc_fmt) + (x * w) with x in F_x, w in F_w. */
int64_t lenet_fx_mac(int64_t acc, lenet_fx_fmt acc_fmt, int32_t x, int frac_x, int32_t w, int frac_w);

/* An 8-bit pixel p (0..255) as p / 255 in format f, AP_RND + AP_SAT, in integers only:
 * r = floor((p * 2^(F+1) + 255) / 510), then saturated. */
int16_t lenet_fx_pixel(uint8_t p, lenet_fx_fmt f);

/* The seed's integer-bit formula, QI = ceil(log2(max_abs + 1)) + 1, evaluated without libm:
 * the smallest n >= 0 with 2^n >= max_abs + 1, plus 1. max_abs < 0 or NaN is treated as 0. */
int lenet_fx_integer_bits(double max_abs);

/* A double as the nearest raw value of f (AP_RND + AP_SAT): floor(x * 2^F + 0.5), clamped.
 * Used to quantise trained float weights; exact for the float inputs it gets. */
int64_t lenet_fx_from_double(double x, lenet_fx_fmt f);
/* Raw -> double (exact for w <= 32). */
double lenet_fx_to_double(int64_t raw, lenet_fx_fmt f);

#ifdef __cplusplus
}
#endif

#endif /* ZVP_LENET_FIXED_H */
