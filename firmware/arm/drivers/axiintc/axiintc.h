/* Xilinx AXI Interrupt Controller (PG099): the XIntc sequences the firmware needs. Offsets from
 * regs/axi_intc_regs.h (ZVP_AXI_INTC_*). */
#ifndef DRV_AXIINTC_H
#define DRV_AXIINTC_H

#include <stdint.h>

/* All interrupts disabled and acknowledged, then MER = ME | HIE (hardware interrupts). */
void axiintc_init(uint32_t base);
void axiintc_enable(uint32_t base, uint32_t mask);  /* SIE */
void axiintc_disable(uint32_t base, uint32_t mask); /* CIE */
uint32_t axiintc_pending(uint32_t base);            /* IPR */
void axiintc_ack(uint32_t base, uint32_t mask);     /* IAR */

#endif
