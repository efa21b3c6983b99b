#include "drivers/axidma/axidma.h"

#include "bsp/io.h"
#include "regs/axi_dma_regs.h" /* models/dma/axi_dma/axi_dma.regs.yaml */

#define CR(bit) ZVP_AXI_DMA_MM2S_DMACR_##bit##_MASK
#define SR(bit) ZVP_AXI_DMA_MM2S_DMASR_##bit##_MASK
_Static_assert(CR(IOC_IRQ_EN) == SR(IOC_IRQ) && CR(DLY_IRQ_EN) == SR(DLY_IRQ) && CR(ERR_IRQ_EN) == SR(ERR_IRQ),
               "DMACR enables sit on the DMASR interrupt bits");

#define RESET_POLLS 1000u
/* The S2MM registers repeat the MM2S ones at this offset. */
#define S2MM_OFFSET (ZVP_AXI_DMA_S2MM_DMACR - ZVP_AXI_DMA_MM2S_DMACR)

static uint32_t reg(const axidma_dev *d, int dir, uint32_t mm2s_off)
{
    return d->base + mm2s_off + (dir == AXIDMA_S2MM ? S2MM_OFFSET : 0u);
}

int axidma_reset(axidma_dev *d)
{
    bsp_out32(reg(d, AXIDMA_MM2S, ZVP_AXI_DMA_MM2S_DMACR), CR(SOFT_RESET)); /* resets both channels */
    for (uint32_t i = 0; i < RESET_POLLS; i++)
        if (!(bsp_in32(reg(d, AXIDMA_MM2S, ZVP_AXI_DMA_MM2S_DMACR)) & CR(SOFT_RESET)))
            return 0;
    return -1;
}

int axidma_init(axidma_dev *d, uint32_t base, unsigned length_width)
{
    d->base = base;
    d->max_len = length_width >= 32 ? UINT32_MAX : (1u << length_width) - 1u;
    return axidma_reset(d);
}

uint32_t axidma_status(const axidma_dev *d, int dir) { return bsp_in32(reg(d, dir, ZVP_AXI_DMA_MM2S_DMASR)); }

int axidma_busy(const axidma_dev *d, int dir)
{
    const uint32_t sr = axidma_status(d, dir);
    return !(sr & SR(HALTED)) && !(sr & SR(IDLE));
}

int axidma_simple_transfer(axidma_dev *d, uint32_t addr, uint32_t len, int dir)
{
    if (len == 0 || len > d->max_len)
        return -2;
    if (axidma_busy(d, dir))
        return -1;
    bsp_out32(reg(d, dir, dir == AXIDMA_S2MM ? ZVP_AXI_DMA_S2MM_DA - S2MM_OFFSET : ZVP_AXI_DMA_MM2S_SA), addr);
    const uint32_t cr = reg(d, dir, ZVP_AXI_DMA_MM2S_DMACR);
    bsp_out32(cr, bsp_in32(cr) | CR(RS));
    bsp_out32(reg(d, dir, ZVP_AXI_DMA_MM2S_LENGTH), len); /* last: starts the channel */
    return 0;
}

void axidma_irq_enable(axidma_dev *d, uint32_t mask, int dir)
{
    const uint32_t cr = reg(d, dir, ZVP_AXI_DMA_MM2S_DMACR);
    bsp_out32(cr, bsp_in32(cr) | (mask & AXIDMA_IRQ_ALL));
}

void axidma_irq_disable(axidma_dev *d, uint32_t mask, int dir)
{
    const uint32_t cr = reg(d, dir, ZVP_AXI_DMA_MM2S_DMACR);
    bsp_out32(cr, bsp_in32(cr) & ~(mask & AXIDMA_IRQ_ALL));
}

uint32_t axidma_irq_get(const axidma_dev *d, int dir) { return axidma_status(d, dir) & AXIDMA_IRQ_ALL; }

void axidma_irq_ack(axidma_dev *d, uint32_t mask, int dir)
{
    bsp_out32(reg(d, dir, ZVP_AXI_DMA_MM2S_DMASR), mask & AXIDMA_IRQ_ALL);
}
