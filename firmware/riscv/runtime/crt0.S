/* Zero-riscy start-up (machine mode): gp, sp, trap vector, .bss, main, exit. The ELF is loaded
 * in place, so there is no .data copy. */
    .section .text.init, "ax"
    .global _start
_start:
    .option push
    .option norelax
    la   gp, __global_pointer$
    .option pop
    la   sp, __stack_top
    la   t0, rt_trap_entry
    csrw mtvec, t0               /* direct mode */
    la   a0, __bss_start
    la   a1, __bss_end
1:  bgeu a0, a1, 2f
    sw   zero, 0(a0)
    addi a0, a0, 4
    j    1b
2:  li   a0, 0
    li   a1, 0
    call main
    call rt_exit                 /* a0 = main's return value */
3:  j    3b

/* Trap entry: an ecall that the simulator did not intercept (mcause 11) parks the core (rt_exit
 * already wrote tohost); anything else ends the program with status 0x100 | mcause. */
    .text
    .align 2
    .global rt_trap_entry
rt_trap_entry:
    csrr a0, mcause
    li   t0, 11
    beq  a0, t0, 4f
    ori  a0, a0, 0x100
    call rt_exit
4:  wfi
    j    4b
