#include "bsp/gtimer.h"
#include "bsp/io.h"
#include "regs/global_timer_regs.h" /* models/ps/global_timer.regs.yaml */

#define GT(reg) (ZVP_GTIMER_BASE + (reg))

void bsp_gtimer_set(uint64_t value)
{
    bsp_out32(GT(ZVP_GTIMER_CONTROL), 0);                 /* counter writable only when disabled */
    bsp_out32(GT(ZVP_GTIMER_COUNTER_LO), (uint32_t)value);
    bsp_out32(GT(ZVP_GTIMER_COUNTER_HI), (uint32_t)(value >> 32));
    bsp_out32(GT(ZVP_GTIMER_CONTROL), ZVP_GTIMER_CONTROL_TIMER_ENABLE_MASK);  /* prescaler 0 */
}

void bsp_gtimer_init(void)
{
    bsp_gtimer_set(0);
}

uint64_t bsp_gtimer_read(void)
{
    uint32_t hi, lo, hi2;
    /* High, low, high: retry when the low word wrapped between the two high reads. */
    hi = bsp_in32(GT(ZVP_GTIMER_COUNTER_HI));
    for (;;) {
        lo = bsp_in32(GT(ZVP_GTIMER_COUNTER_LO));
        hi2 = bsp_in32(GT(ZVP_GTIMER_COUNTER_HI));
        if (hi2 == hi)
            break;
        hi = hi2;
    }
    return ((uint64_t)hi << 32) | lo;
}

/* Whole seconds and remainder separately: no 64-bit overflow for any counter value. */
static uint64_t ticks_to(uint64_t ticks, uint64_t units_per_s)
{
    return (ticks / BSP_GTIMER_HZ) * units_per_s + (ticks % BSP_GTIMER_HZ) * units_per_s / BSP_GTIMER_HZ;
}

uint64_t bsp_ticks_to_us(uint64_t ticks)
{
    return ticks_to(ticks, 1000000u);
}

uint64_t bsp_time_us(void)
{
    return bsp_ticks_to_us(bsp_gtimer_read());
}

uint64_t bsp_time_ns(void)
{
    return ticks_to(bsp_gtimer_read(), 1000000000u);
}

void bsp_delay_us(uint32_t us)
{
    uint64_t end = bsp_gtimer_read() + (uint64_t)us * BSP_GTIMER_HZ / 1000000u;
    while (bsp_gtimer_read() < end)
        ;
}
