/* fault_probe's accesses: one load, store or branch each, in ARM and Thumb-2, through the
 * instruction classes whose aborts must carry the exact fault status and address (single,
 * shifted-register, multiple, VFP, NEON structure, exclusive). Data probes take the address in
 * r0 and return; the abort handler skips the faulting instruction. Branch probes (p_call,
 * t_call) jump to r0 with the return point in r12, where the prefetch-abort handler resumes. */
#include "bsp/probe_macros.h"
    .text

    ARM_PROBE p_ldr, ldr r1, [r0]
    ARM_PROBE p_str, str r1, [r0]
    ARM_PROBE p_strb, strb r1, [r0]
    .arm
    .global p_ldr_lsr
    .type p_ldr_lsr, %function
p_ldr_lsr:                  /* [r0, r1, lsr #4] with r1 = 0x100: r0 + 0x10 */
    mov r1, #0x100
    ldr r2, [r0, r1, lsr #4]
    bx lr
    ARM_PROBE p_vldr, vldr d0, [r0, #8]
    ARM_PROBE p_vstm, vstmia r0, {d0-d1}
    ARM_PROBE p_vst1, vst1.8 {d0}, [r0]!
    ARM_PROBE p_vld1_lane, vld1.32 {d0[1]}, [r0]
    ARM_PROBE p_ldrex, ldrex r1, [r0]
    ARM_PROBE p_ldrexh, ldrexh r1, [r0]
    ARM_PROBE p_ldrexd, ldrexd r2, r3, [r0]

    THUMB_PROBE t_ldr_w, ldr.w r1, [r0, #4]
    THUMB_PROBE t_str, str r1, [r0]
    THUMB_PROBE t_vst1, vst1.8 {d0}, [r0]!
    THUMB_PROBE t_vldr, vldr s0, [r0, #-4]
    THUMB_PROBE t_ldrex, ldrex r1, [r0]

    .arm
    .global p_call
    .type p_call, %function
p_call:
    push {r4, lr}
    adr r12, 1f
    blx r0
1:  pop {r4, pc}

    .thumb
    .global t_call
    .type t_call, %function
    .thumb_func
t_call:
    push {r4, lr}
    adr r12, 1f
    orr r0, r0, #1          /* stay in Thumb state */
    blx r0
    .align 2
1:  pop {r4, pc}
