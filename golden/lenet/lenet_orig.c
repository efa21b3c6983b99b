/* Original LeNet-5, float inference (see lenet_orig.h). */
#include "golden/lenet/lenet_orig.h"

#include <math.h>

float lenet_sigmoid_f(float x) { return 1.0f / (1.0f + expf(-x)); }

/* conv over `ch` input channels of side `in_side`, output side `out_side`, tanh. */
static void conv_tanh(const float* in, int ch, int in_side, const float* w, const float* b, int n_out, int out_side,
                      float* out) {
  int u, x, y, k, i, j;
  for (u = 0; u < n_out; ++u)
    for (x = 0; x < out_side; ++x)
      for (y = 0; y < out_side; ++y) {
        float acc = b[u];
        for (k = 0; k < ch; ++k)
          for (i = 0; i < LENET_K; ++i)
            for (j = 0; j < LENET_K; ++j)
              acc += in[(k * in_side + x + i) * in_side + y + j] * w[((u * ch + k) * LENET_K + i) * LENET_K + j];
        out[(u * out_side + x) * out_side + y] = tanhf(acc);
      }
}

static void avgpool_sigmoid(const float* in, int ch, int side, float* out) {
  const int h = side / 2;
  int c, x, y;
  for (c = 0; c < ch; ++c)
    for (x = 0; x < h; ++x)
      for (y = 0; y < h; ++y) {
        const float* r0 = &in[(c * side + 2 * x) * side + 2 * y];
        const float* r1 = r0 + side;
        const float avg = (r0[0] + r0[1] + r1[0] + r1[1]) * 0.25f;
        out[(c * h + x) * h + y] = lenet_sigmoid_f(avg);
      }
}

static void dense(const float* in, int n_in, const float* w, const float* b, int n_out, float* out, int act_tanh) {
  int u, k;
  for (u = 0; u < n_out; ++u) {
    float acc = b[u];
    for (k = 0; k < n_in; ++k) acc += in[k] * w[u * n_in + k];
    out[u] = act_tanh ? tanhf(acc) : acc;
  }
}

void lenet_orig_conv1(const lenet_orig_float_params* p, const float in[LENET_IMG][LENET_IMG],
                      float out[ORIG_C1][ORIG_S1][ORIG_S1]) {
  conv_tanh(&in[0][0], 1, LENET_IMG, &p->conv1_w[0][0][0][0], p->conv1_b, ORIG_C1, ORIG_S1, &out[0][0][0]);
}
void lenet_orig_pool1(const float in[ORIG_C1][ORIG_S1][ORIG_S1], float out[ORIG_C1][ORIG_P1][ORIG_P1]) {
  avgpool_sigmoid(&in[0][0][0], ORIG_C1, ORIG_S1, &out[0][0][0]);
}
void lenet_orig_conv2(const lenet_orig_float_params* p, const float in[ORIG_C1][ORIG_P1][ORIG_P1],
                      float out[ORIG_C2][ORIG_S2][ORIG_S2]) {
  conv_tanh(&in[0][0][0], ORIG_C1, ORIG_P1, &p->conv2_w[0][0][0][0], p->conv2_b, ORIG_C2, ORIG_S2, &out[0][0][0]);
}
void lenet_orig_pool2(const float in[ORIG_C2][ORIG_S2][ORIG_S2], float out[ORIG_C2][ORIG_P2][ORIG_P2]) {
  avgpool_sigmoid(&in[0][0][0], ORIG_C2, ORIG_S2, &out[0][0][0]);
}
void lenet_orig_conv3(const lenet_orig_float_params* p, const float in[ORIG_C2][ORIG_P2][ORIG_P2], float out[ORIG_C3]) {
  conv_tanh(&in[0][0][0], ORIG_C2, ORIG_P2, &p->conv3_w[0][0][0][0], p->conv3_b, ORIG_C3, 1, out);
}
void lenet_orig_fc1(const lenet_orig_float_params* p, const float in[ORIG_C3], float out[ORIG_F1]) {
  dense(in, ORIG_C3, &p->fc1_w[0][0], p->fc1_b, ORIG_F1, out, 1);
}
void lenet_orig_fc2(const lenet_orig_float_params* p, const float in[ORIG_F1], float out[ORIG_F2]) {
  dense(in, ORIG_F1, &p->fc2_w[0][0], p->fc2_b, ORIG_F2, out, 0);
}

int lenet_orig_float_predict(const lenet_orig_float_params* p, lenet_orig_workspace* ws,
                             const float in[LENET_IMG * LENET_IMG], float out[ORIG_F2]) {
  lenet_orig_conv1(p, (const float(*)[LENET_IMG])in, ws->c1);
  lenet_orig_pool1((const float(*)[ORIG_S1][ORIG_S1])ws->c1, ws->p1);
  lenet_orig_conv2(p, (const float(*)[ORIG_P1][ORIG_P1])ws->p1, ws->c2);
  lenet_orig_pool2((const float(*)[ORIG_S2][ORIG_S2])ws->c2, ws->p2);
  lenet_orig_conv3(p, (const float(*)[ORIG_P2][ORIG_P2])ws->p2, ws->c3);
  lenet_orig_fc1(p, ws->c3, ws->f1);
  lenet_orig_fc2(p, ws->f1, out);
  return lenet_argmax_f(out, ORIG_F2);
}
