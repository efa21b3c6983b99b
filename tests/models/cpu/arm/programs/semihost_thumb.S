@ Semihosting from Thumb state (SVC 0xAB): WRITE0, then SYS_EXIT with a reason other than
@ ApplicationExit (RunTimeErrorUnknown, 0x20023): exit status 1.
.include "common.inc"
ARM_PROGRAM
  adr r0, tmain + 1
  bx r0
.thumb
.thumb_func
tmain:
  movs r0, #4
  ldr r1, =msg
  svc 0xab
  movs r0, #0x18
  ldr r1, =0x20023
  svc 0xab
  b .
.arm
DEFAULT_TRAPS
.data
msg: .asciz "thumb\n"
