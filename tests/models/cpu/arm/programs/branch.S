@ Nested loops for the branch predictor (a9_timing_test.cpp): an inner loop of 5 iterations
@ inside an outer loop of OUTER. Every inner exit repeats the same pattern of outcomes, which a
@ global-history predictor learns and a per-branch counter cannot (it mispredicts every exit).
.include "common.inc"
#ifndef OUTER
#define OUTER 200
#endif
ARM_PROGRAM
  ldr r4, =OUTER
outer:
  mov r5, #5
inner:
  subs r5, r5, #1
  bne inner
  subs r4, r4, #1
  bne outer
  EXIT 0
.ltorg
DEFAULT_TRAPS
