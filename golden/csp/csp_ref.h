/* Bit-exact golden model of the CSP Convolution Engine (seed 001 section II.A).
 *
 * Plain C99, no allocation, no hardware access: shared by the host models/tests (library
 * zvp_csp_golden), the ARM ConvNet front end and the RISC-V middleware.
 *
 * What the engine computes
 * ------------------------
 * A KxK convolution, K = 3 or 1: the engine's kernel-size setting (seed 001 section III: ConvNet
 * configures "the convolution layer's parameters (i.e. kernel size, layer size)"). One engine
 * PASS applies three KxK filters to (up to) three input features of one INPUT GROUP and adds
 * their contribution to ONE output feature. A layer is a loop over output features and, inside,
 * over input groups of 3 features (the last group may hold 1 or 2; the missing features count
 * as zero). Passes of one output feature accumulate in a wide partial-sum buffer; the last pass
 * applies bias, ReLU and the requantisation shift.
 *
 * Geometry
 *  - input feature: H rows x W columns; output: Ho x Wo with
 *      Ho = (H + 2*pad - K) / stride + 1,   Wo = (W + 2*pad - K) / stride + 1   (integer division)
 *  - 3x3: pad is 0 ("valid", e.g. All-CNN-C conv_7 8x8 -> 6x6) or 1 ("same" zero padding: with
 *    stride 1 the output has the input's size; with stride 2, ceil(H/2) x ceil(W/2)).
 *    1x1: pad is 0 (a 1x1 window never reaches outside the feature).
 *  - stride 1 or 2. Stride 2 is the stride-1 computation sub-sampled at even positions (the
 *    hardware computes every window position at full rate and keeps one in four).
 *  - output pixel (oy, ox) is the window whose top-left tap is input (oy*stride - pad,
 *    ox*stride - pad); pixels outside the feature are zero. For 1x1 that is the pixel itself.
 *  - weights of a pass: w[f*K*K + ky*K + kx] for feature f < 3 (27 for 3x3, 3 for 1x1; in 1x1
 *    mode the SoP keeps only its centre tap and the Weight Loader loads one word).
 *
 * Arithmetic (the engine's datapath, fixed here)
 *  - data and weights are signed two's complement: 16 bit (CSP_MODE_16BIT) or 8 bit
 *    (CSP_MODE_8BIT). The C API passes both as int16_t; in 8-bit mode only the low 8 bits are
 *    used (value = (int8_t)x), exactly as the engine reads bytes from its memories.
 *  - SoP: the 27 (3x3) or 3 (1x1) products of a pass are summed exactly (up to 27 * 2^30, i.e.
 *    35 bits - the DSP48 cascade is 48 bits wide).
 *  - partial sums (the TCDM accumulator buffer) are int32. The adder computes
 *      acc = sat32(acc_prev + sop)          (acc_prev = 0 on the first pass of an output feature)
 *    saturating at INT32_MIN / INT32_MAX.
 *  - last pass: v = sat32(acc + bias); if relu: v = max(v, 0);
 *      shift = 0:  q = v
 *      shift > 0:  q = (v + 2^(shift-1)) >> shift   (arithmetic shift; round half towards +inf)
 *    computed in 64 bits, then saturated to the output type ([-32768, 32767] or [-128, 127]).
 *    shift is 0..31.
 */
#ifndef ZVP_CSP_REF_H
#define ZVP_CSP_REF_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { CSP_MODE_16BIT = 0, CSP_MODE_8BIT = 1 };
/* Kernel-size setting; the values are the engine's CFG.KERNEL encoding (0 = 3x3 so that a
 * zero-initialised geometry is the 3x3 one). */
enum { CSP_KERNEL_3X3 = 0, CSP_KERNEL_1X1 = 1 };
/* CSP_WEIGHTS_PER_PASS: the most weights a pass has (3x3); arrays of a pass's weights have it. */
enum { CSP_GROUP = 3, CSP_WEIGHTS_PER_PASS = 27 };

/* Per-pass (and per-layer) geometry and arithmetic options. */
typedef struct {
  uint16_t width, height; /* input feature size */
  uint8_t stride;         /* 1 or 2 */
  uint8_t pad;            /* 0 or 1 */
  uint8_t mode;           /* CSP_MODE_16BIT / CSP_MODE_8BIT */
  uint8_t shift;          /* requantisation right shift, 0..31 */
  uint8_t relu;           /* non-zero: ReLU on the last pass */
  uint8_t kernel;         /* CSP_KERNEL_3X3 / CSP_KERNEL_1X1 */
} csp_geom_t;

/* K of a kernel setting, and the weights of one pass (3 features x K x K). */
static inline int csp_ksize(int kernel) { return kernel == CSP_KERNEL_1X1 ? 1 : 3; }
static inline int csp_pass_weights(int kernel) { return CSP_GROUP * csp_ksize(kernel) * csp_ksize(kernel); }

