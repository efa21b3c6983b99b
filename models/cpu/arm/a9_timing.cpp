#include "a9_timing.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "core/params.h"
#include "cpu/arm/arm_decode.h"

namespace zvp::arm {

void A9Timing::declare(ParamScope& p) {
  p.add("issue_width", issue_width, "instructions", "instructions dispatched per cycle", 1, 8);
  p.add("alu_latency", alu_latency, "cycles", "ALU result to a dependent instruction", 1, 64);
  p.add("shift_latency", shift_latency, "cycles", "ALU op through the shifter (shifted operand, extend)", 1, 64);
  p.add("mul_issue", mul_issue, "cycles", "cycles MUL/MLA occupy the multiplier", 1, 64);
  p.add("mul_latency", mul_latency, "cycles", "MUL/MLA result latency", 1, 64);
  p.add("mul16_latency", mul16_latency, "cycles", "SMULxy/SMLAxy (16x16) result latency", 1, 64);
  p.add("mull_issue", mull_issue, "cycles", "cycles UMULL/SMULL/UMLAL/SMLAL occupy the multiplier", 1, 64);
  p.add("mull_latency", mull_latency, "cycles", "UMULL/SMULL/UMLAL/SMLAL result latency", 1, 64);
  p.add("load_latency", load_latency, "cycles", "load-use latency (L1 hit)", 1, 64);
  p.add("ls_words_per_cycle", ls_words_per_cycle, "words", "LDM/STM/VLDM/VSTM registers transferred per cycle",
        1, 8);
  p.add("vmov_latency", vmov_latency, "cycles", "VMOV/VMRS between core and VFP registers", 1, 64);
  p.add("branch_mispredict", branch_mispredict, "cycles", "pipeline refill after a mispredicted branch", 0,
        64);
  p.add("ghb_entries", ghb_entries, "counters",
        "2-bit counters in the Global History Buffer (a power of two; gshare-indexed)", 2, 1u << 16);
  const struct {
    const char* name;
    VfpCost* cost;
    const char* what;
  } vfp[] = {{"simple", &vfp_simple, "VMOV (reg/imm), VABS, VNEG, VCMP"},
             {"add", &vfp_add, "VADD, VSUB"},
             {"cvt", &vfp_cvt, "VCVT"},
             {"mul", &vfp_mul, "VMUL, VNMUL"},
             {"mac", &vfp_mac, "VMLA, VMLS, VNMLA, VNMLS"},
             {"div", &vfp_div, "VDIV"},
             {"sqrt", &vfp_sqrt, "VSQRT"}};
  for (auto& c : vfp) {
    auto s = p.sub(std::string("vfp.") + c.name);
    const std::string what = c.what;
    s.add("f32_issue", c.cost->f32_issue, "cycles", "single precision: cycles the VFP pipeline is busy (" + what + ")",
          1, 64);
    s.add("f32_latency", c.cost->f32_latency, "cycles", "single precision: result latency (" + what + ")", 1, 64);
    s.add("f64_issue", c.cost->f64_issue, "cycles", "double precision: cycles the VFP pipeline is busy (" + what + ")",
          1, 64);
    s.add("f64_latency", c.cost->f64_latency, "cycles", "double precision: result latency (" + what + ")", 1, 64);
  }
  // Advanced SIMD: one cost for every element type (the f32 pair of `neon`).
  auto n = p.sub("neon");
  n.add("issue", neon.f32_issue, "cycles",
        "cycles an Advanced SIMD data-processing instruction occupies the VFP/NEON pipeline", 1, 64);
  n.add("latency", neon.f32_latency, "cycles", "Advanced SIMD data-processing result latency", 1, 64);
}

namespace {

constexpr uint32_t kFlags = 1u << 16;    // APSR.NZCV as a scoreboard register
constexpr uint32_t kFpFlags = 1u << 17;  // FPSCR.NZCV
constexpr unsigned kCoreSlots = 18, kFpSlots = 64;
constexpr uint32_t kSp = 13, kLr = 14, kPc = 15;

enum Unit : uint8_t { kAlu, kMul, kLs, kVfp };

// One instruction as the scoreboard sees it.
struct Op {
  Unit unit = kAlu;
  unsigned issue = 1;    // cycles its unit stays busy
  unsigned latency = 1;  // cycles until its results can be used
  uint32_t src = 0, dst = 0;    // core registers (bit n = rn), kFlags, kFpFlags
  uint64_t fsrc = 0, fdst = 0;  // VFP registers in 32-bit halves (S0..S63, D0..D31)
  BlockEnd end = BlockEnd::kFallThrough;
  bool branch = false;
  uint32_t target = 0;
};

uint32_t r(unsigned n) { return 1u << (n & 15); }
unsigned popcount(uint32_t v) { return static_cast<unsigned>(__builtin_popcount(v)); }
unsigned div_up(unsigned a, unsigned b) { return b ? (a + b - 1) / b : a; }

// VFP register masks: single Sn is one half, double Dn two.
uint64_t sreg(unsigned n) { return 1ull << (n & 63); }
uint64_t dreg(unsigned n) { return 3ull << ((2 * n) & 63); }
uint64_t vreg(bool dbl, unsigned four, unsigned extra) {
  return dbl ? dreg(extra << 4 | four) : sreg(four << 1 | extra);
}
uint64_t vrange(bool dbl, unsigned first, unsigned n) {  // n registers from `first`
  uint64_t m = 0;
  for (unsigned i = 0; i < n && i < 64; ++i) m |= dbl ? dreg(first + i) : sreg(first + i);
  return m;
}

void mark_branch(Op& op, BlockEnd end, uint32_t target = 0) {
  op.branch = true;
  op.end = end;
  op.target = target;
}

void set_cost(Op& op, Unit u, unsigned issue, unsigned latency) {
  op.unit = u;
  op.issue = issue ? issue : 1;
  op.latency = latency ? latency : 1;
}

// Load/store multiple of n words: the LSU moves ls_words_per_cycle a cycle; the last word
// arrives issue - 1 cycles after the first.
void multiple(const A9Timing& t, Op& op, unsigned words, bool load) {
  const unsigned c = std::max(1u, div_up(words, t.ls_words_per_cycle));
  set_cost(op, kLs, c, load ? c - 1 + t.load_latency : 1);
}

// VFP data processing (coprocessor 10/11, CDP encoding), ARM word layout.
void vfp_data(const A9Timing& t, uint32_t w, Op& op) {
  const bool dbl = w >> 8 & 1;
  const unsigned D = w >> 22 & 1, N = w >> 7 & 1, M = w >> 5 & 1;
  const uint64_t vd = vreg(dbl, w >> 12 & 0xF, D), vn = vreg(dbl, w >> 16 & 0xF, N),
                 vm = vreg(dbl, w & 0xF, M);
  const unsigned opc1 = (w >> 20 & 0xB);  // bits 23, 21, 20 (bit 22 is D)
  const bool op6 = w >> 6 & 1;
  auto cost = [&](const VfpCost& c) {
    set_cost(op, kVfp, dbl ? c.f64_issue : c.f32_issue, dbl ? c.f64_latency : c.f32_latency);
  };
  op.fdst = vd;
  op.fsrc = vn | vm;
  switch (opc1) {
    case 0x0:  // VMLA/VMLS
    case 0x1:  // VNMLA/VNMLS
      cost(t.vfp_mac);
      op.fsrc |= vd;
      return;
    case 0x2:  // VMUL/VNMUL
      cost(t.vfp_mul);
      return;
    case 0x3:  // VADD/VSUB
      cost(t.vfp_add);
      return;
    case 0x8:  // VDIV
      cost(t.vfp_div);
      return;
    case 0xB:
      break;
    default:  // VFPv4 fused multiply-add (not on the A9: undefined), costed as a MAC
      cost(t.vfp_mac);
      op.fsrc |= vd;
      return;
  }
  // Other data processing: opc2 in bits 19:16, opc3 bit 6.
  op.fsrc = vm;
  if (!op6) {  // VMOV immediate
    op.fsrc = 0;
    cost(t.vfp_simple);
    return;
  }
  const unsigned opc2 = w >> 16 & 0xF;
  switch (opc2) {
    case 0x0:  // VMOV reg, VABS
      cost(t.vfp_simple);
      return;
    case 0x1:  // VNEG, VSQRT
      cost((w >> 7 & 1) ? t.vfp_sqrt : t.vfp_simple);
      return;
    case 0x4:
    case 0x5:  // VCMP/VCMPE (with zero for 0x5): writes FPSCR flags
      cost(t.vfp_simple);
      op.fsrc = opc2 == 0x5 ? vd : (vd | vm);
      op.fdst = 0;
      op.dst = kFpFlags;
      return;
    case 0x7: {  // VCVT between single and double: destination in the other precision
      cost(t.vfp_cvt);
      op.fdst = vreg(!dbl, w >> 12 & 0xF, D);
      return;
    }
    case 0xC:
    case 0xD: {  // VCVT to integer: destination is a single register
      cost(t.vfp_cvt);
      op.fdst = sreg((w >> 12 & 0xF) << 1 | D);
      return;
    }
    case 0x8: {  // VCVT from integer: source is a single register
      cost(t.vfp_cvt);
      op.fsrc = sreg((w & 0xF) << 1 | M);
      return;
    }
    default:  // half-precision and fixed-point conversions
      cost(t.vfp_cvt);
      op.fsrc |= vd;
      return;
  }
}

// Coprocessor load/store, register transfers and data processing (ARM layout; Thumb-2 uses the
// same layout in hw1:hw2). `w` bits 27:24 select the class.
void coprocessor(const A9Timing& t, uint32_t w, Op& op) {
  const unsigned cp = w >> 8 & 0xF;
  const bool vfp = cp == 10 || cp == 11;
  const bool dbl = cp == 11;
  const unsigned rn = w >> 16 & 0xF, rt = w >> 12 & 0xF;
  const unsigned top = w >> 24 & 0xF;
  if (top == 0xC || top == 0xD) {  // load/store (or 64-bit register transfer)
    if ((w & 0x0FE00000) == 0x0C400000) {  // MCRR/MRRC: VMOV two core registers <-> VFP
      set_cost(op, kAlu, 1, t.vmov_latency);
      const unsigned m = w & 0xF, M = w >> 5 & 1;
      const uint64_t v = dbl ? dreg(M << 4 | m) : (sreg(m << 1 | M) | sreg((m << 1 | M) + 1));
      if (w >> 20 & 1) {
        op.fsrc = v;
        op.dst = r(rt) | r(rn);
      } else {
        op.src = r(rt) | r(rn);
        op.fdst = v;
      }
      return;
    }
    const bool load = w >> 20 & 1, P = w >> 24 & 1, W = w >> 21 & 1;
    const unsigned imm8 = w & 0xFF;
    op.src = r(rn);
    if (W) op.dst |= r(rn);
    if (!vfp) {  // LDC/STC
      set_cost(op, kLs, 1, t.load_latency);
      return;
    }
    const unsigned D = w >> 22 & 1, vd = w >> 12 & 0xF;
    const unsigned first = dbl ? (D << 4 | vd) : (vd << 1 | D);
    const bool single = P && !W;  // VLDR/VSTR
    const unsigned nregs = single ? 1 : (dbl ? imm8 / 2 : imm8);
    const uint64_t regs = vrange(dbl, first, nregs);
    const unsigned words = single ? (dbl ? 2 : 1) : imm8;
    if (single)
      set_cost(op, kLs, 1, load ? t.load_latency : 1);
    else
      multiple(t, op, words, load);
    if (load)
      op.fdst = regs;
    else
      op.fsrc = regs;
    return;
  }
  // top == 0xE: data processing (bit 4 = 0) or single register transfer (bit 4 = 1)
  if (!vfp) {  // CP15 system control and other coprocessors
    set_cost(op, kAlu, 1, 1);
    if (w >> 4 & 1) {
      if (w >> 20 & 1)
        op.dst = rt == 15 ? kFlags : r(rt);
      else
        op.src = r(rt);
    }
    return;
  }
  if (!(w >> 4 & 1)) {
    vfp_data(t, w, op);
    return;
  }
  set_cost(op, kAlu, 1, t.vmov_latency);
  const bool to_core = w >> 20 & 1;
  if ((w >> 21 & 7) == 7) {  // VMRS/VMSR (FPSCR and other system registers)
    if (to_core) {
      op.src = kFpFlags;
      op.dst = rt == 15 ? kFlags : r(rt);
    } else {
      op.src = r(rt);
      op.dst = kFpFlags;
    }
    return;
  }
  // VMOV core <-> single (or a scalar of a double register)
  const uint64_t v = (w >> 23 & 1) || !(w >> 21 & 7) ? sreg(rn << 1 | (w >> 7 & 1))
                                                       : dreg((w >> 7 & 1) << 4 | rn);
  if (to_core) {
    op.fsrc = v;
    op.dst = r(rt);
  } else {
    op.src = r(rt);
    op.fdst = v;
  }
}

// Data processing with register operands (ARM bits 27:25 = 000, bit 4 = 0 or register shift).
Op decode_arm(const A9Timing& t, uint32_t w, uint32_t pc) {
  Op op;
  const unsigned cond = w >> 28;
  const unsigned rn = w >> 16 & 0xF, rd = w >> 12 & 0xF, rs = w >> 8 & 0xF, rm = w & 0xF;
  if (cond == 0xF) {  // unconditional space
    if ((w & 0xFE000000) == 0xFA000000) {  // BLX immediate
      const int32_t off = static_cast<int32_t>(w << 8) >> 6;
      mark_branch(op, BlockEnd::kDirect, pc + 8 + off + ((w >> 23) & 2));
      op.dst = r(kLr);
    } else if ((w & 0xFE000000) == 0xF2000000) {  // Advanced SIMD data processing
      set_cost(op, kVfp, t.neon.f32_issue, t.neon.f32_latency);
    } else if ((w & 0xFF100000) == 0xF4000000 || (w & 0xFD300000) == 0xF5100000 ||
               (w & 0xFD300000) == 0xF4100000) {  // SIMD element load/store, PLD/PLI
      set_cost(op, kLs, 1, t.load_latency);
      op.src = r(rn);
    }
    return op;
  }
  if (cond != 0xE) op.src |= kFlags;
  const unsigned cls = w >> 25 & 7;
  const bool L = w >> 20 & 1;
  switch (cls) {
    case 0:
    case 1: {
      if (cls == 0 && (w & 0x0FC000F0) == 0x00000090) {  // MUL/MLA/MLS
        set_cost(op, kMul, t.mul_issue, t.mul_latency);
        op.src |= r(rm) | r(rs);
        if (w >> 21 & 1) op.src |= r(rd);  // MLA accumulator (bits 15:12)
        op.dst = r(rn);                     // Rd is bits 19:16
        if (L) op.dst |= kFlags;
        return op;
      }
      if (cls == 0 && (w & 0x0F8000F0) == 0x00800090) {  // UMULL/SMULL/UMLAL/SMLAL
        set_cost(op, kMul, t.mull_issue, t.mull_latency);
        op.src |= r(rm) | r(rs);
        if (w >> 21 & 1) op.src |= r(rd) | r(rn);
        op.dst = r(rd) | r(rn);
        if (L) op.dst |= kFlags;
        return op;
      }
      if (cls == 0 && (w & 0x0F900090) == 0x01000080) {  // SMULxy/SMLAxy/SMULWy/SMLALxy
        set_cost(op, kMul, 1, t.mul16_latency);
        op.src |= r(rm) | r(rs) | r(rd);
        op.dst = r(rn);
        if ((w >> 21 & 3) == 2) op.dst |= r(rd);  // SMLALxy
        return op;
      }
      if (cls == 0 && (w & 0x0F0000F0) == 0x01000090) {  // SWP/LDREX/STREX
        set_cost(op, kLs, 1, t.load_latency);
        op.src |= r(rn) | r(rm);
        op.dst = r(rd);
        return op;
      }
      if (cls == 0 && (w & 0x0FFFFFD0) == 0x012FFF10) {  // BX/BLX register
        op.src |= r(rm);
        const bool link = w >> 5 & 1;
        if (link) op.dst = r(kLr);
        mark_branch(op, !link && rm == kLr ? BlockEnd::kReturn : BlockEnd::kIndirect);
        return op;
      }
      if (cls == 0 && (w & 0x90) == 0x90 && (w & 0x60)) {  // LDRH/STRH/LDRSB/LDRSH/LDRD/STRD
        const bool I = w >> 22 & 1, P = w >> 24 & 1, W = w >> 21 & 1;
        const bool dual = !L && (w & 0x40);
        const bool load = L || (dual && !(w & 0x20));
        set_cost(op, kLs, 1, load ? t.load_latency : 1);
        op.src |= r(rn);
        if (!I) op.src |= r(rm);
        const uint32_t data = r(rd) | (dual ? r(rd + 1) : 0);
        if (load)
          op.dst |= data;
        else
          op.src |= data;
        if (!P || W) op.dst |= r(rn);
        return op;
      }
      if (cls == 0 && (w & 0x0F900080) == 0x01000000) {  // MRS/MSR/CLZ/saturating arithmetic
        set_cost(op, kAlu, 1, t.alu_latency);
        op.src |= r(rm) | kFlags;
        op.dst = r(rd);
        if ((w & 0x0FB000F0) == 0x01200000) op.dst = kFlags;  // MSR (register)
        return op;
      }
      // Data processing.
      const unsigned opc = w >> 21 & 0xF;
      const bool S = L;
      const bool test = opc >= 8 && opc <= 11;
      if (cls == 1 && test && !S) {  // MOVW/MOVT, MSR immediate, hints
        set_cost(op, kAlu, 1, t.alu_latency);
        if (opc == 8) op.dst = r(rd);                         // MOVW
        if (opc == 10) op.src |= r(rd), op.dst = r(rd);       // MOVT
        if (opc == 9 || opc == 11) op.dst = (w & 0x000F0000) ? kFlags : 0;  // MSR / hints
        return op;
      }
      bool shifted = false;
      if (cls == 0) {
        op.src |= r(rm);
        if (w >> 4 & 1) {
          op.src |= r(rs);
          shifted = true;
        } else {
          shifted = (w >> 7 & 0x1F) || (w >> 5 & 3);  // not LSL #0
        }
        if ((w >> 5 & 3) == 3 && !(w >> 7 & 0x1F)) op.src |= kFlags;  // RRX
      }
      if (opc != 13 && opc != 15) op.src |= r(rn);   // MOV/MVN have no Rn
      if (opc >= 5 && opc <= 7) op.src |= kFlags;    // ADC/SBC/RSC
      set_cost(op, kAlu, 1, shifted ? t.shift_latency : t.alu_latency);
      if (!test) op.dst = r(rd);
      if (S) op.dst |= kFlags;
      if (!test && rd == kPc) {
        op.dst &= ~r(kPc);
        const bool ret = opc == 13 && cls == 0 && rm == kLr && !shifted;
        mark_branch(op, ret ? BlockEnd::kReturn : BlockEnd::kIndirect);
      }
      return op;
    }
    case 2:
    case 3: {
      if (cls == 3 && (w >> 4 & 1)) {  // media instructions
        if ((w & 0x0F800010) == 0x07000010) {  // signed multiplies (SMLAD, SMMUL, ...)
          set_cost(op, kMul, 1, t.mul_latency);
          op.src |= r(rm) | r(rs) | (rd != 15 ? r(rd) : 0);
          op.dst = r(rn);
        } else {  // extend, saturate, bit field, reverse, pack, parallel add/sub
          set_cost(op, kAlu, 1, t.shift_latency);
          op.src |= r(rm) | (rn != 15 ? r(rn) : 0) | r(rd);
          op.dst = r(rd);
        }
        return op;
      }
      const bool P = w >> 24 & 1, W = w >> 21 & 1;
      set_cost(op, kLs, 1, L ? t.load_latency : 1);
      op.src |= r(rn);
      if (cls == 3) op.src |= r(rm);
      if (L)
        op.dst |= r(rd);
      else
        op.src |= r(rd);
      if (!P || W) op.dst |= r(rn);
      if (L && rd == kPc) {
        op.dst &= ~r(kPc);
        mark_branch(op, rn == kSp ? BlockEnd::kReturn : BlockEnd::kIndirect);
      }
      return op;
    }
    case 4: {  // LDM/STM
      const uint32_t list = w & 0xFFFF;
      multiple(t, op, popcount(list), L);
      op.src |= r(rn);
      if (L)
        op.dst |= list & ~r(kPc);
      else
        op.src |= list;
      if (w >> 21 & 1) op.dst |= r(rn);
      if (L && (list & r(kPc)))
        mark_branch(op, rn == kSp ? BlockEnd::kReturn : BlockEnd::kIndirect);
      return op;
    }
    case 5: {  // B/BL
      const int32_t off = static_cast<int32_t>(w << 8) >> 6;
      const bool link = w >> 24 & 1;
      if (link) op.dst = r(kLr);
      mark_branch(op, cond != 0xE && !link ? BlockEnd::kCondDirect : BlockEnd::kDirect,
                  pc + 8 + off);
      return op;
    }
    case 6:
      coprocessor(t, w, op);
      if (cond != 0xE) op.src |= kFlags;
      return op;
    default:  // 7: SVC (bit 24) or coprocessor data processing / register transfer
      if (!(w >> 24 & 1)) coprocessor(t, w, op);
      if (cond != 0xE) op.src |= kFlags;
      return op;
  }
}

// 16-bit Thumb instruction.
Op decode_t16(const A9Timing& t, uint16_t h, uint32_t pc) {
  Op op;
  const unsigned lo0 = h & 7, lo3 = h >> 3 & 7, lo6 = h >> 6 & 7, hi8 = h >> 8 & 7;
  set_cost(op, kAlu, 1, t.alu_latency);
  switch (h >> 12) {
    case 0x0:
    case 0x1:
      if ((h >> 11) == 3) {  // ADD/SUB register or imm3
        op.src = r(lo3) | ((h & 0x0400) ? 0 : r(lo6));
      } else {  // shift by immediate
        op.src = r(lo3);
        op.latency = t.shift_latency;
      }
      op.dst = r(lo0) | kFlags;
      return op;
    case 0x2:
    case 0x3:  // MOV/CMP/ADD/SUB imm8
      op.src = ((h >> 11) == 4) ? 0 : r(hi8);
      op.dst = ((h >> 11) == 5) ? kFlags : (r(hi8) | kFlags);
      return op;
    case 0x4:
      if ((h & 0xFC00) == 0x4000) {  // data processing register
        const unsigned opc = h >> 6 & 0xF;
        op.src = r(lo0) | r(lo3);
        op.dst = kFlags;
        if (opc != 8 && opc != 10 && opc != 11) op.dst |= r(lo0);  // not TST/CMP/CMN
        if (opc == 5 || opc == 6 || opc == 7) op.src |= kFlags;    // ADC/SBC/ROR(carry)
        if (opc >= 2 && opc <= 4) op.latency = t.shift_latency;    // shifts by register
        if (opc == 13) set_cost(op, kMul, t.mul_issue, t.mul_latency);  // MULS
        return op;
      }
      if ((h & 0xFC00) == 0x4400) {  // ADD/CMP/MOV high registers, BX/BLX
        const unsigned rdn = (h >> 4 & 8) | lo0, rm = h >> 3 & 0xF;
        const unsigned opc = h >> 8 & 3;
        op.src = r(rm);
        if (opc == 3) {
          const bool link = h >> 7 & 1;
          if (link) op.dst = r(kLr);
          mark_branch(op, !link && rm == kLr ? BlockEnd::kReturn : BlockEnd::kIndirect);
          return op;
        }
        if (opc == 0) op.src |= r(rdn);
        op.dst = opc == 1 ? kFlags : r(rdn);
        if (opc != 1 && rdn == kPc) {
          op.dst = 0;
          mark_branch(op, opc == 2 && rm == kLr ? BlockEnd::kReturn : BlockEnd::kIndirect);
        }
        return op;
      }
      // LDR literal
      set_cost(op, kLs, 1, t.load_latency);
      op.dst = r(hi8);
      return op;
    case 0x5: {  // load/store register offset
      const unsigned opc = h >> 9 & 7;
      const bool load = opc >= 3;
      set_cost(op, kLs, 1, load ? t.load_latency : 1);
      op.src = r(lo3) | r(lo6);
      if (load)
        op.dst = r(lo0);
      else
        op.src |= r(lo0);
      return op;
    }
    case 0x6:
    case 0x7:
    case 0x8:
    case 0x9: {  // load/store immediate, SP-relative
      const bool load = h >> 11 & 1;
      const bool sp = (h >> 12) == 9;
      set_cost(op, kLs, 1, load ? t.load_latency : 1);
      const unsigned rt = sp ? hi8 : lo0;
      op.src = sp ? r(kSp) : r(lo3);
      if (load)
        op.dst = r(rt);
      else
        op.src |= r(rt);
      return op;
    }
    case 0xA:  // ADR, ADD Rd, SP, #imm
      op.src = (h & 0x0800) ? r(kSp) : 0;
      op.dst = r(hi8);
      return op;
    case 0xB: {  // miscellaneous
      if ((h & 0xF500) == 0xB100) {  // CBZ/CBNZ
        const uint32_t off = ((h >> 9 & 1) << 6) | ((h >> 3 & 0x1F) << 1);
        op.src = r(lo0);
        mark_branch(op, BlockEnd::kCondDirect, pc + 4 + off);
        return op;
      }
      if ((h & 0xFE00) == 0xB400 || (h & 0xFE00) == 0xBC00) {  // PUSH/POP
        const bool pop = h >> 11 & 1;
        const uint32_t list = (h & 0xFF) | ((h >> 8 & 1) ? (pop ? r(kPc) : r(kLr)) : 0);
        multiple(t, op, popcount(list), pop);
        op.src = r(kSp);
        op.dst = r(kSp);
        if (pop) {
          op.dst |= list & ~r(kPc);
          if (list & r(kPc)) mark_branch(op, BlockEnd::kReturn);
        } else {
          op.src |= list;
        }
        return op;
      }
      if ((h & 0xFF00) == 0xB000) {  // ADD/SUB SP, #imm
        op.src = op.dst = r(kSp);
        return op;
      }
      if ((h & 0xF600) == 0xB200) {  // extend, REV
        op.src = r(lo3);
        op.dst = r(lo0);
        op.latency = t.shift_latency;
        return op;
      }
      return op;  // IT, hints, CPS, BKPT, SETEND
    }
    case 0xC: {  // STM/LDM
      const bool load = h >> 11 & 1;
      const uint32_t list = h & 0xFF;
      multiple(t, op, popcount(list), load);
      op.src = r(hi8);
      if (load)
        op.dst = list | (list & r(hi8) ? 0 : r(hi8));
      else
        op.src |= list, op.dst = r(hi8);
      return op;
    }
    case 0xD: {  // B<cond>, UDF, SVC
      const unsigned cond = h >> 8 & 0xF;
      if (cond >= 0xE) return op;
      const int32_t off = static_cast<int32_t>(static_cast<int8_t>(h & 0xFF)) * 2;
      op.src = kFlags;
      mark_branch(op, BlockEnd::kCondDirect, pc + 4 + off);
      return op;
    }
    default: {  // 0xE: B
      const int32_t off = static_cast<int32_t>(static_cast<uint32_t>(h) << 21) >> 20;  // no int overflow
      mark_branch(op, BlockEnd::kDirect, pc + 4 + off);
      return op;
    }
  }
}

// 32-bit Thumb-2 instruction (hw1 = first halfword).
Op decode_t32(const A9Timing& t, uint16_t h1, uint16_t h2, uint32_t pc) {
  Op op;
  const unsigned rn = h1 & 0xF, rt = h2 >> 12 & 0xF, rd = h2 >> 8 & 0xF, rm = h2 & 0xF;
  set_cost(op, kAlu, 1, t.alu_latency);
  if ((h1 & 0xFE40) == 0xE800) {  // LDM/STM (incl. PUSH.W/POP.W)
    const bool load = h1 >> 4 & 1, W = h1 >> 5 & 1;
    const uint32_t list = h2;
    multiple(t, op, popcount(list), load);
    op.src = r(rn);
    if (load)
      op.dst = list & ~r(kPc);
    else
      op.src |= list;
    if (W) op.dst |= r(rn);
    if (load && (list & r(kPc)))
      mark_branch(op, rn == kSp ? BlockEnd::kReturn : BlockEnd::kIndirect);
    return op;
  }
  if ((h1 & 0xFE40) == 0xE840) {  // LDRD/STRD, exclusives, TBB/TBH
    if ((h1 & 0xFFF0) == 0xE8D0 && (h2 & 0xFFE0) == 0xF000) {  // TBB/TBH
      set_cost(op, kLs, 1, t.load_latency);
      op.src = r(rn) | r(rm);
      mark_branch(op, BlockEnd::kIndirect);
      return op;
    }
    const bool load = h1 >> 4 & 1;
    set_cost(op, kLs, 1, load ? t.load_latency : 1);
    op.src = r(rn);
    const uint32_t data = r(rt) | ((h1 & 0x0100) || (h1 & 0x0020) ? r(rd) : 0);
    if (load)
      op.dst = data;
    else
      op.src |= data, op.dst = r(rm);  // STREX status in bits 3:0
    if (h1 & 0x0020) op.dst |= r(rn);  // writeback
    return op;
  }
  if ((h1 & 0xFE00) == 0xEA00) {  // data processing, shifted register
    const bool S = h1 >> 4 & 1;
    const unsigned opc = h1 >> 5 & 0xF;
    op.src = r(rm);
    if (rn != 15) op.src |= r(rn);
    if ((h2 & 0x70C0) || (h2 & 0x0030)) op.latency = t.shift_latency;
    if (opc == 10 || opc == 11) op.src |= kFlags;  // ADC/SBC
    op.dst = rd == 15 ? 0 : r(rd);
    if (S) op.dst |= kFlags;
    return op;
  }
  if ((h1 & 0xEC00) == 0xEC00) {  // coprocessor, VFP, Advanced SIMD
    if ((h1 & 0xEF00) == 0xEF00) {  // Advanced SIMD data processing
      set_cost(op, kVfp, t.neon.f32_issue, t.neon.f32_latency);
      return op;
    }
    const uint32_t w = 0xE0000000u | ((uint32_t(h1) << 16 | h2) & 0x0FFFFFFFu);
    if ((h1 & 0xFF10) == 0xF900) {  // SIMD element load/store
      set_cost(op, kLs, 1, t.load_latency);
      op.src = r(rn);
      return op;
    }
    coprocessor(t, w, op);
    return op;
  }
  if ((h1 & 0xF800) == 0xF000) {
    if (h2 & 0x8000) {  // branches and miscellaneous control
      const uint32_t S = h1 >> 10 & 1, J1 = h2 >> 13 & 1, J2 = h2 >> 11 & 1;
      if ((h2 & 0x5000) == 0x1000 || (h2 & 0x4000)) {  // B.W, BL, BLX immediate
        const uint32_t I1 = !(J1 ^ S), I2 = !(J2 ^ S);
        int32_t off = static_cast<int32_t>((S << 24) | (I1 << 23) | (I2 << 22) |
                                           ((h1 & 0x3FFu) << 12) | ((h2 & 0x7FFu) << 1));
        off = (off << 7) >> 7;
        uint32_t target = pc + 4 + off;
        if ((h2 & 0x5000) == 0x4000) target &= ~3u;  // BLX to ARM
        if (h2 & 0x4000) op.dst = r(kLr);
        mark_branch(op, BlockEnd::kDirect, target);
        return op;
      }
      if ((h2 & 0x5000) == 0x0000 && (h1 >> 6 & 0xE) != 0xE) {  // B<cond>.W
        int32_t off = static_cast<int32_t>((S << 20) | (J2 << 19) | (J1 << 18) |
                                           ((h1 & 0x3Fu) << 12) | ((h2 & 0x7FFu) << 1));
        off = (off << 11) >> 11;
        op.src = kFlags;
        mark_branch(op, BlockEnd::kCondDirect, pc + 4 + off);
        return op;
      }
      return op;  // MSR/MRS, hints, barriers
    }
    // data processing, modified or plain immediate
    if (rn != 15 && !((h1 & 0x0340) == 0x0240)) op.src = r(rn);  // not MOVW/MOVT
    if ((h1 & 0x03F0) == 0x02C0) op.src |= r(rd);                  // MOVT
    if (h1 & 0x0200) op.latency = t.shift_latency;                 // bit field, saturate
    op.dst = rd == 15 ? 0 : r(rd);
    if (!(h1 & 0x0200) && (h1 >> 4 & 1)) op.dst |= kFlags;
    return op;
  }
  if ((h1 & 0xFE00) == 0xF800) {  // load/store single
    const bool load = h1 >> 4 & 1;
    set_cost(op, kLs, 1, load ? t.load_latency : 1);
    op.src = r(rn);
    if (!(h1 & 0x0080) && !(rn == 15)) {
      if (!(h2 & 0x0800)) op.src |= r(rm);    // register offset
      else if (h2 & 0x0100) op.dst |= r(rn);  // pre/post-indexed with writeback
    }
    if (load) {
      if (rt == kPc) {
        if ((h1 >> 5 & 3) == 2)
          mark_branch(op, rn == kSp ? BlockEnd::kReturn : BlockEnd::kIndirect);  // LDR pc
        // otherwise PLD/PLI
      } else {
        op.dst |= r(rt);
      }
    } else {
      op.src |= r(rt);
    }
    return op;
  }
  if ((h1 & 0xFF00) == 0xFA00) {  // data processing register: shifts, extend, CLZ, ...
    op.src = r(rm) | (rn != 15 ? r(rn) : 0);
    op.dst = r(rd);
    op.latency = t.shift_latency;
    if (h1 >> 4 & 1 && !(h1 & 0x0080)) op.dst |= kFlags;
    return op;
  }
  if ((h1 & 0xFF80) == 0xFB00) {  // MUL/MLA/MLS, 16x16 and dual multiplies
    const bool plain = (h1 >> 4 & 7) == 0 && (h2 & 0x00F0) == 0;
    set_cost(op, kMul, plain ? t.mul_issue : 1, plain ? t.mul_latency : t.mul16_latency);
    op.src = r(rn) | r(rm) | (rt != 15 ? r(rt) : 0);
    op.dst = r(rd);
    return op;
  }
  if ((h1 & 0xFF80) == 0xFB80) {  // long multiply (and divide, absent on the A9)
    set_cost(op, kMul, t.mull_issue, t.mull_latency);
    op.src = r(rn) | r(rm);
    if (h1 & 0x0040) op.src |= r(rt) | r(rd);  // accumulate
    op.dst = r(rt) | r(rd);
    return op;
  }
  return op;
}

// The scoreboard.
class Scoreboard {
 public:
  explicit Scoreboard(const A9Timing& t) : t_(t), width_(std::max(1u, t.issue_width)) {}

