/* Golden model of the CSP Convolution Engine: see csp_ref.h for the arithmetic contract. */
#include "golden/csp/csp_ref.h"

int csp_out_dim(int in, int ksize, int pad, int stride) {
  int span = in + 2 * pad - ksize;
  if (span < 0 || stride < 1) return 0;
  return span / stride + 1;
}

int csp_geom_check(const csp_geom_t* g) {
  if (g->kernel != CSP_KERNEL_3X3 && g->kernel != CSP_KERNEL_1X1) return CSP_GEOM_BAD_KERNEL;
  if (g->stride != 1 && g->stride != 2) return CSP_GEOM_BAD_STRIDE;
  if (g->pad > (g->kernel == CSP_KERNEL_1X1 ? 0 : 1)) return CSP_GEOM_BAD_PAD;
  if (g->mode != CSP_MODE_16BIT && g->mode != CSP_MODE_8BIT) return CSP_GEOM_BAD_MODE;
  if (g->shift > 31) return CSP_GEOM_BAD_SHIFT;
  if (csp_out_w(g) < 1 || csp_out_h(g) < 1) return CSP_GEOM_TOO_SMALL;
  return CSP_GEOM_OK;
}

int32_t csp_sat32(int64_t v) {
  if (v > INT32_MAX) return INT32_MAX;
  if (v < INT32_MIN) return INT32_MIN;
  return (int32_t)v;
}

int16_t csp_requant(int32_t acc, int32_t bias, const csp_geom_t* g) {
  int64_t v = csp_sat32((int64_t)acc + bias);
  int64_t lo, hi;
  if (g->relu && v < 0) v = 0;
  if (g->shift > 0) {
    /* Arithmetic right shift of a signed 64-bit value, written so that it does not rely on
     * implementation-defined >> of negatives: floor((v + half) / 2^shift). */
    int64_t t = v + ((int64_t)1 << (g->shift - 1));
    uint64_t d1 = ((uint64_t)1 << g->shift) - 1;
    v = t >= 0 ? (int64_t)((uint64_t)t >> g->shift)
               : -(int64_t)(((uint64_t)(-t) + d1) >> g->shift);
  }
  hi = g->mode == CSP_MODE_8BIT ? 127 : 32767;
  lo = -hi - 1;
  if (v > hi) v = hi;
  if (v < lo) v = lo;
  return (int16_t)v;
}

int64_t csp_sop_point(const csp_geom_t* g, const int16_t* const in[3], int nfeat,
                      const int16_t* w, int oy, int ox) {
  int64_t sum = 0;
  int f, ky, kx;
  int k = csp_ksize(g->kernel);
  int y0 = oy * g->stride - g->pad;
  int x0 = ox * g->stride - g->pad;
  for (f = 0; f < nfeat && f < CSP_GROUP; ++f) {
    const int16_t* p = in[f];
    for (ky = 0; ky < k; ++ky) {
      int y = y0 + ky;
      if (y < 0 || y >= g->height) continue;
      for (kx = 0; kx < k; ++kx) {
        int x = x0 + kx;
        if (x < 0 || x >= g->width) continue;
        sum += (int64_t)csp_elem(p[y * g->width + x], g->mode) *
               csp_elem(w[(f * k + ky) * k + kx], g->mode);
      }
    }
  }
  return sum;
}

void csp_pass_accumulate(const csp_geom_t* g, const int16_t* const in[3], int nfeat,
                         const int16_t* w, int first, int32_t* acc) {
  int ho = csp_out_h(g), wo = csp_out_w(g), oy, ox;
  for (oy = 0; oy < ho; ++oy)
    for (ox = 0; ox < wo; ++ox) {
      int32_t* a = &acc[oy * wo + ox];
      int64_t prev = first ? 0 : *a;
      *a = csp_sat32(prev + csp_sop_point(g, in, nfeat, w, oy, ox));
    }
}

void csp_pass_finalize(const csp_geom_t* g, const int32_t* acc, int32_t bias, int16_t* out) {
  int n = csp_out_h(g) * csp_out_w(g), i;
  for (i = 0; i < n; ++i) out[i] = csp_requant(acc[i], bias, g);
}

