/* Lite LeNet-5 of seed 004: float and fixed-point inference, layer by layer.
 *
 *   input 1@32x32 (MNIST 28x28 padded by 2 zero pixels on every side, pixel p -> p/255)
 *   conv1 3@28x28  5x5, ReLU        75 + 3    = 78
 *   pool1 3@14x14  2x2 max, stride 2
 *   conv2 6@10x10  5x5 over 3 ch, ReLU   450 + 6   = 456
 *   pool2 6@5x5    2x2 max, stride 2
 *   conv3 12@1x1   5x5 over 6 ch, ReLU  1800 + 12 = 1812
 *   fc1   10       from 12, ReLU         120 + 10 = 130
 *   fc2   10       from 10, no activation 100 + 10 = 110;  class = argmax   total 2,586
 *
 * Array layouts (C order): conv weights [out][in][row][col], fc weights [out][in], feature maps
 * [channel][row][col]. conv: O[u][x][y] = B[u] + sum_k sum_i sum_j I[k][x+i][y+j] * W[u][k][i][j].
 * Loop order of every sum (part of the fixed-point contract): bias first, then k ascending, then
 * i (kernel row) ascending, then j (kernel column) ascending; fc: bias, then input index ascending.
 * argmax: the first index holding the maximum (strict '>' while scanning upward).
 * Pooling of fixed-point maps compares raw values (exact). No dynamic allocation; stack use of the
 * predict functions: fixed ~7 KB, float ~15 KB.
 * Bit-exactness is the contract of the fixed-point path only. The float path is plain IEEE single
 * precision in the stated order (no FMA contraction is assumed); the host and a VFPv3 core agree,
 * a compiler that fuses multiply-adds may differ in the last bits.
 */
#ifndef ZVP_LENET_LITE_H
#define ZVP_LENET_LITE_H

#include <stdint.h>

#include "golden/lenet/lenet_fixed.h"

