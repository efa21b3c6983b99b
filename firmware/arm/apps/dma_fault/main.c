/* dma_fault: an invalid instruction and then an unmapped source each raise the PL330 abort
 * interrupt; the handler (pl330_handle_fault) reads FSRD/FSRC/FTR/CPC, kills the channel and
 * reports; after each fault the next transfer on the same channel succeeds. Exit 0 iff both
 * faults were taken with the expected fault types and both recovery copies verified. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bsp/bsp.h"
#include "drivers/pl330/pl330.h"

#define CH 2u
#define UNMAPPED 0xF9000000u  /* reserved on Zynq: no slave answers */
#define FT_UNDEF (1u << 0)
#define FT_DATA_READ (1u << 18)

static uint8_t src[512] __attribute__((aligned(32)));
static uint8_t dst[512] __attribute__((aligned(32)));
static uint8_t prog[256] __attribute__((aligned(32)));
static pl330_dev dma;

static int run(uint32_t prog_len)
{
    bsp_dcache_flush_range((uintptr_t)prog, prog_len);
    return pl330_start(&dma, CH, (uint32_t)(uintptr_t)prog);
}

static int wait_fault(uint32_t faults_before)
{
    const uint64_t end = bsp_time_us() + 1000000u;
    while (dma.faults == faults_before)
        if (bsp_time_us() > end)
            return -1;
    return 0;
}

static int good_copy(uint32_t seed)
{
    for (uint32_t i = 0; i < sizeof src; i++)
        src[i] = (uint8_t)(i * 13u + seed);
    memset(dst, 0, sizeof dst);
    bsp_dcache_flush_range((uintptr_t)src, sizeof src);
    bsp_dcache_flush_range((uintptr_t)dst, sizeof dst);
    pl330_prog p;
    pl330_prog_init(&p, prog, sizeof prog);
    if (pl330_build_memcpy(&p, (uint32_t)(uintptr_t)dst, (uint32_t)(uintptr_t)src, 300, CH))
        return -1;
    const uint32_t before = dma.done[CH];
    if (run(p.len) || pl330_wait(&dma, CH, before + 1, 1000000u))
        return -2;
    bsp_dcache_invalidate_range((uintptr_t)dst, sizeof dst);
    if (memcmp(src, dst, 300) != 0 || dst[300] != 0)
        return -3;
    return 0;
}

static int fault_case(const char *what, uint32_t prog_len, uint32_t expect_ftr)
{
    const uint32_t f0 = dma.faults;
    if (run(prog_len) || wait_fault(f0)) {
        printf("dma_fault: %s: no abort interrupt\n", what);
        return 1;
    }
    const int ok = dma.last_fault.channel == (int)CH && (dma.last_fault.ftr & expect_ftr) &&
                   pl330_csr(&dma, CH) == 0 && pl330_read(&dma, ZVP_PL330_FSRC) == 0;
    printf("dma_fault: %s: abort taken, channel %d FTR=0x%08lx CPC=prog+%lu, killed: %s\n", what,
           dma.last_fault.channel, (unsigned long)dma.last_fault.ftr,
           (unsigned long)(dma.last_fault.pc - (uint32_t)(uintptr_t)prog), ok ? "ok" : "FAIL");
    const int rc = good_copy(what[0]);
    printf("dma_fault: %s: next transfer %s\n", what, rc ? "FAIL" : "ok");
    return !ok || rc;
}

int main(void)
{
    int fails = 0;
    printf("dma_fault: PL330 fault handling on channel %u\n", CH);
    pl330_attach_irqs(&dma);
    bsp_cpu_irq_enable();
    if (pl330_init(&dma, ZVP_DMAC_S_BASE)) {
        printf("dma_fault: reset/self test FAILED\n");
        return 1;
    }
    dma.quiet = 1;

    /* 1: an undefined instruction after a valid one. */
    pl330_prog p;
    pl330_prog_init(&p, prog, sizeof prog);
    pl330_dmamov(&p, PL330_SAR, 0x1000);
    prog[p.len++] = 0xFF;  /* undefined encoding */
    pl330_dmaend(&p);
    fails += fault_case("invalid instruction", p.len, FT_UNDEF);

    /* 2: a load from an address no slave decodes. */
    pl330_prog_init(&p, prog, sizeof prog);
    pl330_build_memcpy(&p, (uint32_t)(uintptr_t)dst, UNMAPPED, 256, CH);
    fails += fault_case("unmapped source", p.len, FT_DATA_READ);

    printf("dma_fault: faults handled %lu\n", (unsigned long)dma.faults);
    printf("dma_fault: %s\n", fails ? "FAILED" : "PASSED");
    return fails ? 1 : 0;
}
