@ The memory-system model's end-to-end case (cpu_cache_test.cpp): MMU on with one 1 MB section
@ (VA 0 -> PA 0, Normal write-back write-allocate), L1 caches on, then PASSES passes of one load
@ per 32-byte line over a 64 KB buffer at 0x80000 (twice the L1 data cache), then exit.
@ With NOCACHE the same loads run with SCTLR.C and I clear (every load a bus read).
.include "common.inc"
.equ TABLE, 0x4000            @ 16 KB aligned first-level table (only entry 0 is used)
.equ BUF, 0x80000
.equ BUF_BYTES, 0x10000
#ifndef PASSES
#define PASSES 2
#endif
ARM_PROGRAM
  ldr r0, =TABLE
  ldr r1, =0x00001C0E         @ section base 0, AP=11, TEX=001, C=1, B=1: Normal WBWA
  str r1, [r0]
  mcr p15, 0, r0, c2, c0, 0   @ TTBR0 (walks non-cacheable: RGN = 0)
  mov r1, #0
  mcr p15, 0, r1, c2, c0, 2   @ TTBCR: TTBR0 only
  ldr r1, =0x55555555
  mcr p15, 0, r1, c3, c0, 0   @ DACR: clients
  mcr p15, 0, r1, c8, c7, 0   @ TLBIALL
  mrc p15, 0, r1, c1, c0, 0
#ifdef NOCACHE
  orr r1, r1, #0x1            @ M only
#else
  ldr r2, =0x1005             @ M, C, I
  orr r1, r1, r2
#endif
  mcr p15, 0, r1, c1, c0, 0
  isb
  ldr r4, =PASSES
pass:
  ldr r0, =BUF
  ldr r3, =BUF + BUF_BYTES
line:
  ldr r2, [r0], #32
  cmp r0, r3
  bne line
  subs r4, r4, #1
  bne pass
.global done
done:
  EXIT 0
trap_und:
trap_svc:
trap_pabt:
trap_dabt:
trap_irq:
trap_fiq:
  EXIT 1
