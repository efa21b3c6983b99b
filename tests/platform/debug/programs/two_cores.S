@ Two cores, one program (gdb_two_cores_harness.cpp starts core 0 at core0_entry, core 1 at
@ core1_entry): each core first takes one SVC exception (an instant on its own Perfetto track, the
@ handler a slice on its handlers track), then core 1 sums 1..2000 into r0 (8,004 instructions), stores the sum at FLAG
@ (core1_done) and exits with status 5; core 0 counts in r0 how often it looked at FLAG until
@ the sum appears, keeps the count in r4 and exits with status 3. Core 0's count depends only
@ on how the two cores' quanta interleave, so it is the same with and without a debugger.
.syntax unified
.arm
.equ FLAG, 0x9000
.equ EXIT_BLOCK0, 0x8F00      @ semihosting SYS_EXIT_EXTENDED parameter blocks, one per core
.equ EXIT_BLOCK1, 0x8F80

.macro EXIT block, code
  ldr r1, =\block
  ldr r2, =\code
  str r2, [r1, #4]
  ldr r0, =0x20026            @ ADP_Stopped_ApplicationExit
  str r0, [r1]
  mov r0, #0x20               @ SYS_EXIT_EXTENDED
  svc 0x123456
.endm

.text
vectors:                      @ at 0: VBAR 0, SCTLR.V 0 on both cores
  b .                         @ reset (not taken)
  b .                         @ undefined instruction
  b svc_handler
  b .                         @ prefetch abort
  b .                         @ data abort
  b .
  b .                         @ IRQ
  b .                         @ FIQ
svc_handler:
  movs pc, lr

.global core0_entry
core0_entry:
  svc #0
.global core0_start
core0_start:
  mov r0, #0
  ldr r1, =FLAG
1:
  add r0, r0, #1
  ldr r2, [r1]
  cmp r2, #0
  beq 1b
  mov r4, r0
  EXIT EXIT_BLOCK0, 3

.global core1_entry
core1_entry:
  svc #0
.global core1_start
core1_start:
  mov r0, #0
  mov r1, #1
  ldr r2, =2000
2:
  add r0, r0, r1
  add r1, r1, #1
  cmp r1, r2
  ble 2b
.global core1_done
core1_done:
  ldr r1, =FLAG
  str r0, [r1]
  EXIT EXIT_BLOCK1, 5
.ltorg
