/* ConvNet front end (seed 001 section III) for the CSP on the ARM Cortex-A9.
 *
 * What it does, in the order of seed 001: loads the Middleware into the CSP's L2 instruction
 * BRAM (from the RISC-V ELF the scenario places in DDR) and releases the Zero-riscy; checks that
 * the engine can run every convolution of the network (3x3 stride 1/2 pad 0/1, 1x1 stride 1
 * with the engine's 1x1 kernel setting, width within the line buffer; anything else is rejected
 * with a message before anything runs); places features, weights and biases in DDR in the layouts of csp_plan.h;
 * generates the PL330 micro-code of each layer and channel (drivers/csp/csp_dma.h); then per
 * frame and layer: starts the three channels (they wait for the PL's requests), orders
 * Middleware execution (mailbox + doorbell), waits for its completion doorbell and the channels'
 * ends, and checks the engine's output against the host reference run's checksum (job file)
 * and/or the golden model computed here. Max-pool, average pool and soft-max run on the ARM.
 * A conv layer that follows another reads that layer's output buffer as the engine wrote it
 * (same packed format), and a 2x2 stride-2 max-pool between two conv layers pools the packed
 * outputs straight into the next layer's packed inputs (csp_rows_maxpool2): the ARM packs inputs
 * only after another ARM layer (or for the first conv) and unpacks outputs only before one; for
 * the checks it unpacks after the frame time is taken.
 *
 * Which network: the job file in the DDR region CONVNET_JOB (convnet_job.h, written by
 * tools/convnet zvp_convnet_ref); without one, the tiny network in 16 bit, checked on the ARM.
 * Frames: the boot parameter `images` (default 1).
 *
 * Output (firmware/common/zvp_report.h): per conv layer of the first frame
 *   @layer <name> conv in=<W>x<H> cin= cout= gops= time_s= gops_per_s= efficiency=
 * (time from the channels' start to the Middleware's completion, on the global timer;
 * efficiency against the engine's peak 2 x 27 MACs per PL cycle, twice that in 8 bit, the PL
 * clock being measured with two Middleware spins of known mcycle counts), per ARM layer
 * `@layer <name> <kind> time_s=`, an `@item` line per frame, and `@result` images, fps (whole
 * frames: conv layers + ARM packing/pools), fps_conv (convolutions only), conv_time_s,
 * pl_clock_mhz, top1, mismatches. Exit status: 0, 1 on a mismatch, 2 on a rejected
 * layer, 3 on a setup failure, 4 on a Middleware error / trap / time-out. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bsp/bootparam.h"
#include "bsp/bsp.h"
#include "golden/convnet/convnet.h"
#include "golden/convnet/convnet_job.h"
#include "golden/convnet/csp_plan.h"
#include "golden/convnet/csp_rows.h"
#include "golden/csp/csp_ref.h"
#include "drivers/csp/csp.h"
#include "drivers/csp/csp_dma.h"
#include "drivers/pl330/pl330.h"
#include "regs/csp_regs.h"
#include "zvp_memmap.h"
#include "zvp_report.h"

#define MAX_LAYERS 32
#define DMA_CH0 0u            /* PL330 channels 0..2 (events 0..2) serve the scheduler's 3 */
#define LAYER_TIMEOUT_US 20000000u

typedef struct {
    int conv;                 /* index into the conv list, or -1 */
    csp_geom_t g;
    csp_plan plan;
    uint8_t *in, *w, *out;
    uint8_t *prog[3];
    int16_t *wts;             /* only kept for the ARM golden check */
    int32_t *bias;
    double gops;
    uint64_t ticks;           /* first frame */
    uint32_t rv_cycles, passes, dma_waits;
    int chained;              /* input = the previous conv layer's output buffer, as it is */
    int prepacked;            /* input written packed by the fused max-pool before it */
    int pool_fused;           /* max-pool from the previous conv's packed outputs straight into
                               * the next conv's packed inputs (csp_rows_maxpool2) */
} layer_ctx;

