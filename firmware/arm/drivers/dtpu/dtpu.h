/* The DTPU behind the PG081 AXI4-Stream Accelerator Adapter with its four AXI DMAs and the AXI
 * INTC (PL design "dtpu"): the thesis driver's sequence (reset; IARG_RQT_EN = all three arguments; software
 * output length; weights once; CSR; per input chunk: input DMA, OARG0_LENGTH, EXECUTE_STEP,
 * UPDATE_OUT_ARG, S2MM DMA, UPDATE_IN_ARG) as a dtpu_backend for the inference library, with
 * completion by interrupt (INTC -> IRQ_F2P[0]) and the ZVP counters for the reports. */
#ifndef DRV_DTPU_H
#define DRV_DTPU_H

#include <stdint.h>

#include "golden/dtpu/dtpu_gemm.h"

#define DTPU_E_DMA (-10)     /* a DMA reported an error (DMASR in dtpu_dev.dma_sr) */
#define DTPU_E_ADAPTER (-11) /* the adapter reported an error (ERROR in dtpu_dev.error) */

typedef struct {
    uint64_t vectors, busy, stall, macs, steps, weight_loads, out_stall, in_words, out_words;
} dtpu_counters;

typedef struct dtpu_dev {
    dtpu_backend be;
    uint32_t error;     /* last adapter ERROR value */
    uint32_t dma_sr;    /* last failing DMASR */
    uint64_t bytes_to, bytes_from; /* DMA bytes to / from the accelerator */
    uint64_t step_ticks;           /* global-timer ticks spent in the steps (DMAs, command, wait) */
    uint32_t precisions;           /* DTPU_HAS_* of this build */
    int pipelined;
    uint32_t clock_khz;            /* the core clock (CLOCK_KHZ) */
    uint32_t batch;                /* images per batch through the dense layers (BATCH, >= 1) */
} dtpu_dev;

/* Resets DMAs and adapter, programs the adapter, attaches the INTC interrupt; the MXU size comes
 * from the adapter's CONFIG register (d->be.rows / cols, d->precisions). 0 on success. */
int dtpu_init(dtpu_dev *d);
void dtpu_read_counters(dtpu_counters *c);
/* DTPU_HAS_* of the build (CONFIG.PRECISIONS), readable before dtpu_init. */
uint32_t dtpu_build_precisions(void);
/* The adapter's STATUS / ERROR registers. */
uint32_t dtpu_status(void);
uint32_t dtpu_error(void);
/* Raw access for the bad-input self-checks: writes CMD; sends a raw CSR word; */
void dtpu_cmd(uint32_t code, uint32_t mask);
/* The ERROR value the interrupt handler last saw (then cleared in the adapter); resets it. */
uint32_t dtpu_take_error(void);

#endif
