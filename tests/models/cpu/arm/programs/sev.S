@ SEV between two cores (two_cores_test.cpp). SENDER (core 0): two SEVs whose condition fails (ARM
@ SEVEQ, Thumb IT EQ + SEVEQ; Z is clear), then an ARM SEV, then a Thumb SEV; after each step a
@ delay of 40,000 instructions, then the step's number at MBOX + 0; exits with status 0.
@ WAITER (core 1, its own copy at TEXT/MBOX_AT): masks interrupts and waits in WFE for ever,
@ counting its wake-ups at MBOX + 0; at each wake-up k it records the sender's step (SENDER_MBOX)
@ at MBOX + 4k. Program order makes it exact under temporal decoupling: the sender records a step
@ before its next SEV, so a wake-up by that SEV sees at least that step.
.include "common.inc"
.equ MBOX, MBOX_AT

.macro DELAY
  ldr r2, =20000
1:
  subs r2, r2, #1
  bne 1b
.endm

.macro STEP n
  DELAY
  mov r4, #\n
  str r4, [r3]
.endm

ARM_PROGRAM
  ldr r3, =MBOX
#ifdef SENDER
  mov r0, #1
  cmp r0, #0
  seveq                 @ condition fails: no event
  adr r1, thumb_cond + 1
  blx r1
  STEP 1
  sev                   @ ARM, unconditional
  STEP 2
  adr r1, thumb_sev + 1
  blx r1
  STEP 3
  EXIT 0

.thumb
.thumb_func
thumb_cond:
  cmp r0, #0
  it eq
  seveq                 @ condition fails: no event
  bx lr
.thumb_func
thumb_sev:
  sev
  bx lr
.arm
#else
  cpsid if
  mov r5, #0
  ldr r7, =SENDER_MBOX
wait:
  wfe
  add r5, r5, #1
  str r5, [r3]
  ldr r6, [r7]
  str r6, [r3, r5, lsl #2]
  b wait
#endif
DEFAULT_TRAPS
