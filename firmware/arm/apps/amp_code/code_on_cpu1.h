/* Code one core writes and the other runs (amp_code, amp_code_mmu): CPU1's entry, the SEV
 * doorbell, publishing a version of the function and asking CPU1 to call it. The including
 * file defines struct mailbox (with `go` and `result`), MBOX and cpu1_main. */
#ifndef AMP_CODE_ON_CPU1_H
#define AMP_CODE_ON_CPU1_H

#include <stdint.h>
#include <stdio.h>

#define VERSIONS 3u /* versions of the function CPU1 runs */

#define CPU1_START_ADDR 0xFFFFFFF0u /* where the BootROM's wait loop looks (UG585) */

void cpu1_start(void);
void cpu1_main(void);

/* CPU1's entry (in SVC mode, MMU off): its own stack, then cpu1_main. */
__asm__(".section .text.cpu1_start, \"ax\"\n"
        ".arm\n.global cpu1_start\n"
        "cpu1_start: ldr sp, =cpu1_stack_top\n bl cpu1_main\n1: b 1b\n"
        ".bss\n.balign 8\ncpu1_stack: .space 1024\ncpu1_stack_top:\n.text\n");

static void sev(void) { __asm__ volatile("dsb\n sev" ::: "memory"); }

/* Writes version n of the function (MOV r0, #n; BX lr) at fn, the address CPU1 calls, and
 * makes it visible to both cores' instruction fetch as the ARM ARM requires: DCCMVAU, then
 * ICIMVAU on the line (by_line) or ICIALLUIS, BPIALLIS, DSB, ISB. */
static void write_code_at(volatile uint32_t *fn, uint32_t n, int by_line)
{
    fn[0] = 0xE3A00000u | n; /* MOV r0, #n */
    fn[1] = 0xE12FFF1Eu;     /* BX lr */
    uintptr_t line = (uintptr_t)fn;
    __asm__ volatile("mcr p15, 0, %0, c7, c11, 1\n dsb" : : "r"(line) : "memory");  /* DCCMVAU */
    if (by_line)
        __asm__ volatile("mcr p15, 0, %0, c7, c5, 1" : : "r"(line) : "memory");  /* ICIMVAU */
    else
        __asm__ volatile("mcr p15, 0, %0, c7, c1, 0" : : "r"(0) : "memory");  /* ICIALLUIS */
    __asm__ volatile("mcr p15, 0, %0, c7, c1, 6\n dsb\n isb" : : "r"(0) : "memory");  /* BPIALLIS */
}

/* Asks CPU1 to call the function; returns what it returned. */
static uint32_t run_on_cpu1(void)
{
    MBOX->go = 1;
    sev();
    while (MBOX->go)
        __asm__ volatile("wfe" ::: "memory");
    return MBOX->result;
}

/* Versions 1..VERSIONS of the function, each written with write (version 2 made visible by
 * ICIALLUIS, 3 by ICIMVAU) and run on CPU1; prints each and the @result; returns how many CPU1
 * ran right. */
static uint32_t check_versions(const char *app, void (*write)(uint32_t n, int by_line))
{
    uint32_t right = 0;
    for (uint32_t n = 1; n <= VERSIONS; ++n) {
        if (n > 1)
            write(n, n == 3);
        uint32_t got = run_on_cpu1();
        printf("%s: version %lu, CPU1 returned %lu\n", app, (unsigned long)n, (unsigned long)got);
        if (got == n)
            right++;
    }
    printf("@result amp_code_versions_right %lu\n", (unsigned long)right);
    return right;
}

#endif
