/* CSP Middleware: the per-layer scheduling loop and the mailbox command loop (see mw.h). */
#include "middleware/mw.h"

#include "middleware/mw_hal.h"
#include "regs/csp_regs.h" /* models/accel/csp/csp.regs.yaml */

#define ENG(r) (ZVP_CSP_RV_ENGINE_BASE + ZVP_CSP_ENGINE_##r)
#define SCH(ch, r) (ZVP_CSP_RV_SCHED_BASE + (ch) * ZVP_CSP_SCHED_CH_STRIDE + ZVP_CSP_SCHED_##r)
#define CTL(r) (ZVP_CSP_RV_CTRL_BASE + ZVP_CSP_CTRL_##r)
#define MBOX(i) (ZVP_CSP_RV_CTRL_BASE + ZVP_CSP_CTRL_MAILBOX0 + ZVP_CSP_CTRL_MAILBOX0_STRIDE * (i))
#define ENG_CFG(f) ZVP_CSP_ENGINE_CFG_##f##_MASK
#define ENG_CFG_SHIFT(f) ZVP_CSP_ENGINE_CFG_##f##_SHIFT
#define PUSH(f) ZVP_CSP_SCHED_PUSH_##f##_MASK
/* IRQ_STATUS.PUSH_ERROR bit of scheduler channel c. */
#define PUSH_ERROR(c) ((1u << ZVP_CSP_SCHED_IRQ_STATUS_PUSH_ERROR_SHIFT) << (c))
#define ENG_IRQS (ZVP_CSP_ENGINE_IRQ_STATUS_DONE_MASK | ZVP_CSP_ENGINE_IRQ_STATUS_ERROR_MASK)
#define DOORBELL ZVP_CSP_CTRL_RV_IRQ_STATUS_DOORBELL_MASK

/* Scheduler channel of each csp_plan channel. */
static const uint32_t sched_ch[3] = { ZVP_CSP_SCHED_CH_INPUT, ZVP_CSP_SCHED_CH_WEIGHTS,
                                      ZVP_CSP_SCHED_CH_OUTPUT };

/* One request as the scheduler sees it: the first segment's PL address and the total length
 * (the addresses themselves are in the PL330 micro-code the ARM generated for the same plan). */
static int push_span(int ch, uint32_t pl_off, uint32_t len, uint32_t ctrl, mw_stats *st)
{
    const uint32_t c = sched_ch[ch];
    MW_WR(SCH(c, ADDR), pl_off);
    MW_WR(SCH(c, LEN), len);
    MW_WR(SCH(c, PUSH), ctrl);
    st->pushes[ch]++;
    return (MW_RD(ZVP_CSP_RV_SCHED_BASE + ZVP_CSP_SCHED_IRQ_STATUS) & PUSH_ERROR(c)) ? MW_E_PUSH : MW_OK;
}

/* Pushes step s = (t, o, g)'s input and weight requests as spans (csp_spans_step: first PL
 * offset, total bytes), then reads the push-error flags once for both. Inlined: a call cost the
 * Zero-riscy about 100 cycles of register saves per step. */
static inline __attribute__((always_inline)) int push_step(const csp_plan *p, csp_spans *c, uint32_t s,
                                                           unsigned t, unsigned o, unsigned g, mw_stats *st)
{
    uint32_t in_off, in_len, w_off, w_len;
    csp_spans_step(c, p, s, t, o, g, &in_off, &in_len, &w_off, &w_len);
    const uint32_t ci = sched_ch[CSP_CH_IN], cw = sched_ch[CSP_CH_W];
    MW_WR(SCH(ci, ADDR), in_off);
    MW_WR(SCH(ci, LEN), in_len);
    MW_WR(SCH(ci, PUSH), PUSH(BURST));
    MW_WR(SCH(cw, ADDR), w_off);
    MW_WR(SCH(cw, LEN), w_len);
    MW_WR(SCH(cw, PUSH), PUSH(BURST));
    st->pushes[CSP_CH_IN]++;
    st->pushes[CSP_CH_W]++;
    return (MW_RD(ZVP_CSP_RV_SCHED_BASE + ZVP_CSP_SCHED_IRQ_STATUS) & (PUSH_ERROR(ci) | PUSH_ERROR(cw)))
               ? MW_E_PUSH
               : MW_OK;
}

