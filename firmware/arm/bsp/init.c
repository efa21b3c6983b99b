#include <stdio.h>
#include "bsp/bsp.h"

/* Runs from the reset code after stacks, VFP, .data and .bss, before constructors and main().
 * The order follows the vendor BSP: MMU, L1 and L2 caches on, global timer reset and started, interrupt controller in a
 * known state, console ready. CPU interrupts stay masked until the app calls
 * bsp_cpu_irq_enable(). */
#ifndef BSP_MMU
#define BSP_MMU 1
#endif

void bsp_init(void)
{
#if BSP_MMU
    bsp_mmu_init();
    bsp_l2_enable();
#endif
    bsp_gtimer_init();
    bsp_gic_init();
    bsp_uart_init(BSP_CONSOLE_UART_BASE);
    /* Unbuffered stdout: every printf reaches the UART at once (also before an abort or exit). */
    setvbuf(stdout, NULL, _IONBF, 0);
}

/* -nostartfiles drops crti/crtn: __libc_init_array / __libc_fini_array still call these. */
void _init(void) {}
void _fini(void) {}
