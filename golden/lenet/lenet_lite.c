/* Lite LeNet-5: float and fixed-point layers (contract in lenet_lite.h and lenet_fixed.h). */
#include "golden/lenet/lenet_lite.h"

#include <string.h>

/* ---------------------------------------------------------------- input */

void lenet_image_to_float(const uint8_t img[LENET_MNIST * LENET_MNIST], float in[LENET_IMG * LENET_IMG]) {
  int r, c;
  memset(in, 0, sizeof(float) * LENET_IMG * LENET_IMG);
  for (r = 0; r < LENET_MNIST; ++r)
    for (c = 0; c < LENET_MNIST; ++c)
      in[(r + LENET_PAD) * LENET_IMG + c + LENET_PAD] = (float)img[r * LENET_MNIST + c] / 255.0f;
}

void lenet_image_to_fixed(const uint8_t img[LENET_MNIST * LENET_MNIST], lenet_fx_fmt input_fmt,
                          int16_t in[LENET_IMG * LENET_IMG]) {
  int r, c;
  memset(in, 0, sizeof(int16_t) * LENET_IMG * LENET_IMG);
  for (r = 0; r < LENET_MNIST; ++r)
    for (c = 0; c < LENET_MNIST; ++c)
      in[(r + LENET_PAD) * LENET_IMG + c + LENET_PAD] = lenet_fx_pixel(img[r * LENET_MNIST + c], input_fmt);
}

int lenet_argmax_f(const float* v, int n) {
  int i, best = 0;
  for (i = 1; i < n; ++i)
    if (v[i] > v[best]) best = i;
  return best;
}

int lenet_argmax_i16(const int16_t* v, int n) {
  int i, best = 0;
  for (i = 1; i < n; ++i)
    if (v[i] > v[best]) best = i;
  return best;
}

/* ---------------------------------------------------------------- float */

static float relu_f(float x) { return x > 0.0f ? x : 0.0f; }

static void track(float* max_abs, float x) {
  const float a = x < 0.0f ? -x : x;
  if (max_abs && a > *max_abs) *max_abs = a;
}

static void conv1_f(const lenet_lite_float_params* p, const float in[LENET_IMG][LENET_IMG],
                    float out[LITE_C1][LITE_S1][LITE_S1], float* max_abs) {
  int u, x, y, i, j;
  for (u = 0; u < LITE_C1; ++u)
    for (x = 0; x < LITE_S1; ++x)
      for (y = 0; y < LITE_S1; ++y) {
        float acc = p->conv1_b[u];
        for (i = 0; i < LENET_K; ++i)
          for (j = 0; j < LENET_K; ++j) acc += in[x + i][y + j] * p->conv1_w[u][0][i][j];
        track(max_abs, acc);
        out[u][x][y] = relu_f(acc);
      }
}

static void conv2_f(const lenet_lite_float_params* p, const float in[LITE_C1][LITE_P1][LITE_P1],
                    float out[LITE_C2][LITE_S2][LITE_S2], float* max_abs) {
  int u, x, y, k, i, j;
  for (u = 0; u < LITE_C2; ++u)
    for (x = 0; x < LITE_S2; ++x)
      for (y = 0; y < LITE_S2; ++y) {
        float acc = p->conv2_b[u];
        for (k = 0; k < LITE_C1; ++k)
          for (i = 0; i < LENET_K; ++i)
            for (j = 0; j < LENET_K; ++j) acc += in[k][x + i][y + j] * p->conv2_w[u][k][i][j];
        track(max_abs, acc);
        out[u][x][y] = relu_f(acc);
      }
}

static void conv3_f(const lenet_lite_float_params* p, const float in[LITE_C2][LITE_P2][LITE_P2],
                    float out[LITE_C3], float* max_abs) {
  int u, k, i, j;
  for (u = 0; u < LITE_C3; ++u) {
    float acc = p->conv3_b[u];
    for (k = 0; k < LITE_C2; ++k)
      for (i = 0; i < LENET_K; ++i)
        for (j = 0; j < LENET_K; ++j) acc += in[k][i][j] * p->conv3_w[u][k][i][j];
    track(max_abs, acc);
    out[u] = relu_f(acc);
  }
}

static void fc1_f(const lenet_lite_float_params* p, const float in[LITE_C3], float out[LITE_F1], float* max_abs) {
  int u, k;
  for (u = 0; u < LITE_F1; ++u) {
    float acc = p->fc1_b[u];
    for (k = 0; k < LITE_C3; ++k) acc += in[k] * p->fc1_w[u][k];
    track(max_abs, acc);
    out[u] = relu_f(acc);
  }
}

