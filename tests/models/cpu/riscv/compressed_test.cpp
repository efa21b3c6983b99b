// Every RV32C instruction hand-encoded from the RVC format tables (independent of both the
// assembler and the simulator's decoder), checked on architectural state; plus the reserved
// encodings that must raise illegal instruction.
#include <gtest/gtest.h>

#include "models/cpu/riscv/rv32_test_util.h"

using namespace zvp;
using namespace zvp::test::rv;

namespace {

uint32_t bit(uint32_t v, unsigned i) { return (v >> i) & 1; }
uint32_t bits(uint32_t v, unsigned hi, unsigned lo) { return (v >> lo) & ((1u << (hi - lo + 1)) - 1); }
uint16_t u16(uint32_t v) { return static_cast<uint16_t>(v); }
uint32_t p(uint32_t reg) { return reg - 8; }  // x8..x15 -> 3-bit field

uint16_t c_addi4spn(uint32_t rd, uint32_t u) {
  return u16((0u << 13) | (bits(u, 5, 4) << 11) | (bits(u, 9, 6) << 7) | (bit(u, 2) << 6) |
             (bit(u, 3) << 5) | (p(rd) << 2) | 0);
}
uint16_t c_lw_sw(uint32_t f3, uint32_t r1, uint32_t r2, uint32_t u) {
  return u16((f3 << 13) | (bits(u, 5, 3) << 10) | (p(r1) << 7) | (bit(u, 2) << 6) |
             (bit(u, 6) << 5) | (p(r2) << 2) | 0);
}
uint16_t ci(uint32_t f3, uint32_t rd, int32_t imm, uint32_t op) {
  const uint32_t u = static_cast<uint32_t>(imm);
  return u16((f3 << 13) | (bit(u, 5) << 12) | (rd << 7) | (bits(u, 4, 0) << 2) | op);
}
uint16_t cj(uint32_t f3, int32_t imm) {
  const uint32_t u = static_cast<uint32_t>(imm);
  return u16((f3 << 13) | (bit(u, 11) << 12) | (bit(u, 4) << 11) | (bits(u, 9, 8) << 9) |
             (bit(u, 10) << 8) | (bit(u, 6) << 7) | (bit(u, 7) << 6) | (bits(u, 3, 1) << 3) |
             (bit(u, 5) << 2) | 1);
}
uint16_t c_addi16sp(int32_t imm) {
  const uint32_t u = static_cast<uint32_t>(imm);
  return u16((3u << 13) | (bit(u, 9) << 12) | (2u << 7) | (bit(u, 4) << 6) | (bit(u, 6) << 5) |
             (bits(u, 8, 7) << 3) | (bit(u, 5) << 2) | 1);
}
uint16_t c_lui(uint32_t rd, uint32_t nzimm) {  // nzimm = value >> 12 (6-bit signed)
  return u16((3u << 13) | (bit(nzimm, 5) << 12) | (rd << 7) | (bits(nzimm, 4, 0) << 2) | 1);
}
uint16_t c_alu_imm(uint32_t sub, uint32_t rd, int32_t imm) {  // srli 0, srai 1, andi 2
  const uint32_t u = static_cast<uint32_t>(imm);
  return u16((4u << 13) | (bit(u, 5) << 12) | (sub << 10) | (p(rd) << 7) | (bits(u, 4, 0) << 2) | 1);
}
uint16_t c_arith(uint32_t fn, uint32_t rd, uint32_t rs2) {  // sub 0, xor 1, or 2, and 3
  return u16((4u << 13) | (0u << 12) | (3u << 10) | (p(rd) << 7) | (fn << 5) | (p(rs2) << 2) | 1);
}
uint16_t c_branch(uint32_t f3, uint32_t rs1, int32_t off) {
  const uint32_t u = static_cast<uint32_t>(off);
  return u16((f3 << 13) | (bit(u, 8) << 12) | (bits(u, 4, 3) << 10) | (p(rs1) << 7) |
             (bits(u, 7, 6) << 5) | (bits(u, 2, 1) << 3) | (bit(u, 5) << 2) | 1);
}
uint16_t c_lwsp(uint32_t rd, uint32_t u) {
  return u16((2u << 13) | (bit(u, 5) << 12) | (rd << 7) | (bits(u, 4, 2) << 4) | (bits(u, 7, 6) << 2) | 2);
}
uint16_t c_swsp(uint32_t rs2, uint32_t u) {
  return u16((6u << 13) | (bits(u, 5, 2) << 9) | (bits(u, 7, 6) << 7) | (rs2 << 2) | 2);
}
uint16_t c_cr(uint32_t b12, uint32_t rd, uint32_t rs2) {
  return u16((4u << 13) | (b12 << 12) | (rd << 7) | (rs2 << 2) | 2);
}

// Runs one 16-bit instruction at kBase with the given registers.
struct OneC {
  Rv32FlatSystem sys;
  OneC(uint16_t insn, std::initializer_list<std::pair<unsigned, uint32_t>> regs) {
    Code c;
    c.h(insn).h(0x0001).w(kNop);
    load(sys, c);
    for (auto& [r, v] : regs) sys.core().set_reg(r, v);
    sys.core().step();
  }
  uint32_t x(unsigned r) { return sys.core().reg(r); }
  uint32_t pc() { return sys.core().pc(); }
  uint32_t csr(uint16_t n) {
    uint32_t v = 0;
    sys.core().read_csr(n, v);
    return v;
  }
};

}  // namespace

