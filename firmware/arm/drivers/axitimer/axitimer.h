/* Xilinx AXI Timer (PG079), the vendor driver's (XTmrCtr) register sequences: two 32-bit
 * counters at ZVP_AXI_TIMER_TCSR0 + n * ZVP_AXI_TIMER_TCSR0_STRIDE. Start = TCSR <- LOAD (counter <- TLR), then
 * TCSR <- old value | ENT. */
#ifndef DRV_AXITIMER_H
#define DRV_AXITIMER_H

#include <stdint.h>

#include "regs/axi_timer_regs.h" /* TCSR bits: ZVP_AXI_TIMER_TCSR0_<BIT>_MASK (models/pl/axi_timer.regs.yaml) */

/* Both counters stopped, options cleared, reset values 0, interrupts acknowledged
 * (XTmrCtr_Initialize). */
void axitimer_init(uint32_t base);
void axitimer_set_options(uint32_t base, unsigned n, uint32_t tcsr_bits); /* TCSR MDT|UDT|GENT|CAPT|ARHT|ENIT|CASC masks */
void axitimer_set_reset_value(uint32_t base, unsigned n, uint32_t v);    /* TLR */
void axitimer_start(uint32_t base, unsigned n);
void axitimer_stop(uint32_t base, unsigned n);
uint32_t axitimer_value(uint32_t base, unsigned n); /* TCR */
int axitimer_expired(uint32_t base, unsigned n);    /* TINT */
void axitimer_ack(uint32_t base, unsigned n);       /* TINT write-1-to-clear */

#endif
