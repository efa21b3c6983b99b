/* abort: a load from an unmapped address raises a data abort; the app's hook prints the faulting
 * address (DFAR) and status (DFSR), steps over the faulting load, and the program continues. */
#include <stdint.h>
#include <stdio.h>
#include "bsp/bsp.h"

/* The 1 MB section after the one holding the CPU-private peripherals and the L2 controller:
 * reserved on the Zynq-7000 (0xF900_0000-0xFBFF_FFFF), unmapped on ZVP and on QEMU, and a fault
 * entry in the BSP's translation table (as in the vendor's). So the load aborts on every target:
 * a translation fault (DFSR 0x005) with the MMU on (default), a bus error turned into an external
 * abort (DFSR 0x008) on ZVP with -DBSP_MMU=0. (QEMU's xilinx-zynq-a9 ignores bus errors: with the
 * MMU off it would read 0 instead of aborting.) */
#ifndef PROBE_ADDR
#define PROBE_ADDR ((ZVP_L2CC_BASE & ~0xFFFFFu) + 0x100000u)
#endif
#ifndef APP_NAME
#define APP_NAME "abort"
#endif

static volatile uint32_t aborts;
static volatile uint32_t fault_addr;

static int on_abort(bsp_exc_frame *f, void *arg)
{
    (void)arg;
    if (f->kind != BSP_EXC_DATA_ABORT)
        return 0;   /* default report + exit(1) */
    aborts++;
    fault_addr = f->far;
    printf(APP_NAME ": data abort at PC=0x%08lx DFAR=0x%08lx DFSR=0x%03lx\n", (unsigned long)f->pc,
           (unsigned long)f->far, (unsigned long)(f->fsr & 0x1FFFu));
    bsp_abort_skip(f);
    return 1;
}

int main(void)
{
    bsp_set_abort_handler(on_abort, NULL);
    printf(APP_NAME ": reading 0x%08lx\n", (unsigned long)PROBE_ADDR);
    uint32_t v = *(volatile uint32_t *)(uintptr_t)PROBE_ADDR;
    (void)v;
    printf(APP_NAME ": continued\n");
    int ok = aborts == 1 && fault_addr == PROBE_ADDR;
    printf(APP_NAME ": %lu abort(s), %s\n", (unsigned long)aborts, ok ? "as expected" : "UNEXPECTED");
    return ok ? 0 : 1;
}
