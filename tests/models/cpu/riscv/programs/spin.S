// Never exits: a counting loop (instruction limit) or a WFI with nothing to wake it.
  .text
  .globl _start
_start:
#ifdef SLEEP
  wfi
#endif
1: addi a0, a0, 1
  j 1b
