/* The rest of the BSP the shared drivers and apps call, for a Linux user-space program: time from
 * CLOCK_MONOTONIC, delays by sleeping, no cache maintenance (the DMA memory is mapped uncached,
 * devmem.c), the run's parameters from the command line, fatal errors. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>

#include "bsp/bootparam.h"
#include "bsp/cache.h"
#include "bsp/gtimer.h"
#include "hal_linux.h"

/* The apps count time in global-timer ticks at half the core clock (bsp_bootparams.cpu_hz / 2).
 * Here a tick is a nanosecond of CLOCK_MONOTONIC, so the clock they are told is 2 GHz. */
#define LINUX_TICK_CPU_HZ 2000000000u

uint64_t bsp_gtimer_read(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

void bsp_delay_us(uint32_t us) { usleep(us); }

void bsp_dcache_flush_range(uintptr_t addr, uint32_t len) { (void)addr, (void)len; }
void bsp_dcache_store_range(uintptr_t addr, uint32_t len) { (void)addr, (void)len; }
void bsp_dcache_invalidate_range(uintptr_t addr, uint32_t len) { (void)addr, (void)len; }

/* `<app> [IMAGES [FLAGS]]`: the boot-parameter block's images and flags (0 = the app's defaults),
 * read from /proc/self/cmdline so that the apps' main(void) stays the bare-metal one. */
bsp_bootparams bsp_bootparam(void)
{
    bsp_bootparams p = {0u, 0u, LINUX_TICK_CPU_HZ};
    char buf[256];
    int n = zvp_hal_read_file("/proc/self/cmdline", buf, sizeof buf - 1);
    n = n > 0 ? n : 0;
    buf[n] = '\0';
    const char *arg = buf, *end = buf + n;
    uint32_t *dst[2] = {&p.images, &p.flags};
    arg += strlen(arg) + 1; /* the program's name */
    for (int i = 0; arg < end; i++, arg += strlen(arg) + 1) {
        char *stop;
        const unsigned long v = strtoul(arg, &stop, 0);
        if (i >= 2 || *arg == '\0' || *stop != '\0') {
            fprintf(stderr, "usage: %s [IMAGES [FLAGS]] (numbers; 0 = the app's default)\n", buf);
            exit(2);
        }
        *dst[i] = (uint32_t)v;
    }
    return p;
}

void zvp_hal_fatal(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "zvp hal: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    exit(2);
}

int zvp_hal_read_file(const char *path, void *buf, int cap)
{
    const int fd = open(path, O_RDONLY);
    if (fd < 0)
        return -1;
    int n = 0, r;
    while (n < cap && (r = (int)read(fd, (char *)buf + n, (size_t)(cap - n))) > 0)
        n += r;
    close(fd);
    if (n < cap)
        ((char *)buf)[n] = '\0';
    return n;
}
