@ Code that rewrites code it has already executed (as a loader or a JIT does): the routine
@ `patched` returns the immediate of its first instruction, which the program overwrites with
@ `mov r0, #k` before calling it for k = 1..100 (cache maintenance per the ARM ARM: DSB, ICIMVAU,
@ BPIALL, DSB, ISB). MBOX+0: the first call's result (1), +4: the sum of the 100 rewritten calls
@ (5050).
.include "common.inc"
ARM_PROGRAM
  ldr r5, =MBOX
  bl patched
  str r0, [r5]
  mov r6, #0                    @ sum
  mov r4, #1                    @ k
  ldr r7, =patched
1:
  ldr r2, =0xE3A00000           @ mov r0, #0
  orr r2, r2, r4
  str r2, [r7]
  dsb
  mcr p15, 0, r7, c7, c5, 1     @ ICIMVAU
  mcr p15, 0, r7, c7, c5, 6     @ BPIALL
  dsb
  isb
  bl patched
  add r6, r6, r0
  add r4, r4, #1
  cmp r4, #100
  ble 1b
  str r6, [r5, #4]
  EXIT 0
patched:
  mov r0, #1
  bx lr
DEFAULT_TRAPS
