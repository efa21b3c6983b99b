/* Original LeNet-5 (seed 004, float only): tanh convolutions, average pooling followed by a
 * sigmoid, softmax output (argmax is the class, so the softmax itself is not evaluated).
 *
 *   input 1@32x32
 *   conv1 6@28x28  5x5, tanh                 150 + 6     = 156
 *   pool1 6@14x14  2x2 average, then sigmoid
 *   conv2 16@10x10 5x5 over all 6 ch, tanh  2400 + 16    = 2416
 *   pool2 16@5x5   2x2 average, then sigmoid
 *   conv3 120@1x1  5x5 over 16 ch, tanh    48000 + 120   = 48120
 *   fc1   84       from 120, tanh          10080 + 84    = 10164
 *   fc2   10       from 84 (softmax logits)   840 + 10   = 850       total 61,706
 *
 * Layouts and loop order as in lenet_lite.h. Average: (a + b + c + d) * 0.25f, summed in row-major
 * order. Uses tanhf/expf (libm). The intermediate maps live in a caller-provided workspace
 * (about 33 KB) so that nothing large sits on a firmware stack.
 */
#ifndef ZVP_LENET_ORIG_H
#define ZVP_LENET_ORIG_H

#include "golden/lenet/lenet_lite.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ORIG_C1 6
#define ORIG_S1 28
#define ORIG_P1 14
#define ORIG_C2 16
#define ORIG_S2 10
#define ORIG_P2 5
#define ORIG_C3 120
#define ORIG_F1 84
#define ORIG_F2 10
#define ORIG_PARAM_COUNT 61706

typedef struct {
  float conv1_w[ORIG_C1][1][LENET_K][LENET_K];
  float conv1_b[ORIG_C1];
  float conv2_w[ORIG_C2][ORIG_C1][LENET_K][LENET_K];
  float conv2_b[ORIG_C2];
  float conv3_w[ORIG_C3][ORIG_C2][LENET_K][LENET_K];
  float conv3_b[ORIG_C3];
  float fc1_w[ORIG_F1][ORIG_C3];
  float fc1_b[ORIG_F1];
  float fc2_w[ORIG_F2][ORIG_F1];
  float fc2_b[ORIG_F2];
} lenet_orig_float_params;

typedef struct {
  float c1[ORIG_C1][ORIG_S1][ORIG_S1];
  float p1[ORIG_C1][ORIG_P1][ORIG_P1];
  float c2[ORIG_C2][ORIG_S2][ORIG_S2];
  float p2[ORIG_C2][ORIG_P2][ORIG_P2];
  float c3[ORIG_C3];
  float f1[ORIG_F1];
} lenet_orig_workspace;

float lenet_sigmoid_f(float x);

void lenet_orig_conv1(const lenet_orig_float_params* p, const float in[LENET_IMG][LENET_IMG],
                      float out[ORIG_C1][ORIG_S1][ORIG_S1]);
void lenet_orig_pool1(const float in[ORIG_C1][ORIG_S1][ORIG_S1], float out[ORIG_C1][ORIG_P1][ORIG_P1]);
void lenet_orig_conv2(const lenet_orig_float_params* p, const float in[ORIG_C1][ORIG_P1][ORIG_P1],
                      float out[ORIG_C2][ORIG_S2][ORIG_S2]);
void lenet_orig_pool2(const float in[ORIG_C2][ORIG_S2][ORIG_S2], float out[ORIG_C2][ORIG_P2][ORIG_P2]);
void lenet_orig_conv3(const lenet_orig_float_params* p, const float in[ORIG_C2][ORIG_P2][ORIG_P2], float out[ORIG_C3]);
void lenet_orig_fc1(const lenet_orig_float_params* p, const float in[ORIG_C3], float out[ORIG_F1]);
void lenet_orig_fc2(const lenet_orig_float_params* p, const float in[ORIG_F1], float out[ORIG_F2]);
/* Returns the class; out receives the 10 logits. */
int lenet_orig_float_predict(const lenet_orig_float_params* p, lenet_orig_workspace* ws,
                             const float in[LENET_IMG * LENET_IMG], float out[ORIG_F2]);

#ifdef __cplusplus
}
#endif

#endif /* ZVP_LENET_ORIG_H */
