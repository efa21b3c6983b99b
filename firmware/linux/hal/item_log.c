/* The runner's item log and progress from Linux user space (bsp/bootparam.h: bsp_item_time,
 * bsp_progress): the same entries and boot-parameter words as on bare metal, at the same
 * physical addresses (ZVP_ITEM_LOG_BASE, ZVP_BOOTPARAM_BASE), which ZVP's device trees reserve
 * (/reserved-memory/zvp-log@..., no-map) so that the kernel never uses them. Mapped from
 * /dev/mem at the first call. A device tree without that node (a user's own) leaves the memory
 * to the kernel: then there is neither, and one line on stderr says so. */
#include <stdio.h>

#include "bsp/bootparam.h"
#include "hal_linux.h"

#define LOG_NODE "zvp-log@"

static volatile uint8_t *log_mem; /* the reserved range, from ZVP_ITEM_LOG_BASE */
static int log_state;             /* 0: not looked up yet; 1: mapped; -1: no log */

static int map_log(void)
{
    if (log_state)
        return log_state > 0;
    uint32_t base = 0, size = 0;
    const uint32_t end = ZVP_BOOTPARAM_BASE + (uint32_t)sizeof(zvp_bootparam);
    if (!zvp_hal_reserved_region(LOG_NODE, &base, &size) || base > ZVP_ITEM_LOG_BASE || base + size < end) {
        fprintf(stderr, "zvp: no per-input log or progress: the device tree reserves no %s node over 0x%08x..0x%08x\n",
                LOG_NODE, (unsigned)ZVP_ITEM_LOG_BASE, (unsigned)end);
        log_state = -1;
        return 0;
    }
    log_mem = zvp_hal_map_phys(ZVP_ITEM_LOG_BASE, end - ZVP_ITEM_LOG_BASE);
    log_state = 1;
    return 1;
}

/* The boot-parameter block, or null without the log region. */
static volatile zvp_bootparam *block(void)
{
    return map_log() ? (volatile zvp_bootparam *)(log_mem + (ZVP_BOOTPARAM_BASE - ZVP_ITEM_LOG_BASE)) : 0;
}

void bsp_progress(uint32_t done, uint32_t total)
{
    volatile zvp_bootparam *bp = block();
    if (bp && bp->magic == ZVP_BOOTPARAM_MAGIC) {
        bp->items_total = total;
        bp->items_done = done;
    }
}

void bsp_item_time(uint32_t i, uint32_t ticks, uint32_t hz)
{
    volatile zvp_bootparam *bp = block();
    if (bp && bp->magic == ZVP_BOOTPARAM_MAGIC && i < ZVP_ITEM_LOG_SIZE / 4u) {
        ((volatile uint32_t *)log_mem)[i] = ticks;
        bp->item_log_hz = hz;
        bp->item_log_count = i + 1u;
    }
}
