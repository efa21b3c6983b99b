/* amp_code_mmu: amp_code's rewritten function with both MMUs on and the function run at a
 * virtual address other than its physical one. CPU0 maps a 1 MB section at ALIAS_VA onto the
 * section holding the function (the BSP's table, which CPU1 uses too) and unmaps VA 0 (where
 * DDR starts physically), then rewrites the function between CPU1's calls through the alias:
 * version 2 made visible with ICIALLUIS, version 3 with ICIMVAU on the alias address. Each core
 * is its own Unicorn engine: CPU1 runs the new code only if the invalidation drops its
 * translation of the physical page behind the alias. Exits 0 if CPU1 ran every version. */
#include <stdint.h>
#include <stdio.h>
#include "bsp/bsp.h"

#define ALIAS_VA 0xC0100000u /* a section the BSP leaves unmapped (no device, no memory) */

struct mailbox {
    volatile uint32_t go;      /* CPU0 sets, CPU1 clears after the call */
    volatile uint32_t result;  /* what the function returned */
    volatile uint32_t ttbr0, dacr, mmu_on;  /* CPU0's translation regime, for CPU1 */
    volatile uint32_t fn;      /* the function's virtual address (in the alias) */
};
#define MBOX ((struct mailbox *)ZVP_OCM_BASE)
#include "apps/amp_code/code_on_cpu1.h"

/* The function CPU1 calls: MOV r0, #n; BX lr (ARM), in a cache line of its own. */
static uint32_t code[8] __attribute__((aligned(32)));

/* CPU1 takes CPU0's table (TTBCR 0, TTBR0, DACR) and turns its MMU on. */
static void cpu1_mmu_on(void)
{
    uint32_t sctlr;
    __asm__ volatile("mcr p15, 0, %0, c2, c0, 2" : : "r"(0u));           /* TTBCR */
    __asm__ volatile("mcr p15, 0, %0, c3, c0, 0" : : "r"(MBOX->dacr));   /* DACR */
    __asm__ volatile("mcr p15, 0, %0, c2, c0, 0" : : "r"(MBOX->ttbr0));  /* TTBR0 */
    __asm__ volatile("mcr p15, 0, %0, c8, c7, 0\n dsb\n isb" : : "r"(0u) : "memory");  /* TLBIALL */
    __asm__ volatile("mrc p15, 0, %0, c1, c0, 0" : "=r"(sctlr));
    __asm__ volatile("mcr p15, 0, %0, c1, c0, 0\n isb" : : "r"(sctlr | 1u) : "memory");  /* SCTLR.M */
}

void cpu1_main(void)
{
    cpu1_mmu_on();
    MBOX->mmu_on = 1;
    sev();
    for (;;) {
        while (!MBOX->go)
            __asm__ volatile("wfe" ::: "memory");
        MBOX->result = ((uint32_t(*)(void))(uintptr_t)MBOX->fn)();
        MBOX->go = 0;
        sev();
    }
}

/* Writes version n of the function through the alias (code_on_cpu1.h). */
static void write_code(uint32_t n, int by_line)
{
    write_code_at((volatile uint32_t *)(uintptr_t)MBOX->fn, n, by_line);
}

/* Maps the 1 MB section at ALIAS_VA onto the physical section holding the function, with the
 * attributes of the flat entry, and unmaps VA 0 (physical DDR's first section: nothing there). */
static void map_alias(void)
{
    uint32_t ttbr0, dacr;
    __asm__ volatile("mrc p15, 0, %0, c2, c0, 0" : "=r"(ttbr0));
    __asm__ volatile("mrc p15, 0, %0, c3, c0, 0" : "=r"(dacr));
    volatile uint32_t *table = (volatile uint32_t *)(uintptr_t)(ttbr0 & ~0x3FFFu);
    uint32_t pa = (uint32_t)(uintptr_t)code;
    table[ALIAS_VA >> 20] = (pa & 0xFFF00000u) | (table[pa >> 20] & 0xFFFFFu);
    table[0] = 0;
    __asm__ volatile("dsb\n mcr p15, 0, %0, c8, c3, 0\n dsb\n isb" : : "r"(0u) : "memory");  /* TLBIALLIS */
    MBOX->ttbr0 = ttbr0;
    MBOX->dacr = dacr;
    MBOX->fn = ALIAS_VA + (pa & 0xFFFFFu);
}

int main(void)
{
    MBOX->go = 0;
    MBOX->mmu_on = 0;
    if (!bsp_mmu_enabled()) {
        printf("amp_code_mmu: the BSP left the MMU off\n");
        return 2;
    }
    map_alias();
    write_code(1, 0);
    bsp_out32(CPU1_START_ADDR, (uint32_t)(uintptr_t)&cpu1_start);
    sev();
    while (!MBOX->mmu_on)
        __asm__ volatile("wfe" ::: "memory");
    printf("amp_code_mmu: function at VA 0x%08lx, PA 0x%08lx\n", (unsigned long)MBOX->fn,
           (unsigned long)(uintptr_t)code);
    return check_versions("amp_code_mmu", write_code) == VERSIONS ? 0 : 1;
}
