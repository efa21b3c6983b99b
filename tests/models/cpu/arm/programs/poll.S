@ Polls the fake device's STATUS register until it reads non-zero, then exits.
.include "common.inc"
.arm
.section .vectors, "ax"
VECTORS trap_und, trap_svc, trap_pabt, trap_dabt, trap_irq, trap_fiq
.text
.global _start
_start:
  ldr r1, =DEV
1:ldr r0, [r1, #4]
  cmp r0, #0
  beq 1b
  EXIT 0
DEFAULT_TRAPS
