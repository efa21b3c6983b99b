/* ConvNet network definitions shared by the ARM front end, the host reference tool and tests.
 *
 * Networks (seed 001 Tables II and III; accuracy is not the point, weights are random):
 *  - All-CNN-C, 32x32x3 input: nine convolutions (two of them stride 2, conv_7 "valid" 8x8 ->
 *    6x6, conv_8/conv_9 1x1), global average pool, soft-max.
 *  - DarkNet Reference, 256x256x3 input: conv 16, maxpool, conv 32, maxpool, conv 64 stride 2,
 *    conv 128, maxpool, conv 256, maxpool, conv 512 stride 2, conv 1024, conv 1000 1x1,
 *    global average pool, soft-max.
 *  - tiny: a small test network (16x16x4) with every feature of the mapping (3x3 same, stride 2,
 *    valid, 1x1, maxpool, several output and input groups) for the default test run.
 *
 * Data are signed integers stored as int16 ([c][h][w], row-major), 16- or 8-bit
 * (CSP_MODE_16BIT / CSP_MODE_8BIT of csp_ref.h). Weights, biases and the input image come from a
 * deterministic generator seeded by (network seed, layer index): host and ARM produce the same
 * numbers. The requantisation shift of a layer is a closed-form function of its fan-in and the
 * precision, so activations keep a useful range.
 *
 * 3x3 and 1x1 convolutions run on the engine with its kernel-size setting (csp_ref.h
 * CSP_KERNEL_*); other kernel sizes are rejected. */
#ifndef CONVNET_CONVNET_H
#define CONVNET_CONVNET_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { CN_CONV = 0, CN_MAXPOOL = 1, CN_AVGPOOL = 2, CN_SOFTMAX = 3 };
/* CN_NET_BAD_KERNEL / CN_NET_TOO_WIDE exist to exercise the front end's admission check: a 5x5
 * convolution, and a 16-bit 320-pixel-wide feature (the line buffer holds 256). */
enum {
    CN_NET_TINY = 0, CN_NET_ALLCNNC = 1, CN_NET_DARKNET = 2, CN_NET_SEED_COUNT = 3,
    CN_NET_BAD_KERNEL = 3, CN_NET_TOO_WIDE = 4, CN_NET_COUNT = 5
};

typedef struct {
    const char *name;
    uint8_t kind;    /* CN_* */
    uint8_t k;       /* conv kernel (3 or 1; anything else is rejected), pool window */
    uint8_t stride;  /* conv 1/2, pool stride */
    uint8_t pad;     /* conv: 1 same, 0 valid */
    uint16_t cout;   /* conv output features */
    uint8_t relu;
} cn_layer_def;

typedef struct {
    const char *name;
    uint16_t w, h, c;   /* input image */
    uint32_t seed;
    uint8_t nlayers;
    const cn_layer_def *layers;
} cn_net_def;

/* Shape of one layer in a network (walked from the input). */
typedef struct {
    uint16_t w, h, cin;     /* input */
    uint16_t wo, ho, cout;  /* output */
} cn_shape;

const cn_net_def *cn_net(int id);
const char *cn_net_name(int id);
/* Fills shapes[nlayers]; returns 0, or -1 if a layer's output would be empty. */
int cn_shapes(const cn_net_def *net, cn_shape *shapes);

/* Seed 001's workload convention: 2 * k*k * cin * cout * W * H of the layer's INPUT size (the
 * engine computes every window position; stride 2 keeps one in four). */
double cn_conv_gops(const cn_layer_def *l, const cn_shape *s);

/* Deterministic generator (xorshift32 seeded through a mix of net seed and stream). */
typedef struct { uint32_t s; } cn_rng;
void cn_rng_seed(cn_rng *r, uint32_t seed, uint32_t stream);
uint32_t cn_rng_next(cn_rng *r);
/* Uniform integer in [lo, hi]. */
int32_t cn_rng_range(cn_rng *r, int32_t lo, int32_t hi);

/* Requantisation shift of a conv layer in a mode (csp_ref.h CSP_MODE_*). */
int cn_conv_shift(const cn_layer_def *l, int cin, int mode);
/* The input image: c x h x w values in [0, 2^(bits-2)). */
void cn_gen_input(const cn_net_def *net, int mode, int16_t *img);
/* A conv layer's parameters: weights cout x cin x k x k (k = the layer's kernel, 3 or 1),
 * biases cout. `layer` is the index in net->layers. */
void cn_gen_conv(const cn_net_def *net, int layer, int cin, int mode, int16_t *w, int32_t *bias);

/* Layers the ARM runs (saturation-free in int16). */
void cn_maxpool(const int16_t *in, int c, int h, int w, int k, int stride, int16_t *out,
                int *ho, int *wo);
/* Global average pool: out[c] = round(sum / (h*w)) (half away from zero). */
void cn_avgpool(const int16_t *in, int c, int h, int w, int16_t *out);
/* Index of the largest logit (the soft-max's arg max; ties -> lowest index), and optionally the
 * soft-max probability of that class (double; logits scaled by 2^-frac). */
int cn_softmax_top(const int16_t *logits, int n, int frac, double *p_top);

/* FNV-1a over the low 16 bits of each value: a layer's output checksum. */
uint32_t cn_checksum(const int16_t *v, size_t n);

/* Front-end admission of a conv layer on the CSP: 0, or a negative CN_REJECT_* with a message. */
enum {
    CN_REJECT_KERNEL = -1,   /* kernel neither 3x3 nor 1x1 (no documented mapping) */
    CN_REJECT_WIDTH = -2,    /* wider than the line buffer: column tiling is not implemented */
    CN_REJECT_STRIDE = -3,   /* stride other than 1/2, or 1x1 with stride/pad other than 1/0 */
    CN_REJECT_PLAN = -4      /* does not fit the TCDM / Weight Memory even with row tiling */
};
const char *cn_reject_text(int code);

/* Engine geometry of a conv layer (kernel setting 3x3 or 1x1, stride, pad) into *g (a
 * csp_geom_t of csp_ref.h); checks kernel, stride/pad and the line-buffer width (lb_words
 * 32-bit words). Returns 0 or a CN_REJECT_* code. */
int cn_conv_geom(const cn_layer_def *l, const cn_shape *s, int mode, uint32_t lb_words, void *g);

#ifdef __cplusplus
}
#endif

#endif
