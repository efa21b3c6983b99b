@ One core's program for the two-core test (two_cores_test.cpp): each core runs its own copy,
@ linked at its own address with its own mailbox (MBOX_AT; the exit block at MBOX_AT + 0xF00).
@ Sums 1..N into r0, stores the sum at MBOX_AT + 0 and MARK at + 4 (MARK stays in r4), then
@ with SLEEP: masks interrupts and waits in WFI (until its interrupt input rises), stores
@ MARK + 1 at + 8; exits with status STATUS. Instructions from _start: 4*N + 14, and 4 more with
@ SLEEP (CPSID, WFI, ADD, STR).
.include "common.inc"
.equ MBOX, MBOX_AT
ARM_PROGRAM
  SUM_1_TO N
  ldr r3, =MBOX
  str r0, [r3]
  ldr r4, =MARK
  str r4, [r3, #4]
#ifdef SLEEP
  cpsid if
  wfi
  add r5, r4, #1
  str r5, [r3, #8]
#endif
  EXIT STATUS
DEFAULT_TRAPS
