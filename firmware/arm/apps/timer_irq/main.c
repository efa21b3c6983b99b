/* timer_irq: N periodic private-timer interrupts (IRQ ZVP_IRQ_PTIMER), each time-stamped in the ISR
 * with the global timer; prints the interval between consecutive interrupts in global-timer ticks
 * and exits 0 only if exactly N interrupts were taken (the ISR stops the timer after the N-th, and
 * the program then waits three more periods to catch any extra interrupt).
 * Also built as Thumb-2 (apps/timer_irq_thumb) to prove interrupt entry/return from Thumb code. */
#include <stdint.h>
#include <stdio.h>
#include "bsp/bsp.h"

#ifndef APP_NAME
#define APP_NAME "timer_irq"
#endif
#define N_TICKS 10u
/* Period: 1 ms of PERIPHCLK (both timers count PERIPHCLK, so the expected interval in global-timer
 * ticks equals the private-timer period). */
#define PERIOD_TICKS (BSP_GTIMER_HZ / 1000u)

static volatile uint32_t count;
static volatile uint32_t extra;
static volatile uint32_t thumb_interrupted;
static volatile uint64_t stamp[N_TICKS];

static void ptimer_isr(void *arg)
{
    (void)arg;
    uint64_t now = bsp_gtimer_read();
    uint32_t spsr;
    __asm__ volatile("mrs %0, spsr" : "=r"(spsr));   /* the interrupted state (IRQ mode) */
    if (spsr & 0x20u)
        thumb_interrupted++;
    bsp_ptimer_ack();
    if (count < N_TICKS) {
        stamp[count] = now;
        count++;
        if (count == N_TICKS)
            bsp_ptimer_stop();
    } else {
        extra++;
    }
}

int main(void)
{
    printf("%s: %u periodic interrupts of %lu ticks, code in %s state\n", APP_NAME, N_TICKS,
           (unsigned long)PERIOD_TICKS, ((uintptr_t)&main & 1u) ? "Thumb" : "ARM");

    bsp_irq_attach(ZVP_IRQ_PTIMER, ptimer_isr, NULL);
    bsp_cpu_irq_enable();
    uint64_t start = bsp_gtimer_read();
    bsp_ptimer_start(PERIOD_TICKS - 1u, 0, BSP_PTIMER_AUTO_RELOAD | BSP_PTIMER_IRQ_ENABLE);

    while (count < N_TICKS)
        bsp_wfi();
    /* Any interrupt after the N-th would be a bug (timer not stopped, IRQ not acknowledged). */
    bsp_delay_us(3000u);
    bsp_cpu_irq_disable();

    uint64_t prev = start;
    for (uint32_t i = 0; i < N_TICKS; i++) {
        printf("%s: tick %lu delta %lu ticks\n", APP_NAME, (unsigned long)(i + 1),
               (unsigned long)(stamp[i] - prev));
        prev = stamp[i];
    }
    uint32_t total = count + extra;
    printf("%s: %lu interrupts\n", APP_NAME, (unsigned long)total);
    if (thumb_interrupted)
        printf("%s: %lu interrupts taken from Thumb code\n", APP_NAME, (unsigned long)thumb_interrupted);
    return total == N_TICKS ? 0 : 1;
}
