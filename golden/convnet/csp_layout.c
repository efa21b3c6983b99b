/* DDR layouts of a CSP layer (see csp_plan.h): weights with byte-wise little-endian stores,
 * feature rows with the word kernels of csp_rows.h; the same code runs on the host and the ARM. */
#include "golden/convnet/csp_plan.h"

#include <stddef.h>

#include "golden/convnet/csp_rows.h"
#include "golden/csp/csp_ref.h"

static void put32(uint8_t *d, uint32_t v)
{
    d[0] = (uint8_t)v;
    d[1] = (uint8_t)(v >> 8);
    d[2] = (uint8_t)(v >> 16);
    d[3] = (uint8_t)(v >> 24);
}

uint32_t csp_plan_in_bytes(const csp_plan *p)
{
    return p->d.cin * csp_plan_fstride(p->d.h, p->pitch_in);
}

uint32_t csp_plan_out_bytes(const csp_plan *p)
{
    return p->d.cout * csp_plan_fstride(p->ho, p->pitch_out);
}

void csp_plan_pack_inputs(const csp_plan *p, const int16_t *in, uint8_t *ddr)
{
    const uint32_t fs = csp_plan_fstride(p->d.h, p->pitch_in), row_bytes = (uint32_t)p->pitch_in * 4u;
    for (unsigned f = 0; f < p->d.cin; f++) {
        uint8_t *dst = ddr + (size_t)f * fs;
        for (unsigned y = 0; y < p->d.h; y++)
            csp_rows_pack(in + ((size_t)f * p->d.h + y) * p->d.w, p->d.w, p->d.mode, dst + (size_t)y * row_bytes);
        for (uint32_t b = (uint32_t)p->d.h * row_bytes; b < fs; b++)
            dst[b] = 0;
    }
}

void csp_plan_pack_weights(const csp_plan *p, const int16_t *w, const int32_t *bias, uint8_t *ddr)
{
    const unsigned cin = p->d.cin, kk = (unsigned)(csp_ksize(p->d.kernel) * csp_ksize(p->d.kernel));
    for (unsigned o = 0; o < p->n_og; o++) {
        const unsigned k = csp_plan_og_size(p, o);
        for (unsigned g = 0; g < p->n_ig; g++) {
            uint8_t *blk = ddr + (size_t)csp_plan_wblock_off(p, o, g) * 8u;
            for (unsigned j = 0; j < k; j++) {
                const unsigned oc = o * p->og + j;
                int16_t pw[CSP_WEIGHTS_PER_PASS];
                for (unsigned b = 0; b < 3; b++)
                    for (unsigned t = 0; t < kk; t++) {
                        const unsigned ic = g * 3u + b;
                        pw[b * kk + t] = ic < cin ? w[((size_t)oc * cin + ic) * kk + t] : 0;
                    }
                uint64_t words[8];
                csp_pack_weights(pw, p->d.mode, p->d.kernel, words);
                for (unsigned i = 0; i < p->ww; i++) {
                    put32(blk + (j * p->ww + i) * 8u, (uint32_t)words[i]);
                    put32(blk + (j * p->ww + i) * 8u + 4u, (uint32_t)(words[i] >> 32));
                }
            }
            if (g + 1u == p->n_ig) {
                uint8_t *bw = blk + (size_t)k * p->ww * 8u;
                for (unsigned j = 0; j < 2u * csp_plan_bias_words(k); j++)
                    put32(bw + j * 4u, j < k && bias ? (uint32_t)bias[o * p->og + j] : 0u);
            }
        }
    }
}

void csp_plan_unpack_outputs(const csp_plan *p, const uint8_t *ddr, int16_t *out)
{
    const uint32_t fs = csp_plan_fstride(p->ho, p->pitch_out), row_bytes = (uint32_t)p->pitch_out * 4u;
    for (unsigned f = 0; f < p->d.cout; f++)
        for (unsigned y = 0; y < p->ho; y++)
            csp_rows_unpack(ddr + (size_t)f * fs + (size_t)y * row_bytes, p->wo, p->d.mode,
                            out + ((size_t)f * p->ho + y) * p->wo);
}
