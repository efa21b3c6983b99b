/* Tiled integer GEMM on the DTPU (dtpu_gemm.h). */
#include "golden/dtpu/dtpu_gemm.h"

#include <string.h>

#include "golden/dtpu/dtpu_mxu.h"

static uint64_t g_in[DTPU_FIFO_WORDS], g_out[DTPU_FIFO_WORDS];

static unsigned cdiv(unsigned a, unsigned b) { return (a + b - 1u) / b; }

/* Element k of a packed vector sits at bits [w*k % 64 ...] of word w*k/64: on a little-endian
 * CPU that is byte offset k*w/8 of the words as bytes, so the driver packs and unpacks the
 * integer widths (8, 16, 32, 64 bit) with plain stores and loads instead of a bit-field
 * operation per element (the per-element dtpu_put / dtpu_get cost more than the MACs). */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define DTPU_LE_BYTES 1
#else
#define DTPU_LE_BYTES 0
#endif

/* dst (zeroed) <- x[0 .. n) truncated to wb bits. */
static void pack_vector(uint64_t *dst, const int32_t *x, unsigned n, unsigned wb)
{
    uint8_t *b = (uint8_t *)dst;
    if (DTPU_LE_BYTES && wb == 8) {
        for (unsigned c = 0; c < n; c++)
            b[c] = (uint8_t)x[c];
    } else if (DTPU_LE_BYTES && (wb == 16 || wb == 32)) {
        for (unsigned c = 0; c < n; c++) {
            const uint32_t v = (uint32_t)x[c];
            memcpy(b + c * (wb / 8u), &v, wb / 8u);
        }
    } else {
        for (unsigned c = 0; c < n; c++)
            dtpu_put(dst, c, wb, (uint64_t)(int64_t)x[c]);
    }
}

/* y[0 .. n) += the n elements of ob bits of o (sign-extended when sgn). */
static void unpack_add(int64_t *y, const uint64_t *o, unsigned n, unsigned ob, int sgn)
{
    const uint8_t *b = (const uint8_t *)o;
    if (DTPU_LE_BYTES && ob == 32) {
        for (unsigned r = 0; r < n; r++) {
            uint32_t e;
            memcpy(&e, b + 4u * r, 4);
            y[r] += sgn ? (int64_t)(int32_t)e : (int64_t)e;
        }
    } else if (DTPU_LE_BYTES && ob == 64) {
        for (unsigned r = 0; r < n; r++)
            y[r] += (int64_t)o[r];
    } else {
        for (unsigned r = 0; r < n; r++) {
            const uint64_t e = dtpu_get(o, r, ob);
            y[r] += sgn ? dtpu_sext(e, ob) : (int64_t)e;
        }
    }
}

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
                for (unsigned v = 0; v < nv; v++)
                    pack_vector(g_in + v * ipw, X + (n0 + v) * K + k * C, kc, wb);
                const int rc = be->run(be->ctx, csr, g_in, nv, ipw, g_out, opw);
                if (rc != 0)
                    return rc;
                for (unsigned v = 0; v < nv; v++)
                    unpack_add(Y + (n0 + v) * M + m * R, g_out + v * opw, mr, ob, sgn);
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
