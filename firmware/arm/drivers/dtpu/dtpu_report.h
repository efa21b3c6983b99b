/* Per-layer counters of a network run on the DTPU (adapter counters + driver DMA bytes), summed
 * over the inputs, and their "@layer" report lines (zvp_report.h). */
#ifndef DRV_DTPU_REPORT_H
#define DRV_DTPU_REPORT_H

#include <stdint.h>

#include "drivers/dtpu/dtpu.h"
#include "golden/dtpu/dtpu_net.h"

#define DTPU_REPORT_MAX_LAYERS 8

typedef struct {
    dtpu_dev *dev;
    dtpu_counters before, sum[DTPU_REPORT_MAX_LAYERS];
    uint64_t to0, from0, to[DTPU_REPORT_MAX_LAYERS], from[DTPU_REPORT_MAX_LAYERS];
    uint64_t tick0, ticks[DTPU_REPORT_MAX_LAYERS]; /* global-timer ticks of each layer's steps */
} dtpu_report;

/* The dtpu_layer_hook for dtpu_net_run (ctx = dtpu_report *). */
void dtpu_report_hook(void *ctx, unsigned layer, int phase);
/* One "@layer" line per GEMM layer, per input (sums / n), then the step summary over the GEMM
 * layers: "@result steps_per_image", "@result mxu_utilisation" (MACs / (busy cycles * R * C)),
 * "@result arm_us_per_step" (the time in the driver's steps beyond the MXU's busy time, per
 * step: programming the DMAs and the adapter, the transfers, the interrupts) and "@result
 * batch". tick_hz: the global timer's rate. */
void dtpu_report_print(const dtpu_report *r, const dtpu_net *net, unsigned rows, unsigned cols, uint32_t n,
                       unsigned batch, uint64_t tick_hz);
/* "<key><num/den with digits decimals>" without floating-point printf. */
void dtpu_print_fixed(const char *key, uint64_t num, uint64_t den, unsigned digits);

#endif
