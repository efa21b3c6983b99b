// The little instruction decoding the Cortex-A9 model needs around Unicorn: instruction lengths
// of Thumb blocks (for instruction counting from block hooks), hint recognition (WFI, WFE,
// YIELD) and the address range a load/store touches (to find which instruction of a
// translated block raised a bus error, since Unicorn does not report the PC of an MMIO access).
#pragma once
#include <cstdint>

namespace zvp::arm {

// First halfword of a 32-bit Thumb-2 instruction?
inline bool thumb32_prefix(uint16_t hw) { return (hw >> 11) >= 0x1D; }

// The instruction at code + off (little-endian) and its length; Thumb: both halfwords of a
// 32-bit one in insn, the first in [15:0]. A 32-bit one may read 2 bytes past a block's end
// (the block buffers have 4 bytes of padding).
inline void insn_at(const uint8_t* code, uint32_t off, bool thumb, uint32_t& insn, unsigned& len) {
  auto half = [code](uint32_t o) { return uint32_t(code[o]) | (uint32_t(code[o + 1]) << 8); };
  if (!thumb) {
    len = 4;
    insn = half(off) | (half(off + 2) << 16);
    return;
  }
  const uint32_t h1 = half(off);
  len = thumb32_prefix(static_cast<uint16_t>(h1)) ? 4 : 2;
  insn = h1 | (len == 4 ? half(off + 2) << 16 : 0u);
}

// Number of instructions in `bytes` bytes of Thumb code starting at hw[0].
unsigned thumb_count(const uint16_t* hw, unsigned bytes);

// Hints. ARM words are checked ignoring the condition field.
bool arm_is_wfi(uint32_t insn);
bool arm_is_wfe_or_yield(uint32_t insn);
bool thumb_is_wfi(uint16_t hw1, uint16_t hw2);          // 16-bit BF30 or 32-bit F3AF 8003
bool thumb_is_wfe_or_yield(uint16_t hw1, uint16_t hw2);
bool arm_is_wfe(uint32_t insn);
bool thumb_is_wfe(uint16_t hw1, uint16_t hw2);

// Instructions the model acts on (cortex_a9_smp.cpp): SEV, and the reads of the ID registers
// the core answers itself (IdRegister) instead of Unicorn. insn as for decode_mem.
bool is_sev(uint32_t insn, bool thumb);
// MRC p15 of an ID register whose value the model gives: MPIDR (each core's own) and those
// Unicorn's Cortex-A9 holds as constants other than the r3p0 TRM's (UnicornA9::id_register).
enum class IdRegister : uint8_t { kMpidr, kCtr, kIdPfr0, kIdDfr0, kIdMmfr3, kIdIsar4, kCcsidr, kClidr };
// True for MRC p15, opc1, Rt, c0, CRm, opc2 of one of them, with Rt not the PC (*reg, *rt).
bool is_id_register_read(uint32_t insn, bool thumb, IdRegister* reg, unsigned* rt);
// MCR p15,0,Rt,c7,... I-cache invalidation: ICIALLUIS (c1,0), ICIALLU (c5,0), ICIMVAU (c5,1).
bool is_icache_invalidate(uint32_t insn, bool thumb);
// ARM condition code `cond` against CPSR's N, Z, C, V (AL and the unconditional space pass).
bool condition_passed(uint32_t cond, uint32_t cpsr);
// Whether the instruction at hand executes: an ARM instruction's condition field, or a Thumb
// instruction's condition from CPSR's IT state (outside an IT block: always).
bool insn_condition_passed(uint32_t insn, bool thumb, uint32_t cpsr);
// Unconditional direct branches (no link): ARM B with condition AL at `pc`, and Thumb B (T2,
// 16-bit: hw2 unused) or B.W (T4, 32-bit). *target: the branch's destination; *len (Thumb): 2 or 4.
bool arm_branch_target(uint32_t insn, uint32_t pc, uint32_t* target);
bool thumb_branch_target(uint16_t hw1, uint16_t hw2, uint32_t pc, uint32_t* target, unsigned* len);
// A write of a register the translation walk reads (cortex_a9_mmu.cpp, fill_regs): MCR p15 to
// CRn c1 (SCTLR, SCR and their neighbours), c2 (TTBR0, TTBR1, TTBCR) or c3 (DACR), and any
// MCRR p15; the unconditional MCR2/MCRR2 forms are included (a wider net only reads more often).
bool writes_translation_reg(uint32_t insn, bool thumb);
// MCR p15,0,Rt,c1,c0,1: a write of ACTLR (its SMP bit tells the SCU the core takes part in coherency).
bool is_actlr_write(uint32_t insn, bool thumb, unsigned* rt);

// A load/store's effect on memory: direction and, when computable from the registers, the
// byte range [lo, hi) it accesses.
struct MemAccess {
  bool is_mem = false;
  bool is_load = false;
  bool range_known = false;
  uint32_t lo = 0, hi = 0;
};

// insn: ARM word, or for Thumb the first halfword in the low 16 bits and (32-bit encodings)
// the second in the high 16 bits. regs: r0..r15 (r15 ignored: the PC is derived from pc).
MemAccess decode_mem(uint32_t pc, uint32_t insn, bool thumb, const uint32_t regs[16]);
// The registers (bit n: rn, never the PC) whose values decode_mem may use for this instruction's
// address: a superset, so that a caller may read only those.
uint16_t mem_address_regs(uint32_t insn, bool thumb);

}  // namespace zvp::arm
