/* Interrupt dispatch: the IRQ vector acknowledges the GIC, calls the handler registered for the ID
 * and always writes the acknowledged value back to EOIR (as the vendor's XScuGic_InterruptHandler). */
#ifndef BSP_IRQ_H
#define BSP_IRQ_H

#include <stdint.h>

typedef void (*bsp_irq_fn)(void *arg);

/* Register a handler for GIC interrupt `id` (0..ZVP_GIC_NUM_IRQS-1); fn NULL unregisters.
 * Returns 0, or -1 for an invalid id. Does not enable the interrupt: call bsp_gic_enable(id). */
int bsp_irq_register(uint32_t id, bsp_irq_fn fn, void *arg);

/* Convenience: register + set priority + enable in the distributor. */
int bsp_irq_attach(uint32_t id, bsp_irq_fn fn, void *arg);

/* Called from the IRQ vector (startup.S). */
void bsp_irq_dispatch(void);

/* Interrupts taken for an ID with no handler, and spurious (1023) acknowledges. */
uint32_t bsp_irq_unhandled_count(void);
uint32_t bsp_irq_spurious_count(void);

/* CPSR.I control. bsp_cpu_irq_disable returns the previous state for bsp_cpu_irq_restore. */
#ifdef ZVP_HAL_LINUX
/* Linux user space: the handlers run from bsp_wfi, there is no CPSR.I to change. */
static inline void bsp_cpu_irq_enable(void) {}
static inline uint32_t bsp_cpu_irq_disable(void) { return 0x80u; }
static inline void bsp_cpu_irq_restore(uint32_t cpsr) { (void)cpsr; }
#else
static inline void bsp_cpu_irq_enable(void) { __asm__ volatile("cpsie i" ::: "memory"); }
static inline uint32_t bsp_cpu_irq_disable(void)
{
    uint32_t cpsr;
    __asm__ volatile("mrs %0, cpsr\n\tcpsid i" : "=r"(cpsr)::"memory");
    return cpsr;
}
static inline void bsp_cpu_irq_restore(uint32_t cpsr)
{
    if (!(cpsr & 0x80u))
        __asm__ volatile("cpsie i" ::: "memory");
}
#endif

/* FIQ hook (weak; default: ignore). */
void bsp_fiq_handler(void);

#endif
