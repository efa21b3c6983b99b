#include "bsp/cache.h"
#include "bsp/io.h"
#include "bsp/irq.h"
#include "regs/l2cc_regs.h"

#ifndef BSP_L2_MAINTENANCE
#define BSP_L2_MAINTENANCE 1
#endif

/* PL310 (L2C-310) registers: regs/l2cc_regs.h (models/ps/l2cc.regs.yaml), offsets from ZVP_L2CC_BASE.
 * RAM latencies as the vendor boot code sets them: tag 1/1/1, data 1/2/1 cycles (setup/read/write). */
#define L2_LATENCY(setup, read, write) (ZVP_FIELD_PREP(ZVP_L2CC_TAG_RAM_CONTROL_SETUP_LAT, setup) | \
                                        ZVP_FIELD_PREP(ZVP_L2CC_TAG_RAM_CONTROL_READ_LAT, read) |   \
                                        ZVP_FIELD_PREP(ZVP_L2CC_TAG_RAM_CONTROL_WRITE_LAT, write))

static inline void l1_clean_inv_line(uintptr_t a) { __asm__ volatile("mcr p15, 0, %0, c7, c14, 1" ::"r"(a) : "memory"); }
static inline void l1_clean_line(uintptr_t a)     { __asm__ volatile("mcr p15, 0, %0, c7, c10, 1" ::"r"(a) : "memory"); }
static inline void l1_inv_line(uintptr_t a)       { __asm__ volatile("mcr p15, 0, %0, c7, c6, 1" ::"r"(a) : "memory"); }

static void l2_op(uint32_t reg, uintptr_t a)
{
#if BSP_L2_MAINTENANCE
    bsp_out32(ZVP_L2CC_BASE + reg, (uint32_t)a);
#else
    (void)reg;
    (void)a;
#endif
}

static void l2_sync(void)
{
#if BSP_L2_MAINTENANCE
    bsp_out32(ZVP_L2CC_BASE + ZVP_L2CC_CACHE_SYNC, 0);
    for (int i = 0; i < 100000 && (bsp_in32(ZVP_L2CC_BASE + ZVP_L2CC_CACHE_SYNC) & ZVP_L2CC_CACHE_SYNC_C_MASK); i++)
        ;
#endif
}

void bsp_l2_enable(void)
{
#if BSP_L2_MAINTENANCE
    if (bsp_in32(ZVP_L2CC_BASE + ZVP_L2CC_CONTROL) & ZVP_L2CC_CONTROL_L2_ENABLE_MASK)
        return;
    bsp_out32(ZVP_L2CC_BASE + ZVP_L2CC_TAG_RAM_CONTROL, L2_LATENCY(1u, 1u, 1u));
    bsp_out32(ZVP_L2CC_BASE + ZVP_L2CC_DATA_RAM_CONTROL, L2_LATENCY(1u, 2u, 1u));
    bsp_out32(ZVP_L2CC_BASE + ZVP_L2CC_INV_WAY, ZVP_L2CC_INV_WAY_WAY_BITS_MASK);  /* all 8 ways */
    for (int i = 0; i < 100000 && (bsp_in32(ZVP_L2CC_BASE + ZVP_L2CC_INV_WAY) & ZVP_L2CC_INV_WAY_WAY_BITS_MASK); i++)
        ;
    l2_sync();
    bsp_out32(ZVP_L2CC_BASE + ZVP_L2CC_INT_CLEAR, bsp_in32(ZVP_L2CC_BASE + ZVP_L2CC_INT_RAW_STATUS));
    bsp_out32(ZVP_L2CC_BASE + ZVP_L2CC_CONTROL, ZVP_L2CC_CONTROL_L2_ENABLE_MASK);
    bsp_dsb();
#endif
}

/* Line-by-line: L1 then L2 for each line (the vendor order), interrupts off so that an ISR cannot
 * refill a line between the two levels. */
static void range_op(uintptr_t addr, uint32_t len, int clean, int inv)
{
    if (len == 0)
        return;
    uintptr_t a = addr & ~(uintptr_t)(BSP_CACHE_LINE - 1);
    uintptr_t end = addr + len;
    uint32_t s = bsp_cpu_irq_disable();
    for (; a < end; a += BSP_CACHE_LINE) {
        if (clean && inv) {
            l1_clean_inv_line(a);
            l2_op(ZVP_L2CC_CLEAN_INV_PA, a);
        } else if (clean) {
            l1_clean_line(a);
            l2_op(ZVP_L2CC_CLEAN_PA, a);
        } else {
            l2_op(ZVP_L2CC_INV_PA, a);
            l1_inv_line(a);
        }
    }
    bsp_dsb();
    l2_sync();
    bsp_cpu_irq_restore(s);
}

void bsp_dcache_flush_range(uintptr_t addr, uint32_t len) { range_op(addr, len, 1, 1); }
void bsp_dcache_store_range(uintptr_t addr, uint32_t len) { range_op(addr, len, 1, 0); }

void bsp_dcache_invalidate_range(uintptr_t addr, uint32_t len)
{
    if (len == 0)
        return;
    uintptr_t end = addr + len;
    /* Lines only partly inside the buffer hold other data: write them back first. */
    if (addr & (BSP_CACHE_LINE - 1))
        range_op(addr, 1, 1, 1);
    if (end & (BSP_CACHE_LINE - 1))
        range_op(end - 1, 1, 1, 1);
    range_op(addr, len, 0, 1);
}
