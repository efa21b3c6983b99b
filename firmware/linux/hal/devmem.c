/* DDR for the PL's DMAs: the device tree reserves a region (/reserved-memory/zvp-dma@..., no-map,
 * so the kernel never uses it); this maps it whole from /dev/mem, uncached (O_SYNC), since user
 * space cannot clean or invalidate the caches for a device. Files the host placed there before
 * boot (the scenario's `data:`) are read through it, and a DMA buffer outside it (a program's own
 * array) is copied through a ring of bounce space at the region's top (the last BOUNCE_SIZE
 * bytes: beyond what the input files and the LeNet-5 work area use for the held-out digits). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bsp/hal.h"
#include "hal_linux.h"

#define REGION_DIR "/proc/device-tree/reserved-memory"
#define REGION_NAME "zvp-dma@"
#define BOUNCE_SIZE (4u << 20)
#define MAX_PENDING 8

static uint32_t base, size; /* the region's physical base and size */
static uint8_t *mem;        /* its mapping */
static uint32_t ring_next;  /* next free offset in the bounce ring */

typedef struct {
    void *user;
    uint8_t *bounce;
    uint32_t len;
} pending_out;
static pending_out pending[MAX_PENDING]; /* device-to-memory transfers not yet done */

int zvp_hal_reserved_region(const char *prefix, uint32_t *region_base, uint32_t *region_size)
{
    DIR *d = opendir(REGION_DIR);
    struct dirent *e = 0;
    while (d && (e = readdir(d)) && strncmp(e->d_name, prefix, strlen(prefix)) != 0) {
    }
    if (!e) {
        if (d)
            closedir(d);
        return 0;
    }
    char path[300];
    uint8_t reg[8];
    snprintf(path, sizeof path, "%s/%s/reg", REGION_DIR, e->d_name);
    closedir(d);
    if (zvp_hal_read_file(path, reg, sizeof reg) != 8)
        zvp_hal_fatal("%s: expected one address and one size cell", path);
    *region_base = (uint32_t)reg[0] << 24 | reg[1] << 16 | reg[2] << 8 | reg[3];
    *region_size = (uint32_t)reg[4] << 24 | reg[5] << 16 | reg[6] << 8 | reg[7];
    return 1;
}

void *zvp_hal_map_phys(uint32_t phys, uint32_t len)
{
    const int fd = open("/dev/mem", O_RDWR | O_SYNC);
    if (fd < 0)
        zvp_hal_fatal("cannot open /dev/mem: %s", strerror(errno));
    void *p = mmap(0, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, phys);
    if (p == MAP_FAILED)
        zvp_hal_fatal("cannot map 0x%08x..0x%08x from /dev/mem: %s", (unsigned)phys, (unsigned)(phys + len),
                      strerror(errno));
    close(fd);
    return p;
}

static void map_region(void)
{
    if (mem)
        return;
    if (!zvp_hal_reserved_region(REGION_NAME, &base, &size))
        zvp_hal_fatal("no %s/%s* node: the device tree reserves no DMA region", REGION_DIR, REGION_NAME);
    if (size <= BOUNCE_SIZE)
        zvp_hal_fatal("the reserved DMA region (0x%x bytes) is too small", (unsigned)size);
    mem = zvp_hal_map_phys(base, size);
}

void *zvp_hal_mem(uint32_t phys)
{
    map_region();
    if (phys < base || phys - base >= size - BOUNCE_SIZE)
        zvp_hal_fatal("0x%08x is outside the reserved DMA region 0x%08x..0x%08x", (unsigned)phys, (unsigned)base,
                      (unsigned)(base + size - BOUNCE_SIZE));
    return mem + (phys - base);
}

/* The physical address of p if it lies in the mapped region, else 0. */
static uint32_t phys_of(const void *p, uint32_t len)
{
    const uint8_t *b = p;
    if (b >= mem && b < mem + size && len <= (uint32_t)(mem + size - b))
        return base + (uint32_t)(b - mem);
    return 0;
}

static uint8_t *bounce(uint32_t len)
{
    const uint32_t ring = size - BOUNCE_SIZE, aligned = (len + 63u) & ~63u;
    if (aligned > BOUNCE_SIZE / 4)
        zvp_hal_fatal("a DMA buffer of %u bytes is too large for the bounce ring", (unsigned)len);
    if (ring_next + aligned > BOUNCE_SIZE)
        ring_next = 0;
    uint8_t *b = mem + ring + ring_next;
    ring_next += aligned;
    return b;
}

uint32_t zvp_hal_dma_to_dev(const void *p, uint32_t len)
{
    map_region();
    const uint32_t a = phys_of(p, len);
    if (a)
        return a;
    uint8_t *b = bounce(len);
    memcpy(b, p, len);
    return phys_of(b, len);
}

uint32_t zvp_hal_dma_from_dev(void *p, uint32_t len)
{
    map_region();
    const uint32_t a = phys_of(p, len);
    if (a)
        return a;
    /* A buffer whose last transfer never completed (a driver's error path) takes its old entry. */
    int slot = -1;
    for (int i = 0; i < MAX_PENDING; i++)
        if (pending[i].user == p || (slot < 0 && !pending[i].user))
            slot = i;
    if (slot >= 0) {
        pending[slot] = (pending_out){p, bounce(len), len};
        return phys_of(pending[slot].bounce, len);
    }
    zvp_hal_fatal("more than %d DMA transfers to memory outstanding", MAX_PENDING);
}

void zvp_hal_dma_done(void *p, uint32_t len)
{
    for (int i = 0; i < MAX_PENDING; i++)
        if (pending[i].user == p) {
            memcpy(p, pending[i].bounce, len < pending[i].len ? len : pending[i].len);
            pending[i].user = 0;
            return;
        }
}
