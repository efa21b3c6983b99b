/* amp_pair: asymmetric multiprocessing on the two Cortex-A9 cores, one ELF with two entry points.
 * CPU0 (main) starts CPU1 the way Xilinx's standalone BSP does (CPU1's entry written to
 * 0xFFFFFFF0, DSB, SEV: the BootROM's wait loop jumps there), then the two exchange AMP_MESSAGES
 * messages through a mailbox in OCM, each message announced by an SGI doorbell: SGI 0 to CPU1,
 * SGI 1 back to CPU0. Both cores keep CPSR.I set and wait with WFI (which wakes on the pending
 * SGI) and take the SGI straight from their GIC CPU interface (IAR/EOIR): no vectors needed.
 * CPU0 times each round trip with the global timer. Then both cores add 1 to a shared counter
 * AMP_LOCKED_ADDS times each under a LDREX/STREX spin lock that waits with WFE and is released
 * with SEV (SGI 2 starts CPU1's share): a lock that let both cores in would lose additions.
 * CPU0 exits 0 only if every answer is right and the counter is 2 x AMP_LOCKED_ADDS. */
#include <stdint.h>
#include <stdio.h>
#include "bsp/bsp.h"

#ifndef AMP_MESSAGES
#define AMP_MESSAGES 100u
#endif
#define SGI_TO_CPU1 0u
#define SGI_TO_CPU0 1u
#define SGI_LOCK_PHASE 2u
#ifndef AMP_LOCKED_ADDS
#define AMP_LOCKED_ADDS 20000u
#endif
#define CPU1_START_ADDR 0xFFFFFFF0u

/* The mailbox at the start of OCM's high mapping (the ELF lives in DDR). */
struct mailbox {
    volatile uint32_t ready;       /* CPU1 is up */
    volatile uint32_t to_cpu1;     /* message */
    volatile uint32_t to_cpu0;     /* answer: 3 * message + 1 */
    volatile uint32_t handled;     /* messages CPU1 answered */
    volatile uint32_t lock;        /* 0 free, 1 taken */
    volatile uint32_t counter;     /* added to under the lock */
};
#define MBOX ((struct mailbox *)ZVP_OCM_BASE)

#define GICD(reg) (ZVP_GIC_DIST_BASE + (reg))
#define GICC(reg) (ZVP_GIC_CPU_BASE + (reg))

void cpu1_start(void);
void cpu1_main(void);

/* SGI `id` to the cores of `targets` (bit n = CPU n). */
static void send_sgi(uint32_t id, uint32_t targets)
{
    bsp_dsb();  /* the mailbox write is visible before the doorbell */
    bsp_out32(GICD(ZVP_GICD_SGIR), (targets << ZVP_GICD_SGIR_CPU_TARGET_LIST_SHIFT) | id);
}

static void spin_lock(volatile uint32_t *lock)
{
    uint32_t busy;
    __asm__ volatile("1: ldrex %0, [%1]\n"
                     "   teq %0, #0\n"
                     "   wfene\n"          /* taken: sleep until the owner's SEV */
                     "   bne 1b\n"
                     "   strex %0, %2, [%1]\n"
                     "   teq %0, #0\n"
                     "   bne 1b\n"
                     "   dmb\n"
                     : "=&r"(busy)
                     : "r"(lock), "r"(1u)
                     : "cc", "memory");
}

static void spin_unlock(volatile uint32_t *lock)
{
    bsp_dmb();
    *lock = 0;
    bsp_dsb();
    __asm__ volatile("sev" ::: "memory");
}

/* The counter's read-modify-write spans several translated blocks (a short delay loop between
 * the load and the store), so a core's slice can end inside it: without the lock the other core
 * would then add to the same old value and an addition would be lost. */
static void locked_adds(void)
{
    for (uint32_t i = 0; i < AMP_LOCKED_ADDS; ++i) {
        spin_lock(&MBOX->lock);
        uint32_t v = MBOX->counter;
        uint32_t n = 4;
        __asm__ volatile("1: subs %0, %0, #1\n   bne 1b" : "+r"(n) : : "cc");
        MBOX->counter = v + 1u;
        spin_unlock(&MBOX->lock);
    }
}

/* Sleeps until one of the SGIs in `ids` (bit n = SGI n) arrives at this core's CPU interface,
 * acknowledges and ends it; returns its ID. */
static uint32_t wait_sgi(uint32_t ids)
{
    for (;;) {
        uint32_t iar = bsp_in32(GICC(ZVP_GICC_IAR));
        uint32_t got = iar & ZVP_GICC_IAR_INTERRUPT_ID_MASK;
        if (got != 1023u) {
            bsp_out32(GICC(ZVP_GICC_EOIR), iar);
            if (got < 16u && ((ids >> got) & 1u))
                return got;
            continue;
        }
        bsp_wfi();  /* wakes on the pending SGI even with CPSR.I set */
    }
}

