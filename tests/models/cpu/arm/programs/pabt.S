@ Prefetch abort: branch to an address outside memory.
.include "common.inc"
ARM_PROGRAM
  mov r5, #7
  ldr r0, =UNMAPPED + 0x100
  bx r0
DEFAULT_TRAPS
