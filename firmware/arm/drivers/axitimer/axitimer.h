/* Xilinx AXI Timer (PG079), the vendor driver's (XTmrCtr) register sequences: two 32-bit
 * counters at ZVP_AXI_TIMER_TCSR0 + n * ZVP_AXI_TIMER_TCSR0_STRIDE. Start = TCSR <- LOAD (counter <- TLR), then
 * TCSR <- old value | ENT. */
#ifndef DRV_AXITIMER_H
#define DRV_AXITIMER_H

#include <stdint.h>

#define AXITIMER_MDT (1u << 0)
#define AXITIMER_UDT (1u << 1)
#define AXITIMER_GENT (1u << 2)
#define AXITIMER_CAPT (1u << 3)
#define AXITIMER_ARHT (1u << 4)
#define AXITIMER_LOAD (1u << 5)
#define AXITIMER_ENIT (1u << 6)
#define AXITIMER_ENT (1u << 7)
#define AXITIMER_TINT (1u << 8)
#define AXITIMER_ENALL (1u << 10)
#define AXITIMER_CASC (1u << 11)

/* Both counters stopped, options cleared, reset values 0, interrupts acknowledged
 * (XTmrCtr_Initialize). */
void axitimer_init(uint32_t base);
void axitimer_set_options(uint32_t base, unsigned n, uint32_t tcsr_bits); /* MDT|UDT|GENT|CAPT|ARHT|ENIT */
void axitimer_set_reset_value(uint32_t base, unsigned n, uint32_t v);    /* TLR */
void axitimer_start(uint32_t base, unsigned n);
void axitimer_stop(uint32_t base, unsigned n);
uint32_t axitimer_value(uint32_t base, unsigned n); /* TCR */
int axitimer_expired(uint32_t base, unsigned n);    /* TINT */
void axitimer_ack(uint32_t base, unsigned n);       /* TINT write-1-to-clear */

#endif
