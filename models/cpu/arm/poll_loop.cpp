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
