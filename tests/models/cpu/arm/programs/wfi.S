@ WFI: sleeps until the IRQ input is high. First with IRQs enabled (the handler runs, then
@ execution continues after WFI), then with CPSR.I set (wakes without taking the IRQ).
@ MBOX: +0x20 handler count, +0x24 count after the first WFI, +0x28 count after the second.
.include "common.inc"
IRQ_PROGRAM
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
COUNTING_IRQ_HANDLER irq_h
DEFAULT_TRAPS