void cpu1_main(void)
{
    /* CPU1's own CPU interface (the distributor is shared and enabled by CPU0). */
    bsp_out32(GICC(ZVP_GICC_PMR), 0xF0u);
    bsp_out32(GICC(ZVP_GICC_ICR), ZVP_GICC_ICR_ENABLE_S_MASK | ZVP_GICC_ICR_ENABLE_NS_MASK);
    MBOX->ready = 1;
    send_sgi(SGI_TO_CPU0, 1u << 0);
    for (;;) {
        if (wait_sgi((1u << SGI_TO_CPU1) | (1u << SGI_LOCK_PHASE)) == SGI_LOCK_PHASE) {
            locked_adds();
            send_sgi(SGI_TO_CPU0, 1u << 0);
            continue;
        }
        MBOX->to_cpu0 = 3u * MBOX->to_cpu1 + 1u;
        MBOX->handled = MBOX->handled + 1u;
        send_sgi(SGI_TO_CPU0, 1u << 0);
    }
}

int main(void)
{
    uint32_t mpidr;
    __asm__ volatile("mrc p15, 0, %0, c0, c0, 5" : "=r"(mpidr));
    printf("amp_pair: CPU0 (MPIDR 0x%08lx) starts CPU1, %u messages with SGI doorbells\n",
           (unsigned long)mpidr, AMP_MESSAGES);
    MBOX->ready = 0;
    MBOX->handled = 0;
    MBOX->lock = 0;
    MBOX->counter = 0;

    uint64_t t_start = bsp_gtimer_read();
    bsp_out32(CPU1_START_ADDR, (uint32_t)(uintptr_t)&cpu1_start);
    bsp_dsb();
    __asm__ volatile("sev" ::: "memory");
    wait_sgi(1u << SGI_TO_CPU0);
    uint64_t t_up = bsp_gtimer_read();
    if (!MBOX->ready) {
        printf("amp_pair: CPU1 did not start\n");
        return 1;
    }

    uint32_t ok = 0;
    uint64_t min_rt = ~0ull, max_rt = 0, t0 = bsp_gtimer_read();
    for (uint32_t i = 1; i <= AMP_MESSAGES; ++i) {
        uint64_t a = bsp_gtimer_read();
        MBOX->to_cpu1 = i;
        send_sgi(SGI_TO_CPU1, 1u << 1);
        wait_sgi(1u << SGI_TO_CPU0);
        uint64_t rt = bsp_gtimer_read() - a;
        if (MBOX->to_cpu0 == 3u * i + 1u)
            ok++;
        if (rt < min_rt)
            min_rt = rt;
        if (rt > max_rt)
            max_rt = rt;
    }
    uint64_t total = bsp_gtimer_read() - t0;
    printf("amp_pair: CPU1 up after %lu ns\n", (unsigned long)bsp_ticks_to_us((t_up - t_start) * 1000u));
    printf("amp_pair: %lu of %u answers right, CPU1 handled %lu\n", (unsigned long)ok, AMP_MESSAGES,
           (unsigned long)MBOX->handled);
    printf("amp_pair: round trip mean %lu ns, min %lu ns, max %lu ns\n",
           (unsigned long)bsp_ticks_to_us(total * 1000u / AMP_MESSAGES),
           (unsigned long)bsp_ticks_to_us(min_rt * 1000u), (unsigned long)bsp_ticks_to_us(max_rt * 1000u));
    /* Both cores add under the lock at once. */
    send_sgi(SGI_LOCK_PHASE, 1u << 1);
    locked_adds();
    wait_sgi(1u << SGI_TO_CPU0);
    uint32_t counter = MBOX->counter;
    printf("amp_pair: shared counter %lu after %u locked additions per core\n", (unsigned long)counter,
           AMP_LOCKED_ADDS);

    /* For the scenario's bands (firmware/common/zvp_report.h's @result convention). */
    printf("@result amp_answers_right %lu\n", (unsigned long)ok);
    printf("@result amp_cpu1_handled %lu\n", (unsigned long)MBOX->handled);
    printf("@result amp_locked_counter %lu\n", (unsigned long)counter);
    printf("@result amp_round_trip_min_ns %lu\n", (unsigned long)bsp_ticks_to_us(min_rt * 1000u));
    printf("@result amp_round_trip_max_ns %lu\n", (unsigned long)bsp_ticks_to_us(max_rt * 1000u));
    return (ok == AMP_MESSAGES && MBOX->handled == AMP_MESSAGES && counter == 2u * AMP_LOCKED_ADDS) ? 0 : 1;
}
