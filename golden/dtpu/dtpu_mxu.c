/* The DTPU matrix unit reference (dtpu_mxu.h). Compile with -ffp-contract=off: every fp32
 * product and sum is rounded on its own, as in the MXU's separate multiplier and adder. */
#include "golden/dtpu/dtpu_mxu.h"

#include <string.h>

unsigned dtpu_elem_bits(uint32_t mode)
{
    const unsigned fp = (mode >> 5) & 3u;
    if (mode & DTPU_CSR_VECTOR)
        return 64;
    if (fp == 1)
        return 32;
    if (fp == 3)
        return 16;
    if (fp != 0)
        return 0;
    switch (mode & 0xFu) {
    case DTPU_PREC_INT8: return 8;
    case DTPU_PREC_INT16: return 16;
    case DTPU_PREC_INT32: return 32;
    case DTPU_PREC_INT64: return 64;
    default: return 0;
    }
}

static int is_int(uint32_t mode) { return !(mode & DTPU_CSR_VECTOR) && ((mode >> 5) & 3u) == 0; }

unsigned dtpu_out_bits(uint32_t mode)
{
    const unsigned w = dtpu_elem_bits(mode);
    if (!is_int(mode) || !(mode & DTPU_CSR_WIDE))
        return w;
    return w <= 16 ? 32 : 64;
}

unsigned dtpu_mode_needs(uint32_t mode)
{
    const unsigned fp = (mode >> 5) & 3u;
    if (mode & DTPU_CSR_VECTOR)
        return DTPU_HAS_INT8 | DTPU_HAS_INT16 | DTPU_HAS_INT32;
    if (fp == 1)
        return DTPU_HAS_FP32;
    if (fp == 3)
        return DTPU_HAS_BF16;
    switch (dtpu_elem_bits(mode)) {
    case 8: return DTPU_HAS_INT8;
    case 16: return DTPU_HAS_INT16;
    case 32: return DTPU_HAS_INT32;
    case 64: return DTPU_HAS_INT64;
    default: return 0;
    }
}

int dtpu_mode_check(uint32_t mode, unsigned has)
{
    const unsigned need = dtpu_mode_needs(mode);
    if (need == 0 || (need & has) != need)
        return DTPU_ERR_PRECISION;
    return DTPU_ERR_NONE;
}

static uint64_t mask(unsigned bits) { return bits >= 64 ? ~0ull : ((1ull << bits) - 1u); }

/* Element widths are powers of two (8..64): shifts, no division (the A9 has no divider). */
static unsigned lg(unsigned bits) { return bits == 8 ? 3u : bits == 16 ? 4u : bits == 32 ? 5u : 6u; }

uint64_t dtpu_get(const uint64_t *words, unsigned k, unsigned bits)
{
    const unsigned l = lg(bits), ps = 6u - l;
    return (words[k >> ps] >> ((k & ((1u << ps) - 1u)) << l)) & mask(bits);
}

void dtpu_put(uint64_t *words, unsigned k, unsigned bits, uint64_t v)
{
    const unsigned l = lg(bits), ps = 6u - l, sh = (k & ((1u << ps) - 1u)) << l;
    words[k >> ps] = (words[k >> ps] & ~(mask(bits) << sh)) | ((v & mask(bits)) << sh);
}

int64_t dtpu_sext(uint64_t v, unsigned bits)
{
    if (bits >= 64)
        return (int64_t)v;
    const uint64_t m = 1ull << (bits - 1u);
    v &= mask(bits);
    return (int64_t)((v ^ m) - m);
}