/* Barrier (seed 001 Figure 4): wait until `count` requests of a channel have completed. */
static void wait_done(uint32_t ch, uint32_t count, mw_stats *st)
{
    while ((int32_t)(MW_RD(SCH(ch, DONE)) - count) < 0)
        st->wait_dma_polls++;
}

static void wait_pending_zero(uint32_t ch)
{
    while (MW_RD(SCH(ch, PENDING)) != 0)
        ;
}

/* Waits until the engine is idle. The core sleeps (WFI) on the engine's completion interrupt
 * (IRQ_ENABLE.DONE, cleared before each START) instead of spinning on STATUS: same behaviour on
 * the chip, and a temporally decoupled core model then wakes exactly at the completion instead
 * of polling stale state until its quantum ends. */
static inline __attribute__((always_inline)) int wait_engine(void)
{
    uint32_t v;
    while ((v = MW_RD(ENG(STATUS))) & ZVP_CSP_ENGINE_STATUS_BUSY_MASK)
        MW_WFI();
    /* An engine error code as a layer status (MW_E_ENGINE - code) stays above MW_E_PUSH. */
    return __builtin_expect(v & ZVP_CSP_ENGINE_STATUS_ERROR_MASK, 0)
               ? MW_E_ENGINE - (int)(ZVP_FIELD_GET(ZVP_CSP_ENGINE_STATUS_CODE, v) & (uint32_t)(MW_E_ENGINE - MW_E_PUSH - 1))
               : MW_OK;
}

static inline __attribute__((always_inline)) void start_pass(void)
{
    MW_WR(ENG(CTRL), ZVP_CSP_ENGINE_CTRL_START_MASK);
    /* Then drop the previous pass's DONE (it would keep WFI from sleeping). Should this pass
     * already be over, its DONE goes too, but wait_engine sees BUSY clear and does not sleep. */
    MW_WR(ENG(IRQ_STATUS), ENG_IRQS);
}

