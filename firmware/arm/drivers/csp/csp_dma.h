/* PL330 micro-code for a CSP layer (seed 001 section III.C): one program per DMA channel
 * (input features, weights, output features) holding every transfer of the layer, in the order
 * the Middleware requests them (csp_plan.h). Per request: DMAWFP (burst) on the channel's
 * peripheral request interface; per segment DMAMOV SAR/DAR, loops of 64-byte bursts, then
 * 32-byte bursts, then single bytes; the request's last byte alone as a peripheral transfer
 * (DMASTPB towards the PL, DMALDPB from it) whose acknowledge completes the request in the DMA
 * Action Scheduler. After the last request: DMAWMB, DMASEV <event>, DMAEND. Segments whose
 * addresses are only 4-byte aligned use 32-bit beats (16 x 4 and 8 x 4 bytes). */
#ifndef DRIVERS_CSP_CSP_DMA_H
#define DRIVERS_CSP_CSP_DMA_H

#include <stdint.h>

#include "golden/convnet/csp_plan.h"
#include "drivers/pl330/pl330_asm.h"
#include "drivers/pl330/pl330_prog.h"

typedef struct {
    uint32_t ddr[3];  /* DDR bases: inputs, weights, outputs (csp_plan layouts) */
    uint32_t pl[3];   /* PL bases seen by the DMAC: TCDM, Weight Memory, TCDM */
    uint32_t periph[3];
} csp_dma_map;

/* Upper bound of a channel program's size in bytes. */
uint32_t csp_dma_prog_bound(const csp_plan *p, int ch);
/* Builds channel ch's program; returns 0 or -1 (buffer too small / assembler error). */
int csp_dma_build(pl330_prog *prog, const csp_plan *p, int ch, const csp_dma_map *m, uint32_t event);

#endif
