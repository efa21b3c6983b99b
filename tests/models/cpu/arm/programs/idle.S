@ Idle loop: IRQs enabled, then the program waits for ever in a loop that only branches to itself
@ (`b .`; with NOPS `1: nop; nop; b 1b`; with THUMB a Thumb `b.n .`; with MASKED IRQs stay
@ masked, so the core halts). The IRQ handler acknowledges the device and counts in MBOX+0x20.
.include "common.inc"
IRQ_PROGRAM
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