static pl330_dev dmac;
static layer_ctx ctx[MAX_LAYERS];
static cn_shape shapes[MAX_LAYERS];
static uint32_t seq;
static uint32_t expect_done[3];

static void *dalloc(size_t n)
{
    /* Cache-line aligned, never freed (the front end keeps one network). */
    uint8_t *p = (uint8_t *)malloc(n + 32u);
    if (!p) {
        printf("convnet: out of memory (%lu bytes)\n", (unsigned long)n);
        exit(3);
    }
    return (void *)(((uintptr_t)p + 31u) & ~(uintptr_t)31u);
}

/* Global-timer rate: half the board's CPU clock (bsp_bootparam()), set first thing in main. */
static double gtimer_hz = (double)BSP_GTIMER_HZ;
static double ticks_s(uint64_t t) { return (double)t / gtimer_hz; }

/* Places the layer's weights and micro-code in DDR (once). */
static void prepare_conv(const cn_net_def *net, int i, int keep_weights)
{
    layer_ctx *c = &ctx[i];
    const csp_plan *p = &c->plan;
    const size_t nw = (size_t)p->d.cout * p->d.cin * net->layers[i].k * net->layers[i].k;
    int16_t *w = (int16_t *)malloc(nw * sizeof(int16_t));
    int32_t *b = (int32_t *)dalloc(p->d.cout * sizeof(int32_t));
    if (!w) {
        printf("convnet: out of memory for the weights of %s\n", net->layers[i].name);
        exit(3);
    }
    cn_gen_conv(net, i, p->d.cin, p->d.mode, w, b);
    /* A conv layer right after another reads that layer's output buffer as it is (the engine's
     * packed rows are the next layer's input format: same mode, rows of the same pitch, features
     * the same DDR stride apart): no unpack and repack on the ARM between them. */
    const layer_ctx *prev = i > 0 ? &ctx[i - 1] : 0;
    c->chained = prev && prev->conv >= 0 && prev->out && prev->plan.d.mode == p->d.mode &&
                 prev->plan.ho == p->d.h && prev->plan.wo == p->d.w && prev->plan.d.cout == p->d.cin &&
                 prev->plan.pitch_out == p->pitch_in &&
                 csp_plan_fstride(prev->plan.ho, prev->plan.pitch_out) == csp_plan_fstride(p->d.h, p->pitch_in) &&
                 csp_plan_out_bytes(&prev->plan) >= csp_plan_in_bytes(p);
    c->in = c->chained ? prev->out : (uint8_t *)dalloc(csp_plan_in_bytes(p));
    c->out = (uint8_t *)dalloc(csp_plan_out_bytes(p));
    c->w = (uint8_t *)dalloc(csp_plan_weight_words(p) * 8u);
    csp_plan_pack_weights(p, w, b, c->w);
    bsp_dcache_flush_range((uintptr_t)c->w, csp_plan_weight_words(p) * 8u);
    if (keep_weights) {
        c->wts = w;
        c->bias = b;
    } else {
        free(w);
    }
    const csp_dma_map m = {
        { (uint32_t)(uintptr_t)c->in, (uint32_t)(uintptr_t)c->w, (uint32_t)(uintptr_t)c->out },
        { ZVP_CSP_TCDM_BASE, ZVP_CSP_WM_BASE, ZVP_CSP_TCDM_BASE },
        { ZVP_CSP_SCHED_CH_INPUT, ZVP_CSP_SCHED_CH_WEIGHTS, ZVP_CSP_SCHED_CH_OUTPUT },
    };
    for (int ch = 0; ch < 3; ch++) {
        const uint32_t cap = csp_dma_prog_bound(p, ch);
        c->prog[ch] = (uint8_t *)dalloc(cap);
        pl330_prog prog;
        pl330_prog_init(&prog, c->prog[ch], cap);
        if (csp_dma_build(&prog, p, ch, &m, DMA_CH0 + (uint32_t)ch)) {
            printf("convnet: %s: micro-code for channel %d does not fit %lu bytes\n",
                   net->layers[i].name, ch, (unsigned long)cap);
            exit(3);
        }
        bsp_dcache_flush_range((uintptr_t)c->prog[ch], prog.len);
    }
}

