@ Identification, boot registers and halt detection. MBOX +0..+8: r0-r2 at reset, +0xC MIDR,
@ +0x10 CBAR, +0x14 MPIDR, +0x18 CTR, +0x1C CLIDR, +0x20 CCSIDR of the L1 D-cache, +0x24 of the
@ L1 I-cache, +0x28 CCSIDR of a level-2 cache (none), +0x2C ID_PFR0, +0x30 ID_DFR0, +0x34
@ ID_MMFR3, +0x38 ID_ISAR4; then the program ends in a loop on itself:
@   default   CPSID i (FIQ left unmasked, its input low), then b .          -> halted for ever
@   WFI_LOOP  CPSID if, then 1: wfi; b 1b                                   -> halted for ever
@   THUMB     as default, in Thumb state (b.n .), after reading CLIDR there into +0x3C
@                                                                           -> halted for ever
@   IRQS_ON   IRQs unmasked, b .                                            -> runs on
@   USER_READ reads CTR in User mode: undefined there (exit status 0x101)
.include "common.inc"
ARM_PROGRAM
  ldr r8, =MBOX
  stm r8, {r0-r2}
  mrc p15, 0, r3, c0, c0, 0     @ MIDR
  str r3, [r8, #0xC]
  mrc p15, 4, r3, c15, c0, 0    @ CBAR
  str r3, [r8, #0x10]
  mrc p15, 0, r3, c0, c0, 5     @ MPIDR
  str r3, [r8, #0x14]
  mrc p15, 0, r3, c0, c0, 1     @ CTR
  str r3, [r8, #0x18]
  mrc p15, 1, r3, c0, c0, 1     @ CLIDR
  str r3, [r8, #0x1C]
  mov r4, #0                    @ CSSELR: level 1, data
  mcr p15, 2, r4, c0, c0, 0
  isb
  mrc p15, 1, r3, c0, c0, 0     @ CCSIDR
  str r3, [r8, #0x20]
  mov r4, #1                    @ level 1, instruction
  mcr p15, 2, r4, c0, c0, 0
  isb
  mrc p15, 1, r3, c0, c0, 0
  str r3, [r8, #0x24]
  mov r4, #2                    @ level 2, data: no such cache
  mcr p15, 2, r4, c0, c0, 0
  isb
  mrc p15, 1, r3, c0, c0, 0
  str r3, [r8, #0x28]
  mrc p15, 0, r3, c0, c1, 0     @ ID_PFR0
  str r3, [r8, #0x2C]
  mrc p15, 0, r3, c0, c1, 2     @ ID_DFR0
  str r3, [r8, #0x30]
  mrc p15, 0, r3, c0, c1, 7     @ ID_MMFR3
  str r3, [r8, #0x34]
  mrc p15, 0, r3, c0, c2, 4     @ ID_ISAR4
  str r3, [r8, #0x38]
#ifdef USER_READ
  cps #0x10
  mrc p15, 0, r3, c0, c0, 1     @ CTR at PL0: undefined
  b .
#endif
#ifdef IRQS_ON
  cpsie i
  b .
#endif
#ifdef WFI_LOOP
  cpsid if
1:
  wfi
  b 1b
#endif
#ifdef THUMB
  cpsid i
  adr r0, thumb_loop + 1
  bx r0
.thumb
thumb_loop:
  mrc p15, 1, r3, c0, c0, 1     @ CLIDR, Thumb-2 encoding
  str r3, [r8, #0x3C]
  b .
.arm
#endif
  cpsid i
  b .
DEFAULT_TRAPS
