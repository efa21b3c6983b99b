/* Activation encodings of seeds 000/002 ("Enhanced Automatic DNN Acceleration", bit-complementary
 * essential-bit PEs), shared by the PU model (models/accel/dnnweaver), the host golden model, the
 * firmware and `zvp encode`. Plain C99, no allocation, no floating point.
 *
 * An unsigned N-bit activation x (N = 8 or 16), p ones, z = N - p zeros:
 *   parallel   1 step (DNNWeaver's MACC)            serial     N steps
 *   pragmatic  p steps (one per 1 bit, positions of the 1s: base 1)
 *   exact      p <= z: base 1, p steps; else base 0 (x = 2^N - 1 - sum 2^i over the 0 bits),
 *              z + zero_overhead steps (the report's two extra subtractions; 0..2)
 *   optimum(m1, m0)  the value nearest to x among {v : popcount(v) <= m1} (base 1) and
 *              {v : popcount(~v) <= m0} (base 0). Ties: the lower value; a value representable
 *              in both bases takes the cheaper one (base 1 when equal).
 *   fast(m1, m0)     c1 = x keeping its m1 most significant 1s, c0 = x keeping its m0 most
 *              significant 0s (the other 0s become 1s); the nearer of the two (tie: c1). This
 *              is the rule that reproduces the report's Table I.
 * Steps of an encoded value = number of positions (+ zero_overhead in base 0); x = 0 needs 0
 * terms (the lock-step array still spends at least 1 cycle per weight).
 * Negative activations use sign-magnitude (dw_encode_signed): the magnitude is encoded and the
 * sign applied as add/subtract. A magnitude >= 2^N saturates to 2^N - 1 (the PE's N-bit port). */
#ifndef ZVP_DW_ENCODING_H
#define ZVP_DW_ENCODING_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  DW_MODE_PARALLEL = 0,
  DW_MODE_SERIAL = 1,
  DW_MODE_PRAGMATIC = 2,
  DW_MODE_EXACT = 3,
  DW_MODE_OPTIMUM = 4,
  DW_MODE_FAST = 5,
  DW_MODE_COUNT = 6
} dw_mode;

typedef struct {
  uint32_t approx;  /* the value the PE multiplies by (== x in the exact modes) */
  uint8_t base;     /* 1: positions of 1s, 0: positions of 0s (x = 2^N - 1 - sum) */
  uint8_t npos;     /* number of positions */
  uint8_t pos[16];  /* bit positions, most significant first */
  uint8_t steps;    /* PE cycles for this activation */
} dw_code;

/* Encoding parameters of one layer (the PU's descriptor carries them). */
typedef struct {
  uint8_t mode;           /* dw_mode */
  uint8_t bits;           /* N: 8 or 16 */
  uint8_t m1, m0;         /* approximation limits (optimum / fast) */
  uint8_t zero_overhead;  /* extra steps of a 0-based value, 0..2 (2 in the report) */
} dw_enc_params;

const char* dw_mode_name(int mode);          /* "parallel", ..., NULL if out of range */
int dw_mode_from_name(const char* name);     /* -1 if unknown */
/* 0 if usable; else a negative code, and *why (if not NULL) a short static explanation:
 * mode unknown, N not 8/16, m1/m0 > N, m1 + m0 >= N for optimum/fast (then every value would be
 * representable), m1 < 1 for optimum/fast, zero_overhead > 2. */
int dw_params_check(const dw_enc_params* p, const char** why);

int dw_popcount(uint32_t v);
/* x keeping only its m most significant 1 bits. */
uint32_t dw_keep_top_ones(uint32_t x, unsigned m);
/* The nearest value to x (x < 2^n) among n-bit values with at most m ones; tie: the lower. */
uint32_t dw_nearest_max_ones(uint32_t x, unsigned n, unsigned m);

/* Encodes x (saturated to 2^N - 1) with valid parameters p. */
void dw_encode(uint32_t x, const dw_enc_params* p, dw_code* out);
/* Sign-magnitude: the approximated signed value; *steps receives the step count. */
int32_t dw_encode_signed(int32_t x, const dw_enc_params* p, unsigned* steps);
/* Steps only (the PU's hot path): same value as dw_encode(...).steps. */
unsigned dw_steps(uint32_t x, const dw_enc_params* p);

#ifdef __cplusplus
}
#endif
#endif
