#include "golden/dnnweaver/dw_layer.h"

static int64_t wrap48(int64_t v) {
  const uint64_t u = (uint64_t)v & 0xFFFFFFFFFFFFull;
  return (u & 0x800000000000ull) ? (int64_t)(u | 0xFFFF000000000000ull) : (int64_t)u;
}

uint32_t dw_layer_conv_h(const dw_layer* l) { return l->in_h >= l->k ? (uint32_t)(l->in_h - l->k + 1) : 0; }
uint32_t dw_layer_conv_w(const dw_layer* l) { return l->in_w >= l->k ? (uint32_t)(l->in_w - l->k + 1) : 0; }
uint32_t dw_layer_out_h(const dw_layer* l) { return l->pool ? dw_layer_conv_h(l) / 2 : dw_layer_conv_h(l); }
uint32_t dw_layer_out_w(const dw_layer* l) { return l->pool ? dw_layer_conv_w(l) / 2 : dw_layer_conv_w(l); }

int dw_layer_check(const dw_layer* l, const char** why) {
  const char* w = 0;
  if (dw_params_check(&l->enc, &w) != 0) {
  } else if (l->k < 1 || l->k > 15) w = "kernel size must be 1..15";
  else if (l->in_c == 0 || l->out_c == 0) w = "zero channels";
  else if (l->in_h < l->k || l->in_w < l->k) w = "input smaller than the kernel";
  else if (l->pool && (dw_layer_out_h(l) == 0 || dw_layer_out_w(l) == 0)) w = "pooling a 1-pixel map";
  else if (l->in_row_stride < l->in_w) w = "input row stride < width";
  else if (l->in_c > 1 && l->in_chan_stride < l->in_row_stride * l->in_h) w = "input planes overlap";
  else if (l->out_c > 1 && l->out_chan_stride < dw_layer_out_h(l) * dw_layer_out_w(l)) w = "output planes overlap";
  else if (l->shift > 31) w = "shift must be 0..31";
  if (why) *why = w;
  return w ? -1 : 0;
}

static int16_t quantise(const dw_layer* l, int64_t acc) {
  int64_t y = l->relu && acc < 0 ? 0 : acc;
  if (l->shift) {
    const int64_t half = (int64_t)1 << (l->shift - 1);
    const int64_t d = (int64_t)1 << l->shift;
    const int64_t s = y + half;
    y = s >= 0 ? s / d : -((-s + d - 1) / d); /* floor */
  }
  if (y > 32767) y = 32767;
  if (y < -32768) y = -32768;
  return (int16_t)y;
}

static int64_t conv_acc(const dw_layer* l, const int16_t* in, const int16_t* w, const int32_t* bias, unsigned u,
                        unsigned y, unsigned x) {
  int64_t acc = bias[u];
  unsigned c, i, j;
  for (c = 0; c < l->in_c; ++c)
    for (i = 0; i < l->k; ++i)
      for (j = 0; j < l->k; ++j) {
        const int16_t a = in[c * l->in_chan_stride + (y + i) * l->in_row_stride + (x + j)];
        const int32_t e = dw_encode_signed(a, &l->enc, 0);
        acc = wrap48(acc + (int64_t)e * w[((u * l->in_c + c) * l->k + i) * l->k + j]);
      }
  return acc;
}

static int16_t conv_out(const dw_layer* l, const int16_t* in, const int16_t* w, const int32_t* bias, unsigned u,
                        unsigned y, unsigned x) {
  return quantise(l, conv_acc(l, in, w, bias, u, y, x));
}

int16_t dw_layer_output(const dw_layer* l, const int16_t* in, const int16_t* w, const int32_t* bias, unsigned u,
                        unsigned y, unsigned x) {
  int16_t m;
  if (!l->pool) return conv_out(l, in, w, bias, u, y, x);
  m = conv_out(l, in, w, bias, u, 2 * y, 2 * x);
  {
    const int16_t b = conv_out(l, in, w, bias, u, 2 * y, 2 * x + 1);
    const int16_t c = conv_out(l, in, w, bias, u, 2 * y + 1, 2 * x);
    const int16_t d = conv_out(l, in, w, bias, u, 2 * y + 1, 2 * x + 1);
    if (b > m) m = b;
    if (c > m) m = c;
    if (d > m) m = d;
  }
  return m;
}

