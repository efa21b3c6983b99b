// Single instructions, hand-encoded from the ISA manual's formats, checked on architectural
// state: results, x0, pc updates, links, sign extension.
#include <gtest/gtest.h>

#include "models/cpu/riscv/rv32_test_util.h"

using namespace zvp;
using namespace zvp::test::rv;

namespace {

// Runs `insn` once with the given register values; returns the system for inspection.
struct One {
  Rv32FlatSystem sys;
  One(uint32_t insn, std::initializer_list<std::pair<unsigned, uint32_t>> regs) {
    Code c;
    c.w(insn).w(kNop);
    load(sys, c);
    for (auto& [r, v] : regs) sys.core().set_reg(r, v);
    sys.core().step();
  }
  uint32_t x(unsigned r) { return sys.core().reg(r); }
  uint32_t pc() { return sys.core().pc(); }
};

}  // namespace

TEST(Rv32Insn, AluRegisterRegister) {
  struct Case { uint32_t f7, f3; uint32_t a, b, want; };
  const Case cases[] = {
      {0x00, 0, 0xffffffff, 2, 1},                 // add wraps
      {0x20, 0, 0, 1, 0xffffffff},                 // sub
      {0x00, 1, 1, 35, 8},                         // sll uses rs2[4:0]
      {0x00, 2, 0x80000000, 0, 1},                 // slt signed
      {0x00, 3, 0x80000000, 0, 0},                 // sltu
      {0x00, 4, 0xf0f0f0f0, 0xff00ff00, 0x0ff00ff0},
      {0x00, 5, 0x80000000, 4, 0x08000000},        // srl
      {0x20, 5, 0x80000000, 4, 0xf8000000},        // sra
      {0x00, 6, 0xf0f0f0f0, 0x0000ff00, 0xf0f0fff0},
      {0x00, 7, 0xf0f0f0f0, 0x0000ff00, 0x0000f000},
  };
  for (const Case& k : cases) {
    One o(r_type(k.f7, a2, a1, k.f3, a0, 0x33), {{a1, k.a}, {a2, k.b}});
    EXPECT_EQ(o.x(a0), k.want) << "f7=" << k.f7 << " f3=" << k.f3;
    EXPECT_EQ(o.pc(), kBase + 4);
  }
}

TEST(Rv32Insn, AluImmediate) {
  EXPECT_EQ(One(addi(a0, a1, -2048), {{a1, 0}}).x(a0), 0xfffff800u);
  EXPECT_EQ(One(i_type(-1, a1, 2, a0, 0x13), {{a1, 0}}).x(a0), 0u);       // slti 0 < -1
  EXPECT_EQ(One(i_type(-1, a1, 3, a0, 0x13), {{a1, 0}}).x(a0), 1u);       // sltiu 0 < 0xffffffff
  EXPECT_EQ(One(i_type(0x7ff, a1, 4, a0, 0x13), {{a1, 0xffffffff}}).x(a0), 0xfffff800u);
  EXPECT_EQ(One(i_type(0x0f0, a1, 6, a0, 0x13), {{a1, 0x0000000f}}).x(a0), 0xffu);
  EXPECT_EQ(One(i_type(-256, a1, 7, a0, 0x13), {{a1, 0x12345678}}).x(a0), 0x12345600u);
  EXPECT_EQ(One(i_type(31, a1, 1, a0, 0x13), {{a1, 3}}).x(a0), 0x80000000u);            // slli
  EXPECT_EQ(One(i_type(31, a1, 5, a0, 0x13), {{a1, 0x80000000}}).x(a0), 1u);            // srli
  EXPECT_EQ(One(i_type(0x400 | 31, a1, 5, a0, 0x13), {{a1, 0x80000000}}).x(a0), 0xffffffffu);  // srai
}

TEST(Rv32Insn, UpperImmediates) {
  EXPECT_EQ(One(u_type(0xabcde, a0, 0x37), {}).x(a0), 0xabcde000u);
  EXPECT_EQ(One(u_type(0xfffff, a0, 0x17), {}).x(a0), kBase - 0x1000);  // auipc, negative
}

TEST(Rv32Insn, X0IsHardWired) {
  One o(addi(zero, zero, 5), {});
  EXPECT_EQ(o.x(zero), 0u);
  One l(u_type(0x12345, zero, 0x37), {});
  EXPECT_EQ(l.x(zero), 0u);
  One j(j_type(8, zero), {});  // j: no link written
  EXPECT_EQ(j.x(zero), 0u);
  EXPECT_EQ(j.pc(), kBase + 8);
}

TEST(Rv32Insn, JumpsLinkAndTarget) {
  One jal(j_type(-4, ra), {});
  EXPECT_EQ(jal.x(ra), kBase + 4);
  EXPECT_EQ(jal.pc(), kBase - 4);
  One jalr(i_type(3, a1, 0, ra, 0x67), {{a1, 0x2000}});
  EXPECT_EQ(jalr.x(ra), kBase + 4);
  EXPECT_EQ(jalr.pc(), 0x2002u);  // bit 0 of the target cleared
  One same(i_type(0, a1, 0, a1, 0x67), {{a1, 0x3000}});  // rd == rs1
  EXPECT_EQ(same.pc(), 0x3000u);
  EXPECT_EQ(same.x(a1), kBase + 4);
}

