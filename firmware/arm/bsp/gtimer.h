/* Cortex-A9 MPCore global timer: 64-bit up-counter at PERIPHCLK = CPU clock / 2. The BSP zeroes and
 * enables it at boot (as the vendor's XTime_SetTime(0)); reads are high, low, high. */
#ifndef BSP_GTIMER_H
#define BSP_GTIMER_H

#include <stdint.h>

#ifndef ZVP_ARM_CPU_HZ
#define ZVP_ARM_CPU_HZ 666666687u
#endif
#define BSP_GTIMER_HZ (ZVP_ARM_CPU_HZ / 2u)     /* COUNTS_PER_SECOND of the vendor BSP */

void bsp_gtimer_init(void);                   /* disable, counter = 0, enable (prescaler 0) */
void bsp_gtimer_set(uint64_t value);
uint64_t bsp_gtimer_read(void);
static inline uint64_t bsp_time_ticks(void) { return bsp_gtimer_read(); }
uint64_t bsp_ticks_to_us(uint64_t ticks);
uint64_t bsp_time_us(void);                   /* microseconds since boot */
uint64_t bsp_time_ns(void);
void bsp_delay_us(uint32_t us);               /* busy wait on the global timer */

#endif
