/* lenet5: LeNet-5 inference on the predict IP of seed 004 with the seed's driver flow
 * (dmaInit / predictInit / cacheFlush / dataTx / interruptRx) and the project's drivers.
 *
 * Inputs: the host places an input file at ZVP_LENET_DATA_BASE before boot (like the seed's
 * driver reading it from an SD card): "ZVPLNIN1" (32x32 int16 network inputs + labels, see
 * platform/soc/memmap/ddr_layout.yaml) or a raw "ZVPMNIST" file, converted here into LENET_WORK with the
 * model's input format. The boot-parameter block (zvp_report.h) gives the number of images
 * (0 = all) and flags: bit 0 quiet (no per-image lines), bit 1 pipelined (see below).
 *
 * Per image (default, "sequential", as the seed's flow reads): AXI Timer 0 restarted, cache
 * flush of the image, DMA simple transfer MM2S of 2,048 bytes, wait for the IP's ap_done
 * interrupt, read output_r (ap_vld), AXI Timer 0 read = the image's latency.
 * Pipelined (flag bit 1): the next transfer is started as soon as the previous one completed
 * (DMA IOC interrupt), so images overlap in the IP's DATAFLOW pipeline; the latencies are then
 * measured on the free-running AXI Timer 1 from each transfer's start to its result.
 * Summary: accuracy, first latency and mean latency (total time / images, the seed's table)
 * in ms, and "@result" lines for the scenario runner. Per-image lines are printed after the
 * timed loop (a UART line takes ~3 ms at 115,200 baud); each image's latency also goes to the
 * runner's item log there (zvp_report.h), quiet or not. Per-layer times do not exist: the IP runs
 * the whole network per image (one DMA transfer in, one result out).
 * Exit 0 when every image produced a class; 1 on a DMA/IP error; 2 on a bad input file. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bsp/bootparam.h"
#include "bsp/bsp.h"
#include "bsp/hal.h"
#include "drivers/axidma/axidma.h"
#include "drivers/axitimer/axitimer.h"
#include "drivers/lenet_ip/lenet_ip.h"
#include "lenet/lenet_params.h"
#include "golden/lenet/lenet_lite.h"
#include "zvp_memmap.h"
#include "zvp_report.h"

#define MAX_IMAGES 16384u
#define IMAGE_BYTES ZVP_LENET_INPUT_IMAGE_BYTES
#define PL_HZ 125000000u /* FCLK_CLK0 of the design: the AXI Timer's clock */
#define DMA_LENGTH_WIDTH 14u
#define TIMER HAL_REGS(ZVP_LENET_TIMER_BASE)

static axidma_dev dma;
static lenet_ip_dev ip;
static uint8_t pred[MAX_IMAGES];
static uint32_t t_start[MAX_IMAGES], t_end[MAX_IMAGES];
static volatile uint32_t results_n, dma_done_n, dma_errors, lost_results;

static uint32_t rd32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }

static void predict_isr(void *arg)
{
    (void)arg;
    const uint32_t st = lenet_ip_interrupt_get_status(&ip);
    if (st & LENET_IP_IRQ_DONE) {
        const uint32_t now = axitimer_value(TIMER, 1);
        if (lenet_ip_get_output_r_vld(&ip) && results_n < MAX_IMAGES) {
            pred[results_n] = (uint8_t)lenet_ip_get_output_r(&ip);
            t_end[results_n] = now;
            results_n++;
        } else {
            lost_results++;
        }
    }
    lenet_ip_interrupt_clear(&ip, st);
}

static void dma_isr(void *arg)
{
    (void)arg;
    const uint32_t st = axidma_irq_get(&dma, AXIDMA_MM2S);
    if (st & AXIDMA_IRQ_ERR)
        dma_errors++;
    if (st & AXIDMA_IRQ_IOC)
        dma_done_n++;
    axidma_irq_ack(&dma, st, AXIDMA_MM2S);
}

/* Sleeps until *counter > target. Interrupts stay enabled: the ISRs advance the counters.
 * (The textbook masked form "cpsid; while (!x) { wfi; cpsie; cpsid }" is not used: the ZVP
 * Cortex-A9 takes interrupts only between execution slices, so an IRQ unmasked for one
 * instruction is never taken there - reported to the CPU model's owner.) */
