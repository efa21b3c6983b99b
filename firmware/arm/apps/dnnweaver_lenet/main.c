/* dnnweaver_lenet: the Lite LeNet-5 (seed 004's network, our trained weights) with its three
 * convolutions on the DNNWeaver-style PU with encoded PEs (seeds 000/002), in every mode, and the
 * report's Figure 6 experiment: approximations applied to the input of one conv layer, two, or all.
 *
 * Inputs: a "ZVPMNIST" file at ZVP_LENET_DATA_BASE (the scenario's data entry); the digits are
 * converted into DNNW_DATA with the model's input format. Boot parameters: images (0 = all),
 * flags bit 0 quiet, bit 1 short (configurations parallel, exact, optimum86_l3, fast42_l3, fast31_l3 only).
 * Per configuration (dw_lenet.h) and image: a chain of three descriptors (conv1+pool, conv2+pool,
 * conv3) with one doorbell; the ARM runs fc1/fc2 and argmax on conv3's outputs. The first image
 * of each configuration is also computed by the golden model on the ARM and every conv output
 * compared (exit 1 on a mismatch). Results: "@result correct_<cfg>", "accuracy_<cfg>",
 * "cycles_<cfg>" (PU cycles per image), "prag_cycles_<cfg>", "serial_cycles_<cfg>",
 * "time_per_image_s_<cfg>" (global timer, includes the first image's golden check). For the exact
 * configuration (the one behind images/correct/accuracy) also each image's time, from the start
 * of its iteration to the next one's (they add up to time_per_image_s_exact x n), into the
 * runner's item log (zvp_report.h; one timer read and three stores per image), and the PU's
 * cycles and time per conv layer per image (@layer conv1..conv3; the fc layers run on the ARM
 * inside the image's time and have no layer line).
 * Exit 0 when done; 1 on a PU error or a golden mismatch; 2 on a bad input file. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bsp/bootparam.h"
#include "bsp/bsp.h"
#include "drivers/dnnweaver/dnnweaver.h"
#include "golden/dnnweaver/dw_lenet.h"
#include "lenet/lenet_params.h"
#include "regs/dnnweaver_regs.h"
#include "zvp_memmap.h"
#include "zvp_report.h"

#define IMG_ELEMS (LENET_IMG * LENET_IMG)
#define MAX_IMAGES 2048u
/* DNNW_DATA layout: descriptors, weights/biases per layer, maps, then the converted digits. */
#define DESC_BASE (ZVP_DNNW_DATA_BASE)
#define WB_BASE (ZVP_DNNW_DATA_BASE + 0x1000u)
#define MAP_BASE (ZVP_DNNW_DATA_BASE + 0x8000u)
#define IMG_BASE (ZVP_DNNW_DATA_BASE + 0x10000u)

static uint32_t rd32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }

static const unsigned kShort[] = {0, 3, 6, 9, 12};

/* Layer l's addresses: weights/bias in WB_BASE + l * 0x2000, maps chained in MAP_BASE. */
static uint32_t map_addr(int l) { return MAP_BASE + (uint32_t)l * 0x2000u; }

static void layer_desc(const dw_layer *L, int l, uint32_t in_addr, dnnw_layer_desc *d)
{
    d->mode = L->enc.mode;
    d->bits = L->enc.bits;
    d->m1 = L->enc.m1;
    d->m0 = L->enc.m0;
    d->zero_overhead = L->enc.zero_overhead;
    d->relu = L->relu;
    d->pool = L->pool;
    d->fixed_slots = L->fixed_slots;
    d->shift = L->shift;
    d->in_c = L->in_c;
    d->out_c = L->out_c;
    d->in_h = L->in_h;
    d->in_w = L->in_w;
    d->k = L->k;
    d->in_row_stride = L->in_row_stride;
    d->in_chan_stride = L->in_chan_stride;
    d->out_chan_stride = L->out_chan_stride;
    d->in_addr = in_addr;
    d->w_addr = WB_BASE + (uint32_t)l * 0x2000u;
    d->b_addr = d->w_addr + 0x1000u;
    d->out_addr = map_addr(l);
}

