/* The PL blocks through generic UIO (uio_pdrv_genirq, bound by the device tree's "generic-uio"
 * nodes and the kernel argument uio_pdrv_genirq.of_id=generic-uio): a register window is found
 * by its physical address (/sys/class/uio/uioN/maps/map0/addr) and mapped from /dev/uioN; an
 * interrupt is found by its GIC ID, from the node's `interrupts` property
 * (/sys/class/uio/uioN/device/of_node/interrupts). Waiting for an interrupt is a read() on the
 * device, after which the handler runs and write(1) enables the interrupt again (the kernel
 * side masks it when it fires, since the line stays high until the handler clears the source). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bsp/hal.h"
#include "bsp/io.h"
#include "bsp/irq.h"
#include "hal_linux.h"

#define MAX_UIO 16
#define WAIT_MS 10000 /* no interrupt for this long: the device is stuck, say so and stop */

typedef struct {
    int n;               /* the N of /dev/uioN */
    uint32_t addr, size; /* map0 */
    uint32_t irq;        /* GIC ID, 0 = none */
    int fd;              /* -1 until used */
    uint8_t *regs;       /* map0, once mapped */
    bsp_irq_fn fn;       /* attached handler */
    void *arg;
} uio_dev;

static uio_dev devs[MAX_UIO];
static int ndevs = -1;

static uint32_t read_hex(const char *path)
{
    char buf[32];
    if (zvp_hal_read_file(path, buf, sizeof buf) <= 0)
        return 0;
    return (uint32_t)strtoul(buf, 0, 0);
}

/* The GIC ID of the node's first interrupt: <type number flags>, SPI n = ID 32 + n, PPI n = 16 + n. */
static uint32_t read_irq(int n)
{
    char path[96];
    uint8_t cells[12];
    snprintf(path, sizeof path, "/sys/class/uio/uio%d/device/of_node/interrupts", n);
    if (zvp_hal_read_file(path, cells, sizeof cells) < 12)
        return 0;
    const uint32_t type = (uint32_t)cells[0] << 24 | cells[1] << 16 | cells[2] << 8 | cells[3];
    const uint32_t num = (uint32_t)cells[4] << 24 | cells[5] << 16 | cells[6] << 8 | cells[7];
    return num + (type == 0 ? 32u : 16u);
}

static void scan(void)
{
    if (ndevs >= 0)
        return;
    ndevs = 0;
    DIR *d = opendir("/sys/class/uio");
    if (!d)
        zvp_hal_fatal("no /sys/class/uio: the kernel has no UIO support");
    struct dirent *e;
    while ((e = readdir(d)) && ndevs < MAX_UIO) {
        int n;
        if (sscanf(e->d_name, "uio%d", &n) != 1)
            continue;
        char path[96];
        uio_dev *u = &devs[ndevs];
        u->n = n;
        snprintf(path, sizeof path, "/sys/class/uio/uio%d/maps/map0/addr", n);
        u->addr = read_hex(path);
        snprintf(path, sizeof path, "/sys/class/uio/uio%d/maps/map0/size", n);
        u->size = read_hex(path);
        u->irq = read_irq(n);
        u->fd = -1;
        if (u->size)
            ndevs++;
    }
    closedir(d);
}

static uio_dev *open_dev(uio_dev *u)
{
    if (u->fd < 0) {
        char path[32];
        snprintf(path, sizeof path, "/dev/uio%d", u->n);
        u->fd = open(path, O_RDWR | O_SYNC);
        if (u->fd < 0)
            zvp_hal_fatal("cannot open %s: %s", path, strerror(errno));
    }
    return u;
}

uint32_t zvp_hal_regs(uint32_t phys)
{
    scan();
    for (int i = 0; i < ndevs; i++) {
        uio_dev *u = &devs[i];
        if (phys < u->addr || phys - u->addr >= u->size)
            continue;
        if (!u->regs) {
            open_dev(u);
            void *p = mmap(0, u->size, PROT_READ | PROT_WRITE, MAP_SHARED, u->fd, 0); /* offset 0: map0 */
            if (p == MAP_FAILED)
                zvp_hal_fatal("cannot map /dev/uio%d: %s", u->n, strerror(errno));
            u->regs = p;
        }
        return (uint32_t)(uintptr_t)(u->regs + (phys - u->addr));
    }
    zvp_hal_fatal("no /dev/uioN maps 0x%08x (a \"generic-uio\" node in the device tree and "
                  "uio_pdrv_genirq.of_id=generic-uio on the kernel command line?)", (unsigned)phys);
}

int bsp_irq_attach(uint32_t id, bsp_irq_fn fn, void *arg)
{
    scan();
    for (int i = 0; i < ndevs; i++) {
        uio_dev *u = &devs[i];
        if (u->irq != id)
            continue;
        open_dev(u);
        u->fn = fn;
        u->arg = arg;
        const uint32_t on = 1;
        if (write(u->fd, &on, sizeof on) != sizeof on) /* unmask, in case a previous run left it masked */
            zvp_hal_fatal("/dev/uio%d has no interrupt control: %s", u->n, strerror(errno));
        return 0;
    }
    fprintf(stderr, "zvp hal: no /dev/uioN has GIC interrupt %u\n", (unsigned)id);
    return -1;
}

void bsp_wfi(void)
{
    struct pollfd pfd[MAX_UIO];
    uio_dev *who[MAX_UIO];
    int n = 0;
    for (int i = 0; i < ndevs; i++)
        if (devs[i].fn) {
            pfd[n].fd = devs[i].fd;
            pfd[n].events = POLLIN;
            who[n++] = &devs[i];
        }
    if (n == 0)
        zvp_hal_fatal("waiting for an interrupt, but none is attached");
    const int r = poll(pfd, (nfds_t)n, WAIT_MS);
    if (r == 0)
        zvp_hal_fatal("no interrupt from the device for %d ms", WAIT_MS);
    if (r < 0) {
        if (errno == EINTR)
            return;
        zvp_hal_fatal("poll on /dev/uio: %s", strerror(errno));
    }
    for (int i = 0; i < n; i++) {
        if (!(pfd[i].revents & POLLIN))
            continue;
        uint32_t count;
        if (read(pfd[i].fd, &count, sizeof count) != sizeof count)
            zvp_hal_fatal("read on /dev/uio%d: %s", who[i]->n, strerror(errno));
        who[i]->fn(who[i]->arg);
        const uint32_t on = 1;
        if (write(pfd[i].fd, &on, sizeof on) != sizeof on)
            zvp_hal_fatal("write on /dev/uio%d: %s", who[i]->n, strerror(errno));
    }
}
