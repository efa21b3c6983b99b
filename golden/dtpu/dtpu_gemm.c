/* Tiled integer GEMM on the DTPU (dtpu_gemm.h). */
#include "golden/dtpu/dtpu_gemm.h"

#include <string.h>

#include "golden/dtpu/dtpu_mxu.h"

static uint64_t g_in[DTPU_FIFO_WORDS], g_out[DTPU_FIFO_WORDS];

static unsigned cdiv(unsigned a, unsigned b) { return (a + b - 1u) / b; }

unsigned dtpu_packed_words(unsigned rows, unsigned cols, uint32_t mode, unsigned M, unsigned K)
{
    return cdiv(M, rows) * cdiv(K, cols) * rows * dtpu_words(cols, dtpu_elem_bits(mode));
}

unsigned dtpu_pack_weights(unsigned rows, unsigned cols, uint32_t mode, unsigned M, unsigned K, const int32_t *W,
                           uint64_t *out)
{
    const unsigned wb = dtpu_elem_bits(mode), ipw = dtpu_words(cols, wb);
    const unsigned mt = cdiv(M, rows), kt = cdiv(K, cols);
    const unsigned total = mt * kt * rows * ipw;
    memset(out, 0, total * 8u);
    for (unsigned m = 0; m < mt; m++)
        for (unsigned k = 0; k < kt; k++) {
            uint64_t *tile = out + (m * kt + k) * rows * ipw;
            for (unsigned r = 0; r < rows && m * rows + r < M; r++)
                for (unsigned c = 0; c < cols && k * cols + c < K; c++)
                    dtpu_put(tile + r * ipw, c, wb, (uint64_t)(int64_t)W[(m * rows + r) * K + k * cols + c]);
        }
    return total;
}

int dtpu_gemm(const dtpu_backend *be, uint32_t mode, unsigned M, unsigned K, unsigned N, unsigned base,
              const int32_t *X, int64_t *Y)
{
    return dtpu_gemm_part(be, mode, M, K, N, 0, cdiv(M, be->rows) * cdiv(K, be->cols), base, X, Y);
}

int dtpu_gemm_part(const dtpu_backend *be, uint32_t mode, unsigned M, unsigned K, unsigned N, unsigned t0,
                   unsigned t1, unsigned base, const int32_t *X, int64_t *Y)
{
    const unsigned R = be->rows, C = be->cols;
    const unsigned wb = dtpu_elem_bits(mode), ob = dtpu_out_bits(mode);
    const unsigned ipw = dtpu_words(C, wb), opw = dtpu_words(R, ob), tile_words = R * ipw;
    const unsigned kt = cdiv(K, C);
    unsigned chunk = DTPU_FIFO_WORDS / ipw;
    if (DTPU_FIFO_WORDS / opw < chunk)
        chunk = DTPU_FIFO_WORDS / opw;
    const int sgn = (mode & DTPU_CSR_SIGNED) != 0;
    for (unsigned t = t0; t < t1; t++) {
        const unsigned m = t / kt, k = t % kt;
        {
            const unsigned window = (base + (t - t0) * tile_words) / R;
            const uint64_t csr = dtpu_csr0(mode, window);
            const unsigned kc = (K - k * C < C) ? K - k * C : C;
            const unsigned mr = (M - m * R < R) ? M - m * R : R;
            for (unsigned n0 = 0; n0 < N; n0 += chunk) {
                const unsigned nv = (N - n0 < chunk) ? N - n0 : chunk;
                memset(g_in, 0, nv * ipw * 8u);
                for (unsigned v = 0; v < nv; v++) {
                    const int32_t *x = X + (n0 + v) * K + k * C;
                    uint64_t *dst = g_in + v * ipw;
                    for (unsigned c = 0; c < kc; c++)
                        dtpu_put(dst, c, wb, (uint64_t)(int64_t)x[c]);
                }
                const int rc = be->run(be->ctx, csr, g_in, nv, ipw, g_out, opw);
                if (rc != 0)
                    return rc;
                for (unsigned v = 0; v < nv; v++) {
                    int64_t *y = Y + (n0 + v) * M + m * R;
                    const uint64_t *o = g_out + v * opw;
                    for (unsigned r = 0; r < mr; r++) {
                        const uint64_t e = dtpu_get(o, r, ob);
                        y[r] += sgn ? dtpu_sext(e, ob) : (int64_t)e;
                    }
                }
            }
        }
    }
    return 0;
}

void dtpu_gemm_cpu(unsigned M, unsigned K, unsigned N, const int32_t *W, const int32_t *X, int64_t *Y)
{
    for (unsigned n = 0; n < N; n++)
        for (unsigned m = 0; m < M; m++) {
            const int32_t *w = W + m * K, *x = X + n * K;
            int64_t acc = 0;
            for (unsigned k = 0; k < K; k++)
                acc += (int64_t)w[k] * x[k];
            Y[n * M + m] += acc;
        }
}

/* The reference backend: a weight BRAM and dtpu_mxu_compute per vector. */
static uint64_t ref_bram[DTPU_WEIGHT_WORDS];
static dtpu_backend ref_be;

static int ref_load(void *ctx, const uint64_t *w, unsigned nwords)
{
    (void)ctx;
    if (nwords > DTPU_WEIGHT_WORDS)
        return -1;
    memcpy(ref_bram, w, nwords * 8u);
    return 0;
}

static int ref_run(void *ctx, uint64_t csr0, const uint64_t *in, unsigned nvec, unsigned in_words, uint64_t *out,
                   unsigned out_words)
{
    (void)ctx;
    const uint32_t mode = (uint32_t)csr0;
    const uint64_t base = (csr0 >> 32) * ref_be.rows;
    if (dtpu_mode_check(mode, DTPU_HAS_ALL) != DTPU_ERR_NONE)
        return -2;
    if (base + (uint64_t)ref_be.rows * in_words > DTPU_WEIGHT_WORDS)
        return -3;
    for (unsigned v = 0; v < nvec; v++)
        dtpu_mxu_compute(ref_be.rows, ref_be.cols, mode, ref_bram + base, in + v * in_words, out + v * out_words);
    return 0;
}

const dtpu_backend *dtpu_reference_backend(unsigned rows, unsigned cols)
{
    ref_be.rows = rows;
    ref_be.cols = cols;
    ref_be.load_weights = ref_load;
    ref_be.run = ref_run;
    ref_be.ctx = 0;
    return &ref_be;
}
