/* PL330 DMAC driver (see pl330.h). Register offsets and IRQ numbers come from zvp_memmap.h. */
#include "drivers/pl330/pl330.h"

#include <stdio.h>

#include "bsp/bsp.h"

#define REG(off) (d->base + (off))
#define DBG_SPINS 100000u
#define F(reg, field) ZVP_PL330_##reg##_##field
#define DMAKILL 0x01 /* opcode (ISA, not a register) */
/* Every channel's event/interrupt bit of INTCLR. */
#define ALL_CHANNELS ((1u << PL330_NUM_CHANNELS) - 1u)

static const uint32_t event_irq[PL330_NUM_CHANNELS] = {
    ZVP_IRQ_DMAC0, ZVP_IRQ_DMAC1, ZVP_IRQ_DMAC2, ZVP_IRQ_DMAC3,
    ZVP_IRQ_DMAC4, ZVP_IRQ_DMAC5, ZVP_IRQ_DMAC6, ZVP_IRQ_DMAC7};

uint32_t pl330_read(pl330_dev *d, uint32_t off) { return bsp_in32(REG(off)); }

uint32_t pl330_csr(pl330_dev *d, uint32_t ch)
{
    return bsp_in32(REG(ZVP_PL330_CSR0 + ch * ZVP_PL330_CSR0_STRIDE));
}

uint32_t pl330_cpc(pl330_dev *d, uint32_t ch)
{
    return bsp_in32(REG(ZVP_PL330_CPC0 + ch * ZVP_PL330_CPC0_STRIDE));
}

static int dbg_idle(pl330_dev *d)
{
    for (uint32_t i = 0; i < DBG_SPINS; i++)
        if ((bsp_in32(REG(ZVP_PL330_DBGSTATUS)) & F(DBGSTATUS, BUSY_MASK)) == 0)
            return 0;
    return -1;
}

/* The vendor sequence: DBGSTATUS idle, DBGINST0/1, DSR stopped (manager), DBGCMD = 0. */
int pl330_dbg_exec(pl330_dev *d, int to_channel, uint32_t channel, const uint8_t insn[6])
{
    if (dbg_idle(d))
        return -1;
    const uint32_t i0 = ZVP_FIELD_PREP(ZVP_PL330_DBGINST0_INSTR1, insn[1]) | ZVP_FIELD_PREP(ZVP_PL330_DBGINST0_INSTR0, insn[0]) |
                        ZVP_FIELD_PREP(ZVP_PL330_DBGINST0_CHANNEL, channel) |
                        (to_channel ? F(DBGINST0, DEBUG_THREAD_CHANNEL) : F(DBGINST0, DEBUG_THREAD_MANAGER))
                            << F(DBGINST0, DEBUG_THREAD_SHIFT);
    const uint32_t i1 = ZVP_FIELD_PREP(ZVP_PL330_DBGINST1_INSTR2, insn[2]) | ZVP_FIELD_PREP(ZVP_PL330_DBGINST1_INSTR3, insn[3]) |
                        ZVP_FIELD_PREP(ZVP_PL330_DBGINST1_INSTR4, insn[4]) | ZVP_FIELD_PREP(ZVP_PL330_DBGINST1_INSTR5, insn[5]);
    bsp_out32(REG(ZVP_PL330_DBGINST0), i0);
    bsp_out32(REG(ZVP_PL330_DBGINST1), i1);
    if (!to_channel && insn[0] != DMAKILL) {
        for (uint32_t i = 0; i < DBG_SPINS &&
                             ZVP_FIELD_GET(ZVP_PL330_DSR_DMA_STATUS, bsp_in32(REG(ZVP_PL330_DSR))) !=
                                 F(CSR0, CHANNEL_STATUS_STOPPED);
             i++)
            ;
    }
    bsp_out32(REG(ZVP_PL330_DBGCMD), ZVP_FIELD_PREP(ZVP_PL330_DBGCMD_CMD, F(DBGCMD, CMD_EXECUTE)));
    return dbg_idle(d);
}

int pl330_kill(pl330_dev *d, uint32_t channel)
{
    const uint8_t kill[6] = {DMAKILL, 0, 0, 0, 0, 0};
    return pl330_dbg_exec(d, 1, channel, kill);
}

int pl330_reset(pl330_dev *d)
{
    const uint8_t kill[6] = {DMAKILL, 0, 0, 0, 0, 0};
    int rc = 0;
    bsp_out32(REG(ZVP_PL330_INTEN), ZVP_PL330_INTEN_RESET);
    bsp_out32(REG(ZVP_PL330_INTCLR), ALL_CHANNELS);
    for (uint32_t ch = 0; ch < PL330_NUM_CHANNELS; ch++)
        rc |= pl330_dbg_exec(d, 1, ch, kill);
    rc |= pl330_dbg_exec(d, 0, 0, kill);
    return rc;
}

int pl330_selftest(pl330_dev *d)
{
    /* A DMA-330 answers PERIPH_ID3..0 (one byte each) & PERIPH_ID_BITS == PERIPH_ID. */
    uint32_t id = 0;
    for (uint32_t i = 0; i < 4; i++)
        id |= ZVP_FIELD_GET(ZVP_PL330_PERIPH_ID0_ID, bsp_in32(REG(ZVP_PL330_PERIPH_ID0 + (ZVP_PL330_PERIPH_ID1 - ZVP_PL330_PERIPH_ID0) * i)))
              << (ZVP_PL330_PERIPH_ID0_ID_WIDTH * i);
    if ((id & ZVP_PL330_PERIPH_ID_BITS) != ZVP_PL330_PERIPH_ID)
        return -1;
    if (bsp_in32(REG(ZVP_PL330_DBGSTATUS)) & F(DBGSTATUS, BUSY_MASK))
        return -1;
    for (uint32_t ch = 0; ch < PL330_NUM_CHANNELS; ch++)
        if (pl330_csr(d, ch) != ZVP_PL330_CSR0_RESET)
            return -1;
    return 0;
}

int pl330_init(pl330_dev *d, uint32_t base)
{
    d->base = base;
    for (uint32_t i = 0; i < PL330_NUM_CHANNELS; i++)
        d->done[i] = 0;
    d->faults = 0;
    d->last_fault.channel = 0;
    d->quiet = 0;
    if (pl330_reset(d))
        return -1;
    return pl330_selftest(d);
}

int pl330_start(pl330_dev *d, uint32_t channel, uint32_t prog)
{
    if (channel >= PL330_NUM_CHANNELS)
        return -1;
    uint32_t s = bsp_cpu_irq_disable();
    bsp_out32(REG(ZVP_PL330_INTEN), bsp_in32(REG(ZVP_PL330_INTEN)) | (1u << channel));
    bsp_cpu_irq_restore(s);
    const uint8_t go[6] = {0xA0 /* DMAGO */, (uint8_t)channel, (uint8_t)prog, (uint8_t)(prog >> 8),
                           (uint8_t)(prog >> 16), (uint8_t)(prog >> 24)};
    return pl330_dbg_exec(d, 0, 0, go);
}

int pl330_wait(pl330_dev *d, uint32_t channel, uint32_t count, uint32_t timeout_us)
{
    const uint64_t end = bsp_time_us() + timeout_us;
    const uint32_t f0 = d->faults;
    while (d->done[channel] < count) {
        if (d->faults != f0)
            return -2;
        if (bsp_time_us() > end)
            return -1;
    }
    return 0;
}

int pl330_handle_fault(pl330_dev *d)
{
    const uint8_t kill[6] = {DMAKILL, 0, 0, 0, 0, 0};
    int killed = 0;
    const uint32_t fsrd = bsp_in32(REG(ZVP_PL330_FSRD));
    const uint32_t fsrc = bsp_in32(REG(ZVP_PL330_FSRC));
    if (fsrd & F(FSRD, FAULTING_MASK)) {
        d->last_fault.channel = -1;
        d->last_fault.fsrd = fsrd;
        d->last_fault.fsrc = fsrc;
        d->last_fault.ftr = bsp_in32(REG(ZVP_PL330_FTRD));
        d->last_fault.pc = bsp_in32(REG(ZVP_PL330_DPC));
        if (!d->quiet)
            printf("pl330: manager fault FTRD=0x%08lx DPC=0x%08lx\n",
                   (unsigned long)d->last_fault.ftr, (unsigned long)d->last_fault.pc);
        pl330_dbg_exec(d, 0, 0, kill);
        killed++;
    }
    for (uint32_t ch = 0; ch < PL330_NUM_CHANNELS; ch++) {
        if (!(fsrc & (1u << ch)))
            continue;
        d->last_fault.channel = (int)ch;
        d->last_fault.fsrd = fsrd;
        d->last_fault.fsrc = fsrc;
        d->last_fault.ftr = bsp_in32(REG(ZVP_PL330_FTR0 + ch * ZVP_PL330_FTR0_STRIDE));
        d->last_fault.pc = pl330_cpc(d, ch);
        if (!d->quiet)
            printf("pl330: channel %lu fault FTR=0x%08lx CPC=0x%08lx\n", (unsigned long)ch,
                   (unsigned long)d->last_fault.ftr, (unsigned long)d->last_fault.pc);
        pl330_dbg_exec(d, 1, ch, kill);
        killed++;
    }
    if (killed)
        d->faults++;
    return killed;
}

typedef struct {
    pl330_dev *dev;
    uint32_t ev;
} pl330_irq_ctx;
static pl330_irq_ctx ctx[PL330_NUM_CHANNELS];

static void event_isr(void *arg)
{
    pl330_irq_ctx *c = (pl330_irq_ctx *)arg;
    pl330_dev *d = c->dev;
    bsp_out32(REG(ZVP_PL330_INTCLR), 1u << c->ev);
    d->done[c->ev]++;
}

static void abort_isr(void *arg) { pl330_handle_fault((pl330_dev *)arg); }

void pl330_attach_irqs(pl330_dev *d)
{
    for (uint32_t i = 0; i < PL330_NUM_CHANNELS; i++) {
        ctx[i].dev = d;
        ctx[i].ev = i;
        bsp_irq_attach(event_irq[i], event_isr, &ctx[i]);
    }
    bsp_irq_attach(ZVP_IRQ_DMAC_ABORT, abort_isr, d);
}
