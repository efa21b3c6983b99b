#include "drivers/axitimer/axitimer.h"

#include "bsp/io.h"
#include "regs/axi_timer_regs.h" /* models/pl/axi_timer.regs.yaml */

#define TIMER_STRIDE ZVP_AXI_TIMER_TCSR0_STRIDE
#define TCSR(bit) ZVP_AXI_TIMER_TCSR0_##bit##_MASK

static uint32_t tcsr(uint32_t base, unsigned n) { return base + ZVP_AXI_TIMER_TCSR0 + (n & 1u) * TIMER_STRIDE; }
static uint32_t tlr(uint32_t base, unsigned n) { return base + ZVP_AXI_TIMER_TLR0 + (n & 1u) * TIMER_STRIDE; }
static uint32_t tcr(uint32_t base, unsigned n) { return base + ZVP_AXI_TIMER_TCR0 + (n & 1u) * TIMER_STRIDE; }

void axitimer_init(uint32_t base)
{
    for (unsigned n = 0; n < 2; n++) {
        bsp_out32(tcsr(base, n), ZVP_AXI_TIMER_TCSR0_RESET);
        bsp_out32(tlr(base, n), ZVP_AXI_TIMER_TLR0_RESET);
        bsp_out32(tcsr(base, n), TCSR(TINT) | TCSR(LOAD)); /* ack, counter <- TLR */
        bsp_out32(tcsr(base, n), ZVP_AXI_TIMER_TCSR0_RESET);
    }
}

void axitimer_set_options(uint32_t base, unsigned n, uint32_t bits)
{
    const uint32_t keep = bsp_in32(tcsr(base, n)) & TCSR(ENT);
    bsp_out32(tcsr(base, n), keep | (bits & (TCSR(MDT) | TCSR(UDT) | TCSR(GENT) | TCSR(CAPT) |
                                             TCSR(ARHT) | TCSR(ENIT) | TCSR(CASC))));
}

void axitimer_set_reset_value(uint32_t base, unsigned n, uint32_t v) { bsp_out32(tlr(base, n), v); }

void axitimer_start(uint32_t base, unsigned n)
{
    const uint32_t old = bsp_in32(tcsr(base, n)) & ~TCSR(TINT); /* never ack by accident */
    bsp_out32(tcsr(base, n), TCSR(LOAD));
    bsp_out32(tcsr(base, n), old | TCSR(ENT));
}

void axitimer_stop(uint32_t base, unsigned n)
{
    bsp_out32(tcsr(base, n), bsp_in32(tcsr(base, n)) & ~(TCSR(ENT) | TCSR(TINT)));
}

uint32_t axitimer_value(uint32_t base, unsigned n) { return bsp_in32(tcr(base, n)); }

int axitimer_expired(uint32_t base, unsigned n) { return (bsp_in32(tcsr(base, n)) & TCSR(TINT)) != 0; }

void axitimer_ack(uint32_t base, unsigned n) { bsp_out32(tcsr(base, n), bsp_in32(tcsr(base, n)) | TCSR(TINT)); }
