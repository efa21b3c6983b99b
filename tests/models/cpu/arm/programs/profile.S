@ Two functions of known cost for the sampled profile (a9_timing_test.cpp): each of REPEAT rounds
@ calls work_a (a 1000-iteration loop of 2 instructions) and work_b (3000 iterations), so with a
@ flat CPI of 1 work_b takes three times work_a's instructions.
.include "common.inc"
#ifndef REPEAT
#define REPEAT 20
#endif
ARM_PROGRAM
  ldr sp, =STACK_TOP
  ldr r4, =REPEAT
again:
  bl work_a
  bl work_b
  subs r4, r4, #1
  bne again
  EXIT 0

.type work_a, %function
work_a:
  ldr r5, =1000
1:
  subs r5, r5, #1
  bne 1b
  bx lr
.size work_a, . - work_a

.type work_b, %function
work_b:
  ldr r5, =3000
1:
  subs r5, r5, #1
  bne 1b
  bx lr
.size work_b, . - work_b
.ltorg
DEFAULT_TRAPS
