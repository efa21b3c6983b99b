@ Polls the fake device's STATUS register until it reads non-zero, then exits.
@ THUMB: the loop in Thumb state (LDR, CMP, BEQ: 16-bit encodings).
@ BODY (with THUMB): the loop spans two blocks like Linux's console wait: it also stores a
@ constant to memory, loads a memory word and leaves if that exceeds 5 (never), then polls.
@ COUNTING: the loop also counts its iterations in r2 (not a pure polling loop: each iteration
@ changes a register), stored at MBOX+0 before the exit.
.include "common.inc"
ARM_PROGRAM
  ldr r1, =DEV
  mov r2, #0
#ifdef THUMB
  adr r0, tpoll + 1
  bx r0
.thumb
.thumb_func
tpoll:
#ifdef BODY
  ldr r5, =MBOX
  movs r6, #0
1:str r6, [r5, #0x10]
  ldr r3, [r5, #0x14]
  cmp r3, #5
  bgt 2f
  ldr r0, [r1, #4]
  cmp r0, #0
  beq 1b
2:
#else
1:ldr r0, [r1, #4]
  cmp r0, #0
  beq 1b
#endif
  adr r0, done
  bx r0
.arm
.align 2
#else
1:ldr r0, [r1, #4]
#ifdef COUNTING
  add r2, r2, #1
#endif
  cmp r0, #0
  beq 1b
#endif
done:
  ldr r3, =MBOX
  str r2, [r3]
  EXIT 0
DEFAULT_TRAPS
