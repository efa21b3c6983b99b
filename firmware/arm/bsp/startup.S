/* ZVP ARM BSP start-up: exception vectors, reset (per-mode stacks, VFP, .data/.bss, bsp_init,
 * constructors, main, exit) and the exception entry stubs that call into C.
 * Runs from DDR with the MMU and caches off (as after the FSBL hands over with them disabled). */
    .syntax unified
    .arm

    .equ MODE_USR, 0x10
    .equ MODE_FIQ, 0x11
    .equ MODE_IRQ, 0x12
    .equ MODE_SVC, 0x13
    .equ MODE_ABT, 0x17
    .equ MODE_UND, 0x1B
    .equ MODE_SYS, 0x1F
    .equ PSR_I, 0x80
    .equ PSR_F, 0x40

/* ---------------------------------------------------------------- vectors (VBAR) */
    .section .vectors, "ax"
    .align 5
    .global _vectors
_vectors:
    b   _boot
    b   _undef_entry
    b   _svc_entry
    b   _pabt_entry
    b   _dabt_entry
    b   .                       /* reserved */
    b   _irq_entry
    b   _fiq_entry

/* ---------------------------------------------------------------- reset */
    .section .boot, "ax"
    .global _boot
    .type _boot, %function
_boot:
    cpsid if, #MODE_SVC

    /* Vectors at VBAR (SCTLR.V = 0), exceptions taken in ARM state (SCTLR.TE = 0), strict
     * alignment checking off (SCTLR.A = 0). MMU and caches are left as found (off). */
    mrc p15, 0, r0, c1, c0, 0
    bic r0, r0, #(1 << 13)          /* V */
    bic r0, r0, #(1 << 30)          /* TE */
    bic r0, r0, #(1 << 1)           /* A */
    mcr p15, 0, r0, c1, c0, 0
    ldr r0, =_vectors
    mcr p15, 0, r0, c12, c0, 0      /* VBAR */
    isb

    /* VFP/NEON: full access to cp10/cp11, then FPEXC.EN. */
    mrc p15, 0, r0, c1, c0, 2
    orr r0, r0, #(0xF << 20)
    mcr p15, 0, r0, c1, c0, 2
    isb
    mov r0, #0x40000000
    vmsr fpexc, r0
    mov r0, #0
    vmsr fpscr, r0

    /* One stack per mode; main() runs in System mode. */
    cps #MODE_IRQ
    ldr sp, =__irq_stack_top
    cps #MODE_FIQ
    ldr sp, =__fiq_stack_top
    cps #MODE_ABT
    ldr sp, =__abt_stack_top
    cps #MODE_UND
    ldr sp, =__und_stack_top
    cps #MODE_SVC
    ldr sp, =__svc_stack_top
    cps #MODE_SYS
    ldr sp, =__sys_stack_top

    /* .data: copy only when the load address differs (ELF loading puts it in place). */
    ldr r0, =__data_start
    ldr r1, =__data_load
    ldr r2, =__data_end
    cmp r0, r1
    beq 2f
1:  cmp r0, r2
    ldrlo r3, [r1], #4
    strlo r3, [r0], #4
    blo 1b
2:
    /* .bss */
    ldr r0, =__bss_start
    ldr r1, =__bss_end
    mov r2, #0
3:  cmp r0, r1
    strlo r2, [r0], #4
    blo 3b

    bl  bsp_init
    bl  __libc_init_array
    mov r0, #0
    mov r1, #0
    bl  main
    bl  exit                        /* flushes stdio, then _exit -> bsp_exit */
4:  wfi
    b   4b
    .size _boot, . - _boot
    .ltorg

/* ---------------------------------------------------------------- exception entries */
    .text

