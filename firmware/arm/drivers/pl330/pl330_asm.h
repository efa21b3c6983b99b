/* PL330 (DMA-330) micro-code assembler: one function per instruction, writing into a
 * bounds-checked buffer. Every function returns 0, or -1 when the instruction does not fit or an
 * operand is out of range; the first error sticks in prog->err so a builder may check once at
 * the end. Encodings: ARM DMA-330 TRM (see shared/REFERENCE.md, PL330). */
#ifndef DRIVERS_PL330_ASM_H
#define DRIVERS_PL330_ASM_H

#include <stdint.h>

typedef struct {
    uint8_t *buf;
    uint32_t cap;  /* bytes available */
    uint32_t len;  /* bytes written */
    int err;       /* 0, or -1 after the first failed emit */
} pl330_prog;

enum pl330_reg { PL330_SAR = 0, PL330_CCR = 1, PL330_DAR = 2 };
enum pl330_cond { PL330_ALWAYS = 0, PL330_SINGLE = 1, PL330_BURST = 3 };
enum pl330_wfp_kind { PL330_WFP_SINGLE = 0, PL330_WFP_PERIPH = 1, PL330_WFP_BURST = 2 };

void pl330_prog_init(pl330_prog *p, void *buf, uint32_t cap);

int pl330_dmaaddh(pl330_prog *p, enum pl330_reg ra, uint16_t imm);   /* SAR or DAR */
int pl330_dmaadnh(pl330_prog *p, enum pl330_reg ra, uint16_t imm);   /* adds 0xFFFF0000 | imm */
int pl330_dmaend(pl330_prog *p);
int pl330_dmaflushp(pl330_prog *p, uint32_t periph);
int pl330_dmago(pl330_prog *p, uint32_t channel, uint32_t pc, int non_secure);
int pl330_dmakill(pl330_prog *p);
int pl330_dmald(pl330_prog *p, enum pl330_cond c);
int pl330_dmaldp(pl330_prog *p, int burst, uint32_t periph);
int pl330_dmalp(pl330_prog *p, uint32_t lc, uint32_t iterations);   /* 1..256 */
/* DMALPEND to the loop whose body starts at offset `start` (the value p->len had right after
 * pl330_lp); forever=1 encodes DMALPFE's end. */
int pl330_dmalpend(pl330_prog *p, uint32_t lc, uint32_t start, int forever, enum pl330_cond c);
int pl330_dmamov(pl330_prog *p, enum pl330_reg rd, uint32_t imm);
int pl330_dmanop(pl330_prog *p);
int pl330_dmarmb(pl330_prog *p);
int pl330_dmawmb(pl330_prog *p);
int pl330_dmasev(pl330_prog *p, uint32_t event);
int pl330_dmast(pl330_prog *p, enum pl330_cond c);
int pl330_dmastp(pl330_prog *p, int burst, uint32_t periph);
int pl330_dmastz(pl330_prog *p);
int pl330_dmawfe(pl330_prog *p, uint32_t event, int invalidate);
int pl330_dmawfp(pl330_prog *p, uint32_t periph, enum pl330_wfp_kind kind);

/* CCR value: sizes in bytes (1, 2, 4, 8), lengths in beats (1..16), incrementing addresses,
 * cache/protection 0 apart from the privileged bit, no endian swap. */
uint32_t pl330_ccr(uint32_t src_size, uint32_t src_len, uint32_t dst_size, uint32_t dst_len);

#endif
