/* PL330 micro-code assembler (see pl330_asm.h). */
#include "drivers/pl330/pl330_asm.h"

#include <stddef.h>

#include "regs/pl330_regs.h" /* CCR: the CC0 fields (models/dma/pl330/pl330.regs.yaml) */

#define CC(f) ZVP_PL330_CC0_##f

void pl330_prog_init(pl330_prog *p, void *buf, uint32_t cap)
{
    p->buf = (uint8_t *)buf;
    p->cap = buf ? cap : 0;
    p->len = 0;
    p->err = 0;
}

static int fail(pl330_prog *p)
{
    p->err = -1;
    return -1;
}

/* Emits n bytes or nothing. */
static int emit(pl330_prog *p, const uint8_t *b, uint32_t n)
{
    if (p->err || p->cap - p->len < n || p->len > p->cap)
        return fail(p);
    for (uint32_t i = 0; i < n; i++)
        p->buf[p->len + i] = b[i];
    p->len += n;
    return 0;
}

static int emit1(pl330_prog *p, uint8_t a) { return emit(p, &a, 1); }
static int emit2(pl330_prog *p, uint8_t a, uint8_t b)
{
    const uint8_t v[2] = {a, b};
    return emit(p, v, 2);
}

int pl330_dmaaddh(pl330_prog *p, enum pl330_reg ra, uint16_t imm)
{
    if (ra == PL330_CCR)
        return fail(p);
    const uint8_t v[3] = {(uint8_t)(0x54 | (ra == PL330_DAR ? 2 : 0)), (uint8_t)imm, (uint8_t)(imm >> 8)};
    return emit(p, v, 3);
}

int pl330_dmaadnh(pl330_prog *p, enum pl330_reg ra, uint16_t imm)
{
    if (ra == PL330_CCR)
        return fail(p);
    const uint8_t v[3] = {(uint8_t)(0x5C | (ra == PL330_DAR ? 2 : 0)), (uint8_t)imm, (uint8_t)(imm >> 8)};
    return emit(p, v, 3);
}

int pl330_dmaend(pl330_prog *p) { return emit1(p, 0x00); }
int pl330_dmakill(pl330_prog *p) { return emit1(p, 0x01); }
int pl330_dmanop(pl330_prog *p) { return emit1(p, 0x18); }
int pl330_dmarmb(pl330_prog *p) { return emit1(p, 0x12); }
int pl330_dmawmb(pl330_prog *p) { return emit1(p, 0x13); }
int pl330_dmastz(pl330_prog *p) { return emit1(p, 0x0C); }

int pl330_dmaflushp(pl330_prog *p, uint32_t periph)
{
    return periph > 31 ? fail(p) : emit2(p, 0x35, (uint8_t)(periph << 3));
}

int pl330_dmago(pl330_prog *p, uint32_t channel, uint32_t pc, int non_secure)
{
    if (channel > 7)
        return fail(p);
    const uint8_t v[6] = {(uint8_t)(non_secure ? 0xA2 : 0xA0), (uint8_t)channel, (uint8_t)pc,
                          (uint8_t)(pc >> 8), (uint8_t)(pc >> 16), (uint8_t)(pc >> 24)};
    return emit(p, v, 6);
}

int pl330_dmald(pl330_prog *p, enum pl330_cond c) { return emit1(p, (uint8_t)(0x04 | c)); }
int pl330_dmast(pl330_prog *p, enum pl330_cond c) { return emit1(p, (uint8_t)(0x08 | c)); }

int pl330_dmaldp(pl330_prog *p, int burst, uint32_t periph)
{
    return periph > 31 ? fail(p) : emit2(p, burst ? 0x27 : 0x25, (uint8_t)(periph << 3));
}

int pl330_dmastp(pl330_prog *p, int burst, uint32_t periph)
{
    return periph > 31 ? fail(p) : emit2(p, burst ? 0x2B : 0x29, (uint8_t)(periph << 3));
}

int pl330_dmalp(pl330_prog *p, uint32_t lc, uint32_t iterations)
{
    if (lc > 1 || iterations < 1 || iterations > 256)
        return fail(p);
    return emit2(p, lc ? 0x22 : 0x20, (uint8_t)(iterations - 1));
}

int pl330_dmalpend(pl330_prog *p, uint32_t lc, uint32_t start, int forever, enum pl330_cond c)
{
    if (lc > 1 || start > p->len || p->len - start > 255)
        return fail(p);
    /* LC0 forever with a condition would encode DMASTP: not representable. */
    if (forever && lc == 0 && c != PL330_ALWAYS)
        return fail(p);
    uint8_t op = (uint8_t)(0x28 | (forever ? 0 : 0x10) | (lc ? 4 : 0) | c);
    return emit2(p, op, (uint8_t)(p->len - start));
}

int pl330_dmamov(pl330_prog *p, enum pl330_reg rd, uint32_t imm)
{
    if (rd > PL330_DAR)
        return fail(p);
    const uint8_t v[6] = {0xBC, (uint8_t)rd, (uint8_t)imm, (uint8_t)(imm >> 8), (uint8_t)(imm >> 16),
                          (uint8_t)(imm >> 24)};
    return emit(p, v, 6);
}

int pl330_dmasev(pl330_prog *p, uint32_t event)
{
    return event > 31 ? fail(p) : emit2(p, 0x34, (uint8_t)(event << 3));
}

int pl330_dmawfe(pl330_prog *p, uint32_t event, int invalidate)
{
    return event > 31 ? fail(p) : emit2(p, 0x36, (uint8_t)(event << 3 | (invalidate ? 2 : 0)));
}

int pl330_dmawfp(pl330_prog *p, uint32_t periph, enum pl330_wfp_kind kind)
{
    return periph > 31 ? fail(p) : emit2(p, (uint8_t)(0x30 | kind), (uint8_t)(periph << 3));
}

static uint32_t log2sz(uint32_t v)
{
    uint32_t n = 0;
    while (n < 3 && (1u << n) < v)
        n++;
    return n;
}

uint32_t pl330_ccr(uint32_t src_size, uint32_t src_len, uint32_t dst_size, uint32_t dst_len)
{
    const uint32_t prot = 1u;  /* AxPROT[0]: privileged access */
    /* log2sz is at most 3 and prot 1: they fit their fields without a mask. */
    return CC(SRC_INC_MASK) | log2sz(src_size) << CC(SRC_BURST_SIZE_SHIFT) |
           ZVP_FIELD_PREP(ZVP_PL330_CC0_SRC_BURST_LEN, src_len - 1) | prot << CC(SRC_PROT_CTRL_SHIFT) | CC(DST_INC_MASK) |
           log2sz(dst_size) << CC(DST_BURST_SIZE_SHIFT) | ZVP_FIELD_PREP(ZVP_PL330_CC0_DST_BURST_LEN, dst_len - 1) |
           prot << CC(DST_PROT_CTRL_SHIFT);
}
