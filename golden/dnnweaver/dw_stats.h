/* Statistics of the encodings: the report's Table I and average steps per activation, and the
 * documented activation distributions the VGG workload and `zvp encode --stats` draw from.
 * Plain C99 (the firmware draws its VGG activations with dw_draw_activation).
 *
 * Distributions (deterministic, xorshift32 from a seed):
 *   uniform    every N-bit value equally likely (averages are exact enumerations);
 *   relu-like  half the activations are 0 (a ReLU's negative half); the other half are
 *              |S - 2^17| * 2^N / 2^18 with S the sum of four uniform 16-bit numbers (Irwin-Hall:
 *              close to a half-normal of sigma ~ 0.144 * 2^N), saturated to 2^N - 1. */
#ifndef ZVP_DW_STATS_H
#define ZVP_DW_STATS_H

#include <stdint.h>

#include "golden/dnnweaver/dw_encoding.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  uint32_t max_diff;
  uint64_t sum_diff; /* average = sum_diff / 2^N */
} dw_diff_stat;

/* Table I row: every N-bit value through optimum and fast (m1, m0). */
void dw_table_row(unsigned bits, unsigned m1, unsigned m0, dw_diff_stat* optimum, dw_diff_stat* fast);

uint32_t dw_rand(uint32_t* state); /* xorshift32; *state must be non-zero */
/* One ReLU-like N-bit activation. */
uint32_t dw_draw_relu(uint32_t* state, unsigned bits);

/* Sum of steps over every N-bit value (uniform) or over `count` ReLU-like draws from `seed`. */
uint64_t dw_steps_uniform(const dw_enc_params* p);
uint64_t dw_steps_relu(const dw_enc_params* p, uint32_t seed, uint32_t count);

#ifdef __cplusplus
}
#endif
#endif
