/* What the Linux HAL's files share (firmware/linux/hal): a fatal error ends the program with one
 * line and exit status 2 (a missing device or region is a set-up error, not a result). */
#ifndef ZVP_HAL_LINUX_INTERNAL_H
#define ZVP_HAL_LINUX_INTERNAL_H

#include <stdint.h>

void zvp_hal_fatal(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
/* Reads a sysfs/procfs file into buf (NUL-terminated; binary files too); its length or -1. */
int zvp_hal_read_file(const char *path, void *buf, int cap);
/* The /reserved-memory node whose name starts with `prefix` (e.g. "zvp-dma@"): 1 and its one
 * address and one size cell, or 0 if the device tree has none. */
int zvp_hal_reserved_region(const char *prefix, uint32_t *base, uint32_t *size);
/* [phys, phys + len) mapped from /dev/mem, uncached (O_SYNC); fatal if it cannot be. */
void *zvp_hal_map_phys(uint32_t phys, uint32_t len);

#endif
