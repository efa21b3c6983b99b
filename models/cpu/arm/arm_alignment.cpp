#include "cpu/arm/arm_alignment.h"

#include "cpu/arm/arm_decode.h"

namespace zvp::arm {

namespace {

AlignRule rule(unsigned always, unsigned strict) {
  AlignRule r;
  r.always = static_cast<uint8_t>(always);
  r.strict = static_cast<uint8_t>(strict);
  return r;
}

// A single access of `bytes` (LDR/STR, LDRH/STRH, LDRB/STRB and their signed and unprivileged
// forms): unaligned allowed unless SCTLR.A = 1.
AlignRule single(unsigned bytes) { return rule(0, bytes); }

// Advanced SIMD element and structure loads/stores, ARM encoding 1111 0100 A D L 0 Rn Vd
// bits[11:0] Rm (the Thumb one has the same low 24 bits): the standard alignment is the element
// size; an :align qualifier (align, a or index_align bits, per VLDn/VSTn) makes it a fixed
// alignment checked whatever SCTLR.A says (A8.8.320-A8.8.331).
AlignRule neon(uint32_t insn) {
  if (!(insn >> 23 & 1)) {  // multiple structures: align = bits[5:4], 64 << align bits
    const unsigned ebytes = 1u << (insn >> 6 & 3), align = insn >> 4 & 3;
    return rule(align ? 4u << align : 0, ebytes);
  }
  const unsigned size = insn >> 10 & 3, n = insn >> 8 & 3;  // VLD(n+1)
  if (size == 3) {  // to all lanes: a = bit 4, sz = bits[7:6]
    const unsigned sz = insn >> 6 & 3, ebytes = 1u << sz;
    if (!(insn >> 4 & 1)) return rule(0, ebytes);
    static const uint8_t vld4[4] = {4, 8, 8, 16};
    const unsigned a = n == 0 ? ebytes : n == 1 ? 2 * ebytes : n == 3 ? vld4[sz] : 0;
    return rule(a, ebytes);
  }
  const unsigned ebytes = 1u << size, ia = insn >> 4 & 0xF;  // one lane: index_align
  unsigned a = 0;
  switch (n) {
    case 0: a = size == 1 ? ((ia & 1) ? 2 : 0) : size == 2 ? ((ia & 3) == 3 ? 4 : 0) : 0; break;
    case 1: a = (ia & 1) ? 2 * ebytes : 0; break;
    case 3: a = size == 2 ? ((ia & 3) == 1 ? 8 : (ia & 3) == 2 ? 16 : 0) : ((ia & 1) ? 4 * ebytes : 0); break;
    default: break;  // VLD3/VST3: no :align
  }
  return rule(a, ebytes);
}

// LDC/STC and VFP loads/stores (VLDR/VSTR/VLDM/VSTM/VPUSH/VPOP), cond 110P UDWL: word aligned
// always; the 64-bit register transfers (P = U = W = 0) access no memory.
AlignRule coproc(uint32_t insn) {
  const bool P = insn >> 24 & 1, U = insn >> 23 & 1, W = insn >> 21 & 1;
  return (!P && !U && !W) ? AlignRule{} : rule(4, 4);
}

AlignRule arm_rule(uint32_t insn) {
  if ((insn & 0xFF100000u) == 0xF4000000u) return neon(insn);
  if ((insn >> 28) == 0xF) return {};  // PLD/PLI, SRS/RFE, LDC2/STC2: not checked
  if ((insn >> 26 & 3) == 1 && !((insn >> 25 & 1) && (insn >> 4 & 1)))  // LDR/STR(B)
    return (insn >> 22 & 1) ? AlignRule{} : single(4);
  if ((insn & 0x0F800F90u) == 0x01800F90u) {  // LDREX/STREX family: size in bits[22:21]
    static const uint8_t sizes[4] = {4, 8, 0, 2};  // word, doubleword, byte, halfword
    return rule(sizes[insn >> 21 & 3], sizes[insn >> 21 & 3]);
  }
  if ((insn & 0x0FB00FF0u) == 0x01000090u) return (insn >> 22 & 1) ? AlignRule{} : rule(4, 4);  // SWP(B)
  if ((insn >> 25 & 7) == 0 && (insn >> 7 & 1) && (insn >> 4 & 1) && (insn >> 5 & 3)) {
    const bool L = insn >> 20 & 1;
    switch (insn >> 5 & 3) {
      case 1: return single(2);                                   // LDRH/STRH
      case 2: return L ? AlignRule{} : rule(4, 4);                // LDRSB / LDRD
      default: return L ? single(2) : rule(4, 4);                 // LDRSH / STRD
    }
  }
  if ((insn >> 25 & 7) == 4) return rule(4, 4);  // LDM/STM
  if ((insn >> 25 & 7) == 6) return coproc(insn);
  return {};
}

AlignRule thumb16_rule(uint16_t hw) {
  if ((hw >> 12) == 0x5) {  // register offset: STR STRH STRB LDRSB LDR LDRH LDRB LDRSH
    static const uint8_t sizes[8] = {4, 2, 1, 1, 4, 2, 1, 2};
    return single(sizes[hw >> 9 & 7]);
  }
  if ((hw >> 13) == 0x3) return (hw >> 12 & 1) ? AlignRule{} : single(4);  // LDR/STR(B) imm
  if ((hw >> 12) == 0x8) return single(2);                                 // LDRH/STRH imm
  if ((hw >> 12) == 0x9 || (hw >> 11) == 0x9) return single(4);            // SP-relative, literal
  if ((hw >> 12) == 0xC || (hw & 0xF600) == 0xB400) return rule(4, 4);     // LDM/STM, PUSH/POP
  return {};
}

AlignRule thumb32_rule(uint16_t hw1, uint16_t hw2) {
  const uint32_t as_arm = (uint32_t(hw1 & 0x0FFF) << 16) | hw2;
  if ((hw1 & 0xFF10) == 0xF900) return neon(0xF4000000u | as_arm);
  if ((hw1 & 0xFE00) == 0xF800) {  // single loads/stores: size in hw1[6:5]
    static const uint8_t sizes[4] = {1, 2, 4, 0};
    const unsigned size = sizes[hw1 >> 5 & 3];
    const bool load = hw1 >> 4 & 1;
    if (load && (hw2 >> 12) == 0xF && size < 4) return {};  // PLD/PLI and the other hints
    return single(size);
  }
  if ((hw1 & 0xFE40) == 0xE840) {
    if (hw1 & 0x0120) return rule(4, 4);                     // LDRD/STRD (P or W set)
    if ((hw1 & 0xFFE0) == 0xE840) return rule(4, 4);         // STREX/LDREX
    switch (hw2 >> 4 & 0xF) {                                 // E8C/E8D: by op
      case 1: return single(2);                              // TBH
      case 4: return {};                                     // LDREXB/STREXB (TBB: op 0)
      case 5: return rule(2, 2);                             // LDREXH/STREXH
      case 7: return rule(8, 8);                             // LDREXD/STREXD
      default: return {};
    }
  }
  if ((hw1 & 0xFE40) == 0xE800) return rule(4, 4);           // LDM/STM, SRS/RFE
  if ((hw1 & 0xEE00) == 0xEC00) return coproc(0xE0000000u | as_arm);
  return {};
}

}  // namespace

AlignRule alignment_rule(uint32_t insn, bool thumb) {
  if (!thumb) return arm_rule(insn);
  const uint16_t hw1 = insn & 0xFFFF, hw2 = insn >> 16;
  return thumb32_prefix(hw1) ? thumb32_rule(hw1, hw2) : thumb16_rule(hw1);
}

}  // namespace zvp::arm
