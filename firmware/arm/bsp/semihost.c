#include "bsp/semihost.h"
#include "bsp/io.h"

/* Compiled in ARM state (the BSP is always -marm), so the SVC number is 0x123456. */
__attribute__((target("arm"))) uint32_t bsp_semihost_call(uint32_t op, uint32_t arg)
{
    register uint32_t r0 __asm__("r0") = op;
    register uint32_t r1 __asm__("r1") = arg;
    __asm__ volatile("svc 0x123456" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

void bsp_exit(int code)
{
    static volatile uint32_t block[2];
    block[0] = BSP_ADP_STOPPED_APPLICATION_EXIT;
    block[1] = (uint32_t)code;
    bsp_semihost_call(BSP_SYS_EXIT_EXTENDED, (uint32_t)(uintptr_t)block);
    /* AArch32 SYS_EXIT takes the reason in r1 directly. */
    bsp_semihost_call(BSP_SYS_EXIT, code == 0 ? BSP_ADP_STOPPED_APPLICATION_EXIT
                                              : BSP_ADP_STOPPED_RUNTIME_ERROR);
    for (;;)
        bsp_wfi();
}

void bsp_semihost_write0(const char *s)
{
    bsp_semihost_call(BSP_SYS_WRITE0, (uint32_t)(uintptr_t)s);
}
