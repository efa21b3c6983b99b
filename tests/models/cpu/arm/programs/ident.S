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
@ MBOX+off = the CP15 register (opc1, CRn, CRm, opc2); uses r3.
.macro CP15_TO_MBOX opc1, crn, crm, opc2, off
  mrc p15, \opc1, r3, \crn, \crm, \opc2
  str r3, [r8, #\off]
.endm
@ MBOX+off = CCSIDR of the cache CSSELR = sel selects (bit 0: instruction; [3:1]: level - 1).
.macro CCSIDR_TO_MBOX sel, off
  mov r4, #\sel
  mcr p15, 2, r4, c0, c0, 0     @ CSSELR
  isb
  CP15_TO_MBOX 1, c0, c0, 0, \off
.endm
ARM_PROGRAM
  ldr r8, =MBOX
  stm r8, {r0-r2}
  CP15_TO_MBOX 0, c0, c0, 0, 0xC    @ MIDR
  CP15_TO_MBOX 4, c15, c0, 0, 0x10  @ CBAR
  CP15_TO_MBOX 0, c0, c0, 5, 0x14   @ MPIDR
  CP15_TO_MBOX 0, c0, c0, 1, 0x18   @ CTR
  CP15_TO_MBOX 1, c0, c0, 1, 0x1C   @ CLIDR
  CCSIDR_TO_MBOX 0, 0x20            @ level 1, data
  CCSIDR_TO_MBOX 1, 0x24            @ level 1, instruction
  CCSIDR_TO_MBOX 2, 0x28            @ level 2, data: no such cache
  CP15_TO_MBOX 0, c0, c1, 0, 0x2C   @ ID_PFR0
  CP15_TO_MBOX 0, c0, c1, 2, 0x30   @ ID_DFR0
  CP15_TO_MBOX 0, c0, c1, 7, 0x34   @ ID_MMFR3
  CP15_TO_MBOX 0, c0, c2, 4, 0x38   @ ID_ISAR4
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
