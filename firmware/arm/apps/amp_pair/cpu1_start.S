/* amp_pair: CPU1's entry. The BootROM's wait loop jumps here (the address CPU0 wrote to
 * 0xFFFFFFF0) in SVC mode with interrupts masked and the MMU off: CPU1 takes its own stack
 * and runs cpu1_main, which never returns. */
    .section .text.cpu1_start, "ax"
    .arm
    .global cpu1_start
cpu1_start:
    ldr sp, =cpu1_stack_top
    bl cpu1_main
1:  b 1b

    .bss
    .balign 8
cpu1_stack:
    .space 4096
cpu1_stack_top:
