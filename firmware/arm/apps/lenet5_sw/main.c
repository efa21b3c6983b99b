/* lenet5_sw: software-only LeNet-5 on the Cortex-A9 (seed 004's "ARM core" baseline): the Lite
 * network in float and in fixed point (-O3) and the Original network in float (-O2), with the
 * golden C code of firmware/common/lenet, timed with the global timer.
 *
 * Inputs: a "ZVPMNIST" file at ZVP_LENET_DATA_BASE (placed by the host before boot); boot
 * parameters (zvp_report.h): images (0 = all), flags bit 0 quiet. Each model runs over all
 * images; the time per image excludes the input conversion (done before, as the seed converts
 * inputs when it reads them from the SD card). Prints per-image lines (class of each model),
 * then per model: accuracy and time per image in ms, and "@result" lines; the Lite fixed model's
 * time per image into the runner's item log (zvp_report.h) and its per-layer times (@layer).
 * Exit 0 when the run completed (and the fixed-point Lite agrees with its float version on at
 * least 99 % of the images), 2 on a bad input file. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bsp/bootparam.h"
#include "bsp/bsp.h"
#include "lenet/lenet_params.h"
#include "golden/lenet/lenet_lite.h"
#include "golden/lenet/lenet_orig.h"
#include "zvp_memmap.h"
#include "zvp_report.h"

#define MAX_IMAGES 2048u

static float in_f[LENET_IMG * LENET_IMG];
static int16_t in_x[LENET_IMG * LENET_IMG];
static lenet_orig_workspace ws;
static uint8_t cls[3][MAX_IMAGES];

static uint32_t rd32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }

enum { LITE_FLOAT, LITE_FIXED, ORIG_FLOAT, MODELS };
/* The optimisation levels this ELF was built with (app.cmake): seed 004 reports the Lite network
 * at -O3 and the Original at -O2 in its comparison, and both at each of -O0..-O3 in its table
 * (the lenet5_sw_O<n> apps). */
#ifndef LITE_OPT
#define LITE_OPT "-O3"
#endif
#ifndef ORIG_OPT
#define ORIG_OPT "-O2"
#endif
static const char *const model_name[MODELS] = {"Lite float (" LITE_OPT ")", "Lite fixed (" LITE_OPT ")",
                                               "Original float (" ORIG_OPT ")"};
static const char *const model_key[MODELS] = {"lite_float", "lite_fixed", "orig_float"};

static int run(int model, const uint8_t *img)
{
    float of[LITE_F2 > ORIG_F2 ? LITE_F2 : ORIG_F2];
    int16_t ox[LITE_F2];
    switch (model) {
    case LITE_FLOAT:
        return lenet_lite_float_predict(&lenet_lite_float_weights, in_f, of);
    case LITE_FIXED:
        return lenet_lite_fixed_predict(&lenet_lite_fixed_weights, in_x, ox);
    default:
        return lenet_orig_float_predict(&lenet_orig_float_weights, &ws, in_f, of);
    }
    (void)img;
}

/* Per-layer times of the Lite fixed model for the report (@layer lines): after the timed loops,
 * its layer functions are called one by one on the first LAYER_IMAGES images with the global timer
 * read between them (the per-image times above are of whole predict calls, which this pass does
 * not touch; it only adds run time: ~4 x 11 ms of compute and ~20 ms of UART at -O3). */
#define LAYER_IMAGES 4u
enum { L_CONV1, L_POOL1, L_CONV2, L_POOL2, L_CONV3, L_FC1, L_FC2, LAYERS };
static const char *const layer_name[LAYERS] = {"conv1", "pool1", "conv2", "pool2", "conv3", "fc1", "fc2"};
static const char *const layer_kind[LAYERS] = {"conv", "pool", "conv", "pool", "conv", "fc", "fc"};

/* Adds the ticks since *t to *sum and restarts *t. */
static void lap(uint64_t *t, uint64_t *sum)
{
    const uint64_t now = bsp_gtimer_read();
    *sum += now - *t;
    *t = now;
}

static void __attribute__((noinline)) lite_fixed_layers(const int16_t *in, uint64_t sum[LAYERS])
{
    const lenet_lite_fixed_params *p = &lenet_lite_fixed_weights;
    int16_t c1[LITE_C1][LITE_S1][LITE_S1], p1[LITE_C1][LITE_P1][LITE_P1];
    int16_t c2[LITE_C2][LITE_S2][LITE_S2], p2[LITE_C2][LITE_P2][LITE_P2];
    int16_t c3[LITE_C3], f1[LITE_F1], f2[LITE_F2];
    uint64_t t = bsp_gtimer_read();
    lenet_lite_fixed_conv1(p, (const int16_t(*)[LENET_IMG])in, c1);
    lap(&t, &sum[L_CONV1]);
    lenet_lite_fixed_pool1((const int16_t(*)[LITE_S1][LITE_S1])c1, p1);
    lap(&t, &sum[L_POOL1]);
    lenet_lite_fixed_conv2(p, (const int16_t(*)[LITE_P1][LITE_P1])p1, c2);
    lap(&t, &sum[L_CONV2]);
    lenet_lite_fixed_pool2((const int16_t(*)[LITE_S2][LITE_S2])c2, p2);
    lap(&t, &sum[L_POOL2]);
    lenet_lite_fixed_conv3(p, (const int16_t(*)[LITE_P2][LITE_P2])p2, c3);
    lap(&t, &sum[L_CONV3]);
    lenet_lite_fixed_fc1(p, c3, f1);
    lap(&t, &sum[L_FC1]);
    lenet_lite_fixed_fc2(p, f1, f2);
    lap(&t, &sum[L_FC2]);
}

