/* Self-check of the packed-row kernels against the golden model (csp_rows_check.h). */
#include "golden/convnet/csp_rows_check.h"

#include <string.h>

#include "golden/convnet/convnet.h"
#include "golden/convnet/csp_plan.h"
#include "golden/convnet/csp_rows.h"
#include "golden/csp/csp_ref.h"

enum { C = 3, HMAX = 8, WMAX = 28, WORDS_MAX = WMAX / 2 + 1 };

static uint32_t lcg(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

/* Golden packed bytes of c features (csp_pack_feature), features fstride bytes apart. */
static void golden_pack(const int16_t *px, unsigned c, unsigned h, unsigned w, int mode, uint32_t fstride,
                        uint8_t *ddr)
{
    const unsigned rw = (unsigned)csp_row_words((int)w, mode);
    uint32_t words[WORDS_MAX];
    memset(ddr, 0, (size_t)c * fstride);
    for (unsigned f = 0; f < c; f++)
        for (unsigned y = 0; y < h; y++) {
            csp_pack_feature(px + ((size_t)f * h + y) * w, 1, (int)w, mode, words);
            for (unsigned i = 0; i < rw; i++)
                for (unsigned b = 0; b < 4; b++)
                    ddr[(size_t)f * fstride + ((size_t)y * rw + i) * 4u + b] = (uint8_t)(words[i] >> (8u * b));
        }
}

unsigned csp_rows_selfcheck(uint32_t seed, unsigned *cases)
{
    static const uint8_t widths[] = { 1, 2, 3, 4, 5, 7, 8, 12, 13, 16, 24, 28 };
    static int16_t px[C * HMAX * WMAX], back[WMAX], pooled[C * HMAX * WMAX];
    static uint8_t got[C * HMAX * WORDS_MAX * 4 + 8], want[sizeof got], src[sizeof got];
    unsigned diffs = 0, n = 0;
    uint32_t s = seed;
    for (int mode = 0; mode < 2; mode++)
        for (unsigned wi = 0; wi < sizeof widths; wi++)
            for (unsigned h = 1; h <= HMAX; h++) {
                const unsigned w = widths[wi], rw = (unsigned)csp_row_words((int)w, mode);
                for (unsigned k = 0; k < C * h * w; k++) {
                    const uint32_t r = lcg(&s);
                    /* 8-bit activations are int8 values; extremes on purpose */
                    px[k] = mode == CSP_MODE_8BIT ? (int16_t)(int8_t)(uint8_t)r : (int16_t)(uint16_t)r;
                    if (r % 17u == 0)
                        px[k] = mode == CSP_MODE_8BIT ? (r & 256u ? 127 : -128) : (r & 256u ? 32767 : -32768);
                }
                /* Rows: pack against csp_pack_feature, unpack back to the pixels. */
                for (unsigned y = 0; y < h; y++) {
                    const int16_t *row = px + (size_t)y * w;
                    golden_pack(row, 1, 1, w, mode, rw * 4u, want);
                    memset(got, 0xA5, rw * 4u);
                    csp_rows_pack(row, w, mode, got);
                    diffs += memcmp(got, want, rw * 4u) != 0;
                    csp_rows_unpack(want, w, mode, back);
                    diffs += memcmp(back, row, w * sizeof(int16_t)) != 0;
                    n += 2;
                }
                /* 2x2 max-pool on the packed features against cn_maxpool + csp_pack_feature. */
                const uint32_t sfs = csp_plan_fstride(h, rw);
                golden_pack(px, C, h, w, mode, sfs, src);
                n++;
                if (!csp_rows_maxpool2_fits(h, w, mode)) {
                    memset(got, 0xA5, sizeof got);
                    diffs += csp_rows_maxpool2(src, C, h, w, mode, sfs, got, sfs) != -1 || got[0] != 0xA5;
                    continue;
                }
                const unsigned ho = h / 2u, wo = w / 2u, orw = (unsigned)csp_row_words((int)wo, mode);
                const uint32_t dfs = csp_plan_fstride(ho, orw);
                cn_maxpool(px, C, (int)h, (int)w, 2, 2, pooled, 0, 0);
                golden_pack(pooled, C, ho, wo, mode, dfs, want);
                memset(got, 0xA5, (size_t)C * dfs);
                diffs += csp_rows_maxpool2(src, C, h, w, mode, sfs, got, dfs) != 0 ||
                         memcmp(got, want, (size_t)C * dfs) != 0;
            }
    if (cases)
        *cases = n;
    return diffs;
}
