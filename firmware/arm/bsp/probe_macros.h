/* Assembler macros for probe programs (fault_probe, align_probe): a global function of one
 * instruction and a return, in ARM (ARM_PROBE) or Thumb-2 (THUMB_PROBE) state, so that a C
 * program can make exactly that access with the address it passes in r0. Include from a .S file. */
#ifndef BSP_PROBE_MACROS_H
#define BSP_PROBE_MACROS_H
#ifdef __ASSEMBLER__
    .syntax unified
    .arch armv7-a
    .fpu neon

    .macro ARM_PROBE name, insn:vararg
    .arm
    .global \name
    .type \name, %function
\name:
    \insn
    bx lr
    .endm

    .macro THUMB_PROBE name, insn:vararg
    .thumb
    .global \name
    .type \name, %function
    .thumb_func
\name:
    \insn
    bx lr
    .endm
#endif
#endif
