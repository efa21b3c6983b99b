/* Xilinx AXI DMA (PG021) in direct register mode, the register sequences of the vendor driver
 * (XAxiDma): reset and poll, simple transfer, interrupt enable / status / acknowledge.
 * Offsets come from regs/axi_dma_regs.h (ZVP_AXI_DMA_*); S2MM registers repeat the MM2S ones. */
#ifndef DRV_AXIDMA_H
#define DRV_AXIDMA_H

#include <stdint.h>

#include "regs/axi_dma_regs.h"

#define AXIDMA_MM2S 0 /* memory -> stream ("DMA_TO_DEVICE") */
#define AXIDMA_S2MM 1 /* stream -> memory ("DEVICE_TO_DMA") */

/* The interrupt bits (XAXIDMA_IRQ_*_MASK): the same bit in DMASR (status, write 1 to clear) and
 * DMACR (enable); generated from models/dma/axi_dma/axi_dma.regs.yaml. */
#define AXIDMA_IRQ_IOC ZVP_AXI_DMA_MM2S_DMASR_IOC_IRQ_MASK
#define AXIDMA_IRQ_DLY ZVP_AXI_DMA_MM2S_DMASR_DLY_IRQ_MASK
#define AXIDMA_IRQ_ERR ZVP_AXI_DMA_MM2S_DMASR_ERR_IRQ_MASK
#define AXIDMA_IRQ_ALL (AXIDMA_IRQ_IOC | AXIDMA_IRQ_DLY | AXIDMA_IRQ_ERR)

typedef struct {
    uint32_t base;
    uint32_t max_len; /* bytes per simple transfer: 2^length_width - 1 */
} axidma_dev;

/* Resets the core (DMACR.Reset, polled until it clears; XAxiDma_Reset + ResetIsDone).
 * Returns 0, or -1 if the reset never completes. */
int axidma_init(axidma_dev *d, uint32_t base, unsigned length_width);
int axidma_reset(axidma_dev *d);
/* Busy = running (Halted 0) and not idle (XAxiDma_Busy). */
int axidma_busy(const axidma_dev *d, int dir);
/* XAxiDma_SimpleTransfer: 0, -1 busy, -2 bad length (0 or over the LENGTH width).
 * Writes SA/DA, sets RS (read-modify-write), then LENGTH last (which starts the transfer). */
int axidma_simple_transfer(axidma_dev *d, uint32_t addr, uint32_t len, int dir);
uint32_t axidma_status(const axidma_dev *d, int dir);          /* DMASR */
void axidma_irq_enable(axidma_dev *d, uint32_t mask, int dir);  /* DMACR |= mask */
void axidma_irq_disable(axidma_dev *d, uint32_t mask, int dir); /* DMACR &= ~mask */
uint32_t axidma_irq_get(const axidma_dev *d, int dir);          /* DMASR & IRQ bits */
void axidma_irq_ack(axidma_dev *d, uint32_t mask, int dir);     /* write 1s to DMASR */

#endif