static float f_of(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t u_of(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

uint32_t dtpu_f32_mul(uint32_t a, uint32_t b)
{
    volatile float p = f_of(a) * f_of(b); /* volatile: never fused with the following add */
    return u_of(p);
}

uint32_t dtpu_f32_add(uint32_t a, uint32_t b)
{
    volatile float s = f_of(a) + f_of(b);
    return u_of(s);
}

uint16_t dtpu_f32_to_bf16(uint32_t f)
{
    if ((f & 0x7F800000u) == 0x7F800000u && (f & 0x007FFFFFu))
        return (uint16_t)((f >> 16) | 0x0040u); /* NaN stays a (quiet) NaN */
    const uint32_t lsb = (f >> 16) & 1u;
    return (uint16_t)((f + 0x7FFFu + lsb) >> 16); /* round to nearest, ties to even */
}

uint32_t dtpu_bf16_to_f32(uint16_t b) { return (uint32_t)b << 16; }

/* bf16 multiply / add: computed in fp32 and rounded to bf16. fp32 has 24 >= 2*8+2 significand
 * bits, so the double rounding equals one correct rounding (normal range). */
static uint16_t bf16_mul(uint16_t a, uint16_t b)
{
    return dtpu_f32_to_bf16(dtpu_f32_mul(dtpu_bf16_to_f32(a), dtpu_bf16_to_f32(b)));
}
static uint16_t bf16_add(uint16_t a, uint16_t b)
{
    return dtpu_f32_to_bf16(dtpu_f32_add(dtpu_bf16_to_f32(a), dtpu_bf16_to_f32(b)));
}

/* One vector-mode lane set: [7:0] int8, [15:8] int8, [31:16] int16, [63:32] int32. */
static uint64_t vec_mac(uint64_t acc, uint64_t w, uint64_t x, int first)
{
    static const unsigned lo[4] = {0, 8, 16, 32}, wd[4] = {8, 8, 16, 32};
    uint64_t out = 0;
    for (int l = 0; l < 4; l++) {
        const uint64_t m = mask(wd[l]);
        const uint64_t p = ((w >> lo[l]) & m) * ((x >> lo[l]) & m);
        const uint64_t s = first ? p : ((acc >> lo[l]) & m) + p;
        out |= (s & m) << lo[l];
    }
    return out;
}

/* n elements of width bits (8, 16, 32) from packed words, sign- or zero-extended to 32 bit
 * (unsigned 32-bit values keep their bit pattern). */
static void unpack32(const uint64_t *words, unsigned n, unsigned bits, int sgn, int32_t *out)
{
    const unsigned per32 = 32u / bits;
    for (unsigned k = 0, q = 0; k < n; q++) {
        const uint64_t wd = words[q >> 1];
        const uint32_t h = (q & 1u) ? (uint32_t)(wd >> 32) : (uint32_t)wd;
        for (unsigned e = 0; e < per32 && k < n; e++, k++) {
            const uint32_t v = h >> (e * bits);
            if (bits == 8)
                out[k] = sgn ? (int32_t)(int8_t)v : (int32_t)(v & 0xFFu);
            else if (bits == 16)
                out[k] = sgn ? (int32_t)(int16_t)v : (int32_t)(v & 0xFFFFu);
            else
                out[k] = (int32_t)v;
        }
    }
}

void dtpu_mxu_compute(unsigned rows, unsigned cols, uint32_t mode, const uint64_t *w, const uint64_t *x,
                      uint64_t *y)
{
    const unsigned wb = dtpu_elem_bits(mode), ob = dtpu_out_bits(mode), fp = (mode >> 5) & 3u;
    const unsigned wpr = dtpu_words(cols, wb);
    const int sgn = (mode & DTPU_CSR_SIGNED) != 0;
    memset(y, 0, dtpu_words(rows, ob) * 8u);
    if (fp == 0 && !(mode & DTPU_CSR_VECTOR) && wb <= 32 && cols <= 64) {
        /* Integer up to 32 bit: sums modulo 2^ob do not depend on where the reduction happens,
         * so the accumulator is reduced once per row (the same values as the per-step wrap);
         * the operands are unpacked with 32-bit operations (fast on the A9 as well). */
        int32_t xs[64], ws[64];
        unpack32(x, cols, wb, sgn, xs);
        for (unsigned i = 0; i < rows; i++) {
            /* Unsigned accumulation: 64 products of 32-bit operands can exceed int64 (signed
             * overflow is undefined); modulo 2^64 the bits are those of the signed sum. */
            uint64_t acc = 0;
            unpack32(w + (uint64_t)i * wpr, cols, wb, sgn, ws);
            if (sgn || wb < 32) {
                for (unsigned j = 0; j < cols; j++)
                    acc += (uint64_t)((int64_t)ws[j] * xs[j]);
            } else { /* unsigned 32-bit operands */
                for (unsigned j = 0; j < cols; j++)
                    acc += (uint64_t)(uint32_t)ws[j] * (uint32_t)xs[j];
            }
            dtpu_put(y, i, ob, acc & mask(ob));
        }
        return;
    }
    for (unsigned i = 0; i < rows; i++) {
        const uint64_t *wr = w + (uint64_t)i * wpr;
        uint64_t acc = 0;
        for (unsigned j = 0; j < cols; j++) {
            const uint64_t a = dtpu_get(wr, j, wb), b = dtpu_get(x, j, wb);
            if (mode & DTPU_CSR_VECTOR) {
                acc = vec_mac(acc, a, b, j == 0);
            } else if (fp == 1) {
                const uint32_t p = dtpu_f32_mul((uint32_t)a, (uint32_t)b);
                acc = j == 0 ? p : dtpu_f32_add((uint32_t)acc, p);
            } else if (fp == 3) {
                const uint16_t p = bf16_mul((uint16_t)a, (uint16_t)b);
                acc = j == 0 ? p : bf16_add((uint16_t)acc, p);
            } else {
                const uint64_t ea = sgn ? (uint64_t)dtpu_sext(a, wb) : a;
                const uint64_t eb = sgn ? (uint64_t)dtpu_sext(b, wb) : b;
                acc = ((j == 0 ? 0 : acc) + ea * eb) & mask(ob);
            }
        }
        dtpu_put(y, i, ob, acc);
    }
}
