/* The CSP Middleware (seed 001 section III, Figure 4), run by the Zero-riscy: the scheduling of
 * one convolution layer (csp_plan.h) over the DMA Action Scheduler and the Convolution Engine,
 * and the command loop that takes layer descriptors from the CSP mailbox (written by the ARM
 * ConvNet front end) and reports completion through the ARM doorbell.
 */
#ifndef MIDDLEWARE_MW_H
#define MIDDLEWARE_MW_H

#include <stdint.h>

#include "golden/convnet/csp_plan.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Register fields: regs/csp_regs.h (models/accel/csp/csp.regs.yaml: CSP_ENGINE CFG / STATUS,
 * CSP_SCHED PUSH / IRQ_STATUS). */
#include "regs/csp_regs.h"

/* Layer status codes (mailbox STATUS[7:0], as int8). */
enum {
    MW_OK = 0,
    MW_E_ENGINE = -16, /* the engine rejected a pass: -16 - error code */
    MW_E_PUSH = -32    /* the scheduler rejected a push (full FIFO / zero length) */
};

typedef struct {
    uint32_t passes, steps, pushes[3];
    uint32_t wait_dma_polls; /* barrier polls that found the data not yet there */
} mw_stats;

/* Runs one layer; returns MW_OK, a CSP_PLAN_E_* code or an MW_E_* code. */
int mw_run_layer(const csp_layer_desc *d, mw_stats *st);
/* The command loop: returns when the ARM sends CSP_CMD_QUIT (the value to exit with). */
int mw_main_loop(void);

#ifdef __cplusplus
}
#endif

#endif
