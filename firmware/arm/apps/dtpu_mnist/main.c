/* dtpu_mnist: the seed-003 MNIST network (conv 12 3x3 ReLU, max-pool 2x2, dense 10) over the
 * held-out digits ("ZVPMNIST" file at ZVP_LENET_DATA_BASE), on the DTPU or on the ARM alone.
 *
 * Boot flags (zvp_report.h): bit 0 quiet; bit 1 ARM only (no accelerator); bits [3:2] precision
 * (0 int8, 1 int16, 2 int32); bit 4 wrap (the thesis's operand-width accumulation, no WIDE);
 * bit 5 skip the golden check; bit 6 the precision is the build's (pl.dtpu.precisions: exactly one
 * of int8, int16, int32; bits [3:2] ignored), so that a sweep varies it with one parameter. Every image is also run through the golden model on the ARM
 * (the shared C reference of the MXU, dtpu_reference_backend, outside the timed region) and
 * the logits must match bit for bit ("@result golden_mismatches").
 * Reports accuracy, first and mean latency (global timer; each input's time, a batch's shared
 * equally, in the runner's item log: zvp_report.h), per-layer counters of the adapter
 * (@layer lines: vectors, busy cycles, MACs, MACs/cycle, utilisation, DMA bytes, stalls). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bsp/bootparam.h"
#include "bsp/bsp.h"
#include "bsp/hal.h"
#include "drivers/dtpu/dtpu_app.h"
#include "golden/dtpu/dtpu_mxu.h"
#include "golden/dtpu/dtpu_net.h"
#include "zvp_memmap.h"
#include "zvp_report.h"

extern const dtpu_net dtpu_mnist_net8, dtpu_mnist_net16, dtpu_mnist_net32;

static dtpu_app app;
static uint64_t packed[2 * DTPU_WEIGHT_WORDS];
static uint64_t packed_ref[2 * DTPU_WEIGHT_WORDS];
static int32_t x[DTPU_NET_MAX_BATCH * 784];
static int64_t logits[DTPU_NET_MAX_BATCH * 10], golden[10];
static int classes[DTPU_NET_MAX_BATCH];

static uint32_t rd32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }

int main(void)
{
    const bsp_bootparams bp = bsp_bootparam();
    const uint32_t flags = bp.flags;
    const int quiet = flags & 1u, arm_only = (flags >> 1) & 1u, wrap = (flags >> 4) & 1u, no_golden = (flags >> 5) & 1u;
    const int psel = dtpu_app_precision("dtpu_mnist", flags, arm_only);
    if (psel < 0)
        return 1;
    const dtpu_net *net = psel == 0 ? &dtpu_mnist_net8 : psel == 1 ? &dtpu_mnist_net16 : &dtpu_mnist_net32;
    const uint32_t mode = dtpu_net_mode(net->bits) | (wrap ? 0u : DTPU_CSR_WIDE);

    const uint8_t *f = (const uint8_t *)HAL_MEM(ZVP_LENET_DATA_BASE);
    if (memcmp(f, "ZVPMNIST", 8) != 0 || rd32(f + 16) != 28 || rd32(f + 20) != 28) {
        printf("dtpu_mnist: no ZVPMNIST file at 0x%08x\n", (unsigned)ZVP_LENET_DATA_BASE);
        return 2;
    }
    uint32_t n = rd32(f + 12);
    const uint8_t *images = f + 24, *labels = f + 24 + n * 784u;
    if (bp.images != 0 && bp.images < n)
        n = bp.images;
    printf("----- DTPU MNIST (int%u, %s, %s) -----\n", net->bits, arm_only ? "ARM only" : "DTPU",
           wrap ? "wrap-around accumulation" : "wide accumulation");

    if (dtpu_app_open(&app, "dtpu_mnist", arm_only) != 0)
        return 1;
    bsp_progress(0, n); /* a quiet run's progress for the runner, outside the timed calls */
    uint32_t correct = 0, mism = 0;
    for (uint32_t i0 = 0; i0 < n; i0 += app.batch) {
        const unsigned nb = n - i0 < app.batch ? n - i0 : app.batch;
        for (unsigned b = 0; b < nb; b++)
            for (unsigned k = 0; k < 784; k++)
                x[b * 784u + k] = (int32_t)images[(i0 + b) * 784u + k] + net->in_zp;
        const uint64_t before = app.total;
        if (dtpu_app_run(&app, net, mode, i0, nb, x, logits, classes, packed, 2 * DTPU_WEIGHT_WORDS,
                         "weights do not fit") != 0)
            return 1;
        bsp_batch_time(i0, nb, app.total - before, bp.cpu_hz / 2u); /* the runner's item log */
        for (unsigned b = 0; b < nb; b++) {
            const uint32_t i = i0 + b;
            const int cls = classes[b];
            int gcls = -1;
            if (!no_golden) {
                if (i == 0)
                    dtpu_net_prepare(net, app.ref, mode, packed_ref, 2 * DTPU_WEIGHT_WORDS);
                gcls = dtpu_net_run(net, arm_only ? 0 : app.ref, mode, x + b * 784u, golden, 0, 0);
                if (gcls != cls || memcmp(golden, logits + b * 10u, sizeof golden) != 0)
                    mism++;
            }
            correct += cls == labels[i];
            if (!quiet)
                printf("@item %u label=%u top1=%d golden=%d\n", (unsigned)i, (unsigned)labels[i], cls, gcls);
        }
        bsp_progress(i0 + nb, n);
    }
    printf("Accuracy : %u / %u\n", (unsigned)correct, (unsigned)n);
    printf("@result images %u\n@result correct %u\n", (unsigned)n, (unsigned)correct);
    dtpu_print_fixed("@result accuracy ", correct, n, 4);
    printf("\n");
    dtpu_app_print_latency(&app, bp.cpu_hz, n);
    printf("\n@result golden_mismatches %u\n", (unsigned)(no_golden ? 0 : mism));
    printf("@result golden_checked %u\n", (unsigned)(no_golden ? 0 : n));
    if (app.be)
        dtpu_report_print(&app.rep, net, app.rows, app.cols, n, app.batch, bp.cpu_hz / 2u);
    printf("----- DTPU MNIST End -----\n");
    return mism ? 1 : 0;
}
