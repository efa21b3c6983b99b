/* dtpu_gemm: for every mode (int8/16/32/64 wrap and wide, vector, fp32, bf16) a seeded R x C
 * weight tile and a batch of vectors go through the DTPU (adapter + DMAs + INTC) and the MXU
 * reference on the ARM; the outputs must match bit for bit. Then integer GEMMs (M, K not
 * multiples of the tile) through the tiled library, and the bad-input reactions (unsupported
 * precision code, weight window beyond the BRAM, undefined CMD code). Exit 0 = all pass. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bsp/bsp.h"
#include "drivers/dtpu/dtpu.h"
#include "golden/dtpu/dtpu_gemm.h"
#include "golden/dtpu/dtpu_mxu.h"

#define R 8
#define C 8
static dtpu_dev dev;
static uint64_t w[R * 8], in[64 * 8], out[64 * 8], ref[64 * 8];
static int32_t W[20 * 37], X[5 * 37];
static int64_t Y[5 * 20], Yr[5 * 20];
static uint32_t s = 12345;
static uint32_t rnd(void) { return s = s * 1664525u + 1013904223u; }
static uint64_t rnd64(void) { return (uint64_t)rnd() << 32 | rnd(); }

/* Small finite floats (no overflow / subnormals): exponent near 127. */
static uint64_t fp_word(unsigned bits)
{
    uint64_t v = 0;
    for (unsigned k = 0; k < 64 / bits; k++) {
        uint32_t f = (rnd() & 0x80000000u) | ((120u + rnd() % 12u) << 23) | (rnd() & 0x7FFFFFu);
        uint64_t e = bits == 32 ? f : (f >> 16);
        v |= e << (k * bits);
    }
    return v;
}

