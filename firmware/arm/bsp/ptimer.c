#include "bsp/ptimer.h"
#include "bsp/io.h"

#define PT(reg) (ZVP_PTIMER_BASE + (reg))

void bsp_ptimer_start(uint32_t load, uint8_t prescaler, uint32_t flags)
{
    bsp_out32(PT(ZVP_PTIMER_CONTROL), 0);
    bsp_out32(PT(ZVP_PTIMER_ISR), ZVP_PTIMER_ISR_EVENT_FLAG_MASK);
    bsp_out32(PT(ZVP_PTIMER_LOAD), load);
    bsp_out32(PT(ZVP_PTIMER_CONTROL), ZVP_FIELD_PREP(ZVP_PTIMER_CONTROL_PRESCALER, prescaler) |
                                          (flags & (BSP_PTIMER_AUTO_RELOAD | BSP_PTIMER_IRQ_ENABLE)) |
                                          ZVP_PTIMER_CONTROL_TIMER_ENABLE_MASK);
}

void bsp_ptimer_stop(void)
{
    bsp_out32(PT(ZVP_PTIMER_CONTROL), bsp_in32(PT(ZVP_PTIMER_CONTROL)) & ~ZVP_PTIMER_CONTROL_TIMER_ENABLE_MASK);
}

uint32_t bsp_ptimer_counter(void) { return bsp_in32(PT(ZVP_PTIMER_COUNTER)); }
int bsp_ptimer_expired(void) { return (int)ZVP_FIELD_GET(ZVP_PTIMER_ISR_EVENT_FLAG, bsp_in32(PT(ZVP_PTIMER_ISR))); }
void bsp_ptimer_ack(void) { bsp_out32(PT(ZVP_PTIMER_ISR), ZVP_PTIMER_ISR_EVENT_FLAG_MASK); }
