// Cycles per instruction class come from Rv32Timing (Ibex "small" by default) plus the wait
// states the bus reports; mcycle/minstret follow them.
#include <gtest/gtest.h>

#include "core/code_profile.h"
#include "models/cpu/riscv/rv32_test_util.h"

using namespace zvp;
using namespace zvp::test::rv;

namespace {

constexpr uint16_t kCAddiA0 = 0x0505;  // c.addi a0, 1

Code class_program() {
  Code c;
  c.w(add(a0, a2, a3))          // 0 alu
      .h(kCAddiA0)              // 1 compressed alu
      .w(lw(a4, a1, 0))         // 2 load
      .w(sw(a4, a1, 4))         // 3 store
      .w(b_type(8, a2, a2, 1))  // 4 bne not taken
      .w(b_type(8, a2, a2, 0))  // 5 beq taken (skips a nop)
      .w(kNop)
      .w(j_type(8, zero))       // 6 jal (skips a nop)
      .w(kNop)
      .w(mul_op(0, a0, a2, a3))  // 7 mul
      .w(mul_op(1, a0, a2, a3))  // 8 mulh
      .w(mul_op(3, a0, a2, a3))  // 9 mulhu
      .w(mul_op(4, a0, a2, a3))  // 10 div
      .w(mul_op(7, a0, a2, a3))  // 11 remu
      .w(csrrs(a0, 0x340, zero))  // 12 csr
      .w(lw(a4, a1, 1))          // 13 misaligned load (split)
      .w(kEcall);                // 14 trap
  return c;
}
constexpr unsigned kSteps = 15;

std::vector<uint64_t> cycles_of(const Code& c, const Rv32Config& cfg = {}, uint32_t bus_wait = 0,
                                bool direct = true) {
  Rv32FlatSystem sys(cfg);
  sys.core().on_ecall = nullptr;  // a plain trap here
  load(sys, c);
  sys.set_direct(direct);
  sys.set_bus_wait(bus_wait);
  sys.core().set_reg(a1, 0x8000);
  sys.core().set_reg(a2, 7);
  sys.core().set_reg(a3, 3);
  std::vector<uint64_t> out;
  for (unsigned i = 0; i < kSteps; ++i) {
    const uint64_t before = sys.core().cycles();
    sys.core().step();
    out.push_back(sys.core().cycles() - before);
  }
  return out;
}

}  // namespace

TEST(Rv32Timing, IbexSmallDefaults) {
  const Rv32Timing t;
  // The Ibex "small" figures (docs/architecture.md, "Processor time").
  EXPECT_EQ(t.alu, 1u);
  EXPECT_EQ(t.load, 2u);
  EXPECT_EQ(t.branch_taken, 3u);
  EXPECT_EQ(t.branch_not_taken, 1u);
  EXPECT_EQ(t.jump, 2u);
  EXPECT_EQ(t.mul, 3u);
  EXPECT_EQ(t.mulh, 4u);
  EXPECT_EQ(t.div, 37u);
  // Per step of class_program, counted by hand from those figures: add, c.addi, lw, sw,
  // bne (not taken), beq (taken), jal, mul, mulh, mulhu, div, remu, csrrs, the misaligned lw
  // (two accesses: 2 + 1), ecall (trap entry).
  const std::vector<uint64_t> want = {1, 1, 2, 2, 1, 3, 2, 3, 4, 4, 37, 37, 1, 3, 3};
  EXPECT_EQ(cycles_of(class_program()), want);
}

TEST(Rv32Timing, CostsFollowTheParameters) {
  Rv32Config cfg;
  cfg.timing.alu = 2;
  cfg.timing.load = 5;
  cfg.timing.store = 4;
  cfg.timing.branch_taken = 7;
  cfg.timing.branch_not_taken = 2;
  cfg.timing.jump = 6;
  cfg.timing.mul = 1;
  cfg.timing.mulh = 9;
  cfg.timing.div = 12;
  cfg.timing.csr = 3;
  cfg.timing.misaligned_extra = 4;
  cfg.timing.trap = 8;
  // The same steps with the figures above, by hand: the misaligned lw is 5 + 4.
  const std::vector<uint64_t> want = {2, 2, 5, 4, 2, 7, 6, 1, 9, 9, 12, 12, 3, 9, 8};
  EXPECT_EQ(cycles_of(class_program(), cfg), want);
}