static void report_mw_failure(const char *name, uint32_t st)
{
    if ((st & 0xFFu) == CSP_STATUS_TRAP)
        printf("convnet: %s: the Middleware trapped: mcause=0x%lx mtval=0x%08lx mepc=0x%08lx\n", name,
               (unsigned long)csp_mailbox_read(CSP_MB_CYCLES), (unsigned long)csp_mailbox_read(5),
               (unsigned long)csp_mailbox_read(4));
    else
        printf("convnet: %s: the Middleware reported error %d\n", name, (int)(int8_t)(st & 0xFFu));
}

/* The layer's outputs as int16 activations (for the ARM's next layer, or for the checks). */
static void unpack_outputs(const layer_ctx *c, int16_t *out)
{
    bsp_dcache_invalidate_range((uintptr_t)c->out, csp_plan_out_bytes(&c->plan));
    csp_plan_unpack_outputs(&c->plan, c->out, out);
}

/* The fused max-pool: the conv layer a's packed outputs -> the conv layer b's packed inputs. */
static void pool_packed(const layer_ctx *a, const layer_ctx *b)
{
    const csp_plan *pa = &a->plan, *pb = &b->plan;
    bsp_dcache_invalidate_range((uintptr_t)a->out, csp_plan_out_bytes(pa));
    (void)csp_rows_maxpool2(a->out, pa->d.cout, pa->ho, pa->wo, pa->d.mode, csp_plan_fstride(pa->ho, pa->pitch_out),
                            b->in, csp_plan_fstride(pb->d.h, pb->pitch_in));
    bsp_dcache_flush_range((uintptr_t)b->in, csp_plan_in_bytes(pb));
}

/* One conv layer on the CSP; returns 0 or the exit status of a failure. The input is packed on
 * the ARM unless the layer is chained; the outputs are unpacked into `out` when `unpack` is set
 * (the next layer needs them on the ARM). */
static int run_conv(const cn_net_def *net, int i, const int16_t *act, int16_t *out, int unpack,
                    uint64_t *ticks)
{
    layer_ctx *c = &ctx[i];
    const csp_plan *p = &c->plan;
    const char *name = net->layers[i].name;
    if (!c->chained && !c->prepacked) {
        csp_plan_pack_inputs(p, act, c->in);
        bsp_dcache_flush_range((uintptr_t)c->in, csp_plan_in_bytes(p));
    }
    bsp_dcache_flush_range((uintptr_t)c->out, csp_plan_out_bytes(p));
    uint32_t mb[CSP_MB_WORDS];
    csp_desc_encode(&p->d, mb);
    seq++;
    mb[CSP_MB_CMD] = seq << 8 | CSP_CMD_LAYER;
    for (unsigned k = 1; k < 6; k++)
        csp_mailbox_write(k, mb[k]);
    csp_mailbox_write(CSP_MB_CMD, mb[CSP_MB_CMD]);

    const uint64_t t0 = bsp_gtimer_read();
    for (int ch = 0; ch < 3; ch++) {
        if (pl330_start(&dmac, DMA_CH0 + (uint32_t)ch, (uint32_t)(uintptr_t)c->prog[ch])) {
            printf("convnet: %s: PL330 channel %d did not start\n", name, ch);
            return 3;
        }
        expect_done[ch]++;
    }
    csp_doorbell_rv();
    if (csp_wait_doorbell(LAYER_TIMEOUT_US)) {
        printf("convnet: %s: no completion from the Middleware after %u us (RISC-V stalled?)\n", name,
               LAYER_TIMEOUT_US);
        return 4;
    }
    const uint32_t st = csp_mailbox_read(CSP_MB_STATUS);
    if ((st >> 8) != (seq & 0xFFFFFFu) || (st & 0xFFu) != 0) {
        report_mw_failure(name, st);
        for (int ch = 0; ch < 3; ch++)
            pl330_kill(&dmac, DMA_CH0 + (uint32_t)ch);
        return 4;
    }
    for (int ch = 0; ch < 3; ch++) {
        if (pl330_wait(&dmac, DMA_CH0 + (uint32_t)ch, expect_done[ch], LAYER_TIMEOUT_US)) {
            printf("convnet: %s: PL330 channel %d did not finish (CSR=0x%lx)\n", name, ch,
                   (unsigned long)pl330_csr(&dmac, DMA_CH0 + (uint32_t)ch));
            return 4;
        }
    }
    *ticks = bsp_gtimer_read() - t0;
    c->rv_cycles = csp_mailbox_read(CSP_MB_CYCLES);
    c->passes = csp_mailbox_read(CSP_MB_PASSES);
    c->dma_waits = csp_mailbox_read(CSP_MB_DMA_WAITS);
    if (unpack)
        unpack_outputs(c, out);
    return 0;
}

