#include "accel/csp/sop_datapath.h"

#include <algorithm>

namespace zvp {

// One weight at a time over every output: the inner loop is a plain multiply-add row. Sum is
// int64_t in 16-bit mode (27 products of up to 2^30) and int32_t in 8-bit mode (27 x 2^14 fits,
// and the narrower sums vectorise twice as wide); both are exact, as the contract requires.
// A 1x1 pass (the engine's 1x1 mode) is the same loop with one tap per feature.
template <typename Sum>
void SopDatapath::add_products(const csp_geom_t& g, int f, const int16_t* w, Sum* sum) const {
  const int pitch = g.width + 2, ho = csp_out_h(&g), wo = csp_out_w(&g), stride = g.stride;
  const int k = csp_ksize(g.kernel);
  for (int ky = 0; ky < k; ++ky)
    for (int kx = 0; kx < k; ++kx) {
      const int32_t wk = csp_elem(w[(f * k + ky) * k + kx], g.mode);
      if (wk == 0) continue;
      for (int oy = 0; oy < ho; ++oy) {
        // Input row oy*stride - pad + ky, column ox*stride - pad + kx, shifted by the border.
        const int16_t* __restrict in = &plane_[size_t(oy * stride - g.pad + ky + 1) * pitch + (kx - g.pad + 1)];
        Sum* __restrict s = &sum[size_t(oy) * wo];  // restrict: lets -O2 vectorise the row
        if (stride == 1) {
          for (int ox = 0; ox < wo; ++ox) s[ox] += Sum(int32_t(in[ox]) * wk);  // |product| <= 2^30
        } else {
          for (int ox = 0; ox < wo; ++ox) s[ox] += Sum(int32_t(in[ox * stride]) * wk);
        }
      }
    }
}

void SopDatapath::accumulate(const csp_geom_t& g, const uint32_t* const words[3], int nfeat,
                             const int16_t* w, bool first, int32_t* acc) {
  const int width = g.width, height = g.height;
  const bool m8 = g.mode == CSP_MODE_8BIT;
  const int pitch = width + 2;  // a zero column on each side, a zero row above and below
  const size_t n = size_t(csp_out_h(&g)) * csp_out_w(&g);
  const int rw = csp_row_words(width, g.mode);
  if (m8)
    sum32_.assign(n, 0);
  else
    sum_.assign(n, 0);
  plane_.assign(size_t(pitch) * (height + 2), 0);
  for (int f = 0; f < std::min(nfeat, int(CSP_GROUP)); ++f) {
    // Unpack into the bordered plane, each element as the multiplier sees it (csp_elem): four
    // int8 or two int16 pixels per little-endian TCDM word.
    for (int r = 0; r < height; ++r) {
      int16_t* row = &plane_[size_t(r + 1) * pitch + 1];
      const uint32_t* src = words[f] + size_t(r) * rw;
      if (m8)
        for (int x = 0; x < width; ++x) row[x] = int16_t(int8_t(uint8_t(src[x >> 2] >> (8 * (x & 3)))));
      else
        for (int x = 0; x < width; ++x) row[x] = int16_t(uint16_t(src[x >> 1] >> (16 * (x & 1))));
    }
    if (m8)
      add_products(g, f, w, sum32_.data());
    else
      add_products(g, f, w, sum_.data());
  }
  if (m8)
    for (size_t i = 0; i < n; ++i) acc[i] = csp_sat32((first ? 0 : int64_t(acc[i])) + sum32_[i]);
  else
    for (size_t i = 0; i < n; ++i) acc[i] = csp_sat32((first ? 0 : int64_t(acc[i])) + sum_[i]);
}

}  // namespace zvp
