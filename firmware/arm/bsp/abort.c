#include "bsp/abort.h"
#include "bsp/semihost.h"
#include "bsp/uart.h"

struct hook {
    bsp_exc_fn fn;
    void *arg;
};

static struct hook hooks[BSP_EXC_KINDS];

void bsp_set_exception_handler(enum bsp_exc_kind kind, bsp_exc_fn fn, void *arg)
{
    if ((unsigned)kind >= BSP_EXC_KINDS)
        return;
    hooks[kind].fn = fn;
    hooks[kind].arg = arg;
}

void bsp_set_abort_handler(bsp_exc_fn fn, void *arg)
{
    bsp_set_exception_handler(BSP_EXC_DATA_ABORT, fn, arg);
    bsp_set_exception_handler(BSP_EXC_PREFETCH_ABORT, fn, arg);
}

void bsp_abort_skip(bsp_exc_frame *frame)
{
    if (frame->cpsr & 0x20u) {
        /* Thumb-2: a first halfword 0b11101/0b11110/0b11111 starts a 32-bit instruction. */
        uint16_t hw = *(const volatile uint16_t *)(uintptr_t)frame->pc;
        frame->pc += ((hw >> 11) >= 0x1Du) ? 4u : 2u;
    } else {
        frame->pc += 4u;
    }
}

/* The default report avoids stdio: the fault may have happened inside it. */
static void put_hex(uint32_t v)
{
    static const char digits[] = "0123456789ABCDEF";
    char buf[11] = "0x";
    for (int i = 0; i < 8; i++)
        buf[2 + i] = digits[(v >> (28 - 4 * i)) & 0xFu];
    buf[10] = 0;
    bsp_console_puts(buf);
}

void bsp_exception_dispatch(bsp_exc_frame *frame)
{
    static const char *const names[BSP_EXC_KINDS] = {"data abort", "prefetch abort",
                                                     "undefined instruction", "unexpected SVC"};
    uint32_t kind = frame->kind < BSP_EXC_KINDS ? frame->kind : BSP_EXC_UNDEF;
    struct hook *h = &hooks[kind];
    if (h->fn && h->fn(frame, h->arg))
        return;

    bsp_console_puts(names[kind]);
    bsp_console_puts(": PC=");
    put_hex(frame->pc);
    if (kind == BSP_EXC_DATA_ABORT || kind == BSP_EXC_PREFETCH_ABORT) {
        bsp_console_puts(kind == BSP_EXC_DATA_ABORT ? " DFAR=" : " IFAR=");
        put_hex(frame->far);
        bsp_console_puts(kind == BSP_EXC_DATA_ABORT ? " DFSR=" : " IFSR=");
        put_hex(frame->fsr);
    }
    bsp_console_puts("\n");
    bsp_exit(1);
}
