/* The Lite LeNet-5 (seed 004's network, our trained weights) with its three convolutions on the
 * DNNWeaver-style PU (seeds 000/002): the layer descriptions the firmware gives the PU and the
 * host golden model of the whole network in PU arithmetic. Plain C99.
 *
 * conv1 (1@32x32 -> 3@28x28, ReLU, 2x2 max-pool -> 14x14), conv2 (3@14x14 -> 6@10x10, ReLU,
 * pool -> 5x5), conv3 (6@5x5 -> 12@1x1, ReLU) run on the PU: exact 48-bit sums of
 * enc(activation) x weight, bias in accumulator units, then ReLU and one rounding shift into the
 * layer's output format (dw_layer.h) — not the per-product rounding and 32-bit saturation of the
 * seed-004 fixed-point model, so the classes can differ from lenet5's in rare cases. fc1 and fc2
 * run on the ARM with the seed-004 fixed-point functions (lenet_lite.h).
 * A configuration encodes the inputs of the first `encoded_layers` convolutions (1, 2 or 3) with
 * `enc`; the other convolutions run in exact mode with the same N. */
#ifndef ZVP_DW_LENET_H
#define ZVP_DW_LENET_H

#include <stdint.h>

#include "golden/dnnweaver/dw_layer.h"
#include "golden/lenet/lenet_lite.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  const char* name;
  dw_enc_params enc;
  uint8_t encoded_layers; /* 1..3 */
  uint8_t fixed_slots;
} dw_lenet_config;

/* The experiment's configurations: parallel, serial, pragmatic, exact (all layers), then
 * optimum 8-6, fast 4-2 and fast 3-1 (N = 16) on 1, 2 and 3 layers. */
extern const dw_lenet_config dw_lenet_configs[];
extern const unsigned dw_lenet_config_count;

/* Layer l (0..2) of a configuration, packed maps (strides = widths), biases in *bias (12 max).
 * Returns 0, or -1 when the model's formats cannot be mapped (bias finer than the products). */
int dw_lenet_layer(const lenet_lite_fixed_params* p, const dw_lenet_config* c, int l, dw_layer* out,
                   int32_t bias[LITE_C3]);
/* Weights of layer l (pointer into p). */
const int16_t* dw_lenet_weights(const lenet_lite_fixed_params* p, int l);

/* Golden: the class of one 32x32 input (raw input format) with convs in PU arithmetic; the conv3
 * outputs in conv3_out (may be NULL). */
int dw_lenet_predict(const lenet_lite_fixed_params* p, const dw_lenet_config* c, const int16_t* in,
                     int16_t conv3_out[LITE_C3]);
/* The ARM part after conv3: fc1, fc2, argmax. */
int dw_lenet_classify(const lenet_lite_fixed_params* p, const int16_t conv3_out[LITE_C3]);

#ifdef __cplusplus
}
#endif
#endif
