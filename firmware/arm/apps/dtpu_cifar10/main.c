/* dtpu_cifar10: the seed-003 CIFAR-10 network (32x32x3 -> conv32 -> pool -> conv64 -> pool ->
 * conv64 -> dense64 -> dense10, ReLU after the convolutions and dense64) with seeded weights
 * (no CIFAR data offline), on seeded input images, on the DTPU or on the ARM alone.
 *
 * Boot flags: bit 0 quiet; bit 1 ARM only; bits [3:2] precision (0 int8, 1 int16, 2 int32);
 * bit 4 wrap accumulation; bit 5 skip the golden check; bit 6 the precision is the build's (as in
 * dtpu_mnist). Images = the boot parameter (default 1);
 * image i uses input seed i. Each output is checked bit-exactly against the golden model (the
 * shared MXU reference run on the ARM outside the timed region). Reports latency (first, mean;
 * each input's in the runner's item log, zvp_report.h), the per-layer counters and a checksum of
 * the logits. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bsp/bootparam.h"
#include "bsp/bsp.h"
#include "drivers/dtpu/dtpu_app.h"
#include "golden/dtpu/dtpu_mxu.h"
#include "golden/dtpu/dtpu_net.h"
#include "zvp_memmap.h"
#include "zvp_report.h"

#define WEIGHT_SEED 2020u

static dtpu_app app;
static dtpu_net net;
static dtpu_layer layers[7];
static int32_t wbuf[DTPU_CIFAR_WEIGHTS];
static int64_t bbuf[DTPU_CIFAR_BIASES];
static uint64_t packed[64 * 1024], packed_ref[64 * 1024];
static int32_t x[DTPU_NET_MAX_BATCH * 32 * 32 * 3];
static int64_t logits[DTPU_NET_MAX_BATCH * 10], golden[10];
static int classes[DTPU_NET_MAX_BATCH];

int main(void)
{
    const bsp_bootparams bp = bsp_bootparam();
    const uint32_t flags = bp.flags;
    const int arm_only = (flags >> 1) & 1u, wrap = (flags >> 4) & 1u, no_golden = (flags >> 5) & 1u;
    const int psel = dtpu_app_precision("dtpu_cifar10", flags, arm_only);
    if (psel < 0)
        return 1;
    const unsigned bits = psel == 0 ? 8u : psel == 1 ? 16u : 32u;
    const uint32_t n = bp.images ? bp.images : 1u;
    const uint32_t mode = dtpu_net_mode(bits) | (wrap ? 0u : DTPU_CSR_WIDE);

    dtpu_cifar_make(&net, layers, bits, WEIGHT_SEED, wbuf, bbuf);
    printf("----- DTPU CIFAR-10 (int%u, %s, %s, seeded weights) -----\n", bits, arm_only ? "ARM only" : "DTPU",
           wrap ? "wrap-around accumulation" : "wide accumulation");
    if (dtpu_app_open(&app, "dtpu_cifar10", arm_only) != 0)
        return 1;
    uint32_t mism = 0, checksum = 0;
    for (uint32_t i0 = 0; i0 < n; i0 += app.batch) {
        const unsigned nb = n - i0 < app.batch ? n - i0 : app.batch;
        for (unsigned b = 0; b < nb; b++)
            dtpu_cifar_input(bits, i0 + b, x + b * 3072u);
        const uint64_t before = app.total;
        if (dtpu_app_run(&app, &net, mode, i0, nb, x, logits, classes, packed, sizeof packed / 8u,
                         "a layer does not fit the weight BRAM") != 0)
            return 1;
        bsp_batch_time(i0, nb, app.total - before, bp.cpu_hz / 2u); /* the runner's item log */
        for (unsigned b = 0; b < nb; b++) {
            const uint32_t i = i0 + b;
            const int64_t *lg = logits + b * 10u;
            for (unsigned k = 0; k < 10; k++)
                checksum = checksum * 31u + (uint32_t)lg[k] + (uint32_t)((uint64_t)lg[k] >> 32);
            int gcls = -1;
            if (!no_golden) {
                if (i == 0 && !arm_only)
                    dtpu_net_prepare(&net, app.ref, mode, packed_ref, sizeof packed_ref / 8u);
                gcls = dtpu_net_run(&net, arm_only ? 0 : app.ref, mode, x + b * 3072u, golden, 0, 0);
                if (gcls != classes[b] || memcmp(golden, lg, sizeof golden) != 0)
                    mism++;
            }
            printf("@item %u top1=%d golden=%d\n", (unsigned)i, classes[b], gcls);
        }
    }
    printf("@result images %u\n", (unsigned)n);
    dtpu_app_print_latency(&app, bp.cpu_hz, n);
    printf("\n@result golden_mismatches %u\n@result golden_checked %u\n", (unsigned)mism,
           (unsigned)(no_golden ? 0 : n));
    printf("@result logits_checksum %u\n", (unsigned)checksum);
    if (app.be)
        dtpu_report_print(&app.rep, &net, app.rows, app.cols, n, app.batch, bp.cpu_hz / 2u);
    printf("----- DTPU CIFAR-10 End -----\n");
    return mism ? 1 : 0;
}
