@ Idle loop: IRQs enabled, then the program waits for ever in a loop that only branches to itself
@ (`b .`; with NOPS `1: nop; nop; b 1b`; with THUMB a Thumb `b.n .`; with MASKED IRQs stay
@ masked, so the core halts). The IRQ handler acknowledges the device and counts in MBOX+0x20.
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
#ifndef MASKED
  cpsie i
#endif
#ifdef THUMB
  adr r0, idle + 1
  bx r0
.thumb
.thumb_func
idle:
  b.n idle
.arm
.align 2
#elif defined(NOPS)
idle:
  nop
  nop
  b idle
#else
idle:
  b idle
#endif
COUNTING_IRQ_HANDLER irq_h
DEFAULT_TRAPS
