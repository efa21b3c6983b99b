/* ARM semihosting (SVC 0x123456 in ARM state), as QEMU -semihosting and the ZVP CPU implement it. */
#ifndef BSP_SEMIHOST_H
#define BSP_SEMIHOST_H

#include <stdint.h>

#define BSP_SYS_WRITEC         0x03u
#define BSP_SYS_WRITE0         0x04u
#define BSP_SYS_EXIT           0x18u
#define BSP_SYS_EXIT_EXTENDED  0x20u
#define BSP_ADP_STOPPED_APPLICATION_EXIT 0x20026u
#define BSP_ADP_STOPPED_RUNTIME_ERROR    0x20023u

uint32_t bsp_semihost_call(uint32_t op, uint32_t arg);

/* End the program with an exit status: SYS_EXIT_EXTENDED (status passed through), then SYS_EXIT
 * (0 -> ApplicationExit, else RunTimeError) if the host did not stop; then sleeps forever. */
__attribute__((noreturn)) void bsp_exit(int code);

void bsp_semihost_write0(const char *s);   /* to the host's debug console (not the UART) */

#endif