int main(void)
{
    static const uint32_t modes[] = {
        DTPU_PREC_INT8, DTPU_PREC_INT16, DTPU_PREC_INT32, DTPU_PREC_INT64,
        DTPU_PREC_INT8 | DTPU_CSR_WIDE | DTPU_CSR_SIGNED, DTPU_PREC_INT16 | DTPU_CSR_WIDE | DTPU_CSR_SIGNED,
        DTPU_PREC_INT32 | DTPU_CSR_WIDE | DTPU_CSR_SIGNED, DTPU_PREC_INT8 | DTPU_CSR_WIDE,
        DTPU_CSR_VECTOR, DTPU_CSR_FP32, DTPU_CSR_BF16};
    unsigned fails = 0, checks = 0;
    printf("----- dtpu_gemm -----\n");
    if (dtpu_init(&dev) != 0 || dev.be.rows != R || dev.be.cols != C) {
        printf("dtpu_gemm: init failed (needs the default 8x8 MXU)\n");
        return 1;
    }
    const dtpu_backend *ref_be = dtpu_reference_backend(R, C);
    for (unsigned mi = 0; mi < sizeof modes / sizeof modes[0]; mi++) {
        const uint32_t mode = modes[mi];
        const unsigned wb = dtpu_elem_bits(mode), ob = dtpu_out_bits(mode);
        const unsigned ipw = dtpu_words(C, wb), opw = dtpu_words(R, ob), nvec = mi % 2 ? 1 : 13; /* GEMV and GEMM */
        const int fp = (mode >> 5) & 3u;
        for (unsigned i = 0; i < R * ipw; i++)
            w[i] = fp ? fp_word(wb) : rnd64();
        for (unsigned i = 0; i < nvec * ipw; i++)
            in[i] = fp ? fp_word(wb) : rnd64();
        int rc = dev.be.load_weights(dev.be.ctx, w, R * ipw);
        ref_be->load_weights(0, w, R * ipw);
        if (!rc)
            rc = dev.be.run(dev.be.ctx, dtpu_csr0(mode, 0), in, nvec, ipw, out, opw);
        ref_be->run(0, dtpu_csr0(mode, 0), in, nvec, ipw, ref, opw);
        const int ok = rc == 0 && memcmp(out, ref, nvec * opw * 8u) == 0;
        checks++;
        fails += !ok;
        printf("mode 0x%03x: %u vectors, w=%u out=%u: %s\n", (unsigned)mode, nvec, wb, ob, ok ? "ok" : "MISMATCH");
    }
    /* Tiled integer GEMM (M=20, K=37, N=5) in int8 / int16 wide against the CPU product. */
    for (unsigned p = 0; p < 2; p++) {
        const uint32_t mode = (p ? DTPU_PREC_INT16 : DTPU_PREC_INT8) | DTPU_CSR_WIDE | DTPU_CSR_SIGNED;
        const int32_t lim = p ? 2000 : 127;
        static uint64_t packed[4096];
        for (unsigned i = 0; i < 20 * 37; i++)
            W[i] = (int32_t)(rnd() % (2u * lim + 1u)) - lim;
        for (unsigned i = 0; i < 5 * 37; i++)
            X[i] = (int32_t)(rnd() % (2u * lim + 1u)) - lim;
        const unsigned words = dtpu_pack_weights(R, C, mode, 20, 37, W, packed);
        memset(Y, 0, sizeof Y);
        memset(Yr, 0, sizeof Yr);
        int rc = dev.be.load_weights(dev.be.ctx, packed, words);
        if (!rc)
            rc = dtpu_gemm(&dev.be, mode, 20, 37, 5, 0, X, Y);
        dtpu_gemm_cpu(20, 37, 5, W, X, Yr);
        const int ok = rc == 0 && memcmp(Y, Yr, sizeof Y) == 0;
        checks++;
        fails += !ok;
        printf("gemm int%u 20x37x5 tiled: %s\n", p ? 16u : 8u, ok ? "ok" : "MISMATCH");
    }
    /* Bad input: each gives an adapter error the driver reads, and the device keeps working. */
    {
        int rc = dev.be.run(dev.be.ctx, dtpu_csr0(0x5u, 0), in, 1, 1, out, 1); /* precision code 0x5 */
        printf("bad precision: rc %d ERROR 0x%x\n", rc, (unsigned)dev.error);
        checks++;
        fails += !(rc == DTPU_E_ADAPTER && (dev.error & (1u << 4)));
        rc = dev.be.run(dev.be.ctx, dtpu_csr0(DTPU_PREC_INT8, 3000), in, 1, 1, out, 1); /* 3000*8 > 16384 */
        printf("bad window: rc %d ERROR 0x%x\n", rc, (unsigned)dev.error);
        checks++;
        fails += !(rc == DTPU_E_ADAPTER && (dev.error & (1u << 5)));
        dtpu_cmd(3, 0); /* CMD code 3 is not defined by PG081 */
        for (int k = 0; k < 100 && !(dtpu_status() & 0); k++)
            ; /* a few register reads: the interrupt is taken meanwhile */
        const uint32_t e = dtpu_take_error();
        printf("bad command: ERROR 0x%x\n", (unsigned)e);
        checks++;
        fails += !(e & (1u << 3));
    }
    /* DMA bad input: an input buffer outside DDR (DECERR in the MM2S DMASR), and a weight
     * transfer longer than the weight BRAM (the adapter's IARG_1 overflow). After each the
     * driver recovers and a normal step works again. */
    {
        int rc = dev.be.run(dev.be.ctx, dtpu_csr0(DTPU_PREC_INT8, 0), (const uint64_t *)0xE0000000u, 1, 1, out, 1);
        printf("DMA from unmapped address: rc %d DMASR 0x%x\n", rc, (unsigned)dev.dma_sr);
        checks++;
        fails += !(rc == DTPU_E_DMA && (dev.dma_sr & (1u << 6)));
        static uint64_t big[DTPU_WEIGHT_WORDS + 8];
        rc = dev.be.load_weights(dev.be.ctx, big, DTPU_WEIGHT_WORDS + 8);
        printf("weights longer than the BRAM: rc %d ERROR 0x%x\n", rc, (unsigned)dev.error);
        checks++;
        fails += !(rc == DTPU_E_ADAPTER && (dev.error & (1u << 1)));
        for (unsigned i = 0; i < 8; i++)
            w[i] = rnd64();
        in[0] = rnd64();
        rc = dev.be.load_weights(dev.be.ctx, w, 8);
        ref_be->load_weights(0, w, 8);
        if (!rc)
            rc = dev.be.run(dev.be.ctx, dtpu_csr0(DTPU_PREC_INT8, 0), in, 1, 1, out, 1);
        ref_be->run(0, dtpu_csr0(DTPU_PREC_INT8, 0), in, 1, 1, ref, 1);
        printf("after recovery: %s\n", rc == 0 && out[0] == ref[0] ? "ok" : "MISMATCH");
        checks++;
        fails += !(rc == 0 && out[0] == ref[0]);
    }
    printf("dtpu_gemm: %u checks, %u failures\n", checks, fails);
    printf("@result golden_mismatches %u\n@result checks %u\n", fails, checks);
    return fails ? 1 : 0;
}
