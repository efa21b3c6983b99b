// Instruction-length counting and load/store address decoding used by the Cortex-A9 model.
#include <gtest/gtest.h>

#include <algorithm>

#include "cpu/arm/arm_alignment.h"
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

// The forms a data abort's address must come from (encodings by arm-none-eabi-as): NEON
// structure loads/stores, VFP loads/stores and multiples, shifted register offsets, in ARM and
// Thumb. The expected ranges are the ARM ARM's: VLDn/VSTn at Rn for 8 bytes per register (or
// n elements), VLDR/VSTR Rn +/- imm8*4 for 4 (S) or 8 (D) bytes, VLDM/VPUSH imm8 words.
TEST(ArmDecode, VfpNeonAndShiftedOffsets) {
  uint32_t r[16] = {};
  r[1] = 0x1000;
  r[2] = 0x40;
  r[12] = 0x3000;
  r[13] = 0x2000;
  struct Case {
    uint32_t insn;
    bool thumb, load;
    uint32_t lo, len;
  } cases[] = {
      {0xF40C070D, false, false, 0x3000, 8},   // vst1.8 {d0}, [ip]!
      {0xF421028F, false, true, 0x1000, 32},   // vld1.32 {d0-d3}, [r1]
      {0xF4A1088F, false, true, 0x1000, 4},    // vld1.32 {d0[1]}, [r1]
      {0xF4A10F4F, false, true, 0x1000, 8},    // vld4.16 {d0[]-d3[]}, [r1]
      {0xED910B02, false, true, 0x1008, 8},    // vldr d0, [r1, #8]
      {0xED010A01, false, false, 0x0FFC, 4},   // vstr s0, [r1, #-4]
      {0xEC910B06, false, true, 0x1000, 24},   // vldmia r1, {d0-d2}
      {0xED2D8B04, false, false, 0x1FF0, 16},  // vpush {d8-d9}
      {0xE7910122, false, true, 0x1010, 4},    // ldr r0, [r1, r2, lsr #2]
      {0xE70100C2, false, false, 0x0FE0, 4},   // str r0, [r1, -r2, asr #1]
      {0x070DF90C, true, false, 0x3000, 8},    // vst1.8 {d0}, [ip]!
      {0x0B02ED91, true, true, 0x1008, 8},     // vldr d0, [r1, #8]
      {0x0A04ECB1, true, true, 0x1000, 16},    // vldmia r1!, {s0-s3}
      {0x084FF921, true, true, 0x1000, 16},    // vld2.16 {d0-d1}, [r1]
  };
  for (const Case& c : cases) {
    const MemAccess m = decode_mem(0x100, c.insn, c.thumb, r);
    SCOPED_TRACE(c.insn);
    ASSERT_TRUE(m.is_mem && m.range_known);
    EXPECT_EQ(m.is_load, c.load);
    EXPECT_EQ(m.lo, c.lo);
    EXPECT_EQ(m.hi - m.lo, c.len);
  }
}

// The CP15 writes that end the TLB fills' shared reading of the translation registers.
TEST(ArmDecode, TranslationRegisterWrites) {
  using zvp::arm::writes_translation_reg;
  auto t32 = [](uint32_t hw1, uint32_t hw2) { return hw1 | (hw2 << 16); };
  EXPECT_TRUE(writes_translation_reg(0xEE010F10u, false));   // mcr p15, 0, r0, c1, c0, 0 (SCTLR)
  EXPECT_TRUE(writes_translation_reg(0xEE011F11u, false));   // mcr p15, 0, r1, c1, c1, 0 (SCR)
  EXPECT_TRUE(writes_translation_reg(0xEE020F10u, false));   // mcr p15, 0, r0, c2, c0, 0 (TTBR0)
  EXPECT_TRUE(writes_translation_reg(0xEE020F30u, false));   // TTBR1
  EXPECT_TRUE(writes_translation_reg(0x1E020F50u, false));   // TTBCR, condition NE
  EXPECT_TRUE(writes_translation_reg(0xEE033F10u, false));   // mcr p15, 0, r3, c3, c0, 0 (DACR)
  EXPECT_TRUE(writes_translation_reg(0xEC410F02u, false));   // mcrr p15, 0, r0, r1, c2
  EXPECT_FALSE(writes_translation_reg(0xEE110F10u, false));  // mrc p15, 0, r0, c1, c0, 0 (a read)
  EXPECT_FALSE(writes_translation_reg(0xEE080F17u, false));  // mcr p15, 0, r0, c8, c7, 0 (TLBIALL)
  EXPECT_FALSE(writes_translation_reg(0xEE0D0F30u, false));  // CONTEXTIDR (c13: Unicorn flushes)
  EXPECT_FALSE(writes_translation_reg(0xEE020E10u, false));  // mcr p14 (another coprocessor)
  EXPECT_FALSE(writes_translation_reg(0xE0810002u, false));  // add r0, r1, r2
  EXPECT_TRUE(writes_translation_reg(t32(0xEE02, 0x0F10), true));   // Thumb-2 TTBR0
  EXPECT_TRUE(writes_translation_reg(t32(0xEE03, 0x3F10), true));   // Thumb-2 DACR
  EXPECT_TRUE(writes_translation_reg(t32(0xEC41, 0x0F02), true));   // Thumb-2 MCRR
  EXPECT_FALSE(writes_translation_reg(t32(0xEE12, 0x0F10), true));  // Thumb-2 MRC TTBR0
  EXPECT_FALSE(writes_translation_reg(t32(0xEE07, 0x0F15), true));  // Thumb-2 ICIALLU
  EXPECT_FALSE(writes_translation_reg(t32(0x4408, 0xBF00), true));  // add r0, r1; nop
}