/* Golden model on the ARM: element mismatches. */
static uint32_t golden_check(const layer_ctx *c, const int16_t *act, const int16_t *out)
{
    const csp_plan *p = &c->plan;
    const size_t n = (size_t)p->d.cout * p->ho * p->wo;
    int16_t *ref = (int16_t *)malloc(n * sizeof(int16_t));
    int32_t *scratch = (int32_t *)malloc((size_t)p->ho * p->wo * sizeof(int32_t));
    if (!ref || !scratch) {
        printf("convnet: out of memory for the golden check\n");
        exit(3);
    }
    csp_conv_layer_ref(&c->g, p->d.cin, p->d.cout, act, c->wts, c->bias, ref, scratch);
    uint32_t bad = 0;
    for (size_t k = 0; k < n; k++)
        bad += ref[k] != out[k];
    free(ref);
    free(scratch);
    return bad;
}

/* The PL clock: two Middleware spins of known cycle counts timed on the global timer (the
 * doorbell latencies cancel in the difference). */
static double measure_pl_hz(void)
{
    const uint32_t n[2] = { 40000u, 120000u };
    uint64_t dt[2];
    for (int i = 0; i < 2; i++) {
        csp_mailbox_write(1, n[i]);
        seq++;
        csp_mailbox_write(CSP_MB_CMD, seq << 8 | CSP_CMD_SPIN);
        const uint64_t t0 = bsp_gtimer_read();
        csp_doorbell_rv();
        if (csp_wait_doorbell(LAYER_TIMEOUT_US))
            return 0.0;
        dt[i] = bsp_gtimer_read() - t0;
    }
    return dt[1] > dt[0] ? (double)(n[1] - n[0]) / ticks_s(dt[1] - dt[0]) : 0.0;
}

static void quit_middleware(void)
{
    seq++;
    csp_mailbox_write(CSP_MB_CMD, seq << 8 | CSP_CMD_QUIT);
    csp_doorbell_rv();
    (void)csp_wait_doorbell(100000u);
}

