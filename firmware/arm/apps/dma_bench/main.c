/* dma_bench: PL330 throughput benchmark (not a test). Copies 256 KB DDR->DDR and 64 KB DDR->OCM
 * with CCR burst sizes 4 and 8 bytes and burst lengths 1, 4, 8 and 16 beats, on one channel and
 * on four channels at once (the same total split in four contiguous quarters), timed with the
 * global timer from the first DMAGO to the last completion interrupt. Every destination is
 * verified against its source. Prints a human table and one machine-readable line per case:
 *     @result <path>_b<size>x<len>_<n>ch_mbps <MB/s>      (MB = 10^6 bytes)
 * so that tools/bench/bench_dma.sh can put lt and at beside the UG585 figures (1,776 MB/s
 * theoretical for the 64-bit DMAC at 222 MHz, ~600 MB/s suggested in practice).
 * Exit status 0 iff every copy verified. The programs are built here with the driver's assembler
 * (pl330_build_memcpy always uses 128-byte bursts; the benchmark needs to choose the burst). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bsp/bsp.h"
#include "drivers/pl330/pl330.h"

#define DDR_BYTES (256u * 1024u)
#define OCM_BYTES (64u * 1024u)
#define MAX_CH 4u
#define PROG_BYTES 128u
#define DST_FILL 0x5Au
/* DDR layout: the DDRC maps row | bank | column with 4 KB rows and 8 banks, so two buffers a
 * multiple of 32 KB apart sit in the same bank and every alternation between them is a row
 * conflict. src and dst_ddr are 32 KB aligned; the DDR->DDR cases write to dst_ddr + one row
 * (another bank); the "ddr_ddr_samebank" cases write to dst_ddr itself to show the cost. */
#define ROW_SKEW 4096u

static uint8_t src[DDR_BYTES] __attribute__((aligned(32768)));
static uint8_t dst_ddr[DDR_BYTES + ROW_SKEW] __attribute__((aligned(32768)));
static uint8_t progs[MAX_CH][PROG_BYTES] __attribute__((aligned(32)));
static pl330_dev dma;


/* Copy of len bytes (a multiple of size * beats) in bursts of beats x size; ends with WMB,
 * SEV <event>, END like the vendor driver's programs. */
static int build(pl330_prog *p, uint32_t d, uint32_t s, uint32_t len, uint32_t size,
                 uint32_t beats, uint32_t event)
{
    const uint32_t burst = size * beats;
    if (len % burst)
        return -1;
    pl330_dmamov(p, PL330_SAR, s);
    pl330_dmamov(p, PL330_DAR, d);
    pl330_dmamov(p, PL330_CCR, pl330_ccr(size, beats, size, beats));
    pl330_emit_copy_loops(p, len / burst, 1);
    pl330_dmawmb(p);
    pl330_dmasev(p, event);
    pl330_dmaend(p);
    return p->err;
}

typedef struct {
    const char *path;
    uint8_t *dst;
    uint32_t bytes;
    uint32_t size, beats, channels;
    uint64_t ticks;
    int ok;
} bench_case;

/* Runs one case; returns 0 if the destination verified. */
static int run_case(bench_case *c)
{
    const uint32_t part = c->bytes / c->channels;
    uint32_t before[MAX_CH];
    memset(c->dst, DST_FILL, c->bytes);
    for (uint32_t ch = 0; ch < c->channels; ch++) {
        pl330_prog p;
        pl330_prog_init(&p, progs[ch], PROG_BYTES);
        if (build(&p, (uint32_t)(uintptr_t)(c->dst + ch * part), (uint32_t)(uintptr_t)(src + ch * part),
                  part, c->size, c->beats, ch))
            return -10;
        bsp_dcache_flush_range((uintptr_t)progs[ch], p.len);
    }
    bsp_dcache_flush_range((uintptr_t)src, c->bytes);
    bsp_dcache_flush_range((uintptr_t)c->dst, c->bytes);

    const uint64_t t0 = bsp_gtimer_read();
    for (uint32_t ch = 0; ch < c->channels; ch++) {
        before[ch] = dma.done[ch];
        if (pl330_start(&dma, ch, (uint32_t)(uintptr_t)progs[ch]))
            return -11;
    }
    for (uint32_t ch = 0; ch < c->channels; ch++) {
        const int rc = pl330_wait(&dma, ch, before[ch] + 1u, 1000000u);
        if (rc)
            return rc - 20;
    }
    c->ticks = bsp_gtimer_read() - t0;

    bsp_dcache_invalidate_range((uintptr_t)c->dst, c->bytes);
    return memcmp(src, c->dst, c->bytes) ? -1 : 0;
}

