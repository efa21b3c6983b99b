/* Exception hooks: data abort, prefetch abort, undefined instruction, un-intercepted SVC.
 * The entry stub (startup.S) saves a bsp_exc_frame; a hook may edit it (pc, r[]) and return
 * non-zero to resume at frame->pc, or return 0 to fall through to the default report, which
 * prints "<kind>: PC=... FAR=... FSR=..." on the console and exits with status 1. */
#ifndef BSP_ABORT_H
#define BSP_ABORT_H

#include <stdint.h>

enum bsp_exc_kind {
    BSP_EXC_DATA_ABORT = 0,
    BSP_EXC_PREFETCH_ABORT = 1,
    BSP_EXC_UNDEF = 2,
    BSP_EXC_SVC = 3,
    BSP_EXC_KINDS
};

typedef struct bsp_exc_frame {
    uint32_t r[13];   /* r0-r12 at the exception (write to change them on return) */
    uint32_t pc;      /* the faulting instruction; execution resumes here */
    uint32_t cpsr;    /* interrupted CPSR (SPSR); bit 5 = Thumb */
    uint32_t far;     /* DFAR / IFAR (0 for undef/svc) */
    uint32_t fsr;     /* DFSR / IFSR */
    uint32_t kind;    /* enum bsp_exc_kind */
} bsp_exc_frame;

typedef int (*bsp_exc_fn)(bsp_exc_frame *frame, void *arg);

/* Hook data and prefetch aborts (fn NULL restores the default). */
void bsp_set_abort_handler(bsp_exc_fn fn, void *arg);
/* Hook any one kind. */
void bsp_set_exception_handler(enum bsp_exc_kind kind, bsp_exc_fn fn, void *arg);

/* Advance frame->pc past the faulting instruction (4 in ARM, 2 or 4 in Thumb): for data aborts and
 * undefined instructions. A prefetch-abort hook must set frame->pc itself (the instruction there
 * cannot be read). */
void bsp_abort_skip(bsp_exc_frame *frame);

/* Called by the entry stubs. */
void bsp_exception_dispatch(bsp_exc_frame *frame);

#endif
