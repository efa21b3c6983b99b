#include "poll_loop.h"

#include <cstring>

namespace zvp::arm {

namespace {

// What the instructions after the load did to the flags, for the branch's condition.
struct Flags {
  bool written = false;  // some instruction after the load sets flags
  bool full = false;     // the last one to do so sets all of N, Z, C and V (CMP, CMN, ADDS...)
};

// A condition that reads only N or Z (EQ, NE, MI, PL) is decided by any flag-setting
// instruction of the iteration; one that reads C or V needs them from a CMP-like last setter
// (TST keeps C and V from before, which may be the previous iteration's). AL reads nothing,
// and flags no instruction of the block writes are the same every iteration.
bool condition_ok(unsigned cond, const Flags& f) {
  if (cond == 0xE || !f.written) return true;
  if (cond == 0x0 || cond == 0x1 || cond == 0x4 || cond == 0x5) return true;
  return f.full;
}

bool arm_poll_loop(const uint8_t* code, uint32_t size, uint32_t addr) {
  if (size < 8 || size % 4) return false;
  const unsigned n = size / 4;
  auto word = [&](unsigned i) {
    uint32_t w;
    std::memcpy(&w, code + 4 * i, 4);
    return w;
  };
  // The load: LDR/LDRB (immediate or register offset) or LDRH/LDRSB/LDRSH; P = 1, W = 0.
  uint32_t w = word(0);
  if ((w >> 28) != 0xE) return false;
  unsigned rm = 16;
  const bool offset_load = (w >> 24 & 1) && !(w >> 21 & 1) && (w >> 20 & 1);
  if ((w & 0x0C000000) == 0x04000000) {
    if ((w >> 25 & 1) && (w & 0x10)) return false;  // media space
    if (w >> 25 & 1) rm = w & 0xF;
  } else if ((w & 0x0E000090) == 0x00000090 && (w >> 5 & 3) != 0) {
    if (!(w >> 22 & 1)) rm = w & 0xF;
  } else {
    return false;
  }
  const unsigned rt = w >> 12 & 0xF, rn = w >> 16 & 0xF;
  if (!offset_load || rt == 15 || rn == rt || rm == rt) return false;

  Flags flags;
  for (unsigned i = 1; i + 1 < n; ++i) {
    w = word(i);
    if ((w >> 28) != 0xE) return false;    // conditional: would read the flags mid-iteration
    if (w == 0xE320F000) continue;          // NOP
    if ((w & 0x0C000000) != 0) return false;  // data processing only
    const bool imm = w >> 25 & 1;
    if (!imm && (w & 0x90) == 0x90) return false;  // multiplies, extra loads/stores
    if (!imm && !(w & 0x10) && (w >> 5 & 3) == 3 && (w >> 7 & 0x1F) == 0) return false;  // RRX
    const unsigned op = w >> 21 & 0xF;
    const bool s = w >> 20 & 1;
    if (op >= 8 && op <= 11) {  // TST, TEQ, CMP, CMN (without S: MRS/MSR/MOVW/MOVT space)
      if (!s) return false;
      flags = {true, op >= 10};
      continue;
    }
    if (op >= 5 && op <= 7) return false;  // ADC, SBC, RSC read C
    if ((w >> 12 & 0xF) != rt) return false;
    if (s) flags = {true, op >= 2 && op <= 4};  // SUB, RSB, ADD set all four
  }
  // The branch back: B<cond> (not BL).
  w = word(n - 1);
  const unsigned cond = w >> 28;
  if ((w & 0x0F000000) != 0x0A000000 || cond == 0xF) return false;
  const int32_t off = static_cast<int32_t>(w << 8) >> 6;
  const uint32_t target = addr + 4 * (n - 1) + 8 + static_cast<uint32_t>(off);
  return target == addr && condition_ok(cond, flags);
}

bool thumb_poll_loop(const uint8_t* code, uint32_t size, uint32_t addr) {
  if (size < 4 || size % 2) return false;
  auto half = [&](uint32_t off) {
    uint16_t h;
    std::memcpy(&h, code + off, 2);
    return h;
  };
  // The load.
  uint16_t h = half(0);
  unsigned rt, rn, rm = 16;
  uint32_t off = 2;
  const unsigned f5 = h & 0xF800, f7 = h & 0xFE00;
  if (f5 == 0x6800 || f5 == 0x7800 || f5 == 0x8800) {  // LDR/LDRB/LDRH (imm5)
    rt = h & 7;
    rn = h >> 3 & 7;
  } else if (f7 == 0x5800 || f7 == 0x5C00 || f7 == 0x5A00 || f7 == 0x5600 || f7 == 0x5E00) {
    rt = h & 7;  // LDR/LDRB/LDRH/LDRSB/LDRSH (register)
    rn = h >> 3 & 7;
    rm = h >> 6 & 7;
  } else {
    const unsigned op = h & 0xFFF0;  // LDR.W/LDRB.W/LDRH.W/LDRSB.W/LDRSH.W (imm12)
    if ((op != 0xF8D0 && op != 0xF890 && op != 0xF8B0 && op != 0xF990 && op != 0xF9B0) ||
        size < 6)
      return false;
    rn = h & 0xF;
    rt = half(2) >> 12;
    off = 4;
  }
  if (rt == 15 || rn == rt || rm == rt) return false;

  Flags flags;
  while (off < size) {
    h = half(off);
    const bool wide = (h >> 11) >= 0x1D;
    const uint32_t len = wide ? 4 : 2;
    if (off + len > size) return false;
    if (off + len == size) break;  // the branch
    off += len;
    if (wide) return false;
    if (h == 0xBF00) continue;  // NOP
    if ((h & 0xF800) == 0x2800 || (h & 0xFFC0) == 0x4280 || (h & 0xFFC0) == 0x42C0 ||
        (h & 0xFF00) == 0x4500) {  // CMP imm8, CMP/CMN register, CMP high registers
      flags = {true, true};
    } else if ((h & 0xE000) == 0 && (h >> 11 & 3) != 3) {  // LSLS/LSRS/ASRS imm5
      if ((h & 7) != rt) return false;
      flags = {true, false};
    } else if ((h & 0xF800) == 0x1800) {  // ADDS/SUBS register or imm3
      if ((h & 7) != rt) return false;
      flags = {true, true};
    } else if ((h & 0xFC00) == 0x4000) {  // data processing (register)
      const unsigned op = h >> 6 & 0xF;
      if (op == 5 || op == 6 || op == 13) return false;  // ADC, SBC read C; MUL
      if (op != 8 && (h & 7) != rt) return false;         // TST writes no register
      flags = {true, op == 9};                            // RSBS sets all four
    } else {
      return false;
    }
  }
  // The branch back: B<cond> (T1), B (T2) or B<cond>.W (T3).
  const uint32_t pc = addr + off;
  h = half(off);
  uint32_t target;
  unsigned cond = 0xE;
  if (off + 2 == size && (h & 0xF000) == 0xD000 && (h >> 8 & 0xF) < 0xE) {
    cond = h >> 8 & 0xF;
    target = pc + 4 + static_cast<uint32_t>(static_cast<int8_t>(h & 0xFF) * 2);
  } else if (off + 2 == size && (h & 0xF800) == 0xE000) {
    target = pc + 4 + static_cast<uint32_t>(static_cast<int32_t>(uint32_t(h) << 21) >> 20);
  } else if (off + 4 == size && (h & 0xF800) == 0xF000 && (half(off + 2) & 0xD000) == 0x8000 &&
             (h >> 6 & 0xF) < 0xE) {
    const uint16_t h2 = half(off + 2);
    cond = h >> 6 & 0xF;
    const uint32_t imm = (uint32_t(h >> 10 & 1) << 20) | (uint32_t(h2 >> 11 & 1) << 19) |
                         (uint32_t(h2 >> 13 & 1) << 18) | (uint32_t(h & 0x3F) << 12) |
                         (uint32_t(h2 & 0x7FF) << 1);
    target = pc + 4 + static_cast<uint32_t>(static_cast<int32_t>(imm << 11) >> 11);
  } else {
    return false;
  }
  return (target & ~1u) == (addr & ~1u) && condition_ok(cond, flags);
}

}  // namespace

bool is_poll_loop(const uint8_t* code, uint32_t size, uint32_t addr, bool thumb) {
  return thumb ? thumb_poll_loop(code, size, addr) : arm_poll_loop(code, size, addr);
}

}  // namespace zvp::arm

