// arm::is_poll_loop: which blocks are pure polling loops. Encodings from arm-none-eabi-as
// (Cortex-A9), each block placed at the address of its first instruction.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "cpu/arm/poll_loop.h"

using zvp::arm::is_poll_loop;

namespace {

bool arm_loop(uint32_t addr, std::vector<uint32_t> words) {
  std::vector<uint8_t> code(words.size() * 4);
  std::memcpy(code.data(), words.data(), code.size());
  return is_poll_loop(code.data(), static_cast<uint32_t>(code.size()), addr, false);
}

bool thumb_loop(uint32_t addr, std::vector<uint16_t> halves) {
  std::vector<uint8_t> code(halves.size() * 2);
  std::memcpy(code.data(), halves.data(), code.size());
  return is_poll_loop(code.data(), static_cast<uint32_t>(code.size()), addr, true);
}

TEST(PollLoop, ArmShapesThatArePure) {
  // ldr r3, [r2, #44]; tst r3, #16; bne (the BSP's UART TX wait)
  EXPECT_TRUE(arm_loop(0x0, {0xe592302c, 0xe3130010, 0x1afffffc}));
  // ldrb r0, [r1]; and r0, r0, #1; cmp r0, #1; bhi (C and V from the CMP)
  EXPECT_TRUE(arm_loop(0xc, {0xe5d10000, 0xe2000001, 0xe3500001, 0x8afffffb}));
  // ldrh r0, [r1, #2]; cmp r0, #0; beq
  EXPECT_TRUE(arm_loop(0x60, {0xe1d100b2, 0xe3500000, 0x0afffffc}));
}

TEST(PollLoop, ArmShapesThatAreNot) {
  // add r2, r2, #1 in the loop: a register changes every iteration
  EXPECT_FALSE(arm_loop(0x1c, {0xe5910004, 0xe2822001, 0xe3500000, 0x0afffffb}));
  // ldr r0, [r1, #4]!: the base moves
  EXPECT_FALSE(arm_loop(0x2c, {0xe5b10004, 0xe3500000, 0x0afffffc}));
  // tst then bhi: C comes from before the iteration
  EXPECT_FALSE(arm_loop(0x38, {0xe5910004, 0xe3100001, 0x8afffffc}));
  // ldr r0, [r0, #4]: the address depends on the last value read
  EXPECT_FALSE(arm_loop(0x44, {0xe5900004, 0xe3500000, 0x0afffffc}));
  // a store in the loop
  EXPECT_FALSE(arm_loop(0x50, {0xe5910004, 0xe5820000, 0xe3500000, 0x0afffffb}));
  // the branch goes one instruction before the block
  EXPECT_FALSE(arm_loop(0x0, {0xe592302c, 0xe3130010, 0x1afffffb}));
  // no load first: tst; ldr; bne
  EXPECT_FALSE(arm_loop(0x0, {0xe3130010, 0xe592302c, 0x1afffffd}));
}

TEST(PollLoop, ThumbShapes) {
  // ldr r3, [r2, #44]; lsls r3, r3, #27; bmi
  EXPECT_TRUE(thumb_loop(0x6c, {0x6ad3, 0x06db, 0xd4fc}));
  // ldr.w r3, [r2, #44]; tst r3, r0; beq.w
  EXPECT_TRUE(thumb_loop(0x72, {0xf8d2, 0x302c, 0x4203, 0xf43f, 0xaffb}));
  // adds r4, #1 in the loop
  EXPECT_FALSE(thumb_loop(0x7c, {0x6ad3, 0x3401, 0xd1fc}));
  // the branch goes one instruction before the block
  EXPECT_FALSE(thumb_loop(0x6c, {0x6ad3, 0x06db, 0xd4fb}));
}

}  // namespace
