/* ZVP RISC-V runtime: program exit and the host interface. */
#ifndef RT_RT_H
#define RT_RT_H

#include <stdint.h>

/* End the program with `status`: writes tohost = (status << 1) | 1 (riscv-tests convention), then
 * `ecall` with a7 = 93 (exit) and a0 = status; parks the core if neither stopped it. */
__attribute__((noreturn)) void rt_exit(int status);

extern volatile uint32_t tohost;
extern volatile uint32_t fromhost;

static inline uint32_t rt_read_mcycle(void)
{
    uint32_t v;
    __asm__ volatile("csrr %0, mcycle" : "=r"(v));
    return v;
}

#endif
