@ IRQ injection. The boot table at 0 traps IRQs (exit 0x106); the real table is copied to
@ VBAR=0x2000 (default) or to the high vectors 0xFFFF0000 with SCTLR.V=1 (HIVEC). The main
@ loop runs in ARM state, or in Thumb state with THUMB, and waits for the handler to count.
@ MBOX: +4 LR_irq, +8 SPSR_irq, +0xC CPSR in the handler, +0x20 handler count,
@ +0x24 loop iterations. With TE, SCTLR.TE=1: exceptions are taken in Thumb state (Thumb vector
@ table and IRQ handler). FIQs are enabled too: the FIQ handler records and exits with 0x107.
.include "common.inc"
ARM_PROGRAM
  ldr r0, =vectors2
#ifdef HIVEC
  ldr r1, =0xFFFF0000
#else
  ldr r1, =0x2000
#endif
  mov r2, #16
#ifdef TE
  ldr r0, =vectors_t
#endif
1:ldr r3, [r0], #4
  str r3, [r1], #4
  subs r2, r2, #1
  bne 1b
#ifdef HIVEC
  mrc p15, 0, r0, c1, c0, 0
  orr r0, r0, #(1 << 13)
  mcr p15, 0, r0, c1, c0, 0
#else
  ldr r0, =0x2000
  mcr p15, 0, r0, c12, c0, 0
#endif
#ifdef TE
  mrc p15, 0, r0, c1, c0, 0
  orr r0, r0, #(1 << 30)
  mcr p15, 0, r0, c1, c0, 0
#endif
  cps #0x12
  ldr sp, =STACK_TOP - 0x1000
  cps #0x13
  ldr sp, =STACK_TOP
  ldr r5, =MBOX
  mov r4, #0
  cpsie if
#ifdef THUMB
  adr r0, tmain + 1
  bx r0
.thumb
.thumb_func
tmain:
.global loop_start
loop_start:
  adds r4, r4, #1
  ldr r6, [r5, #0x20]
  cmp r6, #0
  beq loop_start
.global loop_end
loop_end:
  str r4, [r5, #0x24]
  adr r0, done
  bx r0
.arm
.align 2
done:
#else
.global loop_start
loop_start:
  add r4, r4, #1
  ldr r6, [r5, #0x20]
  cmp r6, #0
  beq loop_start
.global loop_end
loop_end:
  str r4, [r5, #0x24]
#endif
  EXIT 0

irq_h:
  push {r0-r3}
  RECORD 6
  ldr r0, =DEV
  mov r1, #1
  str r1, [r0, #0xC]        @ acknowledge: the device lowers its line
  ldr r0, =MBOX
  ldr r1, [r0, #0x20]
  add r1, r1, #1
  str r1, [r0, #0x20]
  pop {r0-r3}
  subs pc, lr, #4

vectors2:
  ldr pc, [pc, #24]
  ldr pc, [pc, #24]
  ldr pc, [pc, #24]
  ldr pc, [pc, #24]
  ldr pc, [pc, #24]
  nop
  ldr pc, [pc, #24]
  ldr pc, [pc, #24]
  .word _start, trap_und, trap_svc, trap_pabt, trap_dabt, 0, irq_h, trap_fiq
#ifdef TE
@ Thumb vector table: each entry loads PC from the word 0x20 bytes further on (PC reads as
@ entry + 4); handler addresses have bit 0 set.
.thumb
.align 2
vectors_t:
  .rept 8
  ldr.w pc, [pc, #28]
  .endr
  .word _start, trap_und, trap_svc, trap_pabt, trap_dabt, 0, irq_t + 1, trap_fiq
.thumb_func
irq_t:
  push {r0-r3}
  ldr r0, =MBOX
  movs r1, #6
  str r1, [r0]
  str lr, [r0, #4]
  mrs r1, spsr
  str r1, [r0, #8]
  mrs r1, cpsr
  str r1, [r0, #0xC]
  ldr r2, =DEV
  movs r1, #1
  str r1, [r2, #0xC]
  ldr r1, [r0, #0x20]
  adds r1, r1, #1
  str r1, [r0, #0x20]
  pop {r0-r3}
  subs pc, lr, #4
.arm
.align 2
#endif
DEFAULT_TRAPS
