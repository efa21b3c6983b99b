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

namespace {

bool thumb_body(uint32_t head, std::vector<uint16_t> halves) {
  std::vector<uint8_t> code(halves.size() * 2);
  std::memcpy(code.data(), halves.data(), code.size());
  return zvp::arm::is_thumb_poll_body(code.data(), static_cast<uint32_t>(code.size()), head);
}

// Linux 6.1's cdns_uart_console_putchar (Thumb-2, gcc 12), the wait while the TX FIFO is full:
// str r1, [sp, #4]; ldr r3, [r2] (jiffies); subs r3, r0, r3; cmp r3, #0; blt (exit: timeout);
// ldr r3, [r4, #8] (membase); ldr r3, [r3, #44] (SR); dsb sy; lsls r3, r3, #27; bmi (back).
const std::vector<uint16_t> kLinuxTxWait = {0x9101, 0x6813, 0x1ac3, 0x2b00, 0xdb18, 0x68a3,
                                            0x6adb, 0xf3bf, 0x8f4f, 0x06db, 0xd4f4};

TEST(PollBody, LinuxConsoleWaitIsOne) {
  EXPECT_TRUE(thumb_body(0xc0272ab2, kLinuxTxWait));
}

TEST(PollBody, ValuesCarriedOrChangingStoresAreNot) {
  std::vector<uint16_t> v = kLinuxTxWait;
  v[0] = 0x9301;  // str r3, [sp, #4]: stores the value the last iteration loaded
  EXPECT_FALSE(thumb_body(0xc0272ab2, v));
  v = kLinuxTxWait;
  v[2] = 0x1a1b;  // subs r3, r3, r0 before r3 is... still loaded first: allowed
  EXPECT_TRUE(thumb_body(0xc0272ab2, v));
  v[1] = 0xbf00;  // nop instead of the load: subs reads r3 from the iteration before
  EXPECT_FALSE(thumb_body(0xc0272ab2, v));
  v = kLinuxTxWait;
  v[3] = 0xbf00;  // no cmp: blt reads V, which only the subs sets... still defined
  EXPECT_TRUE(thumb_body(0xc0272ab2, v));
  v = kLinuxTxWait;
  v[9] = 0x4163;  // adcs r3, r4 instead of lsls: reads C set by the subs: defined, allowed
  EXPECT_TRUE(thumb_body(0xc0272ab2, v));
  v = kLinuxTxWait;
  v[2] = 0x3101;  // adds r1, #1: a counter carried across iterations (and the store stores it)
  EXPECT_FALSE(thumb_body(0xc0272ab2, v));
}

// Linux 6.1's cdns_uart_console_write, the wait for an empty TX FIFO after a line: one block,
// ldr r3, [r4, #8] (membase); ldr r3, [r3, #44] (SR); dsb sy; ands r3, r2; cmp r3, #8;
// bne (back to itself).
const std::vector<uint16_t> kLinuxEmptyWait = {0x68a3, 0x6adb, 0xf3bf, 0x8f4f, 0x4013, 0x2b08, 0xd1f8};

TEST(PollBody, OneBlockWaitLoadingTheBaseIsOne) {
  EXPECT_TRUE(thumb_body(0xc0272a36, kLinuxEmptyWait));
  std::vector<uint16_t> v = kLinuxEmptyWait;
  v[4] = 0x401a;  // ands r2, r3: writes the mask, which the next iteration reads
  EXPECT_FALSE(thumb_body(0xc0272a36, v));
}

// Linux 6.1's cdns_uart_console_setup, the same wait with a timeout (entered at its second
// half): str r0, [sp, #28]; ldr r3, [r2] (jiffies); subs r3, r3, r1; cmp r3, #0; bge (exit);
// ldr r3, [r4, #8]; ldr r3, [r3, #44]; dsb sy; and.w r3, r3, ip; cmp r3, #8; bne (back).
const std::vector<uint16_t> kLinuxSetupWait = {0x9007, 0x6813, 0x1a5b, 0x2b00, 0xda07, 0x68a3,
                                               0x6adb, 0xf3bf, 0x8f4f, 0xea03, 0x030c, 0x2b08, 0xd1f2};

TEST(PollBody, WideLogicalOperationsAreKnown) {
  EXPECT_TRUE(thumb_body(0xc0273144, kLinuxSetupWait));
  std::vector<uint16_t> v = kLinuxSetupWait;
  v[9] = 0xea0c;
  v[10] = 0x0c03;  // and.w ip, ip, r3: the mask register, read before this iteration writes it
  EXPECT_FALSE(thumb_body(0xc0273144, v));
  v = kLinuxSetupWait;
  v[10] = 0x134c;  // and.w r3, r3, ip, lsl #5: a shift (may set C): not known
  EXPECT_FALSE(thumb_body(0xc0273144, v));
  v = kLinuxSetupWait;
  v[9] = 0xeb03;  // add.w r3, r3, ip: not one of the logical operations
  EXPECT_FALSE(thumb_body(0xc0273144, v));
}

TEST(PollBody, ShapeRules) {
  std::vector<uint16_t> v = kLinuxTxWait;
  v[10] = 0xd4f5;  // bmi to head + 2: not back to the head
  EXPECT_FALSE(thumb_body(0xc0272ab2, v));
  v = kLinuxTxWait;
  v[4] = 0xdbfb;  // blt backwards into the body: not an exit
  EXPECT_FALSE(thumb_body(0xc0272ab2, v));
  v = kLinuxTxWait;
  v[5] = 0x4798;  // blx r3: a call
  EXPECT_FALSE(thumb_body(0xc0272ab2, v));
}

}  // namespace
