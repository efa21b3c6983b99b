@ Compute-bound benchmark: MBOX+0x20 holds the iteration count (50 million if zero, e.g. when
@ run on qemu-system-arm -M xilinx-zynq-a9 -semihosting -kernel bench.elf); each iteration is 8 ALU
@ instructions and a branch (register-only work, like an inner loop of integer arithmetic).
.include "common.inc"
ARM_PROGRAM
  ldr r3, =MBOX
  ldr r2, [r3, #0x20]
  cmp r2, #0
  ldreq r2, =50000000
  mov r0, #0
  mov r1, #1
loop:
  add r0, r0, r1
  eor r4, r0, r1, lsl #3
  add r1, r1, #3
  orr r5, r4, r0
  sub r6, r5, r1
  add r0, r0, r6, lsr #2
  subs r2, r2, #1
  bne loop
  str r0, [r3]
  mov r0, #0x18
  ldr r1, =0x20026
  svc 0x123456
DEFAULT_TRAPS