TEST(ArmDecode, IdRegisterReads) {
  using zvp::arm::IdRegister;
  auto id = [](uint32_t insn, bool thumb, IdRegister* r = nullptr, unsigned* rt = nullptr) {
    IdRegister rr{};
    unsigned t = 99;
    const bool hit = zvp::arm::is_id_register_read(insn, thumb, &rr, &t);
    if (r) *r = rr;
    if (rt) *rt = t;
    return hit;
  };
  IdRegister r{};
  unsigned rt = 0;
  EXPECT_TRUE(id(0xEE103F30u, false, &r, &rt));  // mrc p15, 0, r3, c0, c0, 1 (CTR)
  EXPECT_EQ(r, IdRegister::kCtr);
  EXPECT_EQ(rt, 3u);
  EXPECT_TRUE(id(0xEE302F10u, false, &r, &rt));  // mrc p15, 1, r2, c0, c0, 0 (CCSIDR)
  EXPECT_EQ(r, IdRegister::kCcsidr);
  EXPECT_EQ(rt, 2u);
  EXPECT_TRUE(id(0xEE300F30u, false, &r));       // mrc p15, 1, r0, c0, c0, 1 (CLIDR)
  EXPECT_EQ(r, IdRegister::kClidr);
  EXPECT_TRUE(id(0xEE101F11u, false, &r));       // mrc p15, 0, r1, c0, c1, 0 (ID_PFR0)
  EXPECT_EQ(r, IdRegister::kIdPfr0);
  EXPECT_TRUE(id(0xEE104F92u, false, &r, &rt));  // mrc p15, 0, r4, c0, c2, 4 (ID_ISAR4)
  EXPECT_EQ(r, IdRegister::kIdIsar4);
  EXPECT_EQ(rt, 4u);
  EXPECT_TRUE(id(0xEE100FB0u, false, &r));       // mrc p15, 0, r0, c0, c0, 5 (MPIDR)
  EXPECT_EQ(r, IdRegister::kMpidr);
  EXPECT_TRUE(id(0x1E103F30u, false));           // CTR, condition NE (checked when it runs)
  EXPECT_FALSE(id(0xEE100F10u, false));          // MIDR: Unicorn's field holds the right value
  EXPECT_FALSE(id(0xEE10FF30u, false));          // Rt = PC (APSR_nzcv)
  EXPECT_FALSE(id(0xFE103F30u, false));          // MRC2
  EXPECT_FALSE(id(0xEE400F10u, false));          // mcr p15, 2, r0, c0, c0, 0 (a CSSELR write)
  EXPECT_FALSE(id(0xEE103E30u, false));          // mrc p14 (another coprocessor)
  EXPECT_FALSE(id(0xEE113F30u, false));          // CRn = c1
  EXPECT_TRUE(id(0xEE30u | (0x0F30u << 16), true, &r));  // Thumb-2 CLIDR
  EXPECT_EQ(r, IdRegister::kClidr);
  EXPECT_FALSE(id(0xFE30u | (0x0F30u << 16), true));     // Thumb-2 MRC2
}