static void print_layers(const uint8_t *f, uint32_t n)
{
    uint64_t sum[LAYERS] = {0};
    const uint32_t k = n < LAYER_IMAGES ? n : LAYER_IMAGES;
    for (uint32_t i = 0; i < k; i++) {
        lenet_image_to_fixed(f + 24 + i * 784u, lenet_lite_fixed_weights.fmt.input, in_x);
        lite_fixed_layers(in_x, sum);
    }
    for (int l = 0; l < LAYERS; l++) {
        const uint32_t ns = (uint32_t)(sum[l] * 1000000000ull / BSP_GTIMER_HZ / k);
        printf("@layer %s %s time_s=0.%09u\n", layer_name[l], layer_kind[l], (unsigned)ns);
    }
}

int main(void)
{
    const bsp_bootparams bp = bsp_bootparam();
    const int quiet = (bp.flags & 1u) != 0;
    const uint8_t *f = (const uint8_t *)ZVP_LENET_DATA_BASE;
    printf("----- LeNet-5 (ARM only) Start -----\n");
    if (memcmp(f, "ZVPMNIST", 8) != 0 || rd32(f + 16) != 28 || rd32(f + 20) != 28 || rd32(f + 12) == 0) {
        printf("lenet5_sw: no ZVPMNIST input file at 0x%08x\n", (unsigned)ZVP_LENET_DATA_BASE);
        return 2;
    }
    uint32_t n = rd32(f + 12);
    const uint8_t *labels = f + 24 + n * 784u;
    if (bp.images != 0 && bp.images < n)
        n = bp.images;
    if (n > MAX_IMAGES)
        n = MAX_IMAGES;

    uint64_t ticks[MODELS] = {0, 0, 0};
    uint32_t correct[MODELS] = {0, 0, 0};
    for (int m = 0; m < MODELS; m++) {
        for (uint32_t i = 0; i < n; i++) {
            const uint8_t *img = f + 24 + i * 784u;
            if (m == LITE_FIXED)
                lenet_image_to_fixed(img, lenet_lite_fixed_weights.fmt.input, in_x);
            else
                lenet_image_to_float(img, in_f);
            const uint64_t t0 = bsp_gtimer_read();
            cls[m][i] = (uint8_t)run(m, img);
            const uint64_t dt = bsp_gtimer_read() - t0;
            ticks[m] += dt;
            correct[m] += cls[m][i] == labels[i];
            if (m == LITE_FIXED) /* the model behind images/correct: its times in the runner's item log */
                bsp_item_time(i, (uint32_t)dt, BSP_GTIMER_HZ);
        }
    }
    uint32_t agree = 0;
    for (uint32_t i = 0; i < n; i++) {
        agree += cls[LITE_FIXED][i] == cls[LITE_FLOAT][i];
        if (!quiet)
            printf("[%5u] label %u  lite_float %u  lite_fixed %u  orig_float %u\n", (unsigned)i, (unsigned)labels[i],
                   (unsigned)cls[LITE_FLOAT][i], (unsigned)cls[LITE_FIXED][i], (unsigned)cls[ORIG_FLOAT][i]);
    }
    for (int m = 0; m < MODELS; m++) {
        const uint32_t ns = (uint32_t)(ticks[m] * 1000000000ull / BSP_GTIMER_HZ / n);
        const uint32_t acc = (uint32_t)((uint64_t)correct[m] * 10000u / n);
        printf("[%s] Accuracy : %u.%02u [%%]  time/image : %u.%03u ms\n", model_name[m], (unsigned)(acc / 100),
               (unsigned)(acc % 100), (unsigned)(ns / 1000000), (unsigned)(ns / 1000 % 1000));
        printf("@result %s_time_s 0.%09u\n", model_key[m], (unsigned)ns);
        printf("@result %s_correct %u\n", model_key[m], (unsigned)correct[m]);
    }
    print_layers(f, n);
    const uint32_t acc = (uint32_t)((uint64_t)correct[LITE_FIXED] * 10000u / n);
    printf("@result images %u\n", (unsigned)n);
    printf("@result correct %u\n", (unsigned)correct[LITE_FIXED]);
    printf("@result accuracy %u.%04u\n", (unsigned)(acc / 10000), (unsigned)(acc % 10000));
    printf("@result lite_fixed_float_agree %u\n", (unsigned)agree);
    printf("----- LeNet-5 (ARM only) End -----\n");
    return agree * 100u >= n * 99u ? 0 : 1;
}
