@ SVC and an undefined instruction reach the firmware's vectors; both handlers return.
@ WFE/YIELD before them (one right before the undefined instruction) are plain hints.
@ Runs in System mode so that SPSR shows the caller's mode.
@ MBOX: +4 LR_svc, +8 SPSR_svc, +0xC CPSR in handler, +0x10 SVC number, +0x30 LR_und,
@ +0x34 SPSR_und, +0x38 progress marker after both returns, +0x3C undefined entries.
.include "common.inc"
.arm
.section .vectors, "ax"
VECTORS und_h, svc_h, trap_pabt, trap_dabt, trap_irq, trap_fiq
.text
.global _start
_start:
  cps #0x1F
  ldr sp, =STACK_TOP
  mov r4, #0
  mov r6, #3          @ WFE and YIELD are hints: they retire and execution continues
1:wfe
  subs r6, r6, #1
  bne 1b
  yield
.global svc_insn
svc_insn:
  svc #0x42
  add r4, r4, #1
  wfe
.global udf_insn
udf_insn:
  .word 0xe7f000f0
  add r4, r4, #2
  ldr r5, =MBOX
  str r4, [r5, #0x38]
  EXIT 0
svc_h:
  RECORD 2
  ldr r9, [lr, #-4]
  bic r9, r9, #0xFF000000
  str r9, [r8, #0x10]
  movs pc, lr
und_h:
  ldr r8, =MBOX
  ldr r9, [r8, #0x3C]   @ count of undefined-instruction entries
  add r9, r9, #1
  str r9, [r8, #0x3C]
  str lr, [r8, #0x30]
  mrs r9, spsr
  str r9, [r8, #0x34]
  movs pc, lr
DEFAULT_TRAPS
