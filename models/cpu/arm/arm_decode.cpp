#include "arm_decode.h"

namespace zvp::arm {

namespace {

unsigned popcount16(uint32_t v) { return static_cast<unsigned>(__builtin_popcount(v & 0xFFFFu)); }

MemAccess range(bool load, uint32_t lo, uint32_t len) {
  MemAccess m;
  m.is_mem = true;
  m.is_load = load;
  m.range_known = true;
  m.lo = lo;
  m.hi = lo + len;
  return m;
}

MemAccess unknown(bool load) {
  MemAccess m;
  m.is_mem = true;
  m.is_load = load;
  return m;
}

// Block transfer of n words: increment/decrement, before/after.
MemAccess block(bool load, uint32_t rn, unsigned n, bool up, bool before) {
  const uint32_t len = 4 * (n ? n : 1);
  uint32_t lo;
  if (up)
    lo = before ? rn + 4 : rn;
  else
    lo = before ? rn - len : rn - len + 4;
  return range(load, lo, len);
}

// Advanced SIMD element and structure loads/stores (VLDn/VSTn), in the ARM encoding
// 1111 0100 A D L 0 Rn Vd type/size index_align Rm (Thumb: the same bits after 1111 1001):
// the address is Rn; the length follows from the register list or the elements.
MemAccess decode_neon_structure(uint32_t insn, uint32_t rn_value) {
  const bool load = insn >> 21 & 1;
  unsigned bytes;
  if (!(insn >> 23 & 1)) {  // multiple structures: type -> registers of 8 bytes
    static const uint8_t regs[16] = {4, 4, 4, 4, 3, 3, 3, 1, 2, 2, 2, 0, 0, 0, 0, 0};
    bytes = 8u * regs[insn >> 8 & 0xF];
    if (!bytes) return unknown(load);
  } else {
    const unsigned size = insn >> 10 & 3, n = (insn >> 8 & 3) + 1;
    bytes = n * (size == 3 ? (1u << (insn >> 6 & 3)) : (1u << size));  // all lanes : one lane
  }
  return range(load, rn_value, bytes);
}

// Coprocessor loads/stores (VFP VLDR/VSTR/VLDM/VSTM/VPUSH/VPOP, LDC/STC) in the ARM encoding
// cond 110P UDWL Rn CRd coproc imm8 (Thumb: the same bits after 111x). base: Rn's value (the
// aligned PC for a literal).
MemAccess decode_coproc(uint32_t insn, uint32_t base) {
  const bool P = insn >> 24 & 1, U = insn >> 23 & 1, W = insn >> 21 & 1, L = insn >> 20 & 1;
  if (!P && !U && !W) return {};  // 64-bit register transfers (VMOV, MCRR/MRRC)
  const uint32_t imm = (insn & 0xFF) * 4;
  const bool vfp = (insn >> 9 & 7) == 5;  // coprocessor 10/11
  if (P && !W) {                          // VLDR/VSTR, LDC/STC with offset
    const uint32_t len = vfp ? ((insn >> 8 & 1) ? 8 : 4) : 4;
    return range(L, U ? base + imm : base - imm, len);
  }
  if (!vfp) return unknown(L);
  if (!P && U) return range(L, base, imm ? imm : 4);  // VLDM/VSTM IA
  if (P && !U) return range(L, base - imm, imm ? imm : 4);  // DB (VPUSH)
  return unknown(L);
}

// The shifted register operand of LDR/STR (register): LSL, LSR, ASR, ROR; RRX needs the carry.
bool shifted(uint32_t v, unsigned type, unsigned amount, uint32_t& out) {
  switch (type) {
    case 0: out = v << amount; return true;
    case 1: out = amount ? v >> amount : 0; return true;  // LSR #32 encoded as 0
    case 2: out = uint32_t(int32_t(v) >> (amount ? amount : 31)); return true;
    default:
      if (!amount) return false;  // RRX
      out = (v >> amount) | (v << (32 - amount));
      return true;
  }
}

MemAccess decode_arm(uint32_t pc, uint32_t insn, const uint32_t r[16]) {
  auto reg = [&](unsigned n) { return n == 15 ? pc + 8 : r[n]; };
  const bool P = insn >> 24 & 1, U = insn >> 23 & 1, L = insn >> 20 & 1;
  const unsigned rn = insn >> 16 & 0xF;
  if ((insn & 0xFF100000u) == 0xF4000000u) return decode_neon_structure(insn, reg(rn));
  if ((insn >> 28) == 0xF) return {};  // rest of the unconditional space (PLD, SRS, RFE)
  // LDR/STR/LDRB/STRB (immediate or register offset); 011x...1 is the media space.
  if ((insn >> 26 & 3) == 1 && !((insn >> 25 & 1) && (insn >> 4 & 1))) {
    const uint32_t size = (insn >> 22 & 1) ? 1 : 4;
    uint32_t off;
    if (!(insn >> 25 & 1)) {
      off = insn & 0xFFF;
    } else {
      if (!shifted(reg(insn & 0xF), insn >> 5 & 3, insn >> 7 & 0x1F, off)) return unknown(L);
    }
    const uint32_t base = reg(rn);
    return range(L, P ? (U ? base + off : base - off) : base, size);
  }
  // LDREX/STREX family: word, doubleword, byte, halfword by bits[22:21].
  if ((insn & 0x0F800F90u) == 0x01800F90u) {
    static const uint8_t sizes[4] = {4, 8, 1, 2};
    return range(L, reg(rn), sizes[insn >> 21 & 3]);
  }
  // Extra load/store: LDRH/STRH/LDRSB/LDRSH/LDRD/STRD.
  if ((insn >> 25 & 7) == 0 && (insn >> 7 & 1) && (insn >> 4 & 1) && (insn >> 5 & 3)) {
    const unsigned op = insn >> 5 & 3;
    bool load = L;
    uint32_t size = 2;
    if (op == 2) { size = L ? 1 : 8; load = true; }       // LDRSB / LDRD
    else if (op == 3) { size = L ? 2 : 8; load = L; }     // LDRSH / STRD
    const uint32_t off = (insn >> 22 & 1) ? ((insn >> 4 & 0xF0) | (insn & 0xF)) : reg(insn & 0xF);
    const uint32_t base = reg(rn);
    return range(load, P ? (U ? base + off : base - off) : base, size);
  }
  // LDM/STM.
  if ((insn >> 25 & 7) == 4) return block(L, reg(rn), popcount16(insn), U, P);
  // LDC/STC and VFP loads/stores.
  if ((insn >> 25 & 7) == 6) return decode_coproc(insn, rn == 15 ? (pc + 8) & ~3u : r[rn]);
  return {};
}

MemAccess decode_thumb16(uint32_t pc, uint16_t hw, const uint32_t r[16]) {
  const unsigned rn = hw >> 3 & 7;
  if ((hw >> 12) == 0x5) {  // register offset
    const unsigned opb = hw >> 9 & 7;
    static const uint8_t sizes[8] = {4, 2, 1, 1, 4, 2, 1, 2};
    return range(opb >= 3, r[rn] + r[hw >> 6 & 7], sizes[opb]);
  }
  if ((hw >> 13) == 0x3) {  // LDR/STR(B) immediate
    const bool byte = hw >> 12 & 1;
    const uint32_t imm = hw >> 6 & 0x1F;
    return range(hw >> 11 & 1, r[rn] + (byte ? imm : imm * 4), byte ? 1 : 4);
  }
  if ((hw >> 12) == 0x8) return range(hw >> 11 & 1, r[rn] + (hw >> 6 & 0x1F) * 2, 2);
  if ((hw >> 12) == 0x9) return range(hw >> 11 & 1, r[13] + (hw & 0xFF) * 4, 4);
  if ((hw >> 11) == 0x9) return range(true, ((pc + 4) & ~3u) + (hw & 0xFF) * 4, 4);
  if ((hw >> 12) == 0xC) return block(hw >> 11 & 1, r[hw >> 8 & 7], popcount16(hw & 0xFF), true, false);
  if ((hw & 0xF600) == 0xB400) {  // PUSH / POP
    const bool pop = hw >> 11 & 1;
    const unsigned n = popcount16(hw & 0xFF) + (hw >> 8 & 1);
    return pop ? block(true, r[13], n, true, false) : block(false, r[13], n, false, true);
  }
  return {};
}

MemAccess decode_thumb32(uint32_t pc, uint16_t hw1, uint16_t hw2, const uint32_t r[16]) {
  const unsigned rn = hw1 & 0xF;
  const bool L = hw1 >> 4 & 1;
  const uint32_t base = rn == 15 ? ((pc + 4) & ~3u) : r[rn];
  const uint32_t as_arm = (uint32_t(hw1 & 0x0FFF) << 16) | hw2;  // the ARM encoding's low 28 bits
  if ((hw1 & 0xFF10) == 0xF900) return decode_neon_structure(0xF4000000u | as_arm, base);
  if ((hw1 & 0xFE00) == 0xF800) {  // single loads/stores
    static const uint8_t sizes[4] = {1, 2, 4, 4};
    const uint32_t size = sizes[hw1 >> 5 & 3];
    if (rn == 15) return range(true, (hw1 >> 7 & 1) ? base + (hw2 & 0xFFF) : base - (hw2 & 0xFFF), size);
    if (hw1 >> 7 & 1) return range(L, base + (hw2 & 0xFFF), size);
    if (hw2 >> 11 & 1) {
      const bool P = hw2 >> 10 & 1, U = hw2 >> 9 & 1;
      const uint32_t imm = hw2 & 0xFF;
      return range(L, P ? (U ? base + imm : base - imm) : base, size);
    }
    return range(L, base + (r[hw2 & 0xF] << (hw2 >> 4 & 3)), size);
  }
  if ((hw1 & 0xFE40) == 0xE840) {  // LDRD/STRD; LDREX/STREX (all sizes), TBB/TBH
    const bool P = hw1 >> 8 & 1, U = hw1 >> 7 & 1, W = hw1 >> 5 & 1;
    const uint32_t imm = (hw2 & 0xFF) * 4;
    if (P) return range(L, U ? base + imm : base - imm, 8);
    if (W) return range(L, base, 8);                        // post-indexed LDRD/STRD
    if (!U) return range(L, base + imm, 4);                 // LDREX/STREX Rt, [Rn, #imm]
    switch (hw2 >> 4 & 0xF) {
      case 0: return range(true, base + r[hw2 & 0xF], 1);         // TBB [Rn, Rm]
      case 1: return range(true, base + (r[hw2 & 0xF] << 1), 2);  // TBH [Rn, Rm, LSL #1]
      case 4: return range(L, base, 1);                           // LDREXB/STREXB
      case 5: return range(L, base, 2);                           // LDREXH/STREXH
      case 7: return range(L, base, 8);                           // LDREXD/STREXD
      default: return {};
    }
  }
  if ((hw1 & 0xFE40) == 0xE800) {  // LDM/STM (IA: op 01, DB: op 10)
    const bool up = (hw1 >> 7 & 3) == 1;
    return block(L, base, popcount16(hw2), up, !up);
  }
  if ((hw1 & 0xEE00) == 0xEC00) return decode_coproc(0xE0000000u | as_arm, base);  // VFP, LDC/STC
  return {};
}

}  // namespace

unsigned thumb_count(const uint16_t* hw, unsigned bytes) {
  unsigned n = 0;
  for (unsigned i = 0; i < bytes / 2; ++n) i += thumb32_prefix(hw[i]) ? 2 : 1;
  return n;
}

bool arm_is_wfi(uint32_t insn) { return (insn & 0x0FFFFFFFu) == 0x0320F003u; }
bool arm_is_wfe_or_yield(uint32_t insn) {
  const uint32_t v = insn & 0x0FFFFFFFu;
  return v == 0x0320F002u || v == 0x0320F001u;
}
bool thumb_is_wfi(uint16_t hw1, uint16_t hw2) {
  return hw1 == 0xBF30 || (hw1 == 0xF3AF && hw2 == 0x8003);
}
bool thumb_is_wfe_or_yield(uint16_t hw1, uint16_t hw2) {
  return hw1 == 0xBF20 || hw1 == 0xBF10 || (hw1 == 0xF3AF && (hw2 == 0x8002 || hw2 == 0x8001));
}

bool arm_is_wfe(uint32_t insn) { return (insn & 0x0FFFFFFFu) == 0x0320F002u; }
bool thumb_is_wfe(uint16_t hw1, uint16_t hw2) { return hw1 == 0xBF20 || (hw1 == 0xF3AF && hw2 == 0x8002); }

bool is_sev(uint32_t insn, bool thumb) {
  if (!thumb) return (insn & 0x0FFFFFFFu) == 0x0320F004u;
  const uint16_t hw1 = insn & 0xFFFF, hw2 = insn >> 16;
  return hw1 == 0xBF40 || (hw1 == 0xF3AF && hw2 == 0x8004);
}

bool is_id_register_read(uint32_t insn, bool thumb, IdRegister* reg, unsigned* rt) {
  // MRC: cond 1110 opc1 1 CRn | Rt 1111 opc2 1 CRm (ARM); Thumb-2: EE | opc1 1 CRn, same low half.
  // CRn = c0 for all of them; the key is opc1 (bits 23:21), opc2 (7:5) and CRm (3:0).
  const uint32_t v = thumb ? (((insn & 0xFFFF) << 16) | (insn >> 16)) : insn;
  if (thumb ? (v & 0xFF1F0F10u) != 0xEE100F10u : (v & 0x0F1F0F10u) != 0x0E100F10u) return false;
  if (!thumb && (v >> 28) == 0xF) return false;  // MRC2: undefined for p15
  const unsigned t = (v >> 12) & 0xF;
  if (t == 15) return false;  // APSR_nzcv: not a register read
  const uint32_t key = (((v >> 21) & 7u) << 8) | (((v >> 5) & 7u) << 4) | (v & 0xFu);  // opc1 opc2 CRm
  IdRegister r;
  switch (key) {
    case 0x050: r = IdRegister::kMpidr; break;   // 0, c0, c0, 5
    case 0x010: r = IdRegister::kCtr; break;     // 0, c0, c0, 1
    case 0x001: r = IdRegister::kIdPfr0; break;  // 0, c0, c1, 0
    case 0x021: r = IdRegister::kIdDfr0; break;  // 0, c0, c1, 2
    case 0x071: r = IdRegister::kIdMmfr3; break; // 0, c0, c1, 7
    case 0x042: r = IdRegister::kIdIsar4; break; // 0, c0, c2, 4
    case 0x100: r = IdRegister::kCcsidr; break;  // 1, c0, c0, 0
    case 0x110: r = IdRegister::kClidr; break;   // 1, c0, c0, 1
    default: return false;
  }
  if (reg) *reg = r;
  if (rt) *rt = t;
  return true;
}

bool is_icache_invalidate(uint32_t insn, bool thumb) {
  // ARM: cond 1110 000 0 0111 Rt 1111 opc2 1 CRm; Thumb-2: EE07 | Rt 1111 opc2 1 CRm.
  const uint32_t v = thumb ? (((insn & 0xFFFF) << 16) | (insn >> 16)) : insn;
  if (thumb ? (v & 0xFFFF0F10u) != 0xEE070F10u : (v & 0x0FFF0F10u) != 0x0E070F10u) return false;
  const uint32_t op2_crm = v & 0xEF;  // opc2 in [7:5], CRm in [3:0]
  return op2_crm == 0x01 || op2_crm == 0x05 || op2_crm == 0x25;
}

bool condition_passed(uint32_t cond, uint32_t cpsr) {
  const bool n = cpsr >> 31 & 1, z = cpsr >> 30 & 1, c = cpsr >> 29 & 1, v = cpsr >> 28 & 1;
  bool r = true;
  switch (cond >> 1) {
    case 0: r = z; break;
    case 1: r = c; break;
    case 2: r = n; break;
    case 3: r = v; break;
    case 4: r = c && !z; break;
    case 5: r = n == v; break;
    case 6: r = !z && n == v; break;
    default: return true;  // AL (and the unconditional space)
  }
  return (cond & 1) ? !r : r;
}

bool insn_condition_passed(uint32_t insn, bool thumb, uint32_t cpsr) {
  if (!thumb) return condition_passed(insn >> 28, cpsr);
  // ITSTATE = CPSR[15:10]:CPSR[26:25]; inside an IT block (IT[3:0] != 0) IT[7:4] is the condition.
  const uint32_t it = ((cpsr >> 8) & 0xFCu) | ((cpsr >> 25) & 3u);
  return (it & 0xF) == 0 || condition_passed(it >> 4, cpsr);
}

bool is_actlr_write(uint32_t insn, bool thumb, unsigned* rt) {
  const uint32_t v = thumb ? (((insn & 0xFFFF) << 16) | (insn >> 16)) : insn;
  if (thumb ? (v & 0xFFFF0FFFu) != 0xEE010F30u : (v & 0x0FFF0FFFu) != 0x0E010F30u) return false;
  if (rt) *rt = (v >> 12) & 0xF;
  return ((v >> 12) & 0xF) != 15;
}

bool writes_translation_reg(uint32_t insn, bool thumb) {
  // MCR: cond 1110 opc1 0 CRn | Rt 1111 opc2 1 CRm; Thumb-2 EExx with the same low halfword.
  // MCRR: cond 1100 0100 Rt2 | Rt 1111 opc1 CRm; Thumb-2 EC4x. Bit 28 (MCR2, MCRR2) ignored.
  const uint32_t v = thumb ? (((insn & 0xFFFF) << 16) | (insn >> 16)) : insn;
  const uint32_t mask = thumb ? 0xEF100F10u : 0x0F100F10u, mcr = thumb ? 0xEE000F10u : 0x0E000F10u;
  const uint32_t mask_rr = thumb ? 0xEFF00F00u : 0x0FF00F00u, mcrr = thumb ? 0xEC400F00u : 0x0C400F00u;
  if ((v & mask_rr) == mcrr) return true;
  if ((v & mask) != mcr) return false;
  const uint32_t crn = (v >> 16) & 0xF;
  return crn >= 1 && crn <= 3;
}

MemAccess decode_mem(uint32_t pc, uint32_t insn, bool thumb, const uint32_t regs[16]) {
  if (!thumb) return decode_arm(pc, insn, regs);
  const uint16_t hw1 = insn & 0xFFFF, hw2 = insn >> 16;
  return thumb32_prefix(hw1) ? decode_thumb32(pc, hw1, hw2, regs) : decode_thumb16(pc, hw1, regs);
}

uint16_t mem_address_regs(uint32_t insn, bool thumb) {
  uint32_t m;
  if (!thumb) {
    m = (1u << (insn >> 16 & 0xF)) | (1u << (insn & 0xF));  // Rn, Rm
  } else {
    const uint16_t hw1 = insn & 0xFFFF, hw2 = insn >> 16;
    if (thumb32_prefix(hw1))
      m = (1u << (hw1 & 0xF)) | (1u << (hw2 & 0xF));
    else  // Rn (bits 5:3), Rm (8:6), LDM/STM's Rn (10:8), SP
      m = (1u << (hw1 >> 3 & 7)) | (1u << (hw1 >> 6 & 7)) | (1u << (hw1 >> 8 & 7)) | (1u << 13);
  }
  return static_cast<uint16_t>(m & 0x7FFFu);
}

bool arm_branch_target(uint32_t insn, uint32_t pc, uint32_t* target) {
  if ((insn >> 24) != 0xEA) return false;  // B, condition AL (not BL)
  *target = pc + 8 + static_cast<uint32_t>(static_cast<int32_t>(insn << 8) >> 6);
  return true;
}

bool thumb_branch_target(uint16_t hw1, uint16_t hw2, uint32_t pc, uint32_t* target, unsigned* len) {
  if ((hw1 & 0xF800) == 0xE000) {  // B T2: imm11
    *target = pc + 4 + static_cast<uint32_t>(static_cast<int32_t>(uint32_t(hw1) << 21) >> 20);
    *len = 2;
    return true;
  }
  if ((hw1 & 0xF800) != 0xF000 || (hw2 & 0xD000) != 0x9000) return false;
  // B.W T4: S:I1:I2:imm10:imm11, I1 = NOT(J1 XOR S), I2 = NOT(J2 XOR S).
  const uint32_t s = (hw1 >> 10) & 1, i1 = !(((hw2 >> 13) & 1) ^ s), i2 = !(((hw2 >> 11) & 1) ^ s);
  const uint32_t imm = (s << 24) | (i1 << 23) | (i2 << 22) | ((hw1 & 0x3FFu) << 12) | ((hw2 & 0x7FFu) << 1);
  *target = pc + 4 + static_cast<uint32_t>(static_cast<int32_t>(imm << 7) >> 7);
  *len = 4;
  return true;
}

}  // namespace zvp::arm