unsigned dw_lockstep_cycles(const dw_layer* l, const int* lane_steps, unsigned lanes) {
  const int approx = l->enc.mode == DW_MODE_OPTIMUM || l->enc.mode == DW_MODE_FAST;
  unsigned m = 1, i;
  if (approx && l->fixed_slots) {
    const unsigned z = (unsigned)l->enc.m0 + l->enc.zero_overhead;
    return l->enc.m1 > z ? l->enc.m1 : z;
  }
  for (i = 0; i < lanes; ++i)
    if (lane_steps[i] > (int)m) m = (unsigned)lane_steps[i];
  return m;
}

static void count_step(dw_pe_counts* c, unsigned cycles, const int* steps, unsigned lanes) {
  unsigned i;
  c->cycles += cycles;
  for (i = 0; i < lanes; ++i) {
    const unsigned own = steps[i] < 1 ? 1u : (unsigned)steps[i];
    c->macs += 1;
    c->terms += (unsigned)steps[i];
    c->stalls += cycles - own;
  }
}

#define DW_MAX_PE 256

void dw_layer_run(const dw_layer* l, unsigned num_pe, const int16_t* in, const int16_t* w, const int32_t* bias,
                  int16_t* out, dw_layer_counts* counts) {
  const uint32_t ch = dw_layer_conv_h(l), cw = dw_layer_conv_w(l), oh = dw_layer_out_h(l), ow = dw_layer_out_w(l);
  const uint32_t pixels = ch * cw;
  dw_layer prag = *l;
  unsigned u, y, x;
  if (out)
    for (u = 0; u < l->out_c; ++u)
      for (y = 0; y < oh; ++y)
        for (x = 0; x < ow; ++x) out[u * l->out_chan_stride + y * ow + x] = dw_layer_output(l, in, w, bias, u, y, x);
  if (!counts) return;
  if (num_pe > DW_MAX_PE) num_pe = DW_MAX_PE;
  prag.enc.mode = DW_MODE_PRAGMATIC;
  prag.fixed_slots = 0;
  {
    dw_layer_counts z = {{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, 0};
    *counts = z;
  }
  /* The steps depend on the activations only: every output channel repeats the same pattern. */
  {
    uint32_t g;
    unsigned c, i, j, n;
    int so[DW_MAX_PE], sp[DW_MAX_PE], s1[DW_MAX_PE];
    dw_layer_counts one = *counts;
    for (g = 0; g < pixels; g += num_pe) {
      const unsigned lanes = (pixels - g) < num_pe ? (unsigned)(pixels - g) : num_pe;
      for (c = 0; c < l->in_c; ++c)
        for (i = 0; i < l->k; ++i)
          for (j = 0; j < l->k; ++j) {
            for (n = 0; n < lanes; ++n) {
              const uint32_t p = g + n, py = p / cw, px = p % cw;
              const int16_t a = in[c * l->in_chan_stride + (py + i) * l->in_row_stride + (px + j)];
              unsigned st;
              dw_encode_signed(a, &l->enc, &st);
              so[n] = (int)st;
              dw_encode_signed(a, &prag.enc, &st);
              sp[n] = (int)st;
              s1[n] = 1;
            }
            count_step(&one.ours, dw_lockstep_cycles(l, so, lanes), so, lanes);
            count_step(&one.pragmatic, dw_lockstep_cycles(&prag, sp, lanes), sp, lanes);
            count_step(&one.parallel, 1, s1, lanes);
            one.weight_steps += 1;
          }
    }
    one.serial.cycles = one.weight_steps * l->enc.bits;
    one.serial.macs = one.parallel.macs;
    one.serial.terms = one.parallel.macs * l->enc.bits;
    one.serial.stalls = 0;
#define DW_SCALE(f) counts->f = one.f * l->out_c
    DW_SCALE(ours.cycles); DW_SCALE(ours.macs); DW_SCALE(ours.terms); DW_SCALE(ours.stalls);
    DW_SCALE(pragmatic.cycles); DW_SCALE(pragmatic.macs); DW_SCALE(pragmatic.terms); DW_SCALE(pragmatic.stalls);
    DW_SCALE(parallel.cycles); DW_SCALE(parallel.macs); DW_SCALE(parallel.terms); DW_SCALE(parallel.stalls);
    DW_SCALE(serial.cycles); DW_SCALE(serial.macs); DW_SCALE(serial.terms); DW_SCALE(serial.stalls);
    DW_SCALE(weight_steps);
#undef DW_SCALE
  }
}