/* Caller-saved VFP state (AAPCS-VFP: d0-d7, d16-d31, FPSCR) around C handlers. */
    .macro VFP_SAVE
    vmrs  r0, fpscr
    push  {r0, r1}
    vpush {d0-d7}
    vpush {d16-d31}
    .endm
    .macro VFP_RESTORE
    vpop  {d16-d31}
    vpop  {d0-d7}
    pop   {r0, r1}
    vmsr  fpscr, r0
    .endm

/* IRQ: non-nested, dispatch through the GIC handler table (irq.c). */
    .type _irq_entry, %function
_irq_entry:
    sub   lr, lr, #4
    push  {r0-r3, r12, lr}          /* 24 bytes: sp stays 8-byte aligned after VFP_SAVE's 8 */
    VFP_SAVE
    bl    bsp_irq_dispatch
    VFP_RESTORE
    ldm   sp!, {r0-r3, r12, pc}^    /* returns to ARM or Thumb code per SPSR.T */
    .size _irq_entry, . - _irq_entry

/* FIQ: a weak C hook (nFIQ from the PL is not routed by default). */
    .type _fiq_entry, %function
_fiq_entry:
    sub   lr, lr, #4
    push  {r0-r3, r12, lr}
    VFP_SAVE
    bl    bsp_fiq_handler
    VFP_RESTORE
    ldm   sp!, {r0-r3, r12, pc}^
    .size _fiq_entry, . - _fiq_entry

/* Aborts and undefined instructions build a bsp_exc_frame (abort.h):
 *   r0-r12, pc (faulting instruction), cpsr (SPSR), far, fsr, kind
 * and call bsp_exception_dispatch(frame). The handler may change frame->pc / frame->r[] to
 * resume elsewhere (bsp_abort_skip() steps over the faulting instruction). */
    .macro EXC_ENTRY lr_adjust, kind
    sub   lr, lr, #\lr_adjust
    sub   sp, sp, #16               /* cpsr, far, fsr, kind */
    push  {r0-r12, lr}
    mrs   r0, spsr
    str   r0, [sp, #56]
    .if \kind == 0
    mrc   p15, 0, r1, c6, c0, 0     /* DFAR */
    mrc   p15, 0, r2, c5, c0, 0     /* DFSR */
    .elseif \kind == 1
    mrc   p15, 0, r1, c6, c0, 2     /* IFAR */
    mrc   p15, 0, r2, c5, c0, 1     /* IFSR */
    .else
    mov   r1, lr
    mov   r2, #0
    .endif
    str   r1, [sp, #60]
    str   r2, [sp, #64]
    mov   r3, #\kind
    str   r3, [sp, #68]
    mov   r4, sp                    /* frame (callee-saved across the call) */
    VFP_SAVE
    mov   r0, r4
    bl    bsp_exception_dispatch
    VFP_RESTORE
    ldr   r0, [sp, #56]
    msr   spsr_cxsf, r0
    pop   {r0-r12, lr}
    add   sp, sp, #16
    movs  pc, lr
    .endm

    .type _dabt_entry, %function
_dabt_entry:
    EXC_ENTRY 8, 0                  /* LR_abt = faulting instruction + 8 (ARM and Thumb) */
    .size _dabt_entry, . - _dabt_entry

    .type _pabt_entry, %function
_pabt_entry:
    EXC_ENTRY 4, 1                  /* LR_abt = faulting instruction + 4 */
    .size _pabt_entry, . - _pabt_entry

    .type _undef_entry, %function
_undef_entry:
    /* LR_und = next instruction: step back by the instruction size (2 in Thumb, 4 in ARM). */
    push  {r0}
    mrs   r0, spsr
    tst   r0, #0x20
    pop   {r0}
    addne lr, lr, #2                /* EXC_ENTRY subtracts 4 below: net -2 for Thumb */
    EXC_ENTRY 4, 2
    .size _undef_entry, . - _undef_entry

    .type _svc_entry, %function
_svc_entry:
    EXC_ENTRY 4, 3                  /* an SVC that no debugger/simulator intercepted */
    .size _svc_entry, . - _svc_entry