  void issue(const Op& op) {
    uint64_t when = cycle_;
    for (uint32_t m = op.src; m; m &= m - 1) when = std::max(when, core_[__builtin_ctz(m)]);
    for (uint64_t m = op.fsrc; m; m &= m - 1) when = std::max(when, fp_[__builtin_ctzll(m)]);
    // The two ALU pipelines are fully pipelined: only the other units can be busy.
    if (op.unit != kAlu) when = std::max(when, busy_[op.unit]);
    if (when > cycle_) advance(when);
    // Per-cycle limits: issue width, one load/store or VFP, one multiply.
    const bool lsv = op.unit == kLs || op.unit == kVfp;
    while (slots_ >= width_ || (lsv && lsv_used_) || (op.unit == kMul && mul_used_))
      advance(cycle_ + 1);
    ++slots_;
    lsv_used_ |= lsv;
    mul_used_ |= op.unit == kMul;
    if (op.unit != kAlu) busy_[op.unit] = cycle_ + op.issue;
    const uint64_t ready = cycle_ + op.latency;
    for (uint32_t m = op.dst; m; m &= m - 1) core_[__builtin_ctz(m)] = ready;
    for (uint64_t m = op.fdst; m; m &= m - 1) fp_[__builtin_ctzll(m)] = ready;
  }
  // The cycle at which the next instruction could issue (the last one issued ended a cycle).
  uint64_t next_cycle() const { return cycle_ + (slots_ ? 1 : 0); }
  // Cycle once every unit has finished its work.
  uint64_t drained() const {
    uint64_t c = next_cycle();
    for (uint64_t b : busy_) c = std::max(c, b);
    return c;
  }
  // Starts a new fetch group (after a taken branch nothing else issues in its cycle).
  void new_group() {
    if (slots_) advance(cycle_ + 1);
  }

