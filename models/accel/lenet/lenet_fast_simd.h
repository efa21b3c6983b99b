// Eight output pixels of a LeNet convolution at once (SSE2, which every x86-64 host has), for
// LenetFixedFast: the products of a 5x5 kernel over one or more input channels, each rounded
// as lenet_fx_mac does (add half, arithmetic shift right), summed per pixel into separate
// totals of the positive and of the negative products. The caller (which has checked
// LenetFixedFast::simd_exact: no product reaches the accumulator's saturation, and the totals
// fit in 32 bits) then knows that every prefix of the golden sum lies between bias + neg and
// bias + pos; when both lie inside the accumulator's range no saturation can act and the
// result is bias + pos + neg, otherwise it recomputes that pixel in the golden order.
#pragma once
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#define ZVP_LENET_SIMD 1

namespace zvp::lenet_simd {

// Products of 8 adjacent pixels: in points at the kernel's top-left input of the first pixel,
// rows of the input are `stride` apart, w is the 5x5 kernel (row-major). Adds to pos/neg.
inline void kernel8(const int16_t* in, int stride, const int16_t* w, int shift, int32_t half,
                    int32_t pos[8], int32_t neg[8]) {
  const __m128i halfv = _mm_set1_epi32(half);
  const __m128i cnt = _mm_cvtsi32_si128(shift);
  __m128i p_lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(pos));
  __m128i p_hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(pos + 4));
  __m128i n_lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(neg));
  __m128i n_hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(neg + 4));
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j) {
      const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i * stride + j));
      const __m128i wv = _mm_set1_epi16(w[i * 5 + j]);
      // Exact 32-bit products of the 16-bit lanes: low and high halves, interleaved.
      const __m128i lo = _mm_mullo_epi16(x, wv), hi = _mm_mulhi_epi16(x, wv);
      const __m128i a = _mm_sra_epi32(_mm_add_epi32(_mm_unpacklo_epi16(lo, hi), halfv), cnt);
      const __m128i b = _mm_sra_epi32(_mm_add_epi32(_mm_unpackhi_epi16(lo, hi), halfv), cnt);
      const __m128i ma = _mm_srai_epi32(a, 31), mb = _mm_srai_epi32(b, 31);  // all ones if < 0
      p_lo = _mm_add_epi32(p_lo, _mm_andnot_si128(ma, a));
      p_hi = _mm_add_epi32(p_hi, _mm_andnot_si128(mb, b));
      n_lo = _mm_add_epi32(n_lo, _mm_and_si128(ma, a));
      n_hi = _mm_add_epi32(n_hi, _mm_and_si128(mb, b));
    }
  _mm_storeu_si128(reinterpret_cast<__m128i*>(pos), p_lo);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(pos + 4), p_hi);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(neg), n_lo);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(neg + 4), n_hi);
}

}  // namespace zvp::lenet_simd
#endif
