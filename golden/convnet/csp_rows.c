/* Word-at-a-time kernels on the CSP's packed feature rows (csp_rows.h). */
#include "golden/convnet/csp_rows.h"

#include <string.h>

#include "golden/csp/csp_ref.h"

/* 32-bit little-endian words at any alignment: one load/store on the ARM and on x86 (memcpy of
 * four bytes), a byte-wise fallback on a big-endian host. */
static inline uint32_t ld32(const uint8_t *s)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t v;
    memcpy(&v, s, 4);
    return v;
#else
    return s[0] | (uint32_t)s[1] << 8 | (uint32_t)s[2] << 16 | (uint32_t)s[3] << 24;
#endif
}

static inline void st32(uint8_t *d, uint32_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(d, &v, 4);
#else
    d[0] = (uint8_t)v;
    d[1] = (uint8_t)(v >> 8);
    d[2] = (uint8_t)(v >> 16);
    d[3] = (uint8_t)(v >> 24);
#endif
}

/* Lane-wise signed maximum of four int8 (8-bit mode) or two int16 lanes. On ARMv6+ with the SIMD32
 * extension (the Cortex-A9) it is SSUB8/SSUB16, which set the APSR.GE bit of every lane where
 * a >= b, and SEL, which takes each lane from a or b by those bits: two instructions for four
 * pixels. */
static inline uint32_t lane_max(uint32_t a, uint32_t b, int mode)
{
#if defined(__ARM_FEATURE_SIMD32)
    uint32_t d, r;
    if (mode == CSP_MODE_8BIT)
        __asm__("ssub8 %0, %2, %3\n\tsel %1, %2, %3" : "=&r"(d), "=r"(r) : "r"(a), "r"(b) : "cc");
    else
        __asm__("ssub16 %0, %2, %3\n\tsel %1, %2, %3" : "=&r"(d), "=r"(r) : "r"(a), "r"(b) : "cc");
    (void)d;
    return r;
#else
    const unsigned bits = mode == CSP_MODE_8BIT ? 8u : 16u;
    const uint32_t mask = mode == CSP_MODE_8BIT ? 0xFFu : 0xFFFFu, sign = mask ^ (mask >> 1);
    uint32_t r = 0;
    for (unsigned k = 0; k < 32u; k += bits) {
        const int32_t x = (int32_t)(((a >> k) & mask) ^ sign) - (int32_t)sign; /* sign-extended */
        const int32_t y = (int32_t)(((b >> k) & mask) ^ sign) - (int32_t)sign;
        r |= ((uint32_t)(x > y ? x : y) & mask) << k;
    }
    return r;
#endif
}

void csp_rows_pack(const int16_t *px, unsigned width, int mode, uint8_t *row)
{
    const unsigned ppw = mode == CSP_MODE_8BIT ? 4u : 2u, full = width / ppw;
    unsigned i = 0;
    if (mode == CSP_MODE_8BIT) {
        for (; i < full; i++, px += 4)
            st32(row + 4u * i, (uint32_t)(uint8_t)px[0] | (uint32_t)(uint8_t)px[1] << 8 |
                                   (uint32_t)(uint8_t)px[2] << 16 | (uint32_t)(uint8_t)px[3] << 24);
    } else {
        for (; i < full; i++, px += 2)
            st32(row + 4u * i, (uint32_t)(uint16_t)px[0] | (uint32_t)(uint16_t)px[1] << 16);
    }
    if (i * ppw < width) {  /* a part word: the rest of its lanes are zero (csp_pack_feature) */
        uint32_t w = 0;
        for (unsigned k = 0; i * ppw + k < width; k++)
            w |= mode == CSP_MODE_8BIT ? (uint32_t)(uint8_t)px[k] << (8u * k) : (uint32_t)(uint16_t)px[k] << (16u * k);
        st32(row + 4u * i, w);
    }
}

void csp_rows_unpack(const uint8_t *row, unsigned width, int mode, int16_t *px)
{
    const unsigned ppw = mode == CSP_MODE_8BIT ? 4u : 2u;
    for (unsigned x = 0; x < width; x += ppw) {
        const uint32_t w = ld32(row + x / ppw * 4u);
        const unsigned n = width - x < ppw ? width - x : ppw;
        for (unsigned k = 0; k < n; k++)
            px[x + k] = mode == CSP_MODE_8BIT ? (int16_t)(int8_t)(uint8_t)(w >> (8u * k))
                                              : (int16_t)(w >> (16u * k));
    }
}

int csp_rows_maxpool2_fits(unsigned h, unsigned w, int mode)
{
    const unsigned ppw = mode == CSP_MODE_8BIT ? 4u : 2u;
    return w != 0 && h >= 2 && w % (2u * ppw) == 0;
}

int csp_rows_maxpool2(const uint8_t *src, unsigned c, unsigned h, unsigned w, int mode, uint32_t src_fstride,
                      uint8_t *dst, uint32_t dst_fstride)
{
    const unsigned ppw = mode == CSP_MODE_8BIT ? 4u : 2u;
    if (!csp_rows_maxpool2_fits(h, w, mode))
        return -1;
    const unsigned ho = h / 2u, src_pitch = w / ppw * 4u, dst_pitch = w / 2u / ppw * 4u;
    const unsigned out_words = w / 2u / ppw;
    for (unsigned f = 0; f < c; f++) {
        const uint8_t *sf = src + (size_t)f * src_fstride;
        uint8_t *df = dst + (size_t)f * dst_fstride;
        for (unsigned y = 0; y < ho; y++) {
            const uint8_t *t = sf + (size_t)(2u * y) * src_pitch, *b = t + src_pitch;
            uint8_t *o = df + (size_t)y * dst_pitch;
            if (mode == CSP_MODE_8BIT) {
                /* Two input words (8 pixels) per output word (4 pixels): vertical max, then the
                 * max of each pixel pair in bytes 0 and 2, gathered into one word. */
                for (unsigned i = 0; i < out_words; i++, t += 8, b += 8) {
                    const uint32_t v0 = lane_max(ld32(t), ld32(b), mode), v1 = lane_max(ld32(t + 4), ld32(b + 4), mode);
                    const uint32_t h0 = lane_max(v0, v0 >> 8, mode), h1 = lane_max(v1, v1 >> 8, mode);
                    st32(o + 4u * i, (h0 & 0xFFu) | (h0 >> 8 & 0xFF00u) | (h1 & 0xFFu) << 16 | (h1 << 8 & 0xFF000000u));
                }
            } else {
                for (unsigned i = 0; i < out_words; i++, t += 8, b += 8) {
                    const uint32_t v0 = lane_max(ld32(t), ld32(b), mode), v1 = lane_max(ld32(t + 4), ld32(b + 4), mode);
                    const uint32_t h0 = lane_max(v0, v0 >> 16, mode), h1 = lane_max(v1, v1 >> 16, mode);
                    st32(o + 4u * i, (h0 & 0xFFFFu) | h1 << 16);
                }
            }
        }
        /* The feature's tail up to its 8-byte stride, as the packer leaves it. */
        for (uint32_t k = (uint32_t)ho * dst_pitch; k < dst_fstride; k++)
            df[k] = 0;
    }
    return 0;
}
