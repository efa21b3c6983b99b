@ Runs at a virtual address that is not its physical one: sections map VA 0xC0000000 and (for
@ the switch) VA 0 to DDR at 0, VA 0xE0000000 to the device. With the MMU on, the program jumps
@ to its high alias, moves VBAR there, unmaps VA 0 (TLBIALL), loops a little (block costs read
@ at virtual addresses) and loads from VA 0x1000: a section translation fault. The data-abort
@ handler records DFSR/DFAR/LR at MBOX (through the high alias) and exits through semihosting
@ with a parameter block at a virtual address.
.include "common.inc"
.equ HIGH, 0xC0000000
.equ L1, 0x4000
ARM_PROGRAM dabt_h
  ldr sp, =STACK_TOP
  ZERO_WORDS L1, 4096           @ every section a translation fault
  ldr r0, =L1
  ldr r1, =0x00000C02           @ section, AP = 11, domain 0: PA 0
  str r1, [r0]                  @ VA 0
  add r2, r0, #0xC00 * 4
  str r1, [r2]                  @ VA 0xC0000000
  ldr r1, =0xE0000C12           @ the device, XN
  add r2, r0, #0xE00 * 4
  str r1, [r2]
  MMU_ON
  ldr r0, =high
  add r0, r0, #HIGH
  bx r0
high:
  ldr r0, =vectors
  add r0, r0, #HIGH
  mcr p15, 0, r0, c12, c0, 0    @ VBAR at the high alias
  ldr r0, =vectors + HIGH + 0x30  @ the data-abort entry of the vectors' address table
  ldr r1, =dabt_h + HIGH
  str r1, [r0]
  ldr r0, =L1 + HIGH
  mov r1, #0
  str r1, [r0]                  @ unmap VA 0
  dsb
  mcr p15, 0, r1, c8, c7, 0     @ TLBIALL
  dsb
  isb
  ldr sp, =STACK_TOP + HIGH
  SUM_1_TO 100                  @ r0 = 5050
  ldr r8, =MBOX + HIGH
  str r0, [r8, #0x18]
  mov r1, #0x1000
.global fault_insn
fault_insn:
  ldr r2, [r1]
  b .
dabt_h:
  ldr r8, =MBOX + HIGH
  str lr, [r8, #4]
  mrc p15, 0, r9, c6, c0, 0     @ DFAR
  str r9, [r8, #0x10]
  mrc p15, 0, r9, c5, c0, 0     @ DFSR
  str r9, [r8, #0x14]
  ldr r1, =MBOX + 0xF00 + HIGH  @ SYS_EXIT_EXTENDED's block, at a virtual address
  ldr r0, =0x20026
  str r0, [r1]
  mov r0, #0x55
  str r0, [r1, #4]
  mov r0, #0x20
  svc 0x123456
DEFAULT_TRAPS