namespace zvp::arm {

namespace {

// Dataflow of one loop iteration (is_thumb_poll_body). Registers r0-r15 are bits 0-15, the
// flags N, Z, C, V bits 16-19.
constexpr uint32_t kN = 1u << 16, kZ = 1u << 17, kC = 1u << 18, kV = 1u << 19;
constexpr uint32_t kNZ = kN | kZ, kNZCV = kN | kZ | kC | kV;

struct Access {
  uint32_t reads = 0, writes = 0;
  bool store = false;
  bool branch = false;  // B<cond> / B: target set
  uint32_t target = 0;
  bool ok = true;  // an instruction the analysis knows
};

uint32_t reg(unsigned n) { return 1u << (n & 15); }

// The flags a condition reads.
uint32_t cond_reads(unsigned cond) {
  switch (cond >> 1) {
    case 0: return kZ;            // EQ NE
    case 1: return kC;            // CS CC
    case 2: return kN;            // MI PL
    case 3: return kV;            // VS VC
    case 4: return kC | kZ;       // HI LS
    case 5: return kN | kV;       // GE LT
    case 6: return kN | kZ | kV;  // GT LE
    default: return 0;            // AL
  }
}

Access thumb16(uint16_t h, uint32_t pc) {
  Access a;
  const unsigned lo = h & 7, mid = h >> 3 & 7, hi3 = h >> 6 & 7;
  if (h == 0xBF00) return a;                                        // NOP
  if ((h & 0xF800) == 0x6800 || (h & 0xF800) == 0x7800 || (h & 0xF800) == 0x8800) {
    a.reads = reg(mid), a.writes = reg(lo);                         // LDR/LDRB/LDRH imm5
  } else if ((h & 0xF800) == 0x6000 || (h & 0xF800) == 0x7000 || (h & 0xF800) == 0x8000) {
    a.reads = reg(mid) | reg(lo), a.store = true;                   // STR/STRB/STRH imm5
  } else if ((h & 0xF800) == 0x9800) {
    a.reads = reg(13), a.writes = reg(h >> 8 & 7);                  // LDR rt, [sp, #imm]
  } else if ((h & 0xF800) == 0x9000) {
    a.reads = reg(13) | reg(h >> 8 & 7), a.store = true;            // STR rt, [sp, #imm]
  } else if ((h & 0xF000) == 0x5000) {
    const unsigned op = h >> 9 & 7;                                 // register offset
    a.reads = reg(mid) | reg(hi3);
    if (op <= 2) a.reads |= reg(lo), a.store = true;                // STR, STRH, STRB
    else a.writes = reg(lo);                                        // LDRSB, LDR, LDRH, LDRB, LDRSH
  } else if ((h & 0xE000) == 0x0000 && (h & 0x1800) != 0x1800) {   // LSLS/LSRS/ASRS imm5
    a.reads = reg(mid), a.writes = reg(lo) | kNZ;
    if ((h & 0x1800) != 0 || (h & 0x07C0) != 0) a.writes |= kC;     // LSLS #0 keeps C
  } else if ((h & 0xF800) == 0x1800) {                              // ADDS/SUBS reg, imm3
    a.reads = reg(mid) | ((h & 0x0400) ? 0 : reg(hi3)), a.writes = reg(lo) | kNZCV;
  } else if ((h & 0xF800) == 0x2000) {
    a.writes = reg(h >> 8 & 7) | kNZ;                               // MOVS imm8
  } else if ((h & 0xF800) == 0x2800) {
    a.reads = reg(h >> 8 & 7), a.writes = kNZCV;                    // CMP imm8
  } else if ((h & 0xF000) == 0x3000) {
    a.reads = reg(h >> 8 & 7), a.writes = reg(h >> 8 & 7) | kNZCV;  // ADDS/SUBS imm8
  } else if ((h & 0xFC00) == 0x4000) {                              // data processing (register)
    const unsigned op = h >> 6 & 0xF;
    if (op == 13) a.ok = false;                                     // MULS
    a.reads = reg(mid) | ((op == 9 || op == 15) ? 0 : reg(lo));     // RSBS, MVNS: rm only
    if (op != 8 && op != 10 && op != 11) a.writes = reg(lo);        // TST, CMP, CMN: flags only
    const bool arith = op == 5 || op == 6 || op == 9 || op == 10 || op == 11;
    a.writes |= arith ? kNZCV : kNZ;
    if (op == 5 || op == 6) a.reads |= kC;                          // ADCS, SBCS
    if (op == 2 || op == 3 || op == 4 || op == 7) a.reads |= kC, a.writes |= kC;  // by register: C kept if 0
  } else if ((h & 0xFF00) == 0x4600 || (h & 0xFF00) == 0x4400 || (h & 0xFF00) == 0x4500) {
    const unsigned rd = (h >> 4 & 8) | lo, rm = h >> 3 & 15;        // MOV/ADD/CMP high registers
    if (rd == 15 || rm == 15) a.ok = false;
    const unsigned op = h >> 8 & 3;
    a.reads = reg(rm) | (op == 2 ? 0 : reg(rd));
    a.writes = op == 1 ? kNZCV : reg(rd);
  } else if ((h & 0xF000) == 0xD000 && (h >> 8 & 0xF) < 0xE) {      // B<cond> T1
    a.branch = true;
    a.reads = cond_reads(h >> 8 & 0xF);
    a.target = pc + 4 + static_cast<uint32_t>(static_cast<int8_t>(h & 0xFF) * 2);
  } else if ((h & 0xF800) == 0xE000) {                              // B T2
    a.branch = true;
    a.target = pc + 4 + static_cast<uint32_t>(static_cast<int32_t>(uint32_t(h) << 21) >> 20);
  } else {
    a.ok = false;
  }
  return a;
}

Access thumb32(uint16_t h1, uint16_t h2, uint32_t pc) {
  Access a;
  if (h1 == 0xF3BF && ((h2 & 0xFFF0) == 0x8F40 || (h2 & 0xFFF0) == 0x8F50)) return a;  // DSB, DMB
  const unsigned op = h1 & 0xFFF0, rn = h1 & 0xF, rt = h2 >> 12;
  if (op == 0xF8D0 || op == 0xF890 || op == 0xF8B0 || op == 0xF990 || op == 0xF9B0) {
    if (rn == 15 || rt == 15) a.ok = false;                         // LDR*.W imm12
    a.reads = reg(rn), a.writes = reg(rt);
  } else if (op == 0xF8C0 || op == 0xF880 || op == 0xF8A0) {
    if (rn == 15 || rt == 15) a.ok = false;                         // STR*.W imm12
    a.reads = reg(rn) | reg(rt), a.store = true;
  } else if ((h1 & 0xFE00) == 0xEA00 && (h2 & 0xF0F0) == 0) {      // AND/BIC/ORR/EOR.W register, no shift
    const unsigned dp = h1 >> 5 & 0xF, rd = h2 >> 8 & 0xF, rm = h2 & 0xF;
    const bool s = h1 >> 4 & 1, test = rd == 15 && s && (dp == 0 || dp == 4);  // TST.W, TEQ.W
    if ((dp != 0 && dp != 1 && dp != 2 && dp != 4) || rn == 15 || rm >= 13 || (rd >= 13 && !test))
      a.ok = false;
    a.reads = reg(rn) | reg(rm);
    a.writes = (test ? 0 : reg(rd)) | (s ? kNZ : 0);               // LSL #0: C unchanged
  } else if ((h1 & 0xF800) == 0xF000 && (h2 & 0xD000) == 0x8000 && (h1 >> 6 & 0xF) < 0xE) {
    a.branch = true;                                                // B<cond>.W T3
    a.reads = cond_reads(h1 >> 6 & 0xF);
    const uint32_t imm = (uint32_t(h1 >> 10 & 1) << 20) | (uint32_t(h2 >> 11 & 1) << 19) |
                         (uint32_t(h2 >> 13 & 1) << 18) | (uint32_t(h1 & 0x3F) << 12) |
                         (uint32_t(h2 & 0x7FF) << 1);
    a.target = pc + 4 + static_cast<uint32_t>(static_cast<int32_t>(imm << 11) >> 11);
  } else {
    a.ok = false;
  }
  return a;
}

}  // namespace

bool is_thumb_poll_body(const uint8_t* code, uint32_t size, uint32_t head) {
  if (size < 4 || size % 2 || size > 256) return false;
  Access acc[128];
  unsigned n = 0;
  uint32_t written = 0;  // anything the body writes
  for (uint32_t off = 0; off < size;) {
    uint16_t h1, h2 = 0;
    std::memcpy(&h1, code + off, 2);
    const bool wide = (h1 >> 11) >= 0x1D;
    if (wide && off + 4 > size) return false;
    if (wide) std::memcpy(&h2, code + off + 2, 2);
    const uint32_t pc = head + off;
    off += wide ? 4 : 2;
    Access a = wide ? thumb32(h1, h2, pc) : thumb16(h1, pc);
    if (!a.ok || (a.writes & reg(15))) return false;
    if (a.branch) {
      const bool last = off == size;
      const bool back = (a.target & ~1u) == (head & ~1u);
      const bool exit = a.target < head || a.target >= head + size;
      if (last ? !back : (!exit || a.reads == 0)) return false;  // exits are conditional
    }
    written |= a.writes;
    acc[n++] = a;
  }
  if (!acc[n - 1].branch) return false;
  uint32_t defined = 0;  // written earlier in this iteration
  for (unsigned i = 0; i < n; ++i) {
    const Access& a = acc[i];
    const uint32_t carried = a.reads & written & ~defined;  // read before this iteration writes it
    if (carried) return false;
    if (a.store && (a.reads & written)) return false;       // the same store every iteration
    defined |= a.writes;
  }
  return true;
}

}  // namespace zvp::arm
