/* The boot-parameter block (zvp_bootparam, zvp_report.h) that the platform writes into DDR before
 * the CPU starts, decoded once for every app.
 *
 * An absent or foreign block (no ZVP_BOOTPARAM_MAGIC: a board booted without the runner) reads
 * as "no parameters": images 0 and flags 0, so each app's defaults apply. The CPU clock comes
 * from a version-2 block with a non-zero clock, else it is the clock the BSP was built for
 * (ZVP_ARM_CPU_HZ).
 *
 * Inline on purpose: the BSP is linked whole into every ELF, so a function here would move the
 * code of apps that never read the block. */
#ifndef BSP_BOOTPARAM_H
#define BSP_BOOTPARAM_H

#include <stdint.h>

#include "bsp/gtimer.h"
#include "zvp_memmap.h"
#include "zvp_report.h"

typedef struct bsp_bootparams {
    uint32_t images; /* inputs to process; 0 = the app's default */
    uint32_t flags;  /* app-specific bits; bit 0 "quiet" by convention */
    uint32_t cpu_hz; /* the board's Cortex-A9 clock (the global timer counts at half) */
} bsp_bootparams;

#ifdef ZVP_HAL_LINUX
/* Linux user space: from the program's command line (firmware/linux/hal). */
bsp_bootparams bsp_bootparam(void);
#else
static inline bsp_bootparams bsp_bootparam(void)
{
    const zvp_bootparam *bp = (const zvp_bootparam *)(uintptr_t)ZVP_BOOTPARAM_BASE;
    bsp_bootparams p = { 0u, 0u, ZVP_ARM_CPU_HZ };
    if (bp->magic == ZVP_BOOTPARAM_MAGIC) {
        p.images = bp->images;
        p.flags = bp->flags;
        if (bp->version >= 2u && bp->cpu_hz != 0u)
            p.cpu_hz = bp->cpu_hz;
    }
    return p;
}
#endif

/* Progress of a quiet run for the runner (zvp_report.h): `done` of `total` inputs finished.
 * Two plain stores into the block, none without the runner's magic (a board keeps its DDR).
 * Linux user space: the same stores through /dev/mem (firmware/linux/hal/item_log.c). */
#ifdef ZVP_HAL_LINUX
void bsp_progress(uint32_t done, uint32_t total);
#else
static inline void bsp_progress(uint32_t done, uint32_t total)
{
    volatile zvp_bootparam *bp = (volatile zvp_bootparam *)(uintptr_t)ZVP_BOOTPARAM_BASE;
    if (bp->magic == ZVP_BOOTPARAM_MAGIC) {
        bp->items_total = total;
        bp->items_done = done;
    }
}
#endif

/* Input i's time for the runner's item log (zvp_report.h): `ticks` of a clock of `hz`. An entry
 * and two words of the block, all plain stores (none without the runner's magic, none past the
 * log's end); call it outside the timed code. Linux user space: the same stores through /dev/mem,
 * where the device tree reserves the block and the log (firmware/linux/hal/item_log.c). */
#ifdef ZVP_HAL_LINUX
void bsp_item_time(uint32_t i, uint32_t ticks, uint32_t hz);
#else
static inline void bsp_item_time(uint32_t i, uint32_t ticks, uint32_t hz)
{
    volatile zvp_bootparam *bp = (volatile zvp_bootparam *)(uintptr_t)ZVP_BOOTPARAM_BASE;
    if (bp->magic == ZVP_BOOTPARAM_MAGIC && i < ZVP_ITEM_LOG_SIZE / 4u) {
        ((volatile uint32_t *)(uintptr_t)ZVP_ITEM_LOG_BASE)[i] = ticks;
        bp->item_log_hz = hz;
        bp->item_log_count = i + 1u;
    }
}
#endif

/* A batch's time for the item log: inputs first .. first+count-1 finished together in `ticks`, so
 * each gets its equal share (the shares add up to `ticks` exactly). */
static inline void bsp_batch_time(uint32_t first, uint32_t count, uint64_t ticks, uint32_t hz)
{
    if (count == 1u) {
        bsp_item_time(first, (uint32_t)ticks, hz);
        return;
    }
    for (uint32_t b = 0; b < count; b++)
        bsp_item_time(first + b, (uint32_t)(ticks * (b + 1u) / count - ticks * b / count), hz);
}

#endif
