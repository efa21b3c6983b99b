#include "golden/dnnweaver/dw_lenet.h"

#define E16(mode, m1, m0) {(uint8_t)(mode), 16, (uint8_t)(m1), (uint8_t)(m0), 2}

const dw_lenet_config dw_lenet_configs[] = {
    {"parallel", E16(DW_MODE_PARALLEL, 0, 0), 3, 0},
    {"serial", E16(DW_MODE_SERIAL, 0, 0), 3, 0},
    {"pragmatic", E16(DW_MODE_PRAGMATIC, 0, 0), 3, 0},
    {"exact", E16(DW_MODE_EXACT, 0, 0), 3, 0},
    {"optimum86_l1", E16(DW_MODE_OPTIMUM, 8, 6), 1, 0},
    {"optimum86_l2", E16(DW_MODE_OPTIMUM, 8, 6), 2, 0},
    {"optimum86_l3", E16(DW_MODE_OPTIMUM, 8, 6), 3, 0},
    {"fast42_l1", E16(DW_MODE_FAST, 4, 2), 1, 1},
    {"fast42_l2", E16(DW_MODE_FAST, 4, 2), 2, 1},
    {"fast42_l3", E16(DW_MODE_FAST, 4, 2), 3, 1},
    {"fast31_l1", E16(DW_MODE_FAST, 3, 1), 1, 1},
    {"fast31_l2", E16(DW_MODE_FAST, 3, 1), 2, 1},
    {"fast31_l3", E16(DW_MODE_FAST, 3, 1), 3, 1},
};
const unsigned dw_lenet_config_count = sizeof dw_lenet_configs / sizeof dw_lenet_configs[0];

static const int kLayer[3] = {LITE_L_CONV1, LITE_L_CONV2, LITE_L_CONV3};

const int16_t* dw_lenet_weights(const lenet_lite_fixed_params* p, int l) {
  return l == 0 ? &p->conv1_w[0][0][0][0] : l == 1 ? &p->conv2_w[0][0][0][0] : &p->conv3_w[0][0][0][0];
}

int dw_lenet_layer(const lenet_lite_fixed_params* p, const dw_lenet_config* c, int l, dw_layer* o,
                   int32_t bias[LITE_C3]) {
  static const uint16_t in_c[3] = {1, LITE_C1, LITE_C2}, side[3] = {LENET_IMG, LITE_P1, LITE_P2},
                        out_c[3] = {LITE_C1, LITE_C2, LITE_C3};
  const int L = kLayer[l];
  const lenet_fx_fmt fin = l == 0 ? p->fmt.input : p->fmt.out[kLayer[l - 1]];
  const int f_prod = lenet_fx_frac(fin) + lenet_fx_frac(p->fmt.weight[L]);
  const int f_b = lenet_fx_frac(p->fmt.bias[L]), f_out = lenet_fx_frac(p->fmt.out[L]);
  const int16_t* b = l == 0 ? p->conv1_b : l == 1 ? p->conv2_b : p->conv3_b;
  unsigned u;
  if (f_b > f_prod || f_out > f_prod || f_prod - f_out > 31) return -1;
  o->enc = c->enc;
  if ((int)c->encoded_layers <= l) o->enc.mode = DW_MODE_EXACT;
  o->relu = 1;
  o->pool = l < 2;
  o->fixed_slots = (int)c->encoded_layers > l ? c->fixed_slots : 0;
  o->shift = (uint8_t)(f_prod - f_out);
  o->in_c = in_c[l];
  o->in_h = o->in_w = side[l];
  o->out_c = out_c[l];
  o->k = LENET_K;
  o->in_row_stride = side[l];
  o->in_chan_stride = (uint32_t)side[l] * side[l];
  o->out_chan_stride = dw_layer_out_h(o) * dw_layer_out_w(o);
  for (u = 0; u < out_c[l]; ++u) bias[u] = (int32_t)b[u] * (1 << (f_prod - f_b));
  return 0;
}

int dw_lenet_classify(const lenet_lite_fixed_params* p, const int16_t conv3_out[LITE_C3]) {
  int16_t f1[LITE_F1], f2[LITE_F2];
  lenet_lite_fixed_fc1(p, conv3_out, f1);
  lenet_lite_fixed_fc2(p, f1, f2);
  return lenet_argmax_i16(f2, LITE_F2);
}

int dw_lenet_predict(const lenet_lite_fixed_params* p, const dw_lenet_config* c, const int16_t* in,
                     int16_t conv3_out[LITE_C3]) {
  static int16_t m1[LITE_C1 * LITE_P1 * LITE_P1], m2[LITE_C2 * LITE_P2 * LITE_P2];
  int16_t m3[LITE_C3];
  int32_t bias[LITE_C3];
  dw_layer l;
  unsigned i;
  if (dw_lenet_layer(p, c, 0, &l, bias) != 0) return -1;
  dw_layer_run(&l, 1, in, dw_lenet_weights(p, 0), bias, m1, 0);
  dw_lenet_layer(p, c, 1, &l, bias);
  dw_layer_run(&l, 1, m1, dw_lenet_weights(p, 1), bias, m2, 0);
  dw_lenet_layer(p, c, 2, &l, bias);
  dw_layer_run(&l, 1, m2, dw_lenet_weights(p, 2), bias, m3, 0);
  if (conv3_out)
    for (i = 0; i < LITE_C3; ++i) conv3_out[i] = m3[i];
  return dw_lenet_classify(p, m3);
}
