#include "drivers/dtpu/dtpu_app.h"

#include <stdio.h>

#include "bsp/gtimer.h"
#include "golden/dtpu/dtpu_mxu.h"

int dtpu_app_open(dtpu_app *a, const char *name, int arm_only)
{
    a->name = name;
    a->be = 0;
    a->rows = 8; /* the ARM-only golden's tiling (any size gives the same wide results) */
    a->cols = 8;
    a->batch = 1;
    if (!arm_only) {
        if (dtpu_init(&a->dev) != 0) {
            printf("%s: DTPU initialisation failed\n", name);
            return 1;
        }
        a->be = &a->dev.be;
        a->rows = a->dev.be.rows;
        a->cols = a->dev.be.cols;
        a->batch = a->dev.batch < DTPU_NET_MAX_BATCH ? a->dev.batch : DTPU_NET_MAX_BATCH;
        printf("DTPU %ux%u, precisions 0x%02x%s", a->rows, a->cols, (unsigned)a->dev.precisions,
               a->dev.pipelined ? ", pipelined" : "");
        if (a->batch > 1)
            printf(", batch %u", a->batch);
        printf("\n");
        a->rep.dev = &a->dev;
    }
    a->ref = dtpu_reference_backend(a->rows, a->cols);
    return 0;
}

int dtpu_app_precision(const char *name, uint32_t flags, int arm_only)
{
    if (!((flags >> 6) & 1u))
        return (int)((flags >> 2) & 3u);
    const uint32_t p = arm_only ? 0u : dtpu_build_precisions();
    if (p == DTPU_HAS_INT8 || p == DTPU_HAS_INT16 || p == DTPU_HAS_INT32)
        return p == DTPU_HAS_INT8 ? 0 : p == DTPU_HAS_INT16 ? 1 : 2;
    printf("%s: the precision comes from the build, which must synthesise exactly one of int8, int16, int32 "
           "(precisions 0x%02x)\n", name, (unsigned)p);
    return -1;
}

int dtpu_app_run(dtpu_app *a, const dtpu_net *net, uint32_t mode, uint32_t i, unsigned nb, const int32_t *x,
                 int64_t *logits, int *classes, uint64_t *packed, unsigned words, const char *no_fit)
{
    const uint64_t t0 = bsp_gtimer_read();
    if (a->be && i == 0 && dtpu_net_prepare(net, a->be, mode, packed, words) != 0) {
        printf("%s: %s\n", a->name, no_fit);
        return -1;
    }
    const int rc = dtpu_net_run_batch(net, a->be, mode, x, nb, logits, classes, a->be ? dtpu_report_hook : 0, &a->rep);
    const uint64_t dt = bsp_gtimer_read() - t0;
    if (rc < 0) {
        printf("%s: image %u: error %d (ERROR 0x%x DMASR 0x%x)\n", a->name, (unsigned)i, rc,
               (unsigned)a->dev.error, (unsigned)a->dev.dma_sr);
        return -1;
    }
    a->total += dt;
    if (i == 0)
        a->first = dt;
    return 0;
}

void dtpu_app_print_latency(const dtpu_app *a, uint32_t cpu_hz, uint32_t n)
{
    const uint64_t tick_hz = cpu_hz / 2u;
    dtpu_print_fixed("@result latency_first_s ", a->first, tick_hz, 7);
    dtpu_print_fixed("\n@result latency_mean_s ", a->total, tick_hz * n, 7);
}
