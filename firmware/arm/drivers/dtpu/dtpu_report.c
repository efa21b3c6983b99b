#include "drivers/dtpu/dtpu_report.h"

#include <stdio.h>

void dtpu_print_fixed(const char *key, uint64_t num, uint64_t den, unsigned digits)
{
    uint64_t scale = 1;
    for (unsigned i = 0; i < digits; i++)
        scale *= 10u;
    const uint64_t v = den ? (num * scale + den / 2) / den : 0;
    printf("%s%u.%0*u", key, (unsigned)(v / scale), (int)digits, (unsigned)(v % scale));
}

void dtpu_report_hook(void *ctx, unsigned layer, int phase)
{
    dtpu_report *r = (dtpu_report *)ctx;
    if (layer >= DTPU_REPORT_MAX_LAYERS)
        return;
    if (phase == 0) {
        dtpu_read_counters(&r->before);
        r->to0 = r->dev->bytes_to;
        r->from0 = r->dev->bytes_from;
        r->tick0 = r->dev->step_ticks;
        return;
    }
    r->ticks[layer] += r->dev->step_ticks - r->tick0;
    dtpu_counters c;
    dtpu_read_counters(&c);
    dtpu_counters *s = &r->sum[layer];
    s->vectors += c.vectors - r->before.vectors;
    s->busy += c.busy - r->before.busy;
    s->stall += c.stall - r->before.stall;
    s->macs += c.macs - r->before.macs;
    s->steps += c.steps - r->before.steps;
    s->weight_loads += c.weight_loads - r->before.weight_loads;
    s->out_stall += c.out_stall - r->before.out_stall;
    r->to[layer] += r->dev->bytes_to - r->to0;
    r->from[layer] += r->dev->bytes_from - r->from0;
}

void dtpu_report_print(const dtpu_report *r, const dtpu_net *net, unsigned rows, unsigned cols, uint32_t n,
                       unsigned batch, uint64_t tick_hz)
{
    uint64_t steps = 0, busy = 0, macs = 0, ticks = 0;
    for (unsigned l = 0; l < net->nlayers && l < DTPU_REPORT_MAX_LAYERS; l++) {
        const dtpu_layer *L = &net->layers[l];
        if (L->kind == DTPU_POOL2)
            continue;
        const dtpu_counters *c = &r->sum[l];
        printf("@layer %s %s vectors=%u busy_cycles=%u macs=%u", L->name, L->kind == DTPU_CONV3 ? "conv" : "dense",
               (unsigned)(c->vectors / n), (unsigned)(c->busy / n), (unsigned)(c->macs / n));
        dtpu_print_fixed(" macs_per_cycle=", c->macs, c->busy, 3);
        dtpu_print_fixed(" utilisation=", c->macs, c->busy * rows * cols, 4);
        /* GOPS while the MXU is busy: 2 ops per MAC at the core clock */
        dtpu_print_fixed(" mxu_gops=", 2u * c->macs * r->dev->clock_khz, c->busy * 1000000u, 4);
        /* The time of the layer's adapter steps per input, on the CPU's global timer (MXU busy
         * time, DMA and the ARM's programming of each step): the report's per-layer time and
         * timeline (the busy cycles alone leave out the ARM's share). */
        dtpu_print_fixed(" time_s=", r->ticks[l], (uint64_t)n * tick_hz, 7);
        printf(" bytes_to=%u bytes_from=%u stall_cycles=%u out_stall_cycles=%u steps=%u weight_loads=%u\n",
               (unsigned)(r->to[l] / n), (unsigned)(r->from[l] / n), (unsigned)(c->stall / n),
               (unsigned)(c->out_stall / n), (unsigned)(c->steps / n), (unsigned)(c->weight_loads / n));
        steps += c->steps, busy += c->busy, macs += c->macs, ticks += r->ticks[l];
    }
    /* The steps' time beyond the MXU's busy time, in ns: ticks at tick_hz, busy cycles at the
     * core clock (kHz). */
    const uint64_t layer_ns = ticks * 1000000u / (tick_hz / 1000u), busy_ns = busy * 1000000u / r->dev->clock_khz;
    dtpu_print_fixed("@result steps_per_image ", steps, n, 3);
    dtpu_print_fixed("\n@result mxu_utilisation ", macs, busy * rows * cols, 4);
    dtpu_print_fixed("\n@result arm_us_per_step ", layer_ns > busy_ns ? layer_ns - busy_ns : 0, steps * 1000u, 3);
    printf("\n@result batch %u\n", batch);
}
