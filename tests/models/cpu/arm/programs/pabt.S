@ Prefetch abort: branch to an address outside memory.
.include "common.inc"
.arm
.section .vectors, "ax"
VECTORS trap_und, trap_svc, trap_pabt, trap_dabt, trap_irq, trap_fiq
.text
.global _start
_start:
  mov r5, #7
  ldr r0, =UNMAPPED + 0x100
  bx r0
DEFAULT_TRAPS
