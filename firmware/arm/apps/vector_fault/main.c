/* vector_fault: a lock-up the firmware can cause (issue 14). The program points VBAR at a 1 MB
 * section that cannot be fetched, then executes an undefined instruction. The undefined-
 * instruction vector cannot be fetched (prefetch abort), nor can the prefetch-abort vector:
 * on the chip the core takes the prefetch abort again and again for ever. The simulator must
 * keep simulated time moving, end at --max-sim-time with status 3 and name the lock-up.
 * Boot flag bit 0 (--boot-flags 1) turns the MMU off first: the vectors then sit in the
 * reserved hole after the L2 controller, where the interconnect answers with a bus error. */
#include <stdint.h>
#include <stdio.h>
#include "bsp/bootparam.h"
#include "bsp/bsp.h"
#include "zvp_report.h"

/* Reserved on the Zynq-7000 (0xF900_0000-0xFBFF_FFFF): a translation fault in the BSP's table,
 * unmapped on ZVP with the MMU off (as in apps/abort). */
#define BAD_VBAR ((ZVP_L2CC_BASE & ~0xFFFFFu) + 0x100000u)

int main(void)
{
    const int mmu_off = (bsp_bootparam().flags & 1u) != 0;
    printf("vector_fault: VBAR -> 0x%08lx, MMU %s\n", (unsigned long)BAD_VBAR, mmu_off ? "off" : "on");
    if (mmu_off) {
        uint32_t sctlr;
        __asm__ volatile("mrc p15, 0, %0, c1, c0, 0" : "=r"(sctlr));
        sctlr &= ~1u;
        __asm__ volatile("mcr p15, 0, %0, c1, c0, 0\n isb" ::"r"(sctlr) : "memory");
    }
    __asm__ volatile("mcr p15, 0, %0, c12, c0, 0\n isb" ::"r"(BAD_VBAR) : "memory");
    __asm__ volatile(".word 0xe7f000f0" ::: "memory");   /* permanently undefined (UDF) */
    printf("vector_fault: not reached\n");
    return 0;
}
