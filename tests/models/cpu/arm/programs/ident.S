@ Identification, boot registers and halt detection. MBOX +0..+8: r0-r2 at reset, +0xC MIDR,
@ +0x10 CBAR, +0x14 MPIDR; then the program ends in a loop on itself:
@   default   CPSID i (FIQ left unmasked, its input low), then b .          -> halted for ever
@   WFI_LOOP  CPSID if, then 1: wfi; b 1b                                   -> halted for ever
@   THUMB     as default, in Thumb state (b.n .)                            -> halted for ever
@   IRQS_ON   IRQs unmasked, b .                                            -> runs on
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
  b .
.arm
#endif
  cpsid i
  b .
DEFAULT_TRAPS