static void fc2_f(const lenet_lite_float_params* p, const float in[LITE_F1], float out[LITE_F2], float* max_abs) {
  int u, k;
  for (u = 0; u < LITE_F2; ++u) {
    float acc = p->fc2_b[u];
    for (k = 0; k < LITE_F1; ++k) acc += in[k] * p->fc2_w[u][k];
    track(max_abs, acc);
    out[u] = acc;
  }
}

#define DEFINE_MAXPOOL(name, type, C, S)                                                  \
  void name(const type in[C][S][S], type out[C][S / 2][S / 2]) {                          \
    int c, x, y;                                                                          \
    for (c = 0; c < C; ++c)                                                               \
      for (x = 0; x < S / 2; ++x)                                                         \
        for (y = 0; y < S / 2; ++y) {                                                     \
          type m = in[c][2 * x][2 * y];                                                   \
          if (in[c][2 * x][2 * y + 1] > m) m = in[c][2 * x][2 * y + 1];                   \
          if (in[c][2 * x + 1][2 * y] > m) m = in[c][2 * x + 1][2 * y];                   \
          if (in[c][2 * x + 1][2 * y + 1] > m) m = in[c][2 * x + 1][2 * y + 1];           \
          out[c][x][y] = m;                                                               \
        }                                                                                 \
  }

DEFINE_MAXPOOL(lenet_lite_float_pool1, float, LITE_C1, LITE_S1)
DEFINE_MAXPOOL(lenet_lite_float_pool2, float, LITE_C2, LITE_S2)
DEFINE_MAXPOOL(lenet_lite_fixed_pool1, int16_t, LITE_C1, LITE_S1)
DEFINE_MAXPOOL(lenet_lite_fixed_pool2, int16_t, LITE_C2, LITE_S2)

void lenet_lite_float_conv1(const lenet_lite_float_params* p, const float in[LENET_IMG][LENET_IMG],
                            float out[LITE_C1][LITE_S1][LITE_S1]) {
  conv1_f(p, in, out, 0);
}
void lenet_lite_float_conv2(const lenet_lite_float_params* p, const float in[LITE_C1][LITE_P1][LITE_P1],
                            float out[LITE_C2][LITE_S2][LITE_S2]) {
  conv2_f(p, in, out, 0);
}
void lenet_lite_float_conv3(const lenet_lite_float_params* p, const float in[LITE_C2][LITE_P2][LITE_P2],
                            float out[LITE_C3]) {
  conv3_f(p, in, out, 0);
}
void lenet_lite_float_fc1(const lenet_lite_float_params* p, const float in[LITE_C3], float out[LITE_F1]) {
  fc1_f(p, in, out, 0);
}
void lenet_lite_float_fc2(const lenet_lite_float_params* p, const float in[LITE_F1], float out[LITE_F2]) {
  fc2_f(p, in, out, 0);
}

int lenet_lite_float_predict_ranges(const lenet_lite_float_params* p, const float in[LENET_IMG * LENET_IMG],
                                    float out[LITE_F2], float max_abs[LITE_LAYERS]) {
  float c1[LITE_C1][LITE_S1][LITE_S1], p1[LITE_C1][LITE_P1][LITE_P1];
  float c2[LITE_C2][LITE_S2][LITE_S2], p2[LITE_C2][LITE_P2][LITE_P2];
  float c3[LITE_C3], f1[LITE_F1];
  conv1_f(p, (const float(*)[LENET_IMG])in, c1, max_abs ? &max_abs[LITE_L_CONV1] : 0);
  lenet_lite_float_pool1((const float(*)[LITE_S1][LITE_S1])c1, p1);
  conv2_f(p, (const float(*)[LITE_P1][LITE_P1])p1, c2, max_abs ? &max_abs[LITE_L_CONV2] : 0);
  lenet_lite_float_pool2((const float(*)[LITE_S2][LITE_S2])c2, p2);
  conv3_f(p, (const float(*)[LITE_P2][LITE_P2])p2, c3, max_abs ? &max_abs[LITE_L_CONV3] : 0);
  fc1_f(p, c3, f1, max_abs ? &max_abs[LITE_L_FC1] : 0);
  fc2_f(p, f1, out, max_abs ? &max_abs[LITE_L_FC2] : 0);
  return lenet_argmax_f(out, LITE_F2);
}

int lenet_lite_float_predict(const lenet_lite_float_params* p, const float in[LENET_IMG * LENET_IMG],
                             float out[LITE_F2]) {
  return lenet_lite_float_predict_ranges(p, in, out, 0);
}

/* ---------------------------------------------------------------- fixed point */

/* acc -> layer output: ReLU (acc > 0) then AP_RND + AP_SAT into the output format. */
static int16_t fx_out(int64_t acc, lenet_fx_fmt acc_fmt, lenet_fx_fmt out_fmt, int relu) {
  if (relu && acc <= 0) return 0;
  return (int16_t)lenet_fx_convert(acc, lenet_fx_frac(acc_fmt), out_fmt);
}

