@ Loops whose cycle cost the micro-architecture timing model predicts from its parameters
@ alone (a9_timing_test.cpp): each loop body is one translated block (entered by a branch,
@ ended by its backward branch) run ITER times.
@   vdiv_loop: 4 independent VDIV.F32 (VFP busy vfp_div.f32_issue cycles each)
@   ldm_loop:  4 LDM of 8 registers (ls_words_per_cycle registers a cycle)
@ and, only decoded by the tests (not run): vdivd_loop (VDIV.F64), vmla_loop (a VMLA.F32
@ accumulator chain), alu_block (independent ALU instructions), load_use (LDR then its use).
.include "common.inc"
#ifndef ITER
#define ITER 100
#endif
.fpu vfpv3
ARM_PROGRAM
  mrc p15, 0, r0, c1, c0, 2     @ CPACR: full access to cp10/cp11
  orr r0, r0, #0xF00000
  mcr p15, 0, r0, c1, c0, 2
  isb
  mov r0, #0x40000000           @ FPEXC.EN
  vmsr fpexc, r0
  vmov.f32 s8, #1.0
  vmov.f32 s9, #2.0
  ldr r4, =ITER
  b vdiv_loop
.global vdiv_loop, vdiv_loop_end
vdiv_loop:
  vdiv.f32 s0, s8, s9
  vdiv.f32 s1, s8, s9
  vdiv.f32 s2, s8, s9
  vdiv.f32 s3, s8, s9
  subs r4, r4, #1
  bne vdiv_loop
vdiv_loop_end:
  ldr r10, =ITER
  ldr r0, =MBOX + 0x100
  b ldm_loop
.global ldm_loop, ldm_loop_end
ldm_loop:
  ldm r0, {r1-r8}
  ldm r0, {r1-r8}
  ldm r0, {r1-r8}
  ldm r0, {r1-r8}
  subs r10, r10, #1
  bne ldm_loop
ldm_loop_end:
  vstr s0, [r0]
  EXIT 0

.global vdivd_loop, vdivd_loop_end
vdivd_loop:
  vdiv.f64 d0, d4, d5
  vdiv.f64 d1, d4, d5
  vdiv.f64 d2, d4, d5
  subs r4, r4, #1
  bne vdivd_loop
vdivd_loop_end:

.global vmla_loop, vmla_loop_end
vmla_loop:
  vldr s2, [r0]
  vldr s3, [r1]
  vmla.f32 s0, s2, s3
  add r0, r0, #4
  add r1, r1, #4
  subs r4, r4, #1
  bne vmla_loop
vmla_loop_end:

.global alu_block, alu_block_end
alu_block:
  add r0, r0, #1
  add r1, r1, #1
  add r2, r2, #1
  add r3, r3, #1
  add r5, r5, #1
  add r6, r6, #1
alu_block_end:

.global load_use, load_use_end
load_use:
  ldr r1, [r0]
  add r2, r1, #1
load_use_end:

.global mul_block, mul_block_end
mul_block:
  mul r1, r2, r3
  mul r4, r5, r6
mul_block_end:
.ltorg
DEFAULT_TRAPS
