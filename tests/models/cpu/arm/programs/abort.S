@ Data abort on a bus error: a load (or with STORE a store) to an address no window decodes
@ (or with HOLE a hole of the fake device), in ARM or (THUMB) Thumb state. r5 counts the
@ instructions around it: the ones before must have run once, the one after never.
.include "common.inc"
ARM_PROGRAM
  ldr sp, =STACK_TOP
#ifdef HOLE
  ldr r1, =DEV + 0x100 - 4
#else
  ldr r1, =UNMAPPED
#endif
  mov r0, #0
  mov r5, #0
#ifdef THUMB
  adr r2, tmain + 1
  bx r2
.thumb
.thumb_func
tmain:
#endif
  adds r5, r5, #1
  str r0, [sp, #-4]
  adds r5, r5, #1
.global fault_insn
fault_insn:
#ifdef STORE
  str r0, [r1, #4]
#else
  ldr r0, [r1, #4]
#endif
  adds r5, r5, #1
  b .
.arm
DEFAULT_TRAPS
