// arm::is_idle_loop: which blocks only branch to themselves. Encodings from arm-none-eabi-as
// (Cortex-A9), each block placed at the address of its first instruction.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "cpu/arm/idle_loop.h"

using zvp::arm::is_idle_loop;

namespace {

template <typename T>
bool idle(uint32_t addr, std::vector<T> units) {
  std::vector<uint8_t> code(units.size() * sizeof(T));
  std::memcpy(code.data(), units.data(), code.size());
  return is_idle_loop(code.data(), static_cast<uint32_t>(code.size()), addr, sizeof(T) == 2);
}

TEST(IdleLoop, ArmShapes) {
  EXPECT_TRUE(idle<uint32_t>(0x0, {0xeafffffe}));                          // b .
  EXPECT_TRUE(idle<uint32_t>(0x4, {0xe320f000, 0xe320f000, 0xeafffffc}));  // nop; nop; b 1b
  EXPECT_TRUE(idle<uint32_t>(0x10, {0xe1a00000, 0xeafffffd}));             // mov r0, r0; b 1b
  EXPECT_FALSE(idle<uint32_t>(0x18, {0x0afffffe}));                        // beq .: conditional
  EXPECT_FALSE(idle<uint32_t>(0x1c, {0xebfffffe}));                        // bl .: writes LR
  EXPECT_FALSE(idle<uint32_t>(0x20, {0xe2800001, 0xeafffffd}));            // add r0, r0, #1; b 1b
  EXPECT_FALSE(idle<uint32_t>(0x4, {0xeaffffff}));                         // b .+4
}

TEST(IdleLoop, ThumbShapes) {
  EXPECT_TRUE(idle<uint16_t>(0x28, {0xe7fe}));                  // b.n .
  EXPECT_TRUE(idle<uint16_t>(0x2a, {0xbf00, 0xe7fd}));          // nop; b.n 1b
  EXPECT_TRUE(idle<uint16_t>(0x2e, {0xf7ff, 0xbffe}));          // b.w .
  EXPECT_TRUE(idle<uint16_t>(0x32, {0x46c0, 0xf7ff, 0xbffd}));  // mov r8, r8; b.w 1b
  EXPECT_FALSE(idle<uint16_t>(0x38, {0x4770}));                 // bx lr
  EXPECT_FALSE(idle<uint16_t>(0x3a, {0xbf20, 0xe7fd}));         // wfe; b.n 1b (smp's WFE model)
  EXPECT_FALSE(idle<uint16_t>(0x2c, {0xe7ff}));                 // b.n .+2
}

}  // namespace