// Thumb-2 exclusives and table branches: LDREX's immediate offset, the sizes of LDREXH/LDREXD,
// TBH's scaled index (encodings from arm-none-eabi-as).
TEST(ArmDecode, ThumbExclusiveAndTableBranchAddresses) {
  uint32_t r[16] = {};
  r[0] = 0x1000;
  r[1] = 3;
  auto m = decode_mem(0x5C, 0x1F01E850, true, r);  // ldrex r1, [r0, #4]
  ASSERT_TRUE(m.is_mem && m.is_load && m.range_known);
  EXPECT_EQ(m.lo, 0x1004u);
  EXPECT_EQ(m.hi - m.lo, 4u);
  m = decode_mem(0x60, 0x1F5FE8D0, true, r);  // ldrexh r1, [r0]
  EXPECT_EQ(m.lo, 0x1000u);
  EXPECT_EQ(m.hi - m.lo, 2u);
  m = decode_mem(0x64, 0xF011E8D0, true, r);  // tbh [r0, r1, lsl #1]
  EXPECT_TRUE(m.is_load);
  EXPECT_EQ(m.lo, 0x1006u);
  EXPECT_EQ(m.hi - m.lo, 2u);
  m = decode_mem(0x20, 0xE1B02F9F, false, r);  // ldrexd r2, r3, [r0] (ARM)
  EXPECT_EQ(m.hi - m.lo, 8u);
  // The registers an address is made of: Rn, and SP for PUSH.
  EXPECT_TRUE(mem_address_regs(0xE5901000, false) & 1u);          // ldr r1, [r0]
  EXPECT_TRUE(mem_address_regs(0xB510, true) & (1u << 13));       // push {r4, lr}
  EXPECT_EQ(mem_address_regs(0xF011E8D0, true), (1u << 0) | (1u << 1));  // tbh [r0, r1]
}

// Table A3-1 of the ARM ARM (ARMv7-A/R, A3.2.1), read for each instruction class: the alignment
// checked whatever SCTLR.A says, and the one with SCTLR.A = 1 (bytes). Encodings from
// arm-none-eabi-as; Thumb: the first halfword in [15:0].
TEST(ArmDecode, AlignmentRulesFollowTheArchitectureTable) {
  struct Case {
    uint32_t insn;
    bool thumb;
    unsigned always, strict;
    const char* what;
  };
  const Case cases[] = {
      {0xE5901000, false, 0, 4, "ldr"},
      {0xE5D01000, false, 0, 0, "ldrb"},
      {0xE1D010B0, false, 0, 2, "ldrh"},
      {0xE1D010F0, false, 0, 2, "ldrsh"},
      {0xE1C020D0, false, 4, 4, "ldrd"},
      {0xE1C020F0, false, 4, 4, "strd"},
      {0xE8900006, false, 4, 4, "ldm"},
      {0xE1901F9F, false, 4, 4, "ldrex"},
      {0xE1B02F9F, false, 8, 8, "ldrexd"},
      {0xE1D01F9F, false, 0, 0, "ldrexb"},
      {0xE1E01F92, false, 2, 2, "strexh"},
      {0xE1001092, false, 4, 4, "swp"},
      {0xED900B00, false, 4, 4, "vldr"},
      {0xEC510B10, false, 0, 0, "vmov r0, r1, d0 (no memory)"},
      {0xF420079F, false, 8, 4, "vld1.32 {d0}, [r0:64]"},
      {0xF420078F, false, 0, 4, "vld1.32 {d0}, [r0]"},
      {0xF420070F, false, 0, 1, "vld1.8 {d0}, [r0]"},
      {0xF4A0075F, false, 8, 2, "vld4.16 one lane, [r0:64]"},
      {0xF4A00D9F, false, 8, 4, "vld2.32 all lanes, [r0:64]"},
      {0xF5D0F000, false, 0, 0, "pld"},
      {0x6801, true, 0, 4, "thumb ldr"},
      {0x0006E890, true, 4, 4, "thumb ldmia.w"},
      {0xB510, true, 4, 4, "thumb push"},
      {0x2300E9D0, true, 4, 4, "thumb ldrd"},
      {0x1F01E850, true, 4, 4, "thumb ldrex"},
      {0x1F5FE8D0, true, 2, 2, "thumb ldrexh"},
      {0xF011E8D0, true, 0, 2, "thumb tbh"},
      {0xF000F890, true, 0, 0, "thumb pld"},
      {0x1001F8B0, true, 0, 2, "thumb ldrh.w"},
      {0x1000F990, true, 0, 0, "thumb ldrsb.w"},
      {0x0B04EC80, true, 4, 4, "thumb vstmia"},
  };
  for (const Case& c : cases) {
    const AlignRule r = alignment_rule(c.insn, c.thumb);
    EXPECT_EQ(r.required(false) > 1 ? r.required(false) : 0u, c.always) << c.what;
    EXPECT_EQ(r.required(true) > 1 ? r.required(true) : 0u, std::max(c.always, c.strict) > 1 ? std::max(c.always, c.strict) : 0u)
        << c.what;
  }
}
