/* align_probe's accesses: one load or store each, at the address in r0, in ARM and Thumb-2,
 * through the classes ARMv7 checks for alignment (A3.2.1, table A3-1). The abort handler skips
 * the faulting instruction. Registers r1-r3 are scratch; d0-d1 are clobbered. */
#include "bsp/probe_macros.h"
    .text

    ARM_PROBE a_ldr, ldr r1, [r0]
    ARM_PROBE a_str, str r1, [r0]
    ARM_PROBE a_ldrh, ldrh r1, [r0]
    ARM_PROBE a_ldrb, ldrb r1, [r0]
    ARM_PROBE a_ldm, ldm r0, {r1, r2}
    ARM_PROBE a_stmdb, stmdb r0, {r1, r2}
    ARM_PROBE a_ldrd, ldrd r2, r3, [r0]
    ARM_PROBE a_strd, strd r2, r3, [r0]
    ARM_PROBE a_vldr, vldr d0, [r0]
    ARM_PROBE a_vstm, vstmia r0, {d0-d1}
    ARM_PROBE a_vld1_64, vld1.32 {d0}, [r0:64]
    ARM_PROBE a_vld1, vld1.32 {d0}, [r0]

    THUMB_PROBE t_ldr, ldr r1, [r0]
    THUMB_PROBE t_ldrh_w, ldrh.w r1, [r0, #1]
    THUMB_PROBE t_ldm, ldmia r0, {r1, r2}
    THUMB_PROBE t_ldm_w, ldmia.w r0, {r1, r2}
    THUMB_PROBE t_ldrd, ldrd r2, r3, [r0]
    THUMB_PROBE t_strd, strd r2, r3, [r0, #8]
