/* What the Linux HAL's files share (firmware/linux/hal): a fatal error ends the program with one
 * line and exit status 2 (a missing device or region is a set-up error, not a result). */
#ifndef ZVP_HAL_LINUX_INTERNAL_H
#define ZVP_HAL_LINUX_INTERNAL_H

#include <stdint.h>

void zvp_hal_fatal(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
/* Reads a sysfs/procfs file into buf (NUL-terminated; binary files too); its length or -1. */
int zvp_hal_read_file(const char *path, void *buf, int cap);

#endif