 private:
  void advance(uint64_t c) {
    cycle_ = c;
    slots_ = 0;
    lsv_used_ = mul_used_ = false;
  }

  const A9Timing& t_;
  unsigned width_;
  uint64_t cycle_ = 0;
  unsigned slots_ = 0;
  bool lsv_used_ = false, mul_used_ = false;
  uint64_t core_[kCoreSlots] = {};
  uint64_t fp_[kFpSlots] = {};
  uint64_t busy_[4] = {};
};

}  // namespace

BlockCost block_cost(const A9Timing& t, const uint8_t* code, uint32_t size, uint32_t addr,
                     bool thumb) {
  BlockCost bc;
  // Decode once. (A vector sized to the block: an array of 1024 initialised Ops cost 49 KB of
  // zeroing per new block.)
  constexpr unsigned kMaxOps = 1024;
  std::vector<Op> ops(std::min<uint32_t>(kMaxOps, thumb ? size / 2 : size / 4));
  unsigned n = 0;
  unsigned it_left = 0;  // instructions left in the current Thumb IT block
  for (uint32_t off = 0; off < size && n < ops.size();) {
    const uint32_t pc = addr + off;
    Op op;
    if (!thumb) {
      if (off + 4 > size) break;
      uint32_t w;
      std::memcpy(&w, code + off, 4);
      op = decode_arm(t, w, pc);
      off += 4;
    } else {
      if (off + 2 > size) break;
      uint16_t h1, h2 = 0;
      std::memcpy(&h1, code + off, 2);
      const bool wide = thumb32_prefix(h1);
      if (wide) {
        if (off + 4 > size) break;
        std::memcpy(&h2, code + off + 2, 2);
        op = decode_t32(t, h1, h2, pc);
        off += 4;
      } else {
        op = decode_t16(t, h1, pc);
        off += 2;
      }
      if (it_left) {  // conditional inside an IT block: reads the flags
        op.src |= kFlags;
        if (op.end == BlockEnd::kDirect) op.end = BlockEnd::kCondDirect;
        --it_left;
      } else if (!wide && (h1 & 0xFF00) == 0xBF00 && (h1 & 0xF)) {  // IT
        it_left = 4 - static_cast<unsigned>(__builtin_ctz(h1 & 0xF));
        op.src |= kFlags;
      }
    }
    ops[n++] = op;
  }
  bc.count = n;
  if (n == 0) return bc;
  const Op& last = ops[n - 1];
  if (last.branch) {
    bc.end = last.end;
    bc.target = last.target;
  }
  bc.self_loop = last.branch && (last.end == BlockEnd::kDirect || last.end == BlockEnd::kCondDirect) &&
                 (last.target & ~1u) == (addr & ~1u);

  Scoreboard sb(t);
  if (!bc.self_loop) {
    for (unsigned i = 0; i < n; ++i) sb.issue(ops[i]);
    bc.cycles = static_cast<uint32_t>(std::max<uint64_t>(1, sb.drained()));
    return bc;
  }
  // A loop body is charged its steady state: the length of the second of three iterations,
  // which includes waiting for the units and results the first one left busy.
  uint64_t starts[3] = {};
  for (unsigned it = 0; it < 3; ++it) {
    starts[it] = sb.next_cycle();
    for (unsigned i = 0; i < n; ++i) sb.issue(ops[i]);
    sb.new_group();
  }
  bc.cycles = static_cast<uint32_t>(std::max<uint64_t>(1, starts[2] - starts[1]));
  return bc;
}

}  // namespace zvp::arm
