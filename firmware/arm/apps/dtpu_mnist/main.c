/* dtpu_mnist: the seed-003 MNIST network (conv 12 3x3 ReLU, max-pool 2x2, dense 10) over the
 * held-out digits ("ZVPMNIST" file at ZVP_LENET_DATA_BASE), on the DTPU or on the ARM alone.
 *
 * Boot flags (zvp_report.h): bit 0 quiet; bit 1 ARM only (no accelerator); bits [3:2] precision
 * (0 int8, 1 int16, 2 int32); bit 4 wrap (the thesis's operand-width accumulation, no WIDE);
 * bit 5 skip the golden check. Every image is also run through the golden model on the ARM
 * (the shared C reference of the MXU, dtpu_reference_backend, outside the timed region) and
 * the logits must match bit for bit ("@result golden_mismatches").
 * Reports accuracy, first and mean latency (global timer), per-layer counters of the adapter
 * (@layer lines: vectors, busy cycles, MACs, MACs/cycle, utilisation, DMA bytes, stalls). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bsp/bsp.h"
#include "drivers/dtpu/dtpu.h"
#include "drivers/dtpu/dtpu_report.h"
#include "golden/dtpu/dtpu_mxu.h"
#include "golden/dtpu/dtpu_net.h"
#include "zvp_memmap.h"
#include "zvp_report.h"

extern const dtpu_net dtpu_mnist_net8, dtpu_mnist_net16, dtpu_mnist_net32;

static dtpu_dev dev;
static uint64_t packed[2 * DTPU_WEIGHT_WORDS];
static uint64_t packed_ref[2 * DTPU_WEIGHT_WORDS];
static int32_t x[784];
static int64_t logits[10], golden[10];
static dtpu_report rep;

static uint32_t rd32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }

int main(void)
{
    const zvp_bootparam *bp = (const zvp_bootparam *)ZVP_BOOTPARAM_BASE;
    const int valid_bp = bp->magic == ZVP_BOOTPARAM_MAGIC;
    const uint32_t flags = valid_bp ? bp->flags : 0;
    const uint32_t cpu_hz = valid_bp && bp->version >= 2 && bp->cpu_hz ? bp->cpu_hz : ZVP_ARM_CPU_HZ;
    const int quiet = flags & 1u, arm_only = (flags >> 1) & 1u, wrap = (flags >> 4) & 1u, no_golden = (flags >> 5) & 1u;
    const unsigned psel = (flags >> 2) & 3u;
    const dtpu_net *net = psel == 0 ? &dtpu_mnist_net8 : psel == 1 ? &dtpu_mnist_net16 : &dtpu_mnist_net32;
    const uint32_t mode = dtpu_net_mode(net->bits) | (wrap ? 0u : DTPU_CSR_WIDE);

    const uint8_t *f = (const uint8_t *)ZVP_LENET_DATA_BASE;
    if (memcmp(f, "ZVPMNIST", 8) != 0 || rd32(f + 16) != 28 || rd32(f + 20) != 28) {
        printf("dtpu_mnist: no ZVPMNIST file at 0x%08x\n", (unsigned)ZVP_LENET_DATA_BASE);
        return 2;
    }
    uint32_t n = rd32(f + 12);
    const uint8_t *images = f + 24, *labels = f + 24 + n * 784u;
    if (valid_bp && bp->images != 0 && bp->images < n)
        n = bp->images;
    printf("----- DTPU MNIST (int%u, %s, %s) -----\n", net->bits, arm_only ? "ARM only" : "DTPU",
           wrap ? "wrap-around accumulation" : "wide accumulation");

    const dtpu_backend *be = 0;
    unsigned rows = 8, cols = 8; /* the ARM-only golden's tiling (any size gives the same wide results) */
    if (!arm_only) {
        if (dtpu_init(&dev) != 0) {
            printf("dtpu_mnist: DTPU initialisation failed\n");
            return 1;
        }
        be = &dev.be;
        rows = dev.be.rows;
        cols = dev.be.cols;
        printf("DTPU %ux%u, precisions 0x%02x%s\n", rows, cols, (unsigned)dev.precisions, dev.pipelined ? ", pipelined" : "");
        rep.dev = &dev;
    }
    const dtpu_backend *ref = dtpu_reference_backend(rows, cols);
    uint32_t correct = 0, mism = 0;
    uint64_t total = 0, first = 0;
    for (uint32_t i = 0; i < n; i++) {
        int cls, gcls = -1;
        for (unsigned k = 0; k < 784; k++)
            x[k] = (int32_t)images[i * 784u + k] + net->in_zp;
        const uint64_t t0 = bsp_gtimer_read();
        if (be && i == 0 && dtpu_net_prepare(net, be, mode, packed, 2 * DTPU_WEIGHT_WORDS) != 0) {
            printf("dtpu_mnist: weights do not fit\n");
            return 1;
        }
        cls = dtpu_net_run(net, be, mode, x, logits, be ? dtpu_report_hook : 0, &rep);
        const uint64_t dt = bsp_gtimer_read() - t0;
        if (cls < 0) {
            printf("dtpu_mnist: image %u: error %d (ERROR 0x%x DMASR 0x%x)\n", (unsigned)i, cls, (unsigned)dev.error,
                   (unsigned)dev.dma_sr);
            return 1;
        }
        total += dt;
        if (i == 0)
            first = dt;
        if (!no_golden) {
            if (i == 0)
                dtpu_net_prepare(net, ref, mode, packed_ref, 2 * DTPU_WEIGHT_WORDS);
            gcls = dtpu_net_run(net, arm_only ? 0 : ref, mode, x, golden, 0, 0);
            if (gcls != cls || memcmp(golden, logits, sizeof logits) != 0)
                mism++;
        }
        correct += cls == labels[i];
        if (!quiet)
            printf("@item %u label=%u top1=%d golden=%d\n", (unsigned)i, (unsigned)labels[i], cls, gcls);
    }
    const uint64_t tick_hz = cpu_hz / 2u;
    printf("Accuracy : %u / %u\n", (unsigned)correct, (unsigned)n);
    printf("@result images %u\n@result correct %u\n", (unsigned)n, (unsigned)correct);
    dtpu_print_fixed("@result accuracy ", correct, n, 4);
    dtpu_print_fixed("\n@result latency_first_s ", first, tick_hz, 7);
    dtpu_print_fixed("\n@result latency_mean_s ", total, tick_hz * n, 7);
    printf("\n@result golden_mismatches %u\n", (unsigned)(no_golden ? 0 : mism));
    printf("@result golden_checked %u\n", (unsigned)(no_golden ? 0 : n));
    if (be)
        dtpu_report_print(&rep, net, rows, cols, n);
    printf("----- DTPU MNIST End -----\n");
    return mism ? 1 : 0;
}