int mw_run_layer(const csp_layer_desc *d, mw_stats *st)
{
    static csp_plan p;
    int e = csp_plan_init(&p, d, ZVP_CSP_LINE_BUFFER_WORDS);
    if (e)
        return e;
    /* Clear stale push errors; DONE counters are cumulative: barriers count from here. */
    MW_WR(ZVP_CSP_RV_SCHED_BASE + ZVP_CSP_SCHED_IRQ_STATUS,
          ZVP_CSP_SCHED_IRQ_STATUS_BARRIER_MASK | ZVP_CSP_SCHED_IRQ_STATUS_PUSH_ERROR_MASK);
    const uint32_t done_in0 = MW_RD(SCH(sched_ch[CSP_CH_IN], DONE));
    const uint32_t done_w0 = MW_RD(SCH(sched_ch[CSP_CH_W], DONE));
    /* Fields shifted without masking: csp_plan_init checked their ranges. */
    const uint32_t cfg_base = (uint32_t)d->stride << ENG_CFG_SHIFT(STRIDE) | (d->pad ? ENG_CFG(PAD) : 0u) |
                              (d->mode ? ENG_CFG(MODE8) : 0u) | (d->relu ? ENG_CFG(RELU) : 0u) |
                              (uint32_t)d->kernel << ENG_CFG_SHIFT(KERNEL) | (uint32_t)d->shift << ENG_CFG_SHIFT(SHIFT);
    const uint32_t half_bank = d->bank_bytes / 2u;
    MW_WR(ENG(IRQ_ENABLE), ENG_IRQS); /* DONE and ERROR wake the core (mie.MEIE, mstatus.MIE clear) */
    csp_tile tl;
    unsigned cur_tile = UINT16_MAX; /* none yet */
    static csp_spans sc;
    csp_spans_init(&sc, &p);

    unsigned t = 0, o = 0, g = 0;    /* step s */
    unsigned nt = 0, no = 0, ng = 0; /* step s + 1 */
    csp_plan_next(&p, &nt, &no, &ng);
    if ((e = push_step(&p, &sc, 0, t, o, g, st)) != MW_OK)
        return e;
    for (uint32_t s = 0; s < p.steps; s++) {
        if (t != cur_tile) {
            csp_plan_tile(&p, t, &tl);
            cur_tile = t;
        }
        const int first = g == 0, last = g + 1u == p.n_ig;
        const unsigned k = o + 1u == p.n_og ? sc.last_k : p.og, nf = last ? sc.last_nf : 3u;
        const uint32_t half = s & 1u;
        /* Barriers: this step's features and weights are in. */
        wait_done(sched_ch[CSP_CH_IN], done_in0 + s + 1u, st);
        wait_done(sched_ch[CSP_CH_W], done_w0 + s + 1u, st);
        /* Step-constant part of the pass descriptor. */
        const uint32_t in0 = half * half_bank;
        MW_WR(ENG(IN_ADDR0), in0);
        MW_WR(ENG(IN_ADDR1), nf > 1 ? in0 + d->bank_bytes : in0);
        MW_WR(ENG(IN_ADDR2), nf > 2 ? in0 + 2u * d->bank_bytes : in0);
        MW_WR(ENG(DIM), (uint32_t)d->w << ZVP_CSP_ENGINE_DIM_WIDTH_SHIFT |
                            (uint32_t)(tl.in_r1 - tl.in_r0) << ZVP_CSP_ENGINE_DIM_HEIGHT_SHIFT);
        MW_WR(ENG(CFG), cfg_base | (first ? ENG_CFG(FIRST) : 0u) | (last ? ENG_CFG(LAST) : 0u) |
                            (uint32_t)nf << ENG_CFG_SHIFT(FEATURES));
        const uint32_t wbase = half * p.wm_half;
        const uint32_t bias_addr = ZVP_CSP_RV_WM_BASE + (wbase + k * p.ww) * 8u;
        /* The output buffers are free once the previous write-back has left. */
        if (last)
            wait_pending_zero(sched_ch[CSP_CH_OUT]);
        /* The per-pass loop is the Middleware's overhead on small features (seed 001 Table II
         * conv_7/conv_8): locals only, the registers that change, then the START. The first
         * pass is peeled (the prefetch of the next step follows its START) and the rest run in
         * a loop specialised for last/not-last steps, so a not-last pass costs two register
         * writes, a STATUS read, the START and its IRQ clear, two adds and the loop branch
         * (about 27 Zero-riscy cycles when the engine is already idle, counted on the compiled
         * loop: four 3-cycle register writes, the STATUS read, two taken branches). */
        const uint32_t acc_stride = p.acc_stride, out_stride = p.out_stride, ww = p.ww;
        uint32_t acc = p.acc_base, out = p.out_base, w = wbase;
        const uint32_t acc_end = acc + k * acc_stride;
        MW_WR(ENG(ACC_ADDR), acc);
        MW_WR(ENG(W_ADDR), w);
        if (last) {
            MW_WR(ENG(OUT_ADDR), out);
            MW_WR(ENG(BIAS), MW_RD(bias_addr));
        }
        if ((e = wait_engine()) != MW_OK)
            return e;
        start_pass();
        /* Prefetch the next step into the other halves while this one computes (Figure 4).
         * Those halves belonged to step s-1, whose last pass has ended: this START needed
         * the engine idle. Done after the first START so the engine never waits for it. */
        if (s + 1u < p.steps && (e = push_step(&p, &sc, s + 1u, nt, no, ng, st)) != MW_OK)
            return e;
        acc += acc_stride;
        w += ww;
        if (last) {
            uint32_t b = bias_addr;
            for (out += out_stride; acc != acc_end; acc += acc_stride, out += out_stride) {
                b += 4u;
                MW_WR(ENG(ACC_ADDR), acc);
                MW_WR(ENG(W_ADDR), w);
                MW_WR(ENG(OUT_ADDR), out);
                MW_WR(ENG(BIAS), MW_RD(b));
                if ((e = wait_engine()) != MW_OK)
                    return e;
                start_pass();
                w += ww;
            }
        } else {
            for (; acc != acc_end; acc += acc_stride, w += ww) {
                MW_WR(ENG(ACC_ADDR), acc);
                MW_WR(ENG(W_ADDR), w);
                if ((e = wait_engine()) != MW_OK)
                    return e;
                start_pass();
            }
        }
        st->passes += k;
        st->steps++;
        /* Write-back of the output group once its last pass has ended. */
        if (last) {
            if ((e = wait_engine()) != MW_OK)
                return e;
            uint32_t out_off, out_len;
            csp_plan_out_span(&p, t, o, &out_off, &out_len);
            if ((e = push_span(CSP_CH_OUT, out_off, out_len, PUSH(DIR) | PUSH(BURST), st)) != MW_OK)
                return e;
        }
        t = nt;
        o = no;
        g = ng;
        csp_plan_next(&p, &nt, &no, &ng);
    }
    if ((e = wait_engine()) != MW_OK)
        return e;
    wait_pending_zero(sched_ch[CSP_CH_OUT]);
    return MW_OK;
}