TEST(Rv32Timing, BusWaitStatesAddToLoadsAndStores) {
  // Ibex figures plus 5 wait states on each data access: lw and sw 2 + 5, the misaligned lw
  // 2 + 1 + 2 x 5 (two bus accesses); nothing else touches the bus.
  const std::vector<uint64_t> want = {1, 1, 7, 7, 1, 3, 2, 3, 4, 4, 37, 37, 1, 13, 3};
  EXPECT_EQ(cycles_of(class_program(), {}, 5, false), want);
}

TEST(Rv32Timing, CounterCsrsFollowCyclesAndRetiredInstructions) {
  Rv32FlatSystem sys;
  Code c;
  c.w(csrrs(a0, 0xb00, zero))      // mcycle
      .w(mul_op(4, a4, a2, a3))    // div: 37
      .w(csrrs(a1, 0xb00, zero))
      .w(csrrs(a2, 0xb02, zero))   // minstret
      .w(kEbreak)                  // traps: does not retire
      .w(kNop);
  load(sys, c);
  sys.core().write_csr(0x305, kBase + 20);  // mtvec -> the nop after ebreak
  for (int i = 0; i < 4; ++i) sys.core().step();
  EXPECT_EQ(sys.core().reg(a1) - sys.core().reg(a0), 1u + 37u);
  EXPECT_EQ(sys.core().reg(a2), 3u);
  sys.core().step();  // ebreak
  sys.core().step();  // nop
  uint32_t instret = 0;
  sys.core().read_csr(0xb02, instret);
  EXPECT_EQ(instret, 5u);  // 6 executed, the ebreak did not retire
  EXPECT_EQ(sys.core().instructions(), 6u);
  EXPECT_EQ(sys.core().retired(), 5u);
}

// The sampled profile, on a hand-counted program: loop A runs 100 iterations of addi (1 cycle) +
// bne (3 taken, 1 on exit) = 398 cycles, loop B 300 iterations = 1,198 cycles, plus 4 cycles of
// set-up and the exit ecall. With a period of 7 cycles (prime: no aliasing with the 4-cycle
// loops) each loop is one contiguous stretch, so its sample count is off by at most one: A has
// 398 / 1,600 = 24.9 % and B 74.9 % of the samples, within +/-1 point. Sleep cycles added before
// the run are not sampled, and the same program without sampling takes the same cycles.
TEST(Rv32Timing, ProfileSamplesInstructionsInProportionToTheirCycles) {
  Code c;
  c.w(addi(a7, zero, 93))       // 0x00
      .w(addi(a0, zero, 100))   // 0x04
      .w(addi(a0, a0, -1))      // 0x08 loop A
      .w(b_type(-4, zero, a0, 1))  // 0x0c bne a0, zero
      .w(addi(a1, zero, 300))   // 0x10
      .w(addi(a1, a1, -1))      // 0x14 loop B
      .w(b_type(-4, zero, a1, 1))  // 0x18 bne a1, zero
      .w(addi(a0, zero, 0))     // 0x1c
      .w(kEcall);               // 0x20 exit(0)
  Rv32FlatSystem sys, plain;
  load(sys, c);
  load(plain, c);
  sys.core().set_profile_period(7);
  sys.core().add_idle_cycles(100000);  // asleep before the run: not execution
  ASSERT_EQ(sys.run(), Rv32FlatSystem::Exit::Ecall);
  ASSERT_EQ(plain.run(), Rv32FlatSystem::Exit::Ecall);
  EXPECT_EQ(sys.core().cycles() - 100000, plain.core().cycles());
  EXPECT_EQ(sys.core().instructions(), plain.core().instructions());
  EXPECT_TRUE(plain.core().profile_samples().empty());
  const uint64_t executed = plain.core().cycles();
  EXPECT_GE(executed, 1600u);
  EXPECT_LE(executed, 1600u + 10);
  const auto rows = profile_by_function(sys.core().profile_samples(),
                                        {{kBase + 0x08, 8, "loop_a"}, {kBase + 0x14, 8, "loop_b"}});
  EXPECT_EQ(profile_total(rows), executed / 7);
  EXPECT_NEAR(profile_share(rows, "loop_a"), 398.0 / 1600, 0.01);
  EXPECT_NEAR(profile_share(rows, "loop_b"), 1198.0 / 1600, 0.01);
}
