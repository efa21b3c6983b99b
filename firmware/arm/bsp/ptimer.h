/* Cortex-A9 private timer (IRQ ZVP_IRQ_PTIMER): 32-bit down-counter at PERIPHCLK / (prescaler + 1). */
#ifndef BSP_PTIMER_H
#define BSP_PTIMER_H

#include <stdint.h>
#include "regs/private_timer_regs.h" /* models/ps/private_timer.regs.yaml */

#define BSP_PTIMER_AUTO_RELOAD ZVP_PTIMER_CONTROL_AUTO_RELOAD_MASK
#define BSP_PTIMER_IRQ_ENABLE  ZVP_PTIMER_CONTROL_IRQ_ENABLE_MASK

/* Load `load`, set prescaler and flags (BSP_PTIMER_*), then enable. The counter reaches zero every
 * (load + 1) * (prescaler + 1) PERIPHCLK cycles. */
void bsp_ptimer_start(uint32_t load, uint8_t prescaler, uint32_t flags);
void bsp_ptimer_stop(void);
uint32_t bsp_ptimer_counter(void);
int bsp_ptimer_expired(void);   /* ISR event flag */
void bsp_ptimer_ack(void);      /* clear the event flag (write 1) */

#endif
