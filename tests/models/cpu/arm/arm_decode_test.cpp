// Instruction-length counting and load/store address decoding used by the Cortex-A9 model.
#include <gtest/gtest.h>

#include "cpu/arm/arm_decode.h"

using namespace zvp::arm;

TEST(ArmDecode, ThumbCountMixesLengths) {
  const uint16_t code[] = {0x3501, 0xF84D, 0x0C04, 0x3501, 0x6048, 0xE7FE};
  EXPECT_EQ(thumb_count(code, sizeof code), 5u);
  EXPECT_EQ(thumb_count(code, 2), 1u);
}

TEST(ArmDecode, ArmLoadStoreAddresses) {
  uint32_t r[16] = {};
  r[1] = 0x80000000;
  auto m = decode_mem(0x100, 0xE5910004, false, r);  // ldr r0, [r1, #4]
  ASSERT_TRUE(m.is_mem && m.is_load && m.range_known);
  EXPECT_EQ(m.lo, 0x80000004u);
  EXPECT_EQ(m.hi, 0x80000008u);
  m = decode_mem(0x100, 0xE5010004, false, r);  // str r0, [r1, #-4]
  EXPECT_FALSE(m.is_load);
  EXPECT_EQ(m.lo, 0x7FFFFFFCu);
  m = decode_mem(0x100, 0xE1D100B2, false, r);  // ldrh r0, [r1, #2]
  EXPECT_EQ(m.lo, 0x80000002u);
  EXPECT_EQ(m.hi - m.lo, 2u);
  m = decode_mem(0x100, 0xE8910006, false, r);  // ldm r1, {r1, r2}
  EXPECT_EQ(m.hi - m.lo, 8u);
  EXPECT_FALSE(decode_mem(0x100, 0xE0800001, false, r).is_mem);  // add r0, r0, r1
}

TEST(ArmDecode, ThumbLoadStoreAddresses) {
  uint32_t r[16] = {};
  r[1] = 0x1000;
  r[13] = 0x2000;
  auto m = decode_mem(0x60, 0x6048, true, r);  // str r0, [r1, #4]
  ASSERT_TRUE(m.is_mem);
  EXPECT_FALSE(m.is_load);
  EXPECT_EQ(m.lo, 0x1004u);
  m = decode_mem(0x5A, 0x0C04F84D, true, r);  // str.w r0, [sp, #-4]
  EXPECT_EQ(m.lo, 0x1FFCu);
  m = decode_mem(0x5A, 0xB500, true, r);  // push {lr}
  EXPECT_EQ(m.lo, 0x1FFCu);
  EXPECT_FALSE(decode_mem(0x5A, 0x3501, true, r).is_mem);  // adds r5, #1
}

TEST(ArmDecode, Hints) {
  EXPECT_TRUE(arm_is_wfi(0xE320F003));
  EXPECT_FALSE(arm_is_wfi(0xE320F002));
  EXPECT_TRUE(arm_is_wfe_or_yield(0xE320F002));
  EXPECT_TRUE(thumb_is_wfi(0xBF30, 0));
  EXPECT_TRUE(thumb_is_wfi(0xF3AF, 0x8003));
  EXPECT_TRUE(thumb_is_wfe_or_yield(0xBF20, 0));
}