#ifdef __cplusplus
extern "C" {
#endif

#define LENET_IMG 32     /* network input side */
#define LENET_MNIST 28   /* MNIST image side */
#define LENET_PAD 2      /* (32 - 28) / 2 */
#define LENET_K 5        /* every convolution is 5x5, stride 1, no padding */
#define LENET_CLASSES 10

#define LITE_C1 3
#define LITE_S1 28
#define LITE_P1 14
#define LITE_C2 6
#define LITE_S2 10
#define LITE_P2 5
#define LITE_C3 12
#define LITE_F1 10
#define LITE_F2 10
#define LITE_PARAM_COUNT 2586

/* Layer indices of the per-layer formats. */
enum { LITE_L_CONV1 = 0, LITE_L_CONV2, LITE_L_CONV3, LITE_L_FC1, LITE_L_FC2, LITE_LAYERS };

typedef struct {
  float conv1_w[LITE_C1][1][LENET_K][LENET_K];
  float conv1_b[LITE_C1];
  float conv2_w[LITE_C2][LITE_C1][LENET_K][LENET_K];
  float conv2_b[LITE_C2];
  float conv3_w[LITE_C3][LITE_C2][LENET_K][LENET_K];
  float conv3_b[LITE_C3];
  float fc1_w[LITE_F1][LITE_C3];
  float fc1_b[LITE_F1];
  float fc2_w[LITE_F2][LITE_F1];
  float fc2_b[LITE_F2];
} lenet_lite_float_params;

/* Per-layer fixed-point formats (index LITE_L_*). Data formats are 16 bits wide, accumulators 32.
 * out[l] is the type of layer l's output (after ReLU); pooling keeps its input's type. */
typedef struct {
  lenet_fx_fmt input;
  lenet_fx_fmt weight[LITE_LAYERS];
  lenet_fx_fmt bias[LITE_LAYERS];
  lenet_fx_fmt acc[LITE_LAYERS];
  lenet_fx_fmt out[LITE_LAYERS];
} lenet_lite_formats;

/* Raw fixed-point parameters: weight/bias of layer l in formats weight[l] / bias[l]. */
typedef struct {
  lenet_lite_formats fmt;
  int16_t conv1_w[LITE_C1][1][LENET_K][LENET_K];
  int16_t conv1_b[LITE_C1];
  int16_t conv2_w[LITE_C2][LITE_C1][LENET_K][LENET_K];
  int16_t conv2_b[LITE_C2];
  int16_t conv3_w[LITE_C3][LITE_C2][LENET_K][LENET_K];
  int16_t conv3_b[LITE_C3];
  int16_t fc1_w[LITE_F1][LITE_C3];
  int16_t fc1_b[LITE_F1];
  int16_t fc2_w[LITE_F2][LITE_F1];
  int16_t fc2_b[LITE_F2];
} lenet_lite_fixed_params;

/* ---- input ---- */
/* 28x28 uint8 image -> 32x32 network input (zero border of 2). */
void lenet_image_to_float(const uint8_t img[LENET_MNIST * LENET_MNIST], float in[LENET_IMG * LENET_IMG]);
void lenet_image_to_fixed(const uint8_t img[LENET_MNIST * LENET_MNIST], lenet_fx_fmt input_fmt,
                          int16_t in[LENET_IMG * LENET_IMG]);

/* ---- float ---- */
void lenet_lite_float_conv1(const lenet_lite_float_params* p, const float in[LENET_IMG][LENET_IMG],
                            float out[LITE_C1][LITE_S1][LITE_S1]);
void lenet_lite_float_pool1(const float in[LITE_C1][LITE_S1][LITE_S1], float out[LITE_C1][LITE_P1][LITE_P1]);
void lenet_lite_float_conv2(const lenet_lite_float_params* p, const float in[LITE_C1][LITE_P1][LITE_P1],
                            float out[LITE_C2][LITE_S2][LITE_S2]);
void lenet_lite_float_pool2(const float in[LITE_C2][LITE_S2][LITE_S2], float out[LITE_C2][LITE_P2][LITE_P2]);
void lenet_lite_float_conv3(const lenet_lite_float_params* p, const float in[LITE_C2][LITE_P2][LITE_P2],
                            float out[LITE_C3]);
void lenet_lite_float_fc1(const lenet_lite_float_params* p, const float in[LITE_C3], float out[LITE_F1]);
void lenet_lite_float_fc2(const lenet_lite_float_params* p, const float in[LITE_F1], float out[LITE_F2]);

/* Observed pre-activation ranges (for the integer-bit formula): NULL or an array indexed by
 * LITE_L_* that receives max |x| over every pre-ReLU sum of the layer (fc2: its outputs). */
int lenet_lite_float_predict_ranges(const lenet_lite_float_params* p, const float in[LENET_IMG * LENET_IMG],
                                    float out[LITE_F2], float max_abs[LITE_LAYERS]);
/* Returns the class (argmax of out); out receives fc2's 10 values. */
int lenet_lite_float_predict(const lenet_lite_float_params* p, const float in[LENET_IMG * LENET_IMG],
                             float out[LITE_F2]);

/* ---- fixed point (raw int16 values in the formats of p->fmt) ---- */
void lenet_lite_fixed_conv1(const lenet_lite_fixed_params* p, const int16_t in[LENET_IMG][LENET_IMG],
                            int16_t out[LITE_C1][LITE_S1][LITE_S1]);
/* One output channel u of conv1 (what one HLS sub_conv1 computes); conv1 = u = 0..2. */
void lenet_lite_fixed_conv1_channel(const lenet_lite_fixed_params* p, int u, const int16_t in[LENET_IMG][LENET_IMG],
                                    int16_t out[LITE_S1][LITE_S1]);
void lenet_lite_fixed_pool1(const int16_t in[LITE_C1][LITE_S1][LITE_S1], int16_t out[LITE_C1][LITE_P1][LITE_P1]);
void lenet_lite_fixed_conv2(const lenet_lite_fixed_params* p, const int16_t in[LITE_C1][LITE_P1][LITE_P1],
                            int16_t out[LITE_C2][LITE_S2][LITE_S2]);
/* One output channel u of conv2 (one HLS sub_conv2); conv2 = u = 0..5. */
void lenet_lite_fixed_conv2_channel(const lenet_lite_fixed_params* p, int u, const int16_t in[LITE_C1][LITE_P1][LITE_P1],
                                    int16_t out[LITE_S2][LITE_S2]);
void lenet_lite_fixed_pool2(const int16_t in[LITE_C2][LITE_S2][LITE_S2], int16_t out[LITE_C2][LITE_P2][LITE_P2]);
void lenet_lite_fixed_conv3(const lenet_lite_fixed_params* p, const int16_t in[LITE_C2][LITE_P2][LITE_P2],
                            int16_t out[LITE_C3]);
void lenet_lite_fixed_fc1(const lenet_lite_fixed_params* p, const int16_t in[LITE_C3], int16_t out[LITE_F1]);
void lenet_lite_fixed_fc2(const lenet_lite_fixed_params* p, const int16_t in[LITE_F1], int16_t out[LITE_F2]);
/* Whole network; returns the class; out receives fc2's raw values (format fmt.out[LITE_L_FC2]). */
int lenet_lite_fixed_predict(const lenet_lite_fixed_params* p, const int16_t in[LENET_IMG * LENET_IMG],
                             int16_t out[LITE_F2]);

/* argmax helpers (first maximum wins). */
int lenet_argmax_f(const float* v, int n);
int lenet_argmax_i16(const int16_t* v, int n);

/* ---- quantisation ---- */
/* 0 if every format is valid (16-bit data, 32-bit accumulators), else -1 (p untouched). */
int lenet_lite_formats_check(const lenet_lite_formats* fmt);
/* Float parameters -> raw fixed parameters with lenet_fx_from_double (AP_RND + AP_SAT).
 * Returns 0, or -1 if the formats are invalid. */
int lenet_lite_quantize(const lenet_lite_float_params* fp, const lenet_lite_formats* fmt, lenet_lite_fixed_params* out);

#ifdef __cplusplus
}
#endif

#endif /* ZVP_LENET_LITE_H */