/* Generic conv output pixel: bias, then k, i, j ascending (see lenet_lite.h). */
static int16_t fx_conv_pixel(const lenet_lite_formats* f, int layer, lenet_fx_fmt in_fmt, const int16_t* in,
                             int in_side, int channels, int x, int y, const int16_t* w, int16_t bias) {
  const lenet_fx_fmt af = f->acc[layer];
  const int fi = lenet_fx_frac(in_fmt), fw = lenet_fx_frac(f->weight[layer]);
  int64_t acc = lenet_fx_convert(bias, lenet_fx_frac(f->bias[layer]), af);
  int k, i, j;
  for (k = 0; k < channels; ++k)
    for (i = 0; i < LENET_K; ++i)
      for (j = 0; j < LENET_K; ++j)
        acc = lenet_fx_mac(acc, af, in[(k * in_side + x + i) * in_side + y + j], fi,
                           w[(k * LENET_K + i) * LENET_K + j], fw);
  return fx_out(acc, af, f->out[layer], 1);
}

void lenet_lite_fixed_conv1_channel(const lenet_lite_fixed_params* p, int u, const int16_t in[LENET_IMG][LENET_IMG],
                                    int16_t out[LITE_S1][LITE_S1]) {
  int x, y;
  for (x = 0; x < LITE_S1; ++x)
    for (y = 0; y < LITE_S1; ++y)
      out[x][y] = fx_conv_pixel(&p->fmt, LITE_L_CONV1, p->fmt.input, &in[0][0], LENET_IMG, 1, x, y,
                                &p->conv1_w[u][0][0][0], p->conv1_b[u]);
}

void lenet_lite_fixed_conv1(const lenet_lite_fixed_params* p, const int16_t in[LENET_IMG][LENET_IMG],
                            int16_t out[LITE_C1][LITE_S1][LITE_S1]) {
  int u;
  for (u = 0; u < LITE_C1; ++u) lenet_lite_fixed_conv1_channel(p, u, in, out[u]);
}

void lenet_lite_fixed_conv2_channel(const lenet_lite_fixed_params* p, int u, const int16_t in[LITE_C1][LITE_P1][LITE_P1],
                                    int16_t out[LITE_S2][LITE_S2]) {
  int x, y;
  for (x = 0; x < LITE_S2; ++x)
    for (y = 0; y < LITE_S2; ++y)
      out[x][y] = fx_conv_pixel(&p->fmt, LITE_L_CONV2, p->fmt.out[LITE_L_CONV1], &in[0][0][0], LITE_P1, LITE_C1, x,
                                y, &p->conv2_w[u][0][0][0], p->conv2_b[u]);
}

void lenet_lite_fixed_conv2(const lenet_lite_fixed_params* p, const int16_t in[LITE_C1][LITE_P1][LITE_P1],
                            int16_t out[LITE_C2][LITE_S2][LITE_S2]) {
  int u;
  for (u = 0; u < LITE_C2; ++u) lenet_lite_fixed_conv2_channel(p, u, in, out[u]);
}

void lenet_lite_fixed_conv3(const lenet_lite_fixed_params* p, const int16_t in[LITE_C2][LITE_P2][LITE_P2],
                            int16_t out[LITE_C3]) {
  int u;
  for (u = 0; u < LITE_C3; ++u)
    out[u] = fx_conv_pixel(&p->fmt, LITE_L_CONV3, p->fmt.out[LITE_L_CONV2], &in[0][0][0], LITE_P2, LITE_C2, 0, 0,
                           &p->conv3_w[u][0][0][0], p->conv3_b[u]);
}

static void fx_dense(const lenet_lite_formats* f, int layer, lenet_fx_fmt in_fmt, const int16_t* in, int n_in,
                     const int16_t* w, const int16_t* b, int n_out, int16_t* out, int relu) {
  const lenet_fx_fmt af = f->acc[layer];
  const int fi = lenet_fx_frac(in_fmt), fw = lenet_fx_frac(f->weight[layer]);
  int u, k;
  for (u = 0; u < n_out; ++u) {
    int64_t acc = lenet_fx_convert(b[u], lenet_fx_frac(f->bias[layer]), af);
    for (k = 0; k < n_in; ++k) acc = lenet_fx_mac(acc, af, in[k], fi, w[u * n_in + k], fw);
    out[u] = fx_out(acc, af, f->out[layer], relu);
  }
}

