@ Semihosting from ARM state: WRITE0, WRITEC, OPEN(":tt") + WRITE, HEAPINFO, EXIT_EXTENDED(42).
.include "common.inc"
ARM_PROGRAM
  mov r0, #4
  ldr r1, =hello
  svc 0x123456
  mov r0, #3
  ldr r1, =chx
  svc 0x123456
  mov r0, #1
  ldr r1, =openblk
  svc 0x123456
  mov r4, r0
  ldr r1, =wrblk
  str r4, [r1]
  mov r0, #5
  svc 0x123456
  ldr r3, =MBOX
  str r0, [r3]          @ bytes not written
  str r4, [r3, #4]      @ handle
  mov r0, #0x16
  ldr r1, =hiptr
  svc 0x123456
  EXIT 42
DEFAULT_TRAPS
.data
hello: .asciz "hello\n"
chx: .byte 'X'
tt: .asciz ":tt"
.align 2
openblk: .word tt, 4, 3
wrblk: .word 0, wmsg, 6
hiptr: .word MBOX + 0x40
wmsg: .ascii "world\n"
