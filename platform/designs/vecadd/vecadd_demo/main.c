/* vecadd_demo: drives the vecadd design's adder (vecadd.regs.yaml) for ROUNDS vectors of
 * pseudo-random words, waiting for its interrupt each time, and prints every element as
 * "vecadd: a=... b=... sum=..." so that a host program can check the sums independently
 * (tests/check_sums.py). It does not compute the sums itself. Exit status 0 when every round's
 * interrupt came exactly once. */
#include <stdint.h>
#include <stdio.h>
#include "bsp/bsp.h"
#include "regs/vecadd_regs.h"

#define ROUNDS 2u

static volatile uint32_t interrupts;

static void vecadd_isr(void *arg)
{
    (void)arg;
    bsp_out32(ZVP_VECADD_BASE + ZVP_VECADD_STATUS, ZVP_VECADD_STATUS_DONE_MASK);   /* write 1 to clear: drops the line */
    interrupts++;
}

/* xorshift32: operands over the whole 32-bit range, so that many sums carry out of bit 31. */
static uint32_t next_word(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    return x;
}

int main(void)
{
    uint32_t state = 0x2545f491u;
    bsp_irq_attach(ZVP_IRQ_VECADD, vecadd_isr, NULL);
    bsp_cpu_irq_enable();
    for (uint32_t r = 0; r < ROUNDS; r++) {
        for (uint32_t i = 0; i < ZVP_VECADD_A_COUNT; i++) {
            bsp_out32(ZVP_VECADD_BASE + ZVP_VECADD_A + ZVP_VECADD_A_STRIDE * i, next_word(&state));
            bsp_out32(ZVP_VECADD_BASE + ZVP_VECADD_B + ZVP_VECADD_B_STRIDE * i, next_word(&state));
        }
        bsp_out32(ZVP_VECADD_BASE + ZVP_VECADD_CTRL, ZVP_VECADD_CTRL_START_MASK);
        while (interrupts <= r)   /* a spin, not WFI: the interrupt may come before the WFI */
            ;
        for (uint32_t i = 0; i < ZVP_VECADD_A_COUNT; i++)
            printf("vecadd: a=%08lx b=%08lx sum=%08lx\n",
                   (unsigned long)bsp_in32(ZVP_VECADD_BASE + ZVP_VECADD_A + ZVP_VECADD_A_STRIDE * i),
                   (unsigned long)bsp_in32(ZVP_VECADD_BASE + ZVP_VECADD_B + ZVP_VECADD_B_STRIDE * i),
                   (unsigned long)bsp_in32(ZVP_VECADD_BASE + ZVP_VECADD_SUM + ZVP_VECADD_SUM_STRIDE * i));
    }
    bsp_cpu_irq_disable();
    printf("vecadd_demo: %lu sums, %lu interrupts\n", (unsigned long)(ROUNDS * ZVP_VECADD_A_COUNT),
           (unsigned long)interrupts);
    return interrupts == ROUNDS ? 0 : 1;
}
