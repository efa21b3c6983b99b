#include "idle_loop.h"

#include <cstring>

#include "arm_decode.h"

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
  uint32_t target = 0;
  return arm_branch_target(word(n - 1), addr + 4 * (n - 1), &target) && target == addr;
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
  unsigned len = 0;
  const uint16_t last = half(size - 2);
  if (!thumb_branch_target(last, 0, addr + branch, &target, &len)) {
    branch = size - 4;
    if (size < 4 || !thumb_branch_target(half(branch), last, addr + branch, &target, &len) || len != 4)
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
