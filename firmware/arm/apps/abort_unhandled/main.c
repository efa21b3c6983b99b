/* abort_unhandled: a data abort with no app hook. The BSP's default handler prints
 * "data abort: PC=... DFAR=... DFSR=..." and ends the program with exit status 1: checks the
 * default report and the propagation of a non-zero semihosting exit status. */
#include <stdint.h>
#include <stdio.h>
#include "bsp/bsp.h"

#define PROBE_ADDR ((ZVP_L2CC_BASE & ~0xFFFFFu) + 0x100000u)   /* as in apps/abort */

int main(void)
{
    printf("abort_unhandled: reading 0x%08lx\n", (unsigned long)PROBE_ADDR);
    uint32_t v = *(volatile uint32_t *)(uintptr_t)PROBE_ADDR;
    printf("abort_unhandled: not reached (read 0x%08lx)\n", (unsigned long)v);
    return 0;
}
