/* Register access helpers for memory-mapped peripherals (all ZVP_* addresses come from
 * zvp_memmap.h and regs/<block>_regs.h, generated from the memory-map YAML files). */
#ifndef BSP_IO_H
#define BSP_IO_H

#include <stdint.h>
#include "zvp_memmap.h"

static inline void bsp_out32(uint32_t addr, uint32_t value)
{
    *(volatile uint32_t *)(uintptr_t)addr = value;
}

static inline uint32_t bsp_in32(uint32_t addr)
{
    return *(volatile uint32_t *)(uintptr_t)addr;
}

static inline void bsp_out8(uint32_t addr, uint8_t value)
{
    *(volatile uint8_t *)(uintptr_t)addr = value;
}

static inline uint8_t bsp_in8(uint32_t addr)
{
    return *(volatile uint8_t *)(uintptr_t)addr;
}

static inline void bsp_dsb(void) { __asm__ volatile("dsb" ::: "memory"); }
static inline void bsp_dmb(void) { __asm__ volatile("dmb" ::: "memory"); }
static inline void bsp_isb(void) { __asm__ volatile("isb" ::: "memory"); }
#ifdef ZVP_HAL_LINUX
/* Linux user space (bsp/hal.h): waits for an interrupt of a device the program attached
 * (bsp_irq_attach) and runs its handler, so a driver's "while (!done) bsp_wfi();" works unchanged. */
void bsp_wfi(void);
#else
static inline void bsp_wfi(void) { __asm__ volatile("wfi" ::: "memory"); }
#endif

#endif