int mw_main_loop(void)
{
    uint32_t mb[CSP_MB_WORDS];
    MW_WR(CTL(RV_IRQ_ENABLE), ZVP_CSP_CTRL_RV_IRQ_ENABLE_DOORBELL_MASK);
    for (;;) {
        /* The ARM orders execution through its doorbell (sleep until it rings). */
        while (!(MW_RD(CTL(RV_IRQ_STATUS)) & DOORBELL))
            MW_WFI();
        MW_WR(CTL(RV_IRQ_STATUS), DOORBELL);
        for (unsigned i = 0; i < CSP_MB_WORDS; i++)
            mb[i] = MW_RD(MBOX(i));
        const uint32_t cmd = mb[CSP_MB_CMD] & 0xFFu, seq = mb[CSP_MB_CMD] >> 8;
        int code = MW_OK;
        uint32_t cycles = 0, st_passes = 0, st_waits = 0;
        if (cmd == CSP_CMD_LAYER) {
            csp_layer_desc d;
            mw_stats st = { 0 };
            csp_desc_decode(mb, &d);
            const uint32_t c0 = MW_CYCLES();
            code = mw_run_layer(&d, &st);
            cycles = MW_CYCLES() - c0;
            st_passes = st.passes;
            st_waits = st.wait_dma_polls;
        } else if (cmd == CSP_CMD_SPIN) {
            const uint32_t c0 = MW_CYCLES();
            while (MW_CYCLES() - c0 < mb[1])
                ;
            cycles = MW_CYCLES() - c0;
        }
        /* Diagnostics for the ARM's report (descriptor words, no longer needed). */
        MW_WR(MBOX(CSP_MB_PASSES), st_passes);
        MW_WR(MBOX(CSP_MB_DMA_WAITS), st_waits);
        MW_WR(MBOX(CSP_MB_CYCLES), cycles);
        MW_WR(MBOX(CSP_MB_STATUS), seq << 8 | ((uint32_t)code & 0xFFu));
        MW_WR(CTL(DOORBELL_ARM), ZVP_CSP_CTRL_DOORBELL_ARM_DOORBELL_MASK);
        /* The layer's last DONE stays pending: with the engine's interrupt still enabled, the WFI
         * below (and the parked core after QUIT) would fall through at once and spin until the ARM
         * rings. mw_run_layer enables it again for the next layer. */
        MW_WR(ENG(IRQ_ENABLE), 0u);
        if (cmd == CSP_CMD_QUIT)
            return 0;
    }
}