TEST(Rv32Compressed, StackAndRegisterBasedLoadsStores) {
  OneC a(c_addi4spn(s1, 1020), {{sp, 0x4000}});
  EXPECT_EQ(a.x(s1), 0x4000u + 1020);
  EXPECT_EQ(a.pc(), kBase + 2);

  Rv32FlatSystem sys;
  Code c;
  c.h(c_lw_sw(6, a0, a1, 124))   // c.sw a1, 124(a0)
      .h(c_lw_sw(2, a0, a2, 124))  // c.lw a2, 124(a0)
      .h(c_swsp(t1, 252))           // c.swsp t1, 252(sp)
      .h(c_lwsp(t2, 252));          // c.lwsp t2, 252(sp)
  load(sys, c);
  sys.core().set_reg(a0, 0x8000);
  sys.core().set_reg(a1, 0x13579bdf);
  sys.core().set_reg(sp, 0x9000);
  sys.core().set_reg(t1, 0x2468ace0);
  for (int i = 0; i < 4; ++i) sys.core().step();
  EXPECT_EQ(sys.read32(0x8000 + 124), 0x13579bdfu);
  EXPECT_EQ(sys.core().reg(a2), 0x13579bdfu);
  EXPECT_EQ(sys.read32(0x9000 + 252), 0x2468ace0u);
  EXPECT_EQ(sys.core().reg(t2), 0x2468ace0u);
  EXPECT_EQ(sys.core().pc(), kBase + 8);
}

TEST(Rv32Compressed, ImmediateForms) {
  EXPECT_EQ(OneC(0x0001, {{a0, 7}}).x(a0), 7u);                           // c.nop
  EXPECT_EQ(OneC(ci(0, a0, -32, 1), {{a0, 7}}).x(a0), static_cast<uint32_t>(-25));  // c.addi
  EXPECT_EQ(OneC(ci(2, t3, 31, 1), {}).x(t3), 31u);                       // c.li
  EXPECT_EQ(OneC(ci(2, t3, -1, 1), {}).x(t3), 0xffffffffu);
  EXPECT_EQ(OneC(c_lui(t4, 0x20), {}).x(t4), 0xfffe0000u);                // c.lui, nzimm = -32
  EXPECT_EQ(OneC(c_lui(t4, 0x1f), {}).x(t4), 0x0001f000u);
  EXPECT_EQ(OneC(c_addi16sp(-512), {{sp, 0x4000}}).x(sp), 0x3e00u);       // c.addi16sp
  EXPECT_EQ(OneC(c_addi16sp(496), {{sp, 0x4000}}).x(sp), 0x41f0u);
  EXPECT_EQ(OneC(ci(0, t5, 31, 2), {{t5, 1}}).x(t5), 0x80000000u);        // c.slli
  EXPECT_EQ(OneC(c_alu_imm(0, a5, 31), {{a5, 0x80000000}}).x(a5), 1u);    // c.srli
  EXPECT_EQ(OneC(c_alu_imm(1, a5, 31), {{a5, 0x80000000}}).x(a5), 0xffffffffu);  // c.srai
  EXPECT_EQ(OneC(c_alu_imm(2, a5, -2), {{a5, 0xff}}).x(a5), 0xfeu);       // c.andi
}

