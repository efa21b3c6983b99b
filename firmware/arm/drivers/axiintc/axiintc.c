#include "drivers/axiintc/axiintc.h"

#include "bsp/io.h"
#include "regs/axi_intc_regs.h"

void axiintc_init(uint32_t base)
{
    bsp_out32(base + ZVP_AXI_INTC_MER, ZVP_AXI_INTC_MER_RESET);
    bsp_out32(base + ZVP_AXI_INTC_IER, ZVP_AXI_INTC_IER_RESET);
    bsp_out32(base + ZVP_AXI_INTC_IAR, ZVP_AXI_INTC_IAR_INTR_MASK); /* acknowledge every input */
    bsp_out32(base + ZVP_AXI_INTC_MER, ZVP_AXI_INTC_MER_ME_MASK | ZVP_AXI_INTC_MER_HIE_MASK);
}

void axiintc_enable(uint32_t base, uint32_t mask) { bsp_out32(base + ZVP_AXI_INTC_SIE, mask); }
void axiintc_disable(uint32_t base, uint32_t mask) { bsp_out32(base + ZVP_AXI_INTC_CIE, mask); }
uint32_t axiintc_pending(uint32_t base) { return bsp_in32(base + ZVP_AXI_INTC_IPR); }
void axiintc_ack(uint32_t base, uint32_t mask) { bsp_out32(base + ZVP_AXI_INTC_IAR, mask); }
