#include "idle_loop.h"

#include <cstring>

namespace zvp::arm {

namespace {

bool arm_idle_loop(const uint8_t* code, uint32_t size, uint32_t addr) {
  if (size < 4 || size % 4) return false;
  const unsigned n = size / 4;
  auto word = [&](unsigned i) {
    uint32_t w;
    std::memcpy(&w, code + 4 * i, 4);
    return w;
  };
  for (unsigned i = 0; i + 1 < n; ++i) {
    const uint32_t w = word(i);
    if (w != 0xE320F000 && w != 0xE1A00000) return false;  // NOP, MOV r0, r0
  }
  const uint32_t b = word(n - 1);
  if ((b & 0xFF000000) != 0xEA000000) return false;  // B, condition AL (not BL)
  const int32_t off = static_cast<int32_t>(b << 8) >> 6;
  return addr + 4 * (n - 1) + 8 + static_cast<uint32_t>(off) == addr;
}

bool thumb_idle_loop(const uint8_t* code, uint32_t size, uint32_t addr) {
  if (size < 2 || size % 2) return false;
  auto half = [&](uint32_t off) {
    uint16_t h;
    std::memcpy(&h, code + off, 2);
    return h;
  };
  // The branch is the last 2 (B, T2) or 4 (B.W, T4) bytes; everything before it 16-bit NOPs.
  uint32_t branch = size - 2, target = 0;
  const uint16_t last = half(size - 2);
  if ((last & 0xF800) == 0xE000) {  // B T2: imm11
    target = addr + branch + 4 + static_cast<uint32_t>(static_cast<int32_t>(uint32_t(last) << 21) >> 20);
  } else if (size >= 4 && (half(size - 4) & 0xF800) == 0xF000 && (last & 0xD000) == 0x9000) {
    branch = size - 4;  // B.W T4: S:I1:I2:imm10:imm11, I1 = NOT(J1 XOR S), I2 = NOT(J2 XOR S)
    const uint16_t h1 = half(branch);
    const uint32_t s = h1 >> 10 & 1, j1 = last >> 13 & 1, j2 = last >> 11 & 1;
    const uint32_t i1 = !(j1 ^ s), i2 = !(j2 ^ s);
    const uint32_t imm = (s << 24) | (i1 << 23) | (i2 << 22) | (uint32_t(h1 & 0x3FF) << 12) |
                         (uint32_t(last & 0x7FF) << 1);
    target = addr + branch + 4 + static_cast<uint32_t>(static_cast<int32_t>(imm << 7) >> 7);
  } else {
    return false;
  }
  for (uint32_t off = 0; off < branch; off += 2) {
    const uint16_t h = half(off);
    if (h != 0xBF00 && h != 0x46C0) return false;  // NOP, MOV r8, r8
  }
  return (target & ~1u) == (addr & ~1u);
}

}  // namespace

bool is_idle_loop(const uint8_t* code, uint32_t size, uint32_t addr, bool thumb) {
  return thumb ? thumb_idle_loop(code, size, addr) : arm_idle_loop(code, size, addr);
}

}  // namespace zvp::arm
