@ Switches the translation tables under a loaded TLB: tables A and B both map VA 0 flat (code,
@ MBOX, a section in domain 1) and VA 0x40000000 through a second-level table each (domain 0) to
@ different small pages (PA 0x90000 holds 0xAAAA, PA 0xA0000 0xBBBB).
@ With A, a load from VA 0x40000000 (a TLB fill that reads the translation registers); then
@ TTBR0 = B and TLBIALL, and the same load must see B's section. Then DACR makes domain 0 (the
@ VA 0x40000000 sections) no access and keeps domain 1 (VA 0) a client, TLBIALL: the load must
@ abort with a page domain fault. MBOX: +0 the first load, +4 the
@ second, +0x14 the abort's DFSR; exit status 0x77 from the abort handler.
.include "common.inc"
.equ L1A, 0x10000
.equ L1B, 0x14000
.equ L2A, 0x18000
.equ L2B, 0x18400
.equ VA, 0x40000000
ARM_PROGRAM dabt_h
  ldr sp, =STACK_TOP
  ZERO_WORDS L1A, (L2B + 0x400 - L1A) / 4  @ all four tables: every entry a translation fault
  ldr r1, =0x00000C22           @ section, AP = 11, domain 1: PA 0
  ldr r0, =L1A
  str r1, [r0]
  ldr r0, =L1B
  str r1, [r0]
  ldr r1, =L2A + 1              @ VA 0x40000000: second-level table, domain 0 (A)
  ldr r0, =L1A + (VA >> 20) * 4
  str r1, [r0]
  ldr r1, =L2B + 1              @ (B)
  ldr r0, =L1B + (VA >> 20) * 4
  str r1, [r0]
  ldr r1, =0x00090032           @ small page, AP = 11: PA 0x90000 (A)
  ldr r0, =L2A
  str r1, [r0]
  ldr r1, =0x000A0032           @ PA 0xA0000 (B)
  ldr r0, =L2B
  str r1, [r0]
  ldr r0, =0x90000
  ldr r1, =0xAAAA
  str r1, [r0]
  ldr r0, =0xA0000
  ldr r1, =0xBBBB
  str r1, [r0]
  ldr r0, =L1A
  MMU_ON                        @ TTBR0 = A
  ldr r8, =MBOX
  ldr r7, =VA
  ldr r3, [r7]                  @ through A
  str r3, [r8]
  ldr r0, =L1B
  mcr p15, 0, r0, c2, c0, 0     @ TTBR0 = B (no TLB flush of its own)
  mov r1, #0
  mcr p15, 0, r1, c8, c7, 0     @ TLBIALL
  isb
  ldr r4, [r7]                  @ through B
  str r4, [r8, #4]
  mov r1, #4
  mcr p15, 0, r1, c3, c0, 0     @ DACR: domain 0 no access, domain 1 client
  mcr p15, 0, r1, c8, c7, 0     @ TLBIALL
  isb
  ldr r5, [r7]                  @ a domain fault
  b .
dabt_h:
  ldr r8, =MBOX
  mrc p15, 0, r9, c5, c0, 0     @ DFSR
  str r9, [r8, #0x14]
  EXIT 0x77
DEFAULT_TRAPS
