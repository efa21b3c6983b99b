/* newlib(-nano) system calls: stdout/stderr go to the UART console, the heap is the linker
 * script's .heap section, exit ends the program through semihosting. */
#include <errno.h>
#include <stdint.h>
#include <sys/stat.h>
#include "bsp/semihost.h"
#include "bsp/uart.h"

extern char __heap_start[];
extern char __heap_end[];

int _write(int fd, const char *buf, int len)
{
    if (fd != 1 && fd != 2) {
        errno = EBADF;
        return -1;
    }
    bsp_console_write(buf, len);
    return len;
}

int _read(int fd, char *buf, int len)
{
    (void)fd;
    (void)buf;
    (void)len;
    return 0;   /* no console input: end of file */
}

void *_sbrk(ptrdiff_t incr)
{
    static char *brk = __heap_start;
    if (incr > __heap_end - brk || incr < __heap_start - brk) {
        errno = ENOMEM;
        return (void *)-1;
    }
    char *old = brk;
    brk += incr;
    return old;
}

int _close(int fd) { (void)fd; return -1; }
int _lseek(int fd, int off, int whence) { (void)fd; (void)off; (void)whence; return 0; }
int _isatty(int fd) { return fd >= 0 && fd <= 2; }
int _getpid(void) { return 1; }

int _fstat(int fd, struct stat *st)
{
    (void)fd;
    st->st_mode = S_IFCHR;
    return 0;
}

int _kill(int pid, int sig)
{
    (void)pid;
    (void)sig;
    errno = EINVAL;
    return -1;
}

__attribute__((noreturn)) void _exit(int status)
{
    bsp_exit(status);
}