/* Returns 0 if the geometry is one the arithmetic supports (kernel 3x3/1x1, stride 1/2, pad 0/1
 * (0 for 1x1), shift <= 31, mode 0/1, output at least 1x1), otherwise a negative CSP_GEOM_*
 * code. Width limits of the line buffer are the engine's business (it needs software tiling),
 * not the arithmetic's. */
enum {
  CSP_GEOM_OK = 0,
  CSP_GEOM_BAD_STRIDE = -1,
  CSP_GEOM_BAD_PAD = -2,
  CSP_GEOM_BAD_MODE = -3,
  CSP_GEOM_BAD_SHIFT = -4,
  CSP_GEOM_TOO_SMALL = -5,
  CSP_LAYER_BAD_COUNT = -6, /* csp_conv_layer_ref: cin or cout < 1 */
  CSP_GEOM_BAD_KERNEL = -7
};
int csp_geom_check(const csp_geom_t* g);
/* Output size along one axis for a K-tap kernel (0 if the window does not fit). */
int csp_out_dim(int in, int ksize, int pad, int stride);
static inline int csp_out_w(const csp_geom_t* g) {
  return csp_out_dim(g->width, csp_ksize(g->kernel), g->pad, g->stride);
}
static inline int csp_out_h(const csp_geom_t* g) {
  return csp_out_dim(g->height, csp_ksize(g->kernel), g->pad, g->stride);
}

/* Value of a data/weight element as the engine sees it in the given mode. */
static inline int32_t csp_elem(int16_t x, int mode) {
  return mode == CSP_MODE_8BIT ? (int32_t)(int8_t)(uint8_t)(x & 0xFF) : (int32_t)x;
}
int32_t csp_sat32(int64_t v);
/* Last-pass arithmetic: bias, ReLU, shift with rounding, saturation to the mode's width. */
int16_t csp_requant(int32_t acc, int32_t bias, const csp_geom_t* g);

/* SoP of one output position: sum over f < nfeat of the KxK window of in[f] times
 * w[f*K*K + ky*K + kx]. nfeat is 1..3. */
int64_t csp_sop_point(const csp_geom_t* g, const int16_t* const in[3], int nfeat,
                      const int16_t* w, int oy, int ox);

/* One engine pass: acc[Ho*Wo] = sat32((first ? 0 : acc) + SoP) for every output position. */
void csp_pass_accumulate(const csp_geom_t* g, const int16_t* const in[3], int nfeat,
                         const int16_t* w, int first, int32_t* acc);
/* The last-pass output stage: out[i] = csp_requant(acc[i], bias) for Ho*Wo positions. */
void csp_pass_finalize(const csp_geom_t* g, const int32_t* acc, int32_t bias, int16_t* out);

/* A whole layer as the engine runs it.
 *  in:      cin features, each height x width, row-major, feature after feature
 *  weights: cout x cin x K x K (row-major)
 *  bias:    cout values (NULL = zeros)
 *  out:     cout features of Ho x Wo
 *  scratch: Ho*Wo int32 (the partial-sum buffer)
 * Returns csp_geom_check's code (nothing written on error) or CSP_LAYER_BAD_COUNT. */
int csp_conv_layer_ref(const csp_geom_t* g, int cin, int cout, const int16_t* in,
                       const int16_t* weights, const int32_t* bias, int16_t* out, int32_t* scratch);

/* Memory layouts shared by the engine model, the middleware and the front end.
 * Feature rows start on a 32-bit word boundary: pitch = csp_row_words() words. 16-bit pixels
 * are little-endian int16 (2 per word), 8-bit pixels int8 (4 per word). */
static inline int csp_pixels_per_word(int mode) { return mode == CSP_MODE_8BIT ? 4 : 2; }
static inline int csp_row_words(int width, int mode) {
  int ppw = csp_pixels_per_word(mode);
  return (width + ppw - 1) / ppw;
}
/* Packs/unpacks one feature (rows x width) to/from words (row pitch csp_row_words). */
void csp_pack_feature(const int16_t* px, int rows, int width, int mode, uint32_t* words);
void csp_unpack_feature(const uint32_t* words, int rows, int width, int mode, int16_t* px);
/* Weight Memory layout of one pass: its csp_pass_weights(kernel) weights (27 for 3x3, 3 for
 * 1x1) packed little-endian into 64-bit words, 4 per word (16 bit) or 8 per word (8 bit):
 * csp_weight_words() words (7 / 4 for 3x3, 1 for 1x1). Unpacking fills only those weights. */
static inline int csp_weight_words(int mode, int kernel) {
  int per = mode == CSP_MODE_8BIT ? 8 : 4;
  return (csp_pass_weights(kernel) + per - 1) / per;
}
void csp_pack_weights(const int16_t* w, int mode, int kernel, uint64_t* words);
void csp_unpack_weights(const uint64_t* words, int mode, int kernel, int16_t* w);

#ifdef __cplusplus
}
#endif

#endif /* ZVP_CSP_REF_H */
