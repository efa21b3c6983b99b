/* The fake kernel's entry: keeps r0-r2 and CPSR as the boot loader left them and calls
 * stub_main(r0, r1, r2, cpsr) on a stack of its own. Linked at the raw Image's address. */
    .syntax unified
    .arm
    .section .text.start, "ax"
    .global _start
_start:
    mrs r3, cpsr
    ldr sp, =__stack_top
    bl  stub_main
1:  b   1b
