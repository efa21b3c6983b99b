/* PL330 DMAC driver for the Zynq-7000 PS: reset and self test as the vendor driver does them,
 * channel start through the debug registers (DBGINST0/1 + DBGCMD), completion by interrupt
 * (channel n signals event n, INTEN bit n, ISR writes INTCLR), and an abort handler that reads
 * FSRD/FSRC/FTR/CPC, kills the faulting threads and reports. Program builders for memory copies
 * and for the seed 001 peripheral-paced scheme are in pl330_prog.h; the assembler in pl330_asm.h. */
#ifndef DRIVERS_PL330_H
#define DRIVERS_PL330_H

#include <stdint.h>

#include "drivers/pl330/pl330_asm.h"
#include "drivers/pl330/pl330_prog.h"
#include "regs/pl330_regs.h" /* ZVP_PL330_*: models/dma/pl330/pl330.regs.yaml */

#define PL330_NUM_CHANNELS 8u

typedef struct {
    int channel;   /* -1: the manager thread */
    uint32_t fsrd, fsrc, ftr, pc;
} pl330_fault_info;

typedef struct {
    uint32_t base;                               /* aperture: ZVP_DMAC_S_BASE or ZVP_DMAC_NS_BASE */
    volatile uint32_t done[PL330_NUM_CHANNELS];  /* completion interrupts taken per channel */
    volatile uint32_t faults;                    /* abort interrupts handled */
    volatile pl330_fault_info last_fault;
    int quiet;                                   /* 1: the abort handler does not print */
} pl330_dev;

/* Reset (INTEN 0, INTCLR every channel, DMAKILL every channel and the manager) then self test
 * (DBGSTATUS idle, every CSRn 0). Returns 0 if the self test passes. */
int pl330_init(pl330_dev *d, uint32_t base);
int pl330_reset(pl330_dev *d);
int pl330_selftest(pl330_dev *d);

/* Registers the event ISRs (GIC 46-49, 72-75) and the abort ISR (45) and enables them. */
void pl330_attach_irqs(pl330_dev *d);

/* Executes one instruction through the debug interface (to_channel: the addressed channel
 * thread, else the manager). Returns 0, or -1 if the debug interface stayed busy. */
int pl330_dbg_exec(pl330_dev *d, int to_channel, uint32_t channel, const uint8_t insn[6]);

/* Starts `channel` at `prog` (the program must be cleaned to memory); enables its interrupt. */
int pl330_start(pl330_dev *d, uint32_t channel, uint32_t prog);
int pl330_kill(pl330_dev *d, uint32_t channel);
/* Waits until done[channel] reaches `count` or a fault was handled; returns 0 on completion. */
int pl330_wait(pl330_dev *d, uint32_t channel, uint32_t count, uint32_t timeout_us);

uint32_t pl330_read(pl330_dev *d, uint32_t off);
uint32_t pl330_csr(pl330_dev *d, uint32_t ch);
uint32_t pl330_cpc(pl330_dev *d, uint32_t ch);

/* The abort interrupt's work, callable directly: returns the number of threads it killed. */
int pl330_handle_fault(pl330_dev *d);

#endif