TEST(Rv32Insn, BranchesTakenAndNotTaken) {
  struct Case { uint32_t f3; uint32_t a, b; bool taken; };
  const Case cases[] = {
      {0, 5, 5, true},  {0, 5, 6, false}, {1, 5, 6, true},  {1, 5, 5, false},
      {4, 0xffffffff, 0, true}, {4, 0, 0xffffffff, false}, {5, 0, 0xffffffff, true},
      {5, 0xffffffff, 0, false}, {6, 0, 0xffffffff, true}, {6, 0xffffffff, 0, false},
      {7, 0xffffffff, 0, true}, {7, 0, 0xffffffff, false}, {5, 7, 7, true}, {7, 7, 7, true},
  };
  for (const Case& k : cases) {
    One o(b_type(-16, a2, a1, k.f3), {{a1, k.a}, {a2, k.b}});
    EXPECT_EQ(o.pc(), k.taken ? kBase - 16 : kBase + 4) << "f3=" << k.f3 << " a=" << k.a;
  }
}

TEST(Rv32Insn, LoadsSignAndZeroExtend) {
  Rv32FlatSystem sys;
  Code c;
  c.w(i_type(0, a1, 0, a0, 0x03))   // lb
      .w(i_type(0, a1, 4, a2, 0x03))  // lbu
      .w(i_type(0, a1, 1, a3, 0x03))  // lh
      .w(i_type(0, a1, 5, a4, 0x03))  // lhu
      .w(i_type(-4, a5, 2, a6, 0x03));  // lw with a negative offset
  load(sys, c);
  sys.write32(0x8000, 0x80f0a5b6);
  sys.core().set_reg(a1, 0x8001);
  sys.core().set_reg(a5, 0x8004);
  for (int i = 0; i < 5; ++i) sys.core().step();
  EXPECT_EQ(sys.core().reg(a0), 0xffffffa5u);
  EXPECT_EQ(sys.core().reg(a2), 0xa5u);
  EXPECT_EQ(sys.core().reg(a3), 0xfffff0a5u);  // misaligned halfword, split
  EXPECT_EQ(sys.core().reg(a4), 0xf0a5u);
  EXPECT_EQ(sys.core().reg(a6), 0x80f0a5b6u);
}

TEST(Rv32Insn, StoresWriteOnlyTheirBytes) {
  Rv32FlatSystem sys;
  Code c;
  c.w(s_type(0, a0, a1, 0, 0x23)).w(s_type(2, a0, a1, 1, 0x23)).w(s_type(-8, a0, a2, 2, 0x23));
  load(sys, c);
  sys.write32(0x8000, 0x11111111);
  sys.core().set_reg(a0, 0xaabbccdd);
  sys.core().set_reg(a1, 0x8000);
  sys.core().set_reg(a2, 0x800c);
  sys.core().step();
  EXPECT_EQ(sys.read32(0x8000), 0x111111ddu);
  sys.core().step();
  EXPECT_EQ(sys.read32(0x8000), 0xccdd11ddu);
  sys.core().step();
  EXPECT_EQ(sys.read32(0x8004), 0xaabbccddu);
}

TEST(Rv32Insn, MultiplyDivideCornerCases) {
  struct Case { uint32_t f3; uint32_t a, b, want; };
  const Case cases[] = {
      {0, 0xffffffff, 0xffffffff, 1},          // mul
      {1, 0x80000000, 0xffffffff, 0},          // mulh: INT_MIN * -1 = 2^31 -> high 0
      {2, 0xffffffff, 0xffffffff, 0xffffffff}, // mulhsu: -1 * (2^32-1)
      {3, 0xffffffff, 0xffffffff, 0xfffffffe}, // mulhu
      {4, 20, 0, 0xffffffff},                  // div by zero
      {4, 0x80000000, 0xffffffff, 0x80000000}, // div overflow
      {4, static_cast<uint32_t>(-20), 6, static_cast<uint32_t>(-3)},
      {5, 20, 0, 0xffffffff},                  // divu by zero
      {6, 20, 0, 20},                          // rem by zero = dividend
      {6, 0x80000000, 0xffffffff, 0},          // rem overflow
      {6, static_cast<uint32_t>(-20), 6, static_cast<uint32_t>(-2)},
      {7, 20, 0, 20},                          // remu by zero
      {7, 0xfffffffe, 0x10, 0xe},
  };
  for (const Case& k : cases) {
    One o(mul_op(k.f3, a0, a1, a2), {{a1, k.a}, {a2, k.b}});
    EXPECT_EQ(o.x(a0), k.want) << "f3=" << k.f3 << " a=" << k.a << " b=" << k.b;
  }
}