static void wait_count(volatile uint32_t *counter, uint32_t target)
{
    while (*counter <= target && !dma_errors)
        bsp_wfi();
}

static int dma_init(void)
{
    if (axidma_init(&dma, HAL_REGS(ZVP_LENET_DMA_BASE), DMA_LENGTH_WIDTH) != 0)
        return -1;
    axidma_irq_enable(&dma, AXIDMA_IRQ_IOC | AXIDMA_IRQ_ERR, AXIDMA_MM2S);
    return bsp_irq_attach(ZVP_IRQ_LENET_DMA_MM2S, dma_isr, 0);
}

static int predict_init(void)
{
    lenet_ip_init(&ip, HAL_REGS(ZVP_LENET_PREDICT_BASE));
    lenet_ip_interrupt_enable(&ip, LENET_IP_IRQ_DONE);
    lenet_ip_interrupt_global_enable(&ip);
    if (bsp_irq_attach(ZVP_IRQ_LENET_PREDICT, predict_isr, 0) != 0)
        return -1;
    lenet_ip_enable_autorestart(&ip);
    lenet_ip_start(&ip);
    return 0;
}

/* Locates (or builds) the network inputs; returns the image count, 0 on a bad file. */
static uint32_t find_inputs(const uint8_t **images, const uint8_t **labels, uint32_t limit)
{
    const uint8_t *f = (const uint8_t *)HAL_MEM(ZVP_LENET_DATA_BASE);
    if (memcmp(f, "ZVPLNIN1", 8) == 0) {
        const uint32_t n = rd32(f + ZVP_LENET_INPUT_COUNT);
        if (rd32(f + ZVP_LENET_INPUT_SIDE) != 32 || rd32(f + ZVP_LENET_INPUT_PIXEL_BYTES) != 2 || n == 0 ||
            rd32(f + ZVP_LENET_INPUT_IMAGES) % 32 != 0 ||
            rd32(f + ZVP_LENET_INPUT_LABELS) + n > ZVP_LENET_DATA_SIZE) {
            printf("lenet5: bad ZVPLNIN1 header\n");
            return 0;
        }
        if ((int)rd32(f + ZVP_LENET_INPUT_INPUT_IBITS) != lenet_lite_fixed_weights.fmt.input.i)
            printf("lenet5: warning: inputs made for <16,%u>, model input is <16,%d>\n",
                   (unsigned)rd32(f + ZVP_LENET_INPUT_INPUT_IBITS), lenet_lite_fixed_weights.fmt.input.i);
        *images = f + rd32(f + ZVP_LENET_INPUT_IMAGES);
        *labels = f + rd32(f + ZVP_LENET_INPUT_LABELS);
        return n;
    }
    if (memcmp(f, "ZVPMNIST", 8) == 0) {
        const uint32_t n = rd32(f + 12);
        if (rd32(f + 16) != 28 || rd32(f + 20) != 28 || n == 0 || n > MAX_IMAGES ||
            24u + n * 785u > ZVP_LENET_DATA_SIZE) {
            printf("lenet5: bad ZVPMNIST header\n");
            return 0;
        }
        uint8_t *work = (uint8_t *)HAL_MEM(ZVP_LENET_WORK_BASE);
        const uint32_t use = (limit != 0 && limit < n) ? limit : n; /* convert only what runs */
        for (uint32_t i = 0; i < use; i++)
            lenet_image_to_fixed(f + 24 + i * 784u, lenet_lite_fixed_weights.fmt.input,
                                 (int16_t *)(work + i * IMAGE_BYTES));
        *images = work;
        *labels = f + 24 + n * 784u;
        return n;
    }
    printf("lenet5: no input file at 0x%08x (expected ZVPLNIN1 or ZVPMNIST)\n", (unsigned)ZVP_LENET_DATA_BASE);
    return 0;
}

