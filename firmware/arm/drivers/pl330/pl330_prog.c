/* PL330 program builders (see pl330_prog.h). */
#include "drivers/pl330/pl330_prog.h"

static void emit_body(pl330_prog *p, uint32_t n_st)
{
    pl330_dmald(p, PL330_ALWAYS);
    for (uint32_t i = 0; i < n_st; i++)
        pl330_dmast(p, PL330_ALWAYS);
}

void pl330_emit_copy_loops(pl330_prog *p, uint32_t count, uint32_t n_st)
{
    while (count >= 256) {
        uint32_t outer = count / 256;
        if (outer > 256)
            outer = 256;
        pl330_dmalp(p, 1, outer);
        uint32_t o = p->len;
        pl330_dmalp(p, 0, 256);
        uint32_t i = p->len;
        emit_body(p, n_st);
        pl330_dmalpend(p, 0, i, 0, PL330_ALWAYS);
        pl330_dmalpend(p, 1, o, 0, PL330_ALWAYS);
        count -= outer * 256;
    }
    if (count == 1) {
        emit_body(p, n_st);
    } else if (count > 1) {
        pl330_dmalp(p, 0, count);
        uint32_t i = p->len;
        emit_body(p, n_st);
        pl330_dmalpend(p, 0, i, 0, PL330_ALWAYS);
    }
}

static uint32_t align_size(uint32_t addr, uint32_t max)
{
    uint32_t s = max;
    while (s > 1 && (addr & (s - 1)))
        s >>= 1;
    return s;
}

int pl330_build_memcpy(pl330_prog *p, uint32_t dst, uint32_t src, uint32_t len, uint32_t event)
{
    if (event > 15)
        return -1;
    pl330_dmamov(p, PL330_SAR, src);
    pl330_dmamov(p, PL330_DAR, dst);
    /* Head: bytes until the source is 8-byte aligned. */
    uint32_t head = (8u - (src & 7u)) & 7u;
    if (head > len)
        head = len;
    if (head) {
        pl330_dmamov(p, PL330_CCR, pl330_ccr(1, 1, 1, 1));
        pl330_emit_copy_loops(p, head, 1);
    }
    uint32_t rem = len - head;
    const uint32_t d = dst + head;
    const uint32_t dsize = align_size(d, 8);
    /* Body: 128-byte bursts. */
    const uint32_t bursts = rem / 128u;
    if (bursts) {
        pl330_dmamov(p, PL330_CCR, pl330_ccr(8, 16, dsize, 16));
        pl330_emit_copy_loops(p, bursts, 8u / dsize);
    }
    rem -= bursts * 128u;
    /* Word tail. */
    const uint32_t words = rem / 4u;
    if (words) {
        const uint32_t ws = dsize < 4 ? dsize : 4;
        pl330_dmamov(p, PL330_CCR, pl330_ccr(4, 1, ws, 4u / ws));
        pl330_emit_copy_loops(p, words, 1);
    }
    rem -= words * 4u;
    /* Byte tail. */
    if (rem) {
        pl330_dmamov(p, PL330_CCR, pl330_ccr(1, 1, 1, 1));
        pl330_emit_copy_loops(p, rem, 1);
    }
    pl330_dmawmb(p);
    pl330_dmasev(p, event);
    pl330_dmaend(p);
    return p->err;
}

int pl330_build_periph(pl330_prog *p, uint32_t dst, uint32_t src, uint32_t len, uint32_t periph,
                       int ack_on_store, uint32_t event)
{
    if (len == 0 || ((src | dst) & 7u) || periph > 3 || event > 15)
        return -1;
    pl330_dmawfp(p, periph, PL330_WFP_BURST);
    pl330_dmamov(p, PL330_SAR, src);
    pl330_dmamov(p, PL330_DAR, dst);
    uint32_t body = len - 1;
    const uint32_t n64 = body / 64u;
    if (n64) {
        pl330_dmamov(p, PL330_CCR, pl330_ccr(8, 8, 8, 8));
        pl330_emit_copy_loops(p, n64, 1);
    }
    body -= n64 * 64u;
    const uint32_t n32 = body / 32u;
    if (n32) {
        pl330_dmamov(p, PL330_CCR, pl330_ccr(8, 4, 8, 4));
        pl330_emit_copy_loops(p, n32, 1);
    }
    body -= n32 * 32u;
    pl330_dmamov(p, PL330_CCR, pl330_ccr(1, 1, 1, 1));
    if (body)
        pl330_emit_copy_loops(p, body, 1);
    /* The last byte alone: its peripheral transfer is the acknowledge. */
    if (ack_on_store) {
        pl330_dmald(p, PL330_ALWAYS);
        pl330_dmastp(p, 1, periph);
    } else {
        pl330_dmaldp(p, 1, periph);
        pl330_dmast(p, PL330_ALWAYS);
    }
    pl330_dmawmb(p);
    pl330_dmasev(p, event);
    pl330_dmaend(p);
    return p->err;
}
