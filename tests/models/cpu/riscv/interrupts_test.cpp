// Interrupts (mstatus.MIE, mie, priorities, vectored and direct mtvec), WFI, the misaligned
// trap policy and instruction access faults.
#include <gtest/gtest.h>

#include "cpu/riscv/rv32_csr.h"
#include "models/cpu/riscv/rv32_test_util.h"

using namespace zvp;
using namespace zvp::test::rv;

namespace {

struct IrqProgram : ::testing::Test {
  Program prog{"irq"};
  Rv32FlatSystem sys;
  Rv32Core& core = sys.core();
  IrqProgram() {
    sys.load(prog.img);
    // Run the set-up code up to the counting loop.
    while (core.pc() != prog.symbol("ready") && core.instructions() < 100) core.step();
    EXPECT_EQ(core.pc(), prog.symbol("ready"));
  }
  uint32_t csr(uint16_t n) {
    uint32_t v = 0;
    core.read_csr(n, v);
    return v;
  }
  uint32_t log(unsigned i) { return sys.read32(prog.symbol("log") + 4 * i); }
  bool in_loop() { return core.pc() >= prog.symbol("ready") && core.pc() < prog.symbol("sleep"); }
};

}  // namespace

TEST_F(IrqProgram, NoInterruptWithoutARequest) {
  core.run(~0ull, core.instructions() + 200);
  EXPECT_TRUE(in_loop());
  EXPECT_EQ(core.reg(s11), 0u);
  EXPECT_GT(core.reg(a0), 50u);
}

TEST_F(IrqProgram, ExternalInterruptIsVectored) {
  core.run(~0ull, core.instructions() + 20);
  const uint32_t counted = core.reg(a0);
  core.set_irq_external(true);
  core.step();  // takes the interrupt: pc = mtvec base + 4 * 11
  EXPECT_EQ(core.pc(), prog.symbol("vectors") + 4 * 11);
  EXPECT_EQ(csr(rv32::kMcause), 0x8000000bu);
  EXPECT_EQ(csr(rv32::kMstatus) & 0x88, 0x80u);  // MIE cleared, MPIE set
  core.run(~0ull, core.instructions() + 30);
  EXPECT_EQ(core.reg(s11), 1u);
  EXPECT_EQ(core.reg(s2), 0x8000000bu);
  EXPECT_GE(core.reg(s3), prog.symbol("ready"));  // mepc: an instruction of the loop
  EXPECT_LT(core.reg(s3), prog.symbol("sleep"));
  EXPECT_TRUE(in_loop());  // mret returned to the loop, which goes on counting
  EXPECT_GT(core.reg(a0), counted);
  EXPECT_EQ(csr(rv32::kMstatus) & 0x8, 0x8u);  // MIE restored by mret
  EXPECT_EQ(csr(rv32::kMip), rv32::kMipMeip);  // still asserted, but MEIE was cleared
  EXPECT_EQ(csr(rv32::kMie), 0x88u);
  EXPECT_EQ(core.interrupts(), 1u);
}

TEST_F(IrqProgram, MieAndMstatusMieGateInterrupts) {
  core.write_csr(rv32::kMstatus, 0);  // global disable
  core.set_irq_timer(true);
  core.run(~0ull, core.instructions() + 50);
  EXPECT_EQ(core.reg(s11), 0u);
  EXPECT_EQ(csr(rv32::kMip), rv32::kMipMtip);
  core.write_csr(rv32::kMie, rv32::kMipMeip);  // timer not enabled in mie
  core.write_csr(rv32::kMstatus, rv32::kMstatusMie);
  core.run(~0ull, core.instructions() + 50);
  EXPECT_EQ(core.reg(s11), 0u);
  core.write_csr(rv32::kMie, rv32::kMipMtip);
  core.run(~0ull, core.instructions() + 50);
  EXPECT_EQ(core.reg(s11), 1u);
  EXPECT_EQ(log(0), 7u);
  EXPECT_EQ(core.reg(s2), 0x80000007u);
}

TEST_F(IrqProgram, PriorityExternalSoftwareTimer) {
  core.set_irq_timer(true);
  core.set_irq_software(true);
  core.set_irq_external(true);
  core.run(~0ull, core.instructions() + 100);
  EXPECT_EQ(core.reg(s11), 3u);
  EXPECT_EQ(log(0), 11u);
  EXPECT_EQ(log(1), 3u);
  EXPECT_EQ(log(2), 7u);
}

TEST_F(IrqProgram, DirectModeGoesToTheBase) {
  core.write_csr(rv32::kMtvec, prog.symbol("vectors"));  // mode 0
  core.set_irq_external(true);
  core.step();
  EXPECT_EQ(core.pc(), prog.symbol("vectors"));
  EXPECT_EQ(csr(rv32::kMcause), 0x8000000bu);
}

