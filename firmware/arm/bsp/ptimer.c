#include "bsp/ptimer.h"
#include "bsp/io.h"

#define PT(reg) (ZVP_PTIMER_BASE + (reg))

void bsp_ptimer_start(uint32_t load, uint8_t prescaler, uint32_t flags)
{
    bsp_out32(PT(ZVP_PTIMER_CONTROL), 0);
    bsp_out32(PT(ZVP_PTIMER_ISR), 1);
    bsp_out32(PT(ZVP_PTIMER_LOAD), load);
    bsp_out32(PT(ZVP_PTIMER_CONTROL),
              ((uint32_t)prescaler << 8) | (flags & (BSP_PTIMER_AUTO_RELOAD | BSP_PTIMER_IRQ_ENABLE)) | 1u);
}

void bsp_ptimer_stop(void)
{
    bsp_out32(PT(ZVP_PTIMER_CONTROL), bsp_in32(PT(ZVP_PTIMER_CONTROL)) & ~1u);
}

uint32_t bsp_ptimer_counter(void) { return bsp_in32(PT(ZVP_PTIMER_COUNTER)); }
int bsp_ptimer_expired(void) { return (int)(bsp_in32(PT(ZVP_PTIMER_ISR)) & 1u); }
void bsp_ptimer_ack(void) { bsp_out32(PT(ZVP_PTIMER_ISR), 1); }