/* MB/s x 10 (MB = 10^6 bytes): bytes / (ticks / BSP_GTIMER_HZ) / 10^6. */
static uint32_t mbps_x10(uint32_t bytes, uint64_t ticks)
{
    if (ticks == 0)
        return 0;
    return (uint32_t)(((uint64_t)bytes * BSP_GTIMER_HZ * 10u / 1000000u + ticks / 2u) / ticks);
}

static int fails;

/* Runs one case, prints its table row and its @result line. */
static void bench(const char *path, uint8_t *dst, uint32_t bytes, uint32_t size, uint32_t beats,
                  uint32_t channels)
{
    bench_case c = {path, dst, bytes, size, beats, channels, 0, 0};
    const int rc = run_case(&c);
    const uint32_t r = rc ? 0 : mbps_x10(c.bytes, c.ticks);
    printf("%-16s %5lu %5lu %3lu %8lu %10lu %7lu.%lu %s\n", c.path, (unsigned long)c.size,
           (unsigned long)c.beats, (unsigned long)c.channels, (unsigned long)c.bytes,
           (unsigned long)c.ticks, (unsigned long)(r / 10u), (unsigned long)(r % 10u),
           rc ? "FAIL" : "ok");
    if (rc) {
        printf("dma_bench:   error %d (CSR0=0x%08lx FSRC=0x%08lx)\n", rc,
               (unsigned long)pl330_csr(&dma, 0), (unsigned long)pl330_read(&dma, ZVP_PL330_FSRC));
        fails++;
        /* A channel still running would corrupt the next case: reset. */
        pl330_reset(&dma);
    }
    printf("@result %s_b%lux%lu_%luch_mbps %lu.%lu\n", c.path, (unsigned long)c.size,
           (unsigned long)c.beats, (unsigned long)c.channels, (unsigned long)(r / 10u),
           (unsigned long)(r % 10u));
}

int main(void)
{
    static const uint32_t sizes[] = {4, 8};
    static const uint32_t lens[] = {1, 4, 8, 16};
    static const uint32_t chans[] = {1, MAX_CH};
    uint8_t *const ocm = (uint8_t *)(uintptr_t)ZVP_OCM_BASE;

    pl330_attach_irqs(&dma);
    bsp_cpu_irq_enable();
    if (pl330_init(&dma, ZVP_DMAC_S_BASE)) {  /* as dma_copy: QEMU maps only this aperture */
        printf("dma_bench: PL330 reset/self test FAILED\n");
        return 1;
    }
    for (uint32_t i = 0; i < DDR_BYTES; i++)
        src[i] = (uint8_t)((i * 167u + 13u) ^ (i >> 9));

    printf("dma_bench: PL330 copies timed by the global timer (%lu Hz); MB = 10^6 bytes\n",
           (unsigned long)BSP_GTIMER_HZ);
    printf("dma_bench: UG585: DMAC 64 bit x 222 MHz = 1776 MB/s theoretical, ~600 MB/s practical\n");
    printf("dma_bench: src 0x%08lx, DDR dst 0x%08lx, OCM dst 0x%08lx\n",
           (unsigned long)(uintptr_t)src, (unsigned long)(uintptr_t)(dst_ddr + ROW_SKEW),
           (unsigned long)(uintptr_t)ocm);
    printf("%-16s %5s %5s %3s %8s %10s %9s %s\n", "path", "size", "beats", "ch", "bytes", "ticks",
           "MB/s", "check");
    for (uint32_t path = 0; path < 2; path++)
        for (uint32_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
            for (uint32_t li = 0; li < sizeof lens / sizeof lens[0]; li++)
                for (uint32_t ci = 0; ci < sizeof chans / sizeof chans[0]; ci++)
                    bench(path ? "ddr_ocm" : "ddr_ddr", path ? ocm : dst_ddr + ROW_SKEW,
                          path ? OCM_BYTES : DDR_BYTES, sizes[si], lens[li], chans[ci]);
    for (uint32_t ci = 0; ci < sizeof chans / sizeof chans[0]; ci++)
        bench("ddr_ddr_samebank", dst_ddr, DDR_BYTES, 8, 16, chans[ci]);
    printf("@result verify_failures %d\n", fails);
    printf("dma_bench: %s (%d failures)\n", fails ? "FAILED" : "PASSED", fails);
    return fails ? 1 : 0;
}