TEST_F(IrqProgram, WfiSleepsUntilAnEnabledInterrupt) {
  core.set_pc(prog.symbol("sleep"));
  EXPECT_EQ(core.run(~0ull, core.instructions() + 1000), Rv32Stop::Sleep);
  EXPECT_TRUE(core.sleeping());
  EXPECT_EQ(core.pc(), prog.symbol("after_wfi"));
  const uint64_t n = core.instructions();
  EXPECT_EQ(core.run(~0ull, n + 1000), Rv32Stop::Sleep);  // nothing pending: stays asleep
  EXPECT_EQ(core.instructions(), n);
  core.write_csr(rv32::kMie, rv32::kMipMeip);
  core.set_irq_timer(true);  // pending but not enabled: still asleep
  EXPECT_TRUE(core.sleeping());
  core.set_irq_external(true);
  EXPECT_FALSE(core.sleeping());
  core.run(~0ull, core.instructions() + 20);
  EXPECT_EQ(core.reg(s11), 1u);
  EXPECT_EQ(core.reg(s3), prog.symbol("after_wfi"));  // mepc: the instruction after wfi
  EXPECT_GT(core.reg(a1), 0u);
}

TEST_F(IrqProgram, WfiWakesWithInterruptsGloballyDisabled) {
  core.write_csr(rv32::kMstatus, 0);
  core.set_pc(prog.symbol("sleep"));
  EXPECT_EQ(core.run(~0ull, core.instructions() + 100), Rv32Stop::Sleep);
  core.set_irq_timer(true);  // enabled in mie, MIE = 0: wakes without a trap
  EXPECT_FALSE(core.sleeping());
  core.run(~0ull, core.instructions() + 10);
  EXPECT_EQ(core.reg(s11), 0u);
  EXPECT_GT(core.reg(a1), 0u);
}

TEST(Rv32Traps, MisalignedTrapPolicy) {
  Rv32Config cfg;
  cfg.misaligned = Rv32Misaligned::Trap;
  Rv32FlatSystem sys(cfg);
  Code c;
  c.w(lw(a0, a1, 1)).w(s_type(3, a0, a1, 1, 0x23)).w(lw(a0, a1, 4));
  load(sys, c);
  sys.core().write_csr(rv32::kMtvec, kBase + 4);
  sys.core().set_reg(a1, 0x8000);
  sys.core().set_reg(a0, 42);
  sys.core().step();
  uint32_t v = 0;
  sys.core().read_csr(rv32::kMcause, v);
  EXPECT_EQ(v, rv32::kLoadMisaligned);
  sys.core().read_csr(rv32::kMtval, v);
  EXPECT_EQ(v, 0x8001u);
  EXPECT_EQ(sys.core().reg(a0), 42u);
  EXPECT_EQ(sys.core().pc(), kBase + 4);
  sys.core().write_csr(rv32::kMtvec, kBase + 8);
  sys.core().step();  // sh to 0x8003
  sys.core().read_csr(rv32::kMcause, v);
  EXPECT_EQ(v, rv32::kStoreMisaligned);
  sys.core().read_csr(rv32::kMtval, v);
  EXPECT_EQ(v, 0x8003u);
  EXPECT_EQ(sys.read32(0x8000), 0u);  // nothing written
}

TEST(Rv32Traps, InstructionAccessFault) {
  Rv32FlatSystem sys;
  Code c;
  c.w(i_type(0, a1, 0, zero, 0x67));  // jr a1
  load(sys, c);
  sys.core().write_csr(rv32::kMtvec, kBase + 0x100);
  sys.core().set_reg(a1, 0xf0000000);
  sys.core().step();  // the jump itself is fine
  EXPECT_EQ(sys.core().pc(), 0xf0000000u);
  sys.core().step();  // the fetch faults
  uint32_t v = 0;
  sys.core().read_csr(rv32::kMcause, v);
  EXPECT_EQ(v, rv32::kInsnAccessFault);
  sys.core().read_csr(rv32::kMepc, v);
  EXPECT_EQ(v, 0xf0000000u);
  EXPECT_EQ(sys.core().pc(), kBase + 0x100u);
}

TEST(Rv32Traps, SelfModifyingCodeIsSeen) {
  // The decode cache is validated against memory: a rewritten instruction executes anew.
  Rv32FlatSystem sys;
  Code c;
  c.w(addi(a0, a0, 1)).w(j_type(-4, zero));
  load(sys, c);
  sys.core().run(~0ull, 10);
  EXPECT_EQ(sys.core().reg(a0), 5u);
  sys.write32(kBase, addi(a0, a0, 100));
  sys.core().run(~0ull, 20);
  EXPECT_EQ(sys.core().reg(a0), 5u + 5u * 100u);
}
