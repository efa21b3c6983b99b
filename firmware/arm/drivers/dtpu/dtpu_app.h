/* What the DTPU apps (dtpu_mnist, dtpu_cifar10) share around their networks: the device set-up,
 * or none when the network runs on the ARM alone, and each input's timed run on the chosen
 * backend, with the per-layer counters of the adapter. The golden check stays in each app. */
#ifndef DRV_DTPU_APP_H
#define DRV_DTPU_APP_H

#include <stdint.h>

#include "drivers/dtpu/dtpu.h"
#include "drivers/dtpu/dtpu_report.h"
#include "golden/dtpu/dtpu_net.h"

typedef struct {
    const char *name;        /* the app's, at the start of its error messages */
    dtpu_dev dev;
    dtpu_report rep;         /* per-layer counters, DTPU only */
    const dtpu_backend *be;  /* the DTPU, or 0 on the ARM alone */
    const dtpu_backend *ref; /* the golden model (the shared MXU reference) at the same tiling */
    unsigned rows, cols;     /* the tiling: the DTPU's array, or 8x8 on the ARM alone */
    unsigned batch;          /* inputs per batch: the adapter's BATCH (1 on the ARM alone) */
    uint64_t first, total;   /* global-timer ticks of the first batch, of all inputs */
} dtpu_app;

/* Opens the DTPU (unless arm_only) and prints its geometry line. 1 after a message if the
 * device does not answer, 0 otherwise. */
int dtpu_app_open(dtpu_app *a, const char *name, int arm_only);

/* The network precision selector (0 int8, 1 int16, 2 int32) of the boot flags: bits [3:2], or
 * with bit 6 ("precision from the build": a sweep varies it with one parameter,
 * pl.dtpu.precisions) the one of int8, int16, int32 the build synthesised alone; -1 after a
 * message (starting with `name`) when it did not or on the ARM alone. Before dtpu_app_open. */
int dtpu_app_precision(const char *name, uint32_t flags, int arm_only);

/* Runs inputs i .. i+nb-1 (x: nb inputs one after the other) through the network as one batch
 * (dtpu_net_run_batch) into logits[nb][classes] and their top-1 classes, timed by the global
 * timer; before input 0 the weights are packed into packed[0 .. words) (`no_fit` is the message
 * when they do not fit). Returns 0, or -1 after a message. */
int dtpu_app_run(dtpu_app *a, const dtpu_net *net, uint32_t mode, uint32_t i, unsigned nb, const int32_t *x,
                 int64_t *logits, int *classes, uint64_t *packed, unsigned words, const char *no_fit);

/* "@result latency_first_s F\n@result latency_mean_s M" (no newline after) over n inputs, for
 * a core clock of cpu_hz (the global timer counts at half). With batches the first latency is
 * the first batch's (its images are finished together) and the mean is per image. */
void dtpu_app_print_latency(const dtpu_app *a, uint32_t cpu_hz, uint32_t n);

#endif
