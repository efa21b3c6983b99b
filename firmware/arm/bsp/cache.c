#include "bsp/cache.h"
#include "bsp/io.h"
#include "bsp/irq.h"

#ifndef BSP_L2_MAINTENANCE
#define BSP_L2_MAINTENANCE 1
#endif

/* PL310 (L2C-310) registers, offsets from ZVP_L2CC_BASE (ARM L2C-310 TRM). */
#define L2_CONTROL         0x100u
#define L2_TAG_RAM         0x108u
#define L2_DATA_RAM        0x10Cu
#define L2_INT_RAW         0x21Cu
#define L2_INT_CLEAR       0x220u
#define L2_INV_WAY         0x77Cu
#define L2_CACHE_SYNC      0x730u
#define L2_INV_PA          0x770u
#define L2_CLEAN_PA        0x7B0u
#define L2_CLEAN_INV_PA    0x7F0u

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
    bsp_out32(ZVP_L2CC_BASE + L2_CACHE_SYNC, 0);
    for (int i = 0; i < 100000 && (bsp_in32(ZVP_L2CC_BASE + L2_CACHE_SYNC) & 1u); i++)
        ;
#endif
}

void bsp_l2_enable(void)
{
#if BSP_L2_MAINTENANCE
    if (bsp_in32(ZVP_L2CC_BASE + L2_CONTROL) & 1u)
        return;
    bsp_out32(ZVP_L2CC_BASE + L2_TAG_RAM, 0x111u);
    bsp_out32(ZVP_L2CC_BASE + L2_DATA_RAM, 0x121u);
    bsp_out32(ZVP_L2CC_BASE + L2_INV_WAY, 0xFFu);
    for (int i = 0; i < 100000 && (bsp_in32(ZVP_L2CC_BASE + L2_INV_WAY) & 0xFFu); i++)
        ;
    l2_sync();
    bsp_out32(ZVP_L2CC_BASE + L2_INT_CLEAR, bsp_in32(ZVP_L2CC_BASE + L2_INT_RAW));
    bsp_out32(ZVP_L2CC_BASE + L2_CONTROL, 1u);
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
            l2_op(L2_CLEAN_INV_PA, a);
        } else if (clean) {
            l1_clean_line(a);
            l2_op(L2_CLEAN_PA, a);
        } else {
            l2_op(L2_INV_PA, a);
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
