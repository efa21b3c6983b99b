@ Ten reads of the fake device's COUNT register, then exit with the last value read (10).
.include "common.inc"
ARM_PROGRAM
  ldr r1, =DEV
  mov r2, #10
1:ldr r4, [r1, #0x10]
  subs r2, r2, #1
  bne 1b
  EXIT_REG r4
DEFAULT_TRAPS
