#include "bsp/irq.h"
#include "bsp/gic.h"
#include "bsp/io.h"

struct irq_entry {
    bsp_irq_fn fn;
    void *arg;
};

static struct irq_entry irq_table[ZVP_GIC_NUM_IRQS];
static volatile uint32_t unhandled;
static volatile uint32_t spurious;

int bsp_irq_register(uint32_t id, bsp_irq_fn fn, void *arg)
{
    if (id >= ZVP_GIC_NUM_IRQS)
        return -1;
    uint32_t s = bsp_cpu_irq_disable();
    irq_table[id].fn = fn;
    irq_table[id].arg = arg;
    bsp_cpu_irq_restore(s);
    return 0;
}

int bsp_irq_attach(uint32_t id, bsp_irq_fn fn, void *arg)
{
    if (bsp_irq_register(id, fn, arg) != 0)
        return -1;
    bsp_gic_set_priority(id, BSP_GIC_DEFAULT_PRIORITY);
    bsp_gic_enable(id);
    return 0;
}

void bsp_irq_dispatch(void)
{
    uint32_t iar = bsp_gic_ack();
    uint32_t id = ZVP_FIELD_GET(ZVP_GICC_IAR_INTERRUPT_ID, iar);

    if (id < ZVP_GIC_NUM_IRQS) {
        struct irq_entry *e = &irq_table[id];
        if (e->fn)
            e->fn(e->arg);
        else
            unhandled++;
    } else {
        spurious++;
    }
    bsp_gic_eoi(iar);
}

uint32_t bsp_irq_unhandled_count(void) { return unhandled; }
uint32_t bsp_irq_spurious_count(void) { return spurious; }

__attribute__((weak)) void bsp_fiq_handler(void) {}
