/* CSP Middleware program for the Zero-riscy (runs from the L2 instruction BRAM, loaded and
 * released by the ARM ConvNet front end). Sleeps on the doorbell interrupt line (mie.MEIE with
 * mstatus.MIE clear: WFI wakes, no trap is taken) and serves layer commands until told to quit.
 * A trap (e.g. an access fault on an unmapped address) is reported to the ARM through the
 * mailbox (STATUS = CSP_STATUS_TRAP, mcause/mtval/mepc) and the ARM doorbell; the core parks. */
#include "middleware/mw.h"
#include "regs/csp_regs.h" /* models/accel/csp/csp.regs.yaml */

#define MBOX(i) (*(volatile uint32_t *)(uintptr_t)(ZVP_CSP_RV_CTRL_BASE + ZVP_CSP_CTRL_MAILBOX0 + ZVP_CSP_CTRL_MAILBOX0_STRIDE * (i)))

__attribute__((interrupt("machine"), aligned(4), noreturn)) static void mw_trap(void)
{
    uint32_t cause, tval, epc;
    __asm__ volatile("csrr %0, mcause" : "=r"(cause));
    __asm__ volatile("csrr %0, mtval" : "=r"(tval));
    __asm__ volatile("csrr %0, mepc" : "=r"(epc));
    if (cause == 11u) /* the exit ecall of rt_exit after CSP_CMD_QUIT: nothing to report */
        for (;;)
            __asm__ volatile("wfi");
    MBOX(CSP_MB_CYCLES) = cause;
    MBOX(5) = tval;
    MBOX(4) = epc;
    MBOX(CSP_MB_STATUS) = (MBOX(CSP_MB_CMD) & 0xFFFFFF00u) | CSP_STATUS_TRAP;
    *(volatile uint32_t *)(uintptr_t)(ZVP_CSP_RV_CTRL_BASE + ZVP_CSP_CTRL_DOORBELL_ARM) =
        ZVP_CSP_CTRL_DOORBELL_ARM_DOORBELL_MASK;
    for (;;)
        __asm__ volatile("wfi");
}

int main(void)
{
    __asm__ volatile("csrw mtvec, %0" ::"r"((uintptr_t)&mw_trap));
    const uint32_t meie = 1u << 11;
    __asm__ volatile("csrs mie, %0" ::"r"(meie));
    return mw_main_loop();
}
