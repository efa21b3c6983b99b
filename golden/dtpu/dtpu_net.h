/* Quantised networks on the DTPU (seed 003): 3x3 valid convolutions (im2col), 2x2 max-pool and
 * dense layers, TFLite-style per-tensor requantisation (Q31 multiplier + shift, zero point),
 * bias and ReLU on the CPU; the GEMMs on a dtpu_backend (or directly on the CPU: be == 0).
 * Tensors are HWC int32 (values of the precision's range). The last dense layer gives int64
 * logits (accumulator + bias; arg-max = the class, soft-max is monotonic).
 *
 * Precisions (our choices, README): int8 = int8 activations (zero point -128) x int8 weights;
 * int16 = int16 activations (zero point 0) x int8-range weights (TFLite's 16x8 scheme);
 * int32 = activations of +-(2^23-1) x weights of +-(2^15-1), so that every R x C tile sum fits
 * the wide accumulator. Weights are symmetric (zero point 0). */
#ifndef DTPU_NET_H
#define DTPU_NET_H

#include <stdint.h>

#include "golden/dtpu/dtpu_gemm.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { DTPU_CONV3 = 0, DTPU_POOL2 = 1, DTPU_DENSE = 2 };

typedef struct dtpu_layer {
    const char *name;
    uint8_t kind, relu, requant;
    uint16_t h, w, cin, cout; /* input shape; cout = outputs (conv channels / dense units) */
    const int32_t *weight;    /* [cout][K], K = 9*cin (conv, (ky*3+kx)*cin+ci) or h*w*cin */
    const int64_t *bias;      /* effective bias: bias_q - zp_in * sum_k w */
    uint32_t mult;            /* requant: out = zp + round(acc * mult / 2^shift) */
    int32_t shift, zp_out, qmin, qmax;
} dtpu_layer;

typedef struct dtpu_net {
    const char *name;
    unsigned nlayers, bits;
    int32_t in_zp; /* x_q = pixel + in_zp */
    const dtpu_layer *layers;
} dtpu_net;

/* Per-layer hook (firmware counters): phase 0 before, 1 after layer i. */
typedef void (*dtpu_layer_hook)(void *ctx, unsigned layer, int phase);

/* Activation range of a precision (bits 8, 16, 32). */
void dtpu_act_range(unsigned bits, int32_t *qmin, int32_t *qmax, int32_t *zp);
int32_t dtpu_weight_qmax(unsigned bits);
uint32_t dtpu_net_mode(unsigned bits); /* DTPU_PREC_* | DTPU_CSR_SIGNED */
int64_t dtpu_mulshift(int64_t a, uint32_t m, int n);
/* M (0 < M < 2^31) -> Q31 multiplier and shift n: M ~ mult / 2^n. */
void dtpu_quant_multiplier(double M, uint32_t *mult, int32_t *shift);

/* Packs the GEMM layers' weights for an R x C MXU into `buf` (capacity in words) and loads them
 * once when they all fit the weight BRAM; else each layer is loaded before it runs. Returns 0,
 * or -1 when a layer alone does not fit the weight BRAM or buf is too small. */
int dtpu_net_prepare(const dtpu_net *net, const dtpu_backend *be, uint32_t mode, uint64_t *buf, unsigned cap);
/* Runs one input (h*w*cin values); logits[cout of the last layer]; returns the arg-max or a
 * negative backend error. be == 0: every GEMM on the CPU. */
int dtpu_net_run(const dtpu_net *net, const dtpu_backend *be, uint32_t mode, const int32_t *input, int64_t *logits,
                 dtpu_layer_hook hook, void *hook_ctx);
/* Runs `batch` inputs (batch * h*w*cin values, one after the other): each image alone through
 * the layers before the first dense layer, then all of them together through the dense layers
 * (one vector per image per weight tile: a step carries `batch` vectors instead of one).
 * logits[batch][cout of the last layer], classes[batch] (may be 0) the arg-maxes. Returns 0, a
 * negative backend error, or -4 for a batch of 0 or above DTPU_NET_MAX_BATCH, a network whose
 * first dense layer has more than DTPU_NET_MAX_DENSE_IN inputs, or (batch > 1) no dense layer
 * or a pool after one. The results equal `batch` calls of dtpu_net_run bit for bit. */
#define DTPU_NET_MAX_BATCH 32u
#define DTPU_NET_MAX_DENSE_IN 2048u
int dtpu_net_run_batch(const dtpu_net *net, const dtpu_backend *be, uint32_t mode, const int32_t *inputs,
                       unsigned batch, int64_t *logits, int *classes, dtpu_layer_hook hook, void *hook_ctx);
/* MACs of layer i (for the reports). */
uint64_t dtpu_layer_macs(const dtpu_layer *l);

/* The CIFAR-10 network of the thesis (create_models.py) with seeded weights: 32x32x3 -> conv32
 * -> pool -> conv64 -> pool -> conv64 -> dense64 -> dense10, ReLU after each conv and dense64.
 * Fills layers[7] using wbuf (>= DTPU_CIFAR_WEIGHTS int32) and bbuf (>= DTPU_CIFAR_BIASES). */
#define DTPU_CIFAR_WEIGHTS (32 * 27 + 64 * 288 + 64 * 576 + 64 * 1024 + 10 * 64)
#define DTPU_CIFAR_BIASES (32 + 64 + 64 + 64 + 10)
void dtpu_cifar_make(dtpu_net *net, dtpu_layer layers[7], unsigned bits, uint32_t seed, int32_t *wbuf, int64_t *bbuf);
/* A seeded 32x32x3 input image (pixels 0..255) as network input. */
void dtpu_cifar_input(unsigned bits, uint32_t seed, int32_t *x);

#ifdef __cplusplus
}
#endif
#endif
