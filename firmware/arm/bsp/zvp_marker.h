/* Named slices on ZVP's timeline (`zvp boot|run --perfetto FILE.json`, track "Firmware"):
 * zvp_marker_begin("conv1") ... zvp_marker_end() nest like braces. They use ZVP's semihosting
 * operation 0x1A0 (the range 0x100-0x1FF the ARM semihosting specification leaves to
 * applications; models/cpu/arm/semihosting.h): a run without --perfetto ignores them, and like
 * every semihosting call they need a debugger (or ZVP, or QEMU, which answers -1) on hardware. */
#ifndef BSP_ZVP_MARKER_H
#define BSP_ZVP_MARKER_H

#include <stdint.h>

#include "bsp/semihost.h"

#define BSP_SYS_ZVP_MARKER 0x1A0u

static inline void zvp_marker(uint32_t begin, const char *name)
{
    volatile uint32_t block[2] = {begin, (uint32_t)(uintptr_t)name};
    (void)bsp_semihost_call(BSP_SYS_ZVP_MARKER, (uint32_t)(uintptr_t)block);
}
static inline void zvp_marker_begin(const char *name) { zvp_marker(1u, name); }
static inline void zvp_marker_end(void) { zvp_marker(0u, 0); }

#endif