int csp_conv_layer_ref(const csp_geom_t* g, int cin, int cout, const int16_t* in,
                       const int16_t* weights, const int32_t* bias, int16_t* out, int32_t* scratch) {
  int rc = csp_geom_check(g);
  int plane = g->width * g->height, oplane, o, c, f;
  int kk = csp_ksize(g->kernel) * csp_ksize(g->kernel);
  if (rc != CSP_GEOM_OK) return rc;
  if (cin < 1 || cout < 1) return CSP_LAYER_BAD_COUNT;
  oplane = csp_out_h(g) * csp_out_w(g);
  for (o = 0; o < cout; ++o) {
    for (c = 0; c < cin; c += CSP_GROUP) {
      const int16_t* feats[3] = {0, 0, 0};
      int16_t w[CSP_WEIGHTS_PER_PASS] = {0};
      int n = cin - c < CSP_GROUP ? cin - c : CSP_GROUP;
      for (f = 0; f < n; ++f) {
        int k;
        feats[f] = in + (long)(c + f) * plane;
        for (k = 0; k < kk; ++k) w[f * kk + k] = weights[((long)o * cin + c + f) * kk + k];
      }
      csp_pass_accumulate(g, feats, n, w, c == 0, scratch);
    }
    csp_pass_finalize(g, scratch, bias ? bias[o] : 0, out + (long)o * oplane);
  }
  return CSP_GEOM_OK;
}

void csp_pack_feature(const int16_t* px, int rows, int width, int mode, uint32_t* words) {
  int rw = csp_row_words(width, mode), ppw = csp_pixels_per_word(mode), r, i, k;
  for (r = 0; r < rows; ++r)
    for (i = 0; i < rw; ++i) {
      uint32_t word = 0;
      for (k = 0; k < ppw; ++k) {
        int x = i * ppw + k;
        uint32_t v = x < width ? (uint16_t)px[r * width + x] : 0;
        if (mode == CSP_MODE_8BIT)
          word |= (v & 0xFFu) << (8 * k);
        else
          word |= (v & 0xFFFFu) << (16 * k);
      }
      words[r * rw + i] = word;
    }
}

void csp_unpack_feature(const uint32_t* words, int rows, int width, int mode, int16_t* px) {
  int rw = csp_row_words(width, mode), ppw = csp_pixels_per_word(mode), r, x;
  for (r = 0; r < rows; ++r)
    for (x = 0; x < width; ++x) {
      uint32_t word = words[r * rw + x / ppw];
      int k = x % ppw;
      px[r * width + x] = mode == CSP_MODE_8BIT ? (int16_t)(int8_t)(uint8_t)(word >> (8 * k))
                                                : (int16_t)(uint16_t)(word >> (16 * k));
    }
}

void csp_pack_weights(const int16_t* w, int mode, int kernel, uint64_t* words) {
  int per = mode == CSP_MODE_8BIT ? 8 : 4, bits = mode == CSP_MODE_8BIT ? 8 : 16;
  uint64_t mask = mode == CSP_MODE_8BIT ? 0xFFu : 0xFFFFu;
  int n = csp_weight_words(mode, kernel), nw = csp_pass_weights(kernel), i, k;
  for (i = 0; i < n; ++i) {
    uint64_t word = 0;
    for (k = 0; k < per; ++k) {
      int j = i * per + k;
      if (j < nw) word |= ((uint64_t)(uint16_t)w[j] & mask) << (bits * k);
    }
    words[i] = word;
  }
}

void csp_unpack_weights(const uint64_t* words, int mode, int kernel, int16_t* w) {
  int per = mode == CSP_MODE_8BIT ? 8 : 4, bits = mode == CSP_MODE_8BIT ? 8 : 16, j;
  int nw = csp_pass_weights(kernel);
  for (j = 0; j < nw; ++j) {
    uint64_t v = words[j / per] >> (bits * (j % per));
    w[j] = mode == CSP_MODE_8BIT ? (int16_t)(int8_t)(uint8_t)v : (int16_t)(uint16_t)v;
  }
}