int main(void)
{
    const bsp_bootparams bp = bsp_bootparam();
    const uint32_t flags = bp.flags;
    const int quiet = flags & 1u, pipelined = (flags >> 1) & 1u;

    printf("----- LeNet-5 Start -----\n");
    const uint8_t *images = 0, *labels = 0;
    uint32_t n = find_inputs(&images, &labels, bp.images);
    if (n == 0)
        return 2;
    if (bp.images != 0 && bp.images < n)
        n = bp.images;
    if (n > MAX_IMAGES)
        n = MAX_IMAGES;

    /* dmaInit / predictInit, and the AXI Timer (timer 0: per image, timer 1: free-running). */
    if (dma_init() != 0 || predict_init() != 0) {
        printf("lenet5: DMA or predict IP initialisation failed\n");
        return 1;
    }
    axitimer_init(TIMER);
    axitimer_start(TIMER, 1);
    bsp_cpu_irq_enable();

    int rc = 0;
    for (uint32_t i = 0; i < n && !rc; i++) {
        const uint32_t addr = (uint32_t)(uintptr_t)(images + i * IMAGE_BYTES);
        if (pipelined) {
            if (i > 0)
                wait_count(&dma_done_n, i - 1u); /* the previous transfer has completed */
        } else {
            axitimer_start(TIMER, 0);
        }
        t_start[i] = axitimer_value(TIMER, 1);
        bsp_dcache_flush_range(addr, IMAGE_BYTES);                        /* cacheFlush */
        if (axidma_simple_transfer(&dma, HAL_DMA_TO_DEV(addr, IMAGE_BYTES), IMAGE_BYTES, AXIDMA_MM2S) != 0) /* dataTx */
            rc = 1;
        if (!pipelined && !rc) {
            wait_count(&results_n, i); /* interruptRx */
            t_end[i] = axitimer_value(TIMER, 0) + t_start[i];
        }
        if (dma_errors)
            rc = 1;
    }
    if (!rc && pipelined)
        wait_count(&results_n, n - 1u);
    if (dma_errors || rc) {
        printf("lenet5: DMA error (MM2S DMASR 0x%08x) after %u results\n",
               (unsigned)axidma_status(&dma, AXIDMA_MM2S), (unsigned)results_n);
        return 1;
    }

    uint32_t correct = 0;
    uint64_t sum_ticks = 0;
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t ticks = t_end[i] - t_start[i];
        bsp_item_time(i, ticks, PL_HZ); /* the runner's item log (zvp_report.h) */
        sum_ticks += ticks;
        correct += pred[i] == labels[i];
        if (!quiet)
            printf("[%s] [%5u] %u %u  %u us\n", pred[i] == labels[i] ? "TRUE " : "FALSE", (unsigned)i,
                   (unsigned)labels[i], (unsigned)pred[i], (unsigned)(ticks / (PL_HZ / 1000000u)));
    }
    const uint32_t total = t_end[n - 1] - t_start[0];
    const uint32_t first_us = (t_end[0] - t_start[0]) / (PL_HZ / 1000000u);
    /* Mean latency as the seed's table: the time for all n inputs divided by n; in sequential
     * mode this equals the mean of the per-image latencies up to the loop overhead. */
    const uint32_t mean_ns = (uint32_t)((uint64_t)total * 1000u / (PL_HZ / 1000000u) / n);
    const uint32_t per_image_ns = (uint32_t)(sum_ticks * 1000u / (PL_HZ / 1000000u) / n);
    const uint32_t acc_centi = (uint32_t)((uint64_t)correct * 10000u / n);
    printf("\n[Predict IP, %s]\n", pipelined ? "pipelined" : "sequential");
    printf("Accuracy : %u.%02u [%%]\n", (unsigned)(acc_centi / 100), (unsigned)(acc_centi % 100));
    printf("Error    : %u [cases]\n", (unsigned)(n - correct));
    printf("Latency  : first %u.%03u ms, mean %u.%03u ms (%u images), per-image mean %u.%03u ms\n",
           (unsigned)(first_us / 1000), (unsigned)(first_us % 1000), (unsigned)(mean_ns / 1000000),
           (unsigned)(mean_ns / 1000 % 1000), (unsigned)n, (unsigned)(per_image_ns / 1000000),
           (unsigned)(per_image_ns / 1000 % 1000));
    printf("@result images %u\n", (unsigned)n);
    printf("@result correct %u\n", (unsigned)correct);
    printf("@result accuracy %u.%04u\n", (unsigned)(acc_centi / 10000), (unsigned)(acc_centi % 10000));
    printf("@result latency_first_s 0.%06u\n", (unsigned)first_us);
    printf("@result latency_mean_s 0.%09u\n", (unsigned)mean_ns);
    if (lost_results)
        printf("lenet5: %u results lost\n", (unsigned)lost_results);
    printf("----- LeNet-5 End -----\n");
    return lost_results ? 1 : 0;
}
