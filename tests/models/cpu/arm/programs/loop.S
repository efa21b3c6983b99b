@ Arithmetic loop: sum of 1..N into MBOX, exit (SYS_EXIT, ApplicationExit). Executes 4*N+8
@ instructions from _start.
.include "common.inc"
.equ N, 1000
ARM_PROGRAM
  SUM_1_TO N
  ldr r3, =MBOX
  str r0, [r3]
  mov r0, #0x18
  ldr r1, =0x20026
  svc 0x123456
DEFAULT_TRAPS