TEST(Rv32Compressed, RegisterForms) {
  EXPECT_EQ(OneC(c_arith(0, s0, s1), {{s0, 10}, {s1, 12}}).x(s0), static_cast<uint32_t>(-2));
  EXPECT_EQ(OneC(c_arith(1, s0, s1), {{s0, 0xff00}, {s1, 0x0ff0}}).x(s0), 0xf0f0u);
  EXPECT_EQ(OneC(c_arith(2, s0, s1), {{s0, 0xff00}, {s1, 0x0ff0}}).x(s0), 0xfff0u);
  EXPECT_EQ(OneC(c_arith(3, s0, s1), {{s0, 0xff00}, {s1, 0x0ff0}}).x(s0), 0x0f00u);
  EXPECT_EQ(OneC(c_cr(0, t6, s7), {{s7, 99}}).x(t6), 99u);                   // c.mv
  EXPECT_EQ(OneC(c_cr(1, t6, s7), {{t6, 1}, {s7, 99}}).x(t6), 100u);        // c.add
  EXPECT_EQ(OneC(c_cr(1, zero, s7), {{s7, 99}}).x(zero), 0u);               // c.add x0: hint
}

TEST(Rv32Compressed, JumpsAndBranches) {
  OneC j(cj(5, -2048), {});
  EXPECT_EQ(j.pc(), kBase - 2048);
  EXPECT_EQ(j.x(ra), 0u);
  OneC jal(cj(1, 2046), {});
  EXPECT_EQ(jal.pc(), kBase + 2046);
  EXPECT_EQ(jal.x(ra), kBase + 2);  // link = pc + 2
  OneC jr(c_cr(0, a3, 0), {{a3, 0x5000}});
  EXPECT_EQ(jr.pc(), 0x5000u);
  OneC jalr(c_cr(1, ra, 0), {{ra, 0x6000}});  // c.jalr ra: target read before the link
  EXPECT_EQ(jalr.pc(), 0x6000u);
  EXPECT_EQ(jalr.x(ra), kBase + 2);
  EXPECT_EQ(OneC(c_branch(6, s0, -256), {{s0, 0}}).pc(), kBase - 256);  // c.beqz taken
  EXPECT_EQ(OneC(c_branch(6, s0, 254), {{s0, 1}}).pc(), kBase + 2);     // not taken
  EXPECT_EQ(OneC(c_branch(7, s0, 254), {{s0, 1}}).pc(), kBase + 254);   // c.bnez taken
  EXPECT_EQ(OneC(c_branch(7, s0, 254), {{s0, 0}}).pc(), kBase + 2);
}

TEST(Rv32Compressed, EbreakTraps) {
  OneC e(0x9002, {});
  EXPECT_EQ(e.csr(0x342), 3u);      // mcause: breakpoint
  EXPECT_EQ(e.csr(0x341), kBase);   // mepc
  EXPECT_EQ(e.pc(), 0u);            // mtvec reset value
}

TEST(Rv32Compressed, ReservedEncodingsAreIllegal) {
  const uint16_t reserved[] = {
      0x0000,                 // all zeros
      c_addi4spn(s0, 0),      // nzuimm = 0
      c_lwsp(zero, 4),        // rd = 0
      c_cr(0, zero, 0),       // c.jr x0
      c_addi16sp(0),          // nzimm = 0
      c_lui(a0, 0),           // nzimm = 0
      c_alu_imm(0, s0, 32),   // c.srli shamt[5] = 1 on RV32
      c_alu_imm(1, s0, 33),   // c.srai shamt[5] = 1
      ci(0, a0, 32, 2),       // c.slli shamt[5] = 1
      u16(0x9c01),            // c.subw
      u16(0x9c21),            // c.addw
      u16(0x2000), u16(0x6000), u16(0xa000), u16(0xe000),   // c.fld/flw/fsd/fsw
      u16(0x2002), u16(0x6002), u16(0xa002), u16(0xe002),   // c.fldsp/flwsp/fsdsp/fswsp
      u16(0x8000),            // reserved quadrant-0 slot
  };
  for (uint16_t enc : reserved) {
    OneC o(enc, {});
    EXPECT_EQ(o.csr(0x342), 2u) << std::hex << enc;   // illegal instruction
    EXPECT_EQ(o.csr(0x343), enc) << std::hex << enc;  // mtval = the 16 bits
    EXPECT_EQ(o.csr(0x341), kBase) << std::hex << enc;
  }
}
