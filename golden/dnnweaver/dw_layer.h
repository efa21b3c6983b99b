/* The DNNWeaver-style PU's layer arithmetic and lock-step cost, as a golden model (plain C99,
 * shared by the host tests, the firmware's spot checks and the tools).
 *
 * A layer (one PU descriptor): a valid KxK convolution, stride 1, over in_c planes of
 * in_h x in_w int16 activations (element (c, y, x) at c * in_chan_stride + y * in_row_stride + x),
 * out_c output channels, int16 weights [out_c][in_c][K][K], int32 biases in accumulator units.
 *   acc = bias + sum over c, i, j (ascending) of enc(a) * w     (exact, 48-bit two's complement)
 *   y   = relu ? max(acc, 0) : acc;  out = sat16(floor((y + 2^(shift-1)) / 2^shift))  (shift 0: y)
 *   pool: 2x2 max, stride 2 over out (odd last row/column dropped)
 * enc(a) = the activation as the layer's encoding represents it (sign-magnitude, dw_encoding.h):
 * a itself in the exact modes, the approximation in optimum/fast.
 * Output (u, y, x) goes to u * out_chan_stride + y * out_w + x (out_w after pooling).
 *
 * Lock-step cost (the PE array of NUM_PE lanes): output pixels of one output channel, in
 * row-major order (before pooling), are dealt to the lanes NUM_PE at a time (a "group"); the
 * group's weights are broadcast one per weight step; a step takes
 *   max(1, max over the group's lanes of steps(a_lane))   cycles, or
 *   max(m1, m0 + zero_overhead)                            with fixed slots (optimum/fast only).
 * stall cycles = sum over lanes of (step cycles - max(1, own steps)); terms = sum of own steps
 * (shift-add terms; parallel: 1 per MAC); MACs = active lanes x weight steps. */
#ifndef ZVP_DW_LAYER_H
#define ZVP_DW_LAYER_H

#include <stdint.h>

#include "golden/dnnweaver/dw_encoding.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  dw_enc_params enc;
  uint8_t relu, pool, fixed_slots, shift;
  uint16_t in_c, in_h, in_w, out_c, k;
  uint32_t in_row_stride, in_chan_stride, out_chan_stride;
} dw_layer;

typedef struct {
  uint64_t cycles, macs, terms, stalls;
} dw_pe_counts;

/* Counts of one layer: in its own mode, and the same data on a Pragmatic PE, a bit-parallel PE
 * and a bit-serial PE (weight_steps x N). cycles here are step cycles only (no pipeline fill). */
typedef struct {
  dw_pe_counts ours, pragmatic, parallel, serial;
  uint64_t weight_steps; /* groups x weights */
} dw_layer_counts;

uint32_t dw_layer_out_h(const dw_layer* l); /* after pooling */
uint32_t dw_layer_out_w(const dw_layer* l);
uint32_t dw_layer_conv_h(const dw_layer* l); /* before pooling */
uint32_t dw_layer_conv_w(const dw_layer* l);
/* 0 if the geometry and encoding are usable; else -1 and a static reason. */
int dw_layer_check(const dw_layer* l, const char** why);

/* Whole layer (out may be NULL: counts only; counts may be NULL). */
void dw_layer_run(const dw_layer* l, unsigned num_pe, const int16_t* in, const int16_t* w, const int32_t* bias,
                  int16_t* out, dw_layer_counts* counts);
/* One output (u, y, x) after ReLU/quantisation/pooling (spot checks). */
int16_t dw_layer_output(const dw_layer* l, const int16_t* in, const int16_t* w, const int32_t* bias, unsigned u,
                        unsigned y, unsigned x);
/* Step cycles of one weight step given each lane's steps (lanes with steps < 0 are idle). */
unsigned dw_lockstep_cycles(const dw_layer* l, const int* lane_steps, unsigned lanes);

#ifdef __cplusplus
}
#endif
#endif