int main(void)
{
    const bsp_bootparams bp = bsp_bootparam();
    const uint32_t frames = bp.images ? bp.images : 1u;
    const int quiet = (bp.flags & 1u) != 0;
    gtimer_hz = (double)bp.cpu_hz / 2.0;

    static const convnet_job fallback = { CONVNET_JOB_MAGIC, CONVNET_JOB_VERSION, CN_NET_TINY,
                                          CSP_MODE_16BIT, 0, CONVNET_JOB_ARM_GOLDEN, 0, 0, { 0 } };
    const convnet_job *job = (const convnet_job *)(uintptr_t)(ZVP_CONVNET_JOB_BASE);
    if (job->magic != CONVNET_JOB_MAGIC || job->version != CONVNET_JOB_VERSION ||
        job->net >= CN_NET_COUNT || job->mode > 1 || job->nconv > CONVNET_JOB_MAX_LAYERS) {
        printf("convnet: no job file at 0x%08lx: tiny network, 16 bit, checked on the ARM\n",
               (unsigned long)(ZVP_CONVNET_JOB_BASE));
        job = &fallback;
    }
    const cn_net_def *net = cn_net((int)job->net);
    const int mode = (int)job->mode;
    const int use_sums = (job->flags & CONVNET_JOB_CHECKSUMS) != 0;
    const int use_golden = (job->flags & CONVNET_JOB_ARM_GOLDEN) != 0;
    printf("convnet: %s, %d-bit, %lu frame(s), checks:%s%s\n", net->name, mode ? 8 : 16,
           (unsigned long)frames, use_sums ? " host checksums" : "", use_golden ? " ARM golden model" : "");
    if (net->nlayers > MAX_LAYERS || cn_shapes(net, shapes)) {
        printf("convnet: network %s has a bad shape\n", net->name);
        return 3;
    }

    /* Admission: every conv layer must map onto the engine before anything runs. */
    int nconv = 0;
    for (int i = 0; i < net->nlayers; i++) {
        layer_ctx *c = &ctx[i];
        c->conv = -1;
        const cn_layer_def *l = &net->layers[i];
        if (l->kind != CN_CONV)
            continue;
        int rc = cn_conv_geom(l, &shapes[i], mode, ZVP_CSP_LINE_BUFFER_WORDS, &c->g);
        if (!rc) {
            const csp_layer_desc d = { c->g.width, c->g.height, shapes[i].cin, shapes[i].cout,
                                       c->g.stride, c->g.pad, c->g.mode, c->g.relu, c->g.shift,
                                       CSP_TCDM_BANK_BYTES, ZVP_CSP_WM_WORDS, c->g.kernel };
            if (csp_plan_init(&c->plan, &d, ZVP_CSP_LINE_BUFFER_WORDS) != CSP_PLAN_OK)
                rc = CN_REJECT_PLAN;
        }
        if (rc) {
            printf("convnet: layer %s (%ux%u, %ux%u kernel, stride %u, %u -> %u features) rejected: %s\n",
                   l->name, shapes[i].w, shapes[i].h, l->k, l->k, l->stride, shapes[i].cin,
                   shapes[i].cout, cn_reject_text(rc));
            return 2;
        }
        c->conv = nconv++;
        c->gops = cn_conv_gops(l, &shapes[i]);
    }
    if (use_sums && (int)job->nconv != nconv) {
        printf("convnet: the job file has %lu checksums for %d conv layers\n", (unsigned long)job->nconv,
               nconv);
        return 3;
    }

    /* PL330 and the Middleware. */
    pl330_attach_irqs(&dmac);
    bsp_cpu_irq_enable();
    if (pl330_init(&dmac, ZVP_DMAC_S_BASE)) {
        printf("convnet: PL330 self test failed\n");
        return 3;
    }
    uint32_t entry = 0;
    const int erc = csp_load_elf((const void *)(uintptr_t)(ZVP_CONVNET_MW_ELF_BASE), &entry);
    if (erc) {
        printf("convnet: no loadable Middleware ELF at 0x%08lx (%s)\n",
               (unsigned long)(ZVP_CONVNET_MW_ELF_BASE),
               erc == CSP_ELF_BAD_MAGIC ? "not a RISC-V ELF32" : "segment outside the L2 BRAM");
        return 3;
    }
    csp_irq_init();
    csp_riscv_start(entry);
    for (int i = 0; i < net->nlayers; i++)
        if (ctx[i].conv >= 0)
            prepare_conv(net, i, use_golden);
    /* A 2x2 stride-2 max-pool between two conv layers works on the packed buffers: it reads the
     * first layer's outputs as the engine wrote them and writes the second layer's inputs in
     * their packed format (csp_rows_maxpool2), instead of unpacking, pooling and repacking. */
    for (int i = 1; i + 1 < net->nlayers; i++) {
        const cn_layer_def *l = &net->layers[i];
        const layer_ctx *a = &ctx[i - 1], *b = &ctx[i + 1];
        if (l->kind == CN_MAXPOOL && l->k == 2 && l->stride == 2 && a->conv >= 0 && b->conv >= 0 &&
            !b->chained && a->plan.d.mode == b->plan.d.mode && a->plan.d.cout == b->plan.d.cin &&
            b->plan.d.w == a->plan.wo / 2u && b->plan.d.h == a->plan.ho / 2u &&
            csp_rows_maxpool2_fits(a->plan.ho, a->plan.wo, a->plan.d.mode)) {
            ctx[i].pool_fused = 1;
            ctx[i + 1].prepacked = 1;
        }
    }

    /* Activations: the largest feature map of the network, twice. */
    size_t amax = (size_t)net->c * net->h * net->w;
    for (int i = 0; i < net->nlayers; i++) {
        size_t a = (size_t)shapes[i].cout * shapes[i].ho * shapes[i].wo;
        if (a > amax)
            amax = a;
    }
    int16_t *img = (int16_t *)dalloc((size_t)net->c * net->h * net->w * sizeof(int16_t));
    int16_t *bufa = (int16_t *)dalloc(amax * sizeof(int16_t)), *bufb = (int16_t *)dalloc(amax * sizeof(int16_t));
    cn_gen_input(net, mode, img);

    uint32_t mismatches = 0;
    uint64_t total = 0, conv_total = 0, first_ticks[MAX_LAYERS];
    int top1 = -1, status = 0;
    for (uint32_t f = 0; f < frames && !status; f++) {
        memcpy(bufa, img, (size_t)net->c * net->h * net->w * sizeof(int16_t));
        int16_t *act = bufa, *nxt = bufb;
        uint64_t frame_ticks = 0;
        for (int i = 0; i < net->nlayers && !status; i++) {
            const cn_layer_def *l = &net->layers[i];
            const cn_shape *s = &shapes[i];
            uint64_t t = 0;
            if (l->kind == CN_CONV) {
                /* Outputs a chained conv layer or a fused max-pool reads from the engine's buffer
                 * are unpacked after the timed part, for the checks only. */
                const int packed_next = i + 1 < net->nlayers &&
                                        ((ctx[i + 1].conv >= 0 && ctx[i + 1].chained) || ctx[i + 1].pool_fused);
                const uint64_t t0 = bsp_gtimer_read();
                status = run_conv(net, i, act, nxt, !packed_next, &t);
                const uint64_t with_io = bsp_gtimer_read() - t0; /* + packing on the ARM */
                if (status)
                    break;
                if (packed_next)
                    unpack_outputs(&ctx[i], nxt);
                conv_total += t;
                frame_ticks += with_io;
                const size_t n = (size_t)s->cout * s->ho * s->wo;
                if (use_sums && cn_checksum(nxt, n) != job->checksum[ctx[i].conv]) {
                    printf("convnet: frame %lu %s: output checksum 0x%08lx, host reference 0x%08lx\n",
                           (unsigned long)f, l->name, (unsigned long)cn_checksum(nxt, n),
                           (unsigned long)job->checksum[ctx[i].conv]);
                    mismatches++;
                }
                if (use_golden) {
                    uint32_t bad = golden_check(&ctx[i], act, nxt);
                    if (bad)
                        printf("convnet: frame %lu %s: %lu of %lu outputs differ from the golden model\n",
                               (unsigned long)f, l->name, (unsigned long)bad, (unsigned long)n);
                    mismatches += bad;
                }
            } else {
                const uint64_t t0 = bsp_gtimer_read();
                if (ctx[i].pool_fused)
                    pool_packed(&ctx[i - 1], &ctx[i + 1]);
                else if (l->kind == CN_MAXPOOL)
                    cn_maxpool(act, s->cin, s->h, s->w, l->k, l->stride, nxt, 0, 0);
                else if (l->kind == CN_AVGPOOL)
                    cn_avgpool(act, s->cin, s->h, s->w, nxt);
                else {
                    top1 = cn_softmax_top(act, s->cin, 0, 0);
                    memcpy(nxt, act, (size_t)s->cin * sizeof(int16_t));
                }
                t = bsp_gtimer_read() - t0;
                frame_ticks += t;
                if (ctx[i].pool_fused) /* the int16 activations, for the next layer's checks */
                    cn_maxpool(act, s->cin, s->h, s->w, l->k, l->stride, nxt, 0, 0);
            }
            if (f == 0)
                first_ticks[i] = t;
            int16_t *tmp = act;
            act = nxt;
            nxt = tmp;
        }
        total += frame_ticks;
        if (!status && !quiet)
            printf("@item %lu top1=%d time_s=%.6f\n", (unsigned long)f, top1, ticks_s(frame_ticks));
    }
    if (status) {
        printf("@result mismatches %lu\n", (unsigned long)mismatches);
        return status;
    }

    const double pl_hz = measure_pl_hz();
    const double peak = 2.0 * 27.0 * 2.0 * pl_hz * (mode ? 2.0 : 1.0);
    for (int i = 0; i < net->nlayers; i++) {
        const cn_layer_def *l = &net->layers[i];
        const double ts = ticks_s(first_ticks[i]);
        if (ctx[i].conv >= 0) {
            const double gps = ts > 0 ? ctx[i].gops / ts : 0.0;
            printf("@layer %s conv in=%ux%u cin=%u cout=%u gops=%.4f time_s=%.6f gops_per_s=%.3f "
                   "efficiency=%.3f passes=%lu rv_cycles=%lu dma_waits=%lu\n",
                   l->name, shapes[i].w, shapes[i].h, shapes[i].cin, shapes[i].cout, ctx[i].gops, ts,
                   gps, peak > 0 ? gps * 1e9 / peak : 0.0, (unsigned long)ctx[i].passes,
                   (unsigned long)ctx[i].rv_cycles, (unsigned long)ctx[i].dma_waits);
        } else {
            printf("@layer %s %s time_s=%.6f\n", l->name,
                   l->kind == CN_MAXPOOL ? "maxpool" : l->kind == CN_AVGPOOL ? "avgpool" : "softmax", ts);
        }
    }
    quit_middleware();
    printf("@result images %lu\n", (unsigned long)frames);
    printf("@result fps %.3f\n", total ? (double)frames / ticks_s(total) : 0.0);
    printf("@result conv_time_s %.6f\n", ticks_s(conv_total) / frames);
    /* The seed's frame rates are those of the convolutions (13 fps = 1 / sum of Table III). */
    printf("@result fps_conv %.3f\n", conv_total ? (double)frames / ticks_s(conv_total) : 0.0);
    printf("@result pl_clock_mhz %.1f\n", pl_hz / 1e6);
    printf("@result top1 %d\n", top1);
    if (use_sums && top1 != (int)job->top1)
        printf("convnet: top-1 class %d, host reference %lu\n", top1, (unsigned long)job->top1);
    printf("@result mismatches %lu\n", (unsigned long)mismatches);
    printf("convnet: %s\n", mismatches ? "MISMATCH against the reference" : "all engine outputs match the reference");
    return mismatches ? 1 : 0;
}