void lenet_lite_fixed_fc1(const lenet_lite_fixed_params* p, const int16_t in[LITE_C3], int16_t out[LITE_F1]) {
  fx_dense(&p->fmt, LITE_L_FC1, p->fmt.out[LITE_L_CONV3], in, LITE_C3, &p->fc1_w[0][0], p->fc1_b, LITE_F1, out, 1);
}

void lenet_lite_fixed_fc2(const lenet_lite_fixed_params* p, const int16_t in[LITE_F1], int16_t out[LITE_F2]) {
  fx_dense(&p->fmt, LITE_L_FC2, p->fmt.out[LITE_L_FC1], in, LITE_F1, &p->fc2_w[0][0], p->fc2_b, LITE_F2, out, 0);
}

int lenet_lite_fixed_predict(const lenet_lite_fixed_params* p, const int16_t in[LENET_IMG * LENET_IMG],
                             int16_t out[LITE_F2]) {
  int16_t c1[LITE_C1][LITE_S1][LITE_S1], p1[LITE_C1][LITE_P1][LITE_P1];
  int16_t c2[LITE_C2][LITE_S2][LITE_S2], p2[LITE_C2][LITE_P2][LITE_P2];
  int16_t c3[LITE_C3], f1[LITE_F1];
  lenet_lite_fixed_conv1(p, (const int16_t(*)[LENET_IMG])in, c1);
  lenet_lite_fixed_pool1((const int16_t(*)[LITE_S1][LITE_S1])c1, p1);
  lenet_lite_fixed_conv2(p, (const int16_t(*)[LITE_P1][LITE_P1])p1, c2);
  lenet_lite_fixed_pool2((const int16_t(*)[LITE_S2][LITE_S2])c2, p2);
  lenet_lite_fixed_conv3(p, (const int16_t(*)[LITE_P2][LITE_P2])p2, c3);
  lenet_lite_fixed_fc1(p, c3, f1);
  lenet_lite_fixed_fc2(p, f1, out);
  return lenet_argmax_i16(out, LITE_F2);
}

/* ---------------------------------------------------------------- quantisation */

int lenet_lite_formats_check(const lenet_lite_formats* f) {
  int l;
  if (!lenet_fx_fmt_valid(f->input) || f->input.w != 16) return -1;
  for (l = 0; l < LITE_LAYERS; ++l) {
    if (!lenet_fx_fmt_valid(f->weight[l]) || f->weight[l].w != 16) return -1;
    if (!lenet_fx_fmt_valid(f->bias[l]) || f->bias[l].w != 16) return -1;
    if (!lenet_fx_fmt_valid(f->out[l]) || f->out[l].w != 16) return -1;
    if (!lenet_fx_fmt_valid(f->acc[l]) || f->acc[l].w != 32) return -1;
  }
  return 0;
}

static void quant(const float* src, int16_t* dst, int n, lenet_fx_fmt f) {
  int i;
  for (i = 0; i < n; ++i) dst[i] = (int16_t)lenet_fx_from_double((double)src[i], f);
}

int lenet_lite_quantize(const lenet_lite_float_params* fp, const lenet_lite_formats* fmt, lenet_lite_fixed_params* out) {
  if (lenet_lite_formats_check(fmt) != 0) return -1;
  out->fmt = *fmt;
  quant(&fp->conv1_w[0][0][0][0], &out->conv1_w[0][0][0][0], LITE_C1 * LENET_K * LENET_K, fmt->weight[LITE_L_CONV1]);
  quant(fp->conv1_b, out->conv1_b, LITE_C1, fmt->bias[LITE_L_CONV1]);
  quant(&fp->conv2_w[0][0][0][0], &out->conv2_w[0][0][0][0], LITE_C2 * LITE_C1 * LENET_K * LENET_K,
        fmt->weight[LITE_L_CONV2]);
  quant(fp->conv2_b, out->conv2_b, LITE_C2, fmt->bias[LITE_L_CONV2]);
  quant(&fp->conv3_w[0][0][0][0], &out->conv3_w[0][0][0][0], LITE_C3 * LITE_C2 * LENET_K * LENET_K,
        fmt->weight[LITE_L_CONV3]);
  quant(fp->conv3_b, out->conv3_b, LITE_C3, fmt->bias[LITE_L_CONV3]);
  quant(&fp->fc1_w[0][0], &out->fc1_w[0][0], LITE_F1 * LITE_C3, fmt->weight[LITE_L_FC1]);
  quant(fp->fc1_b, out->fc1_b, LITE_F1, fmt->bias[LITE_L_FC1]);
  quant(&fp->fc2_w[0][0], &out->fc2_w[0][0], LITE_F2 * LITE_F1, fmt->weight[LITE_L_FC2]);
  quant(fp->fc2_b, out->fc2_b, LITE_F2, fmt->bias[LITE_L_FC2]);
  return 0;
}
