// The alignment a load or store must have, by instruction class (ARM Architecture Reference
// Manual ARMv7-A/R, A3.2.1 and table A3-1 "Alignment requirements of load/store instructions",
// with SCTLR.U = 1 as on every ARMv7 core). Used by the core's optional alignment checks
// (cortex_a9_alignment.cpp): Unicorn 2.1.1 raises alignment faults for the exclusive loads and
// stores only.
#pragma once
#include <cstdint>

namespace zvp::arm {

// Alignment in bytes of the access's lowest address (0 or 1: none). `always`: checked whatever
// SCTLR.A says (LDM/STM, LDRD/STRD, exclusives, VFP loads/stores, SWP, Advanced SIMD with an
// :align qualifier); `strict`: checked when SCTLR.A = 1 (the element size of the others).
struct AlignRule {
  uint8_t always = 0;
  uint8_t strict = 0;
  bool any() const { return always > 1 || strict > 1; }
  // The alignment that applies with SCTLR.A = a.
  unsigned required(bool a) const { return (a && strict > always) ? strict : always; }
};

// insn as for decode_mem (arm_decode.h): an ARM word, or Thumb halfwords with the first in
// [15:0]. Instructions that access no memory (and preload hints) have no rule.
AlignRule alignment_rule(uint32_t insn, bool thumb);

}  // namespace zvp::arm
