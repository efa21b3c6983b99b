@ WFI: sleeps until the IRQ input is high. First with IRQs enabled (the handler runs, then
@ execution continues after WFI), then with CPSR.I set (wakes without taking the IRQ).
@ MBOX: +0x20 handler count, +0x24 count after the first WFI, +0x28 count after the second.
.include "common.inc"
.arm
.section .vectors, "ax"
VECTORS trap_und, trap_svc, trap_pabt, trap_dabt, irq_h, trap_fiq
.text
.global _start
_start:
  cps #0x12
  ldr sp, =STACK_TOP - 0x1000
  cps #0x13
  ldr sp, =STACK_TOP
  ldr r5, =MBOX
  cpsie i
  wfi
  ldr r6, [r5, #0x20]
  str r6, [r5, #0x24]
  cpsid i
  wfi
  ldr r6, [r5, #0x20]
  str r6, [r5, #0x28]
  EXIT 0
irq_h:
  push {r0-r1}
  ldr r0, =DEV
  mov r1, #1
  str r1, [r0, #0xC]
  ldr r0, =MBOX
  ldr r1, [r0, #0x20]
  add r1, r1, #1
  str r1, [r0, #0x20]
  pop {r0-r1}
  subs pc, lr, #4
DEFAULT_TRAPS
