/* PL330 micro-code generator for CSP layers (see csp_dma.h). */
#include "drivers/csp/csp_dma.h"

static csp_seg segs[CSP_SEG_MAX];

/* Worst case per segment: 2 DMAMOV (12) + 3 CCR (18) + 3 x (nested loop 10 + loop 6) + ack (3). */
#define SEG_BOUND 96u
#define REQ_BOUND 4u

uint32_t csp_dma_prog_bound(const csp_plan *p, int ch)
{
    const uint32_t per_req = ch == CSP_CH_IN ? 3u : ch == CSP_CH_W ? 1u : p->og;
    return csp_plan_requests(p, ch) * (REQ_BOUND + per_req * SEG_BOUND) + 16u;
}

typedef struct {
    pl330_prog *p;
    uint32_t ccr;
} emitter;

static void set_ccr(emitter *e, uint32_t ccr)
{
    if (e->ccr != ccr) {
        pl330_dmamov(e->p, PL330_CCR, ccr);
        e->ccr = ccr;
    }
}


static void body(emitter *e, uint32_t src, uint32_t dst, uint32_t len)
{
    const uint32_t beat = ((src | dst) & 7u) == 0 ? 8u : ((src | dst) & 3u) == 0 ? 4u : 1u;
    if (beat > 1u) {
        const uint32_t n64 = len / 64u;
        if (n64) {
            set_ccr(e, pl330_ccr(beat, 64u / beat, beat, 64u / beat));
            pl330_emit_copy_loops(e->p, n64, 1);
            len -= n64 * 64u;
        }
        const uint32_t n32 = len / 32u;
        if (n32) {
            set_ccr(e, pl330_ccr(beat, 32u / beat, beat, 32u / beat));
            pl330_emit_copy_loops(e->p, n32, 1);
            len -= n32 * 32u;
        }
    }
    if (len) {
        set_ccr(e, pl330_ccr(1, 1, 1, 1));
        pl330_emit_copy_loops(e->p, len, 1);
    }
}

int csp_dma_build(pl330_prog *prog, const csp_plan *p, int ch, const csp_dma_map *m, uint32_t event)
{
    emitter e = { prog, UINT32_MAX }; /* no CCR set yet */
    const int to_ddr = ch == CSP_CH_OUT;
    const uint32_t periph = m->periph[ch];
    const uint32_t nreq = csp_plan_requests(p, ch);
    for (uint32_t n = 0; n < nreq; n++) {
        unsigned ns;
        if (ch == CSP_CH_IN)
            ns = csp_plan_in_req(p, n, segs);
        else if (ch == CSP_CH_W)
            ns = csp_plan_w_req(p, n, segs);
        else
            ns = csp_plan_out_req(p, n / p->n_og, n % p->n_og, segs);
        pl330_dmawfp(prog, periph, PL330_WFP_BURST);
        for (unsigned s = 0; s < ns; s++) {
            const uint32_t ddr = m->ddr[ch] + segs[s].ddr_off, pl = m->pl[ch] + segs[s].pl_off;
            const uint32_t src = to_ddr ? pl : ddr, dst = to_ddr ? ddr : pl;
            const int last = s + 1u == ns;
            pl330_dmamov(prog, PL330_SAR, src);
            pl330_dmamov(prog, PL330_DAR, dst);
            body(&e, src, dst, segs[s].len - (last ? 1u : 0u));
            if (last) {
                /* The last byte alone: its peripheral transfer acknowledges the request. */
                set_ccr(&e, pl330_ccr(1, 1, 1, 1));
                if (to_ddr) {
                    pl330_dmaldp(prog, 1, periph);
                    pl330_dmast(prog, PL330_ALWAYS);
                } else {
                    pl330_dmald(prog, PL330_ALWAYS);
                    pl330_dmastp(prog, 1, periph);
                }
            }
        }
    }
    pl330_dmawmb(prog);
    pl330_dmasev(prog, event);
    pl330_dmaend(prog);
    return prog->err ? -1 : 0;
}
