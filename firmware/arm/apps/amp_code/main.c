/* amp_code: code written by one core and run by the other. CPU0 starts CPU1 as Xilinx's
 * standalone BSP does (entry at 0xFFFFFFF0, DSB, SEV); CPU1 then calls a function in a buffer
 * each time CPU0 asks (a flag in OCM, SEV). CPU0 rewrites the function between the calls (it
 * returns 1, then 2, then 3) and makes each version visible to CPU1 as the ARM ARM requires:
 * D-cache clean to the point of unification, I-cache invalidation (ICIALLUIS, then ICIMVAU on
 * the line, both broadcast to the other core in an MPCore), DSB, ISB. CPU1 already ran the old
 * version, so without the broadcast it would run it again. Exits 0 if CPU1 ran every version. */
#include <stdint.h>
#include <stdio.h>
#include "bsp/bsp.h"


struct mailbox {
    volatile uint32_t go;      /* CPU0 sets, CPU1 clears after the call */
    volatile uint32_t result;  /* what the function returned */
    volatile uint32_t ping;    /* polled mailbox, no doorbell: CPU0 writes i ... */
    volatile uint32_t pong;    /* ... CPU1 polls for it and answers i */
};
#define POLLS 50u
#define MBOX ((struct mailbox *)ZVP_OCM_BASE)
#include "apps/amp_code/code_on_cpu1.h"

/* The function CPU1 calls: MOV r0, #n; BX lr (ARM), in a cache line of its own. */
static uint32_t code[8] __attribute__((aligned(32)));


void cpu1_main(void)
{
    for (;;) {
        while (!MBOX->go)
            __asm__ volatile("wfe" ::: "memory");
        if (MBOX->go == 2u) {  /* the polled mailbox: spin in memory, no WFE, no SGI */
            MBOX->go = 0;
            for (uint32_t i = 1; i <= POLLS; ++i) {
                while (MBOX->ping != i)
                    ;
                MBOX->pong = i;
            }
            continue;
        }
        MBOX->result = ((uint32_t(*)(void))(uintptr_t)code)();
        MBOX->go = 0;
        sev();
    }
}

/* Writes version n of the function and makes it visible to both cores' instruction fetch. */
static void write_code(uint32_t n, int by_line) { write_code_at(code, n, by_line); }

int main(void)
{
    MBOX->go = 0;
    write_code(1, 0);
    bsp_out32(CPU1_START_ADDR, (uint32_t)(uintptr_t)&cpu1_start);
    sev();
    uint32_t right = check_versions("amp_code", write_code);

    /* A mailbox polled in OCM both ways (docs/smp.md: each side sees the other's store at its
     * next quantum boundary). Round trips timed with the global timer. */
    MBOX->ping = MBOX->pong = 0;
    MBOX->go = 2;
    sev();
    while (MBOX->go)
        ;
    uint64_t min_rt = ~0ull, max_rt = 0, total = 0;
    for (uint32_t i = 1; i <= POLLS; ++i) {
        uint64_t a = bsp_gtimer_read();
        MBOX->ping = i;
        while (MBOX->pong != i)
            ;
        uint64_t rt = bsp_gtimer_read() - a;
        total += rt;
        if (rt < min_rt)
            min_rt = rt;
        if (rt > max_rt)
            max_rt = rt;
    }
    printf("@result amp_poll_round_trip_min_ns %lu\n", (unsigned long)bsp_ticks_to_us(min_rt * 1000u));
    printf("@result amp_poll_round_trip_mean_ns %lu\n", (unsigned long)bsp_ticks_to_us(total * 1000u / POLLS));
    printf("@result amp_poll_round_trip_max_ns %lu\n", (unsigned long)bsp_ticks_to_us(max_rt * 1000u));
    printf("amp_code: done\n");
    return right == VERSIONS ? 0 : 1;
}
