/* idle_wait: a firmware whose main work is done and which waits for ever in a branch-to-self loop
 * with a 1 kHz private-timer interrupt enabled (a vendor app's final _exit() loop with a tick
 * still running). The ISR counts the interrupts and prints the count every 1,000 (once per
 * simulated second). It reads MPIDR first, as vendor start-up code does: on a two-core platform
 * that read has a code hook of its own, which must not keep the loop from being skipped.
 * Never exits: run with a time limit (tools/bench/bench_idle.sh). */
#include <stdint.h>
#include <stdio.h>
#include "bsp/bsp.h"

#define PERIOD_TICKS (BSP_GTIMER_HZ / 1000u)

static volatile uint32_t count;

static void ptimer_isr(void *arg)
{
    (void)arg;
    bsp_ptimer_ack();
    if (++count % 1000u == 0)
        printf("idle_wait: %lu interrupts\n", (unsigned long)count);
}

int main(void)
{
    uint32_t mpidr;
    __asm__ volatile("mrc p15, 0, %0, c0, c0, 5" : "=r"(mpidr));
    printf("idle_wait: CPU%lu waiting in a branch to itself, 1 kHz timer interrupt\n", (unsigned long)(mpidr & 3u));
    bsp_irq_attach(ZVP_IRQ_PTIMER, ptimer_isr, NULL);
    bsp_cpu_irq_enable();
    bsp_ptimer_start(PERIOD_TICKS - 1u, 0, BSP_PTIMER_AUTO_RELOAD | BSP_PTIMER_IRQ_ENABLE);
    __asm__ volatile("1: b 1b");
    return 0;
}