int main(void)
{
    const bsp_bootparams bp = bsp_bootparam();
    const uint32_t flags = bp.flags;
    const int quiet = flags & 1u, short_run = (flags >> 1) & 1u;
    const lenet_lite_fixed_params *p = &lenet_lite_fixed_weights;
    const uint32_t cpu_hz = bp.cpu_hz;
    const uint8_t *f = (const uint8_t *)ZVP_LENET_DATA_BASE;
    dnnw_info info;
    uint32_t n, i;
    unsigned ci;
    int rc = 0;

    printf("----- dnnweaver_lenet start -----\n");
    if (memcmp(f, "ZVPMNIST", 8) != 0 || rd32(f + 16) != 28 || rd32(f + 20) != 28 || rd32(f + 12) == 0) {
        printf("dnnweaver_lenet: no ZVPMNIST file at 0x%08x\n", (unsigned)ZVP_LENET_DATA_BASE);
        return 2;
    }
    n = rd32(f + 12);
    {
        const uint8_t *labels = f + 24 + n * 784u;
        uint32_t total = n;
        if (bp.images != 0 && bp.images < n)
            n = bp.images;
        if (n > MAX_IMAGES)
            n = MAX_IMAGES;
        for (i = 0; i < n; i++)
            lenet_image_to_fixed(f + 24 + i * 784u, p->fmt.input, (int16_t *)(IMG_BASE + i * IMG_ELEMS * 2u));
        bsp_dcache_flush_range(IMG_BASE, n * IMG_ELEMS * 2u);
        (void)total;
        if (dnnw_init(&info) != 0) {
            printf("dnnweaver_lenet: interrupt set-up failed\n");
            return 1;
        }
        bsp_cpu_irq_enable();
        printf("dnnweaver_lenet: %u images, PU %u PEs, encoder latency %u\n", (unsigned)n, info.num_pe,
               info.encoder_latency);

        for (ci = 0; ci < (short_run ? sizeof kShort / sizeof kShort[0] : dw_lenet_config_count) && !rc; ci++) {
            const dw_lenet_config *c = &dw_lenet_configs[short_run ? kShort[ci] : ci];
            const int exact = c->enc.mode == DW_MODE_EXACT;
            uint64_t cycles = 0, prag = 0, serial = 0, par = 0, t0, t1, t_item;
            uint64_t layer_cycles[3] = {0, 0, 0}, layer_ns[3] = {0, 0, 0};
            uint32_t correct = 0;
            int l;
            /* Descriptors and parameters of this configuration. */
            for (l = 0; l < 3; l++) {
                dw_layer L;
                int32_t bias[LITE_C3];
                dnnw_layer_desc d;
                const int16_t *w;
                if (dw_lenet_layer(p, c, l, &L, bias) != 0) {
                    printf("dnnweaver_lenet: model formats cannot be mapped\n");
                    return 2;
                }
                layer_desc(&L, l, l == 0 ? IMG_BASE : map_addr(l - 1), &d);
                w = dw_lenet_weights(p, l);
                memcpy((void *)(uintptr_t)d.w_addr, w, (size_t)L.out_c * L.in_c * L.k * L.k * 2u);
                memcpy((void *)(uintptr_t)d.b_addr, bias, (size_t)L.out_c * 4u);
                bsp_dcache_flush_range(d.w_addr, 0x2000u);
                dnnw_desc_write(DESC_BASE + (uint32_t)l * ZVP_DNNW_DESC_BYTES, &d,
                                l < 2 ? DESC_BASE + (uint32_t)(l + 1) * ZVP_DNNW_DESC_BYTES : 0);
            }
            t0 = bsp_time_ticks();
            t_item = t0;
            for (i = 0; i < n && !rc; i++) {
                int16_t c3[LITE_C3];
                int err;
                if (exact && i > 0) { /* the previous image's time, for the runner's item log */
                    const uint64_t now = bsp_time_ticks();
                    bsp_item_time(i - 1u, (uint32_t)(now - t_item), cpu_hz / 2u);
                    t_item = now;
                }
                bsp_out32(DESC_BASE + ZVP_DNNW_DESC_IN_ADDR, IMG_BASE + i * IMG_ELEMS * 2u);
                err = dnnw_run(DESC_BASE, 3u * ZVP_DNNW_DESC_BYTES);
                if (err) {
                    printf("dnnweaver_lenet: PU error %d at descriptor 0x%08x\n", err, (unsigned)dnnw_err_addr());
                    rc = 1;
                    break;
                }
                bsp_dcache_invalidate_range(MAP_BASE, 3u * 0x2000u);
                memcpy(c3, (const void *)(uintptr_t)map_addr(2), sizeof c3);
                if (dw_lenet_classify(p, c3) == labels[i])
                    correct++;
                for (l = 0; l < 3; l++) {
                    const uint32_t d = DESC_BASE + (uint32_t)l * ZVP_DNNW_DESC_BYTES;
                    const uint32_t cy = dnnw_wb(d, ZVP_DNNW_DESC_WB_CYCLES);
                    cycles += cy;
                    prag += dnnw_wb(d, ZVP_DNNW_DESC_WB_PRAG_CYCLES);
                    serial += dnnw_wb(d, ZVP_DNNW_DESC_WB_SERIAL_CYCLES);
                    par += dnnw_wb(d, ZVP_DNNW_DESC_WB_PAR_CYCLES);
                    if (exact) {
                        layer_cycles[l] += cy;
                        layer_ns[l] += dnnw_wb(d, ZVP_DNNW_DESC_WB_TIME_NS);
                    }
                }
                if (i == 0) { /* golden check of every conv output of the first image */
                    static int16_t g1[LITE_C1 * LITE_P1 * LITE_P1], g2[LITE_C2 * LITE_P2 * LITE_P2], g3[LITE_C3];
                    int16_t *gm[3] = {g1, g2, g3};
                    const unsigned sz[3] = {sizeof g1, sizeof g2, sizeof g3};
                    const int16_t *gin = (const int16_t *)(IMG_BASE);
                    for (l = 0; l < 3; l++) {
                        dw_layer L;
                        int32_t bias[LITE_C3];
                        dw_lenet_layer(p, c, l, &L, bias);
                        dw_layer_run(&L, 1, gin, dw_lenet_weights(p, l), bias, gm[l], 0);
                        if (memcmp(gm[l], (const void *)(uintptr_t)map_addr(l), sz[l]) != 0) {
                            printf("dnnweaver_lenet: %s conv%d differs from the golden model\n", c->name, l + 1);
                            rc = 1;
                        }
                        gin = gm[l];
                    }
                }
                if (!quiet)
                    printf("%s image %u class %d label %u\n", c->name, (unsigned)i, dw_lenet_classify(p, c3),
                           (unsigned)labels[i]);
            }
            t1 = bsp_time_ticks();
            if (rc)
                break;
            if (exact)
                bsp_item_time(n - 1u, (uint32_t)(t1 - t_item), cpu_hz / 2u);
            printf("@result correct_%s %u\n", c->name, (unsigned)correct);
            /* Time per image on the board (global timer at CPU/2). */
            printf("@result time_per_image_s_%s %.7f\n", c->name,
                   (double)(t1 - t0) / ((double)cpu_hz / 2.0) / (double)n);
            printf("@result accuracy_%s %.4f\n", c->name, (double)correct / (double)n);
            printf("@result cycles_%s %.1f\n", c->name, (double)cycles / (double)n);
            printf("@result prag_cycles_%s %.1f\n", c->name, (double)prag / (double)n);
            printf("@result serial_cycles_%s %.1f\n", c->name, (double)serial / (double)n);
            printf("@result par_cycles_%s %.1f\n", c->name, (double)par / (double)n);
            if (exact) {
                printf("@result images %u\n@result correct %u\n@result accuracy %.4f\n", (unsigned)n,
                       (unsigned)correct, (double)correct / (double)n);
                for (l = 0; l < 3; l++)
                    printf("@layer conv%d conv cycles=%.1f time_s=%.9f\n", l + 1, (double)layer_cycles[l] / (double)n,
                           (double)layer_ns[l] * 1e-9 / (double)n);
            }
        }
    }
    printf("----- dnnweaver_lenet end (%s) -----\n", rc ? "error" : "ok");
    return rc;
}
