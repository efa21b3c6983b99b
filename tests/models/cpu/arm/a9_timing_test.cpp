// Cortex-A9 micro-architecture timing: block costs of known code (programs/timing.S) derived
// from the timing parameters alone, the cost the running core charges, the flat-CPI override.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "core/code_profile.h"
#include "core/config_error.h"
#include "support/test_initiator.h"
#include "cpu/arm/a9_timing.h"
#include "cpu_arm_system.h"

using namespace zvp;
using namespace zvp::test;

namespace {

// The bytes between two symbols of a test program.
struct Code {
  std::vector<uint8_t> bytes;
  uint32_t addr = 0;
};

Code code_between(const std::string& prog, const std::string& from, const std::string& to) {
  const ElfImage img =
      load_elf_file(std::string(ZVP_CPU_ARM_PROGRAMS) + "/" + prog + ".elf", kElfMachineArm);
  uint64_t a = 0, b = 0;
  EXPECT_TRUE(img.symbol(from, a)) << from;
  EXPECT_TRUE(img.symbol(to, b)) << to;
  Code c;
  c.addr = static_cast<uint32_t>(a);
  for (const ElfSegment& s : img.segments) {
    if (a >= s.paddr && b <= s.paddr + s.data.size()) {
      c.bytes.assign(s.data.begin() + (a - s.paddr), s.data.begin() + (b - s.paddr));
      return c;
    }
  }
  ADD_FAILURE() << "no segment holds " << from;
  return c;
}

arm::BlockCost cost(const arm::A9Timing& t, const std::string& block) {
  const Code c = code_between("timing_a", block, block + "_end");
  return arm::block_cost(t, c.bytes.data(), static_cast<uint32_t>(c.bytes.size()), c.addr, false);
}

unsigned div_up(unsigned a, unsigned b) { return (a + b - 1) / b; }

TEST(A9Timing, VdivLoopCostsTheDividerThroughputPerDivide) {
  arm::A9Timing t;
  arm::BlockCost c = cost(t, "vdiv_loop");
  EXPECT_EQ(c.count, 6u);
  EXPECT_TRUE(c.self_loop);
  EXPECT_EQ(c.end, arm::BlockEnd::kCondDirect);
  // 4 independent VDIV.F32 keep the VFP busy; SUBS/BNE issue in their shadow.
  EXPECT_EQ(c.cycles, 4 * t.vfp_div.f32_issue);
  t.vfp_div.f32_issue = 7;
  EXPECT_EQ(cost(t, "vdiv_loop").cycles, 4u * 7u);
  EXPECT_EQ(cost(t, "vdivd_loop").cycles, 3 * t.vfp_div.f64_issue);
}

TEST(A9Timing, LdmLoopCostsPerRegisterTransferred) {
  arm::A9Timing t;
  EXPECT_EQ(cost(t, "ldm_loop").cycles, 4 * div_up(8, t.ls_words_per_cycle));
  t.ls_words_per_cycle = 1;
  EXPECT_EQ(cost(t, "ldm_loop").cycles, 4u * 8u);
}

TEST(A9Timing, LoopCarriedVmlaAccumulatorCostsItsLatency) {
  arm::A9Timing t;
  EXPECT_EQ(cost(t, "vmla_loop").cycles, t.vfp_mac.f32_latency);
  t.vfp_mac.f32_latency = 12;
  EXPECT_EQ(cost(t, "vmla_loop").cycles, 12u);
}

TEST(A9Timing, IndependentAluInstructionsDualIssue) {
  arm::A9Timing t;
  EXPECT_EQ(cost(t, "alu_block").cycles, div_up(6, t.issue_width));
  EXPECT_FALSE(cost(t, "alu_block").self_loop);
  EXPECT_EQ(cost(t, "alu_block").end, arm::BlockEnd::kFallThrough);
  t.issue_width = 1;
  EXPECT_EQ(cost(t, "alu_block").cycles, 6u);
}

TEST(A9Timing, LoadUseAndMultiplierCosts) {
  arm::A9Timing t;
  EXPECT_EQ(cost(t, "load_use").cycles, t.load_latency + 1);
  EXPECT_EQ(cost(t, "mul_block").cycles, 2 * t.mul_issue);
  t.load_latency = 5;
  t.mul_issue = 3;
  EXPECT_EQ(cost(t, "load_use").cycles, 6u);
  EXPECT_EQ(cost(t, "mul_block").cycles, 6u);
}

// Runs timing_<which> on the core, returns cycles and mispredictions.
struct ProgramRun {
  double cycles = 0;
  uint64_t insns = 0, mispredicts = 0;
  sc_core::sc_time time;
};

ProgramRun run_program(const std::string& which, const CortexA9Params& p) {
  ProgramRun r;
  A9System s(p);
  s.load(which);
  run_sim([&] {
    ASSERT_TRUE(s.wait_exit());
    EXPECT_EQ(s.cpu.exit_status(), 0);
    r.cycles = s.cpu.cycles();
    r.insns = s.cpu.instructions();
    r.mispredicts = s.cpu.mispredictions();
    r.time = s.cpu.local_time();
  });
  return r;
}

// Mispredictions of timing.S's two loops, each run once, by hand from the Global History
// Buffer's structure (4096 2-bit counters starting weakly not-taken, indexed by the branch
// address and 12 bits of global history; no conditional branch runs before the loops):
//  - the first loop's branch sees the histories 0, 1, 3, ..., 0x7FF, 0xFFF on its first 13
//    iterations: 13 different counters, each predicting not-taken once (13 misses); from then on
//    the history stays 0xFFF and its counter predicts taken; the exit is the 14th miss;
//  - the second loop does the same at most (14), or less where one of its warm-up counters is
//    one the first loop has already trained; its exit always misses (at least 1).
constexpr uint64_t kTimingMispredictsMin = 14 + 1, kTimingMispredictsMax = 14 + 14;

// Both loops run ITER times (timing_a: 100): the core charges their block costs per
// iteration as the parameters predict, plus a few dozen cycles of start-up and exit, plus the
// mispredictions above.
TEST(A9Timing, CoreChargesBlockCostsAndMispredictions) {
  CortexA9Params p = test_params();
  p.cpi = 0;  // modelled
  const arm::A9Timing& t = p.timing;
  const ProgramRun a = run_program("timing_a", p);
  EXPECT_GE(a.mispredicts, kTimingMispredictsMin);
  EXPECT_LE(a.mispredicts, kTimingMispredictsMax);
  EXPECT_EQ(a.time, p.clock.cycles(a.cycles));
  const double loops = 100.0 * (4 * t.vfp_div.f32_issue + 4 * div_up(8, t.ls_words_per_cycle));
  const double refills = double(a.mispredicts) * t.branch_mispredict;
  EXPECT_GE(a.cycles, loops + refills);
  EXPECT_LT(a.cycles, loops + refills + 200);
}

// branch.S: an inner loop of 5 iterations in an outer loop of 200. A per-branch 2-bit counter
// would mispredict every inner exit (200 times). With global history the inner branch's five
// positions and the outer branch are 6 different histories once the 12-bit history holds the
// repeating pattern (after at most 12 outcomes): the warm-up costs at most two misses per
// history met (a counter goes 1 -> 2 -> 3 or 1 -> 0), 12 transient ones and 6 periodic ones,
// plus the outer loop's exit.
TEST(A9Timing, GlobalHistoryLearnsARepeatingLoopExit) {
  CortexA9Params p = test_params();
  p.cpi = 0;
  const ProgramRun r = run_program("branch", p);
  EXPECT_GE(r.mispredicts, 2u);  // at least the first inner branch and the final exit
  EXPECT_LE(r.mispredicts, 2u * (12 + 6) + 1);
}

// The same program with two counters (one bit of history): the inner loop's positions all look
// alike, so every inner exit misses, as with a counter per branch.
TEST(A9Timing, OneBitOfHistoryCannotLearnTheLoopExit) {
  CortexA9Params p = test_params();
  p.cpi = 0;
  p.timing.ghb_entries = 2;
  const ProgramRun r = run_program("branch", p);
  EXPECT_GE(r.mispredicts, 200u);
}

// profile.S with a flat CPI of 1, by hand: each of 20 rounds is bl + work_a (ldr, 1000 x (subs,
// bne), bx: 2002) + bl + work_b (6002) + subs, bne = 8008 instructions, so work_a has 25.0 % and
// work_b 74.95 % of the 160,160 instructions of the rounds. A period of 97 (prime: no aliasing
// with the loops) gives about 1,651 samples; each of the 20 calls of work_a spans 20.6 periods,
// so its count is off by at most one sample per call (+/-1.25 points of share).
TEST(A9Timing, ProfileSamplesFunctionsInProportionToTheirCycles) {
  CortexA9Params p = test_params();
  A9System s(p), plain(p, "plain_");  // the same program without sampling, alongside
  s.load("profile");
  plain.load("profile");
  s.cpu.set_profile_period(97);
  uint64_t insns = 0;
  sc_core::sc_time t;
  run_sim([&] {
    ASSERT_TRUE(s.wait_exit(sc_core::sc_time(10, sc_core::SC_MS)));  // 1.6 ms at 100 MHz
    ASSERT_TRUE(plain.wait_exit(sc_core::sc_time(10, sc_core::SC_MS)));
    insns = s.cpu.instructions();
    t = s.cpu.local_time();
    // Sampling changes nothing the program sees: the same instructions in the same time.
    EXPECT_EQ(plain.cpu.instructions(), insns);
    EXPECT_EQ(plain.cpu.local_time(), t);
  });
  EXPECT_GE(insns, 160160u);
  EXPECT_LE(insns, 160160u + 20);
  const auto rows = profile_by_function(s.cpu.profile_samples(), s.image.functions);
  EXPECT_GE(profile_total(rows), 160160u / 97 - 1);
  EXPECT_LE(profile_total(rows), (160160u + 20) / 97 + 1);
  EXPECT_NEAR(profile_share(rows, "work_a"), 0.25, 0.0125);
  EXPECT_NEAR(profile_share(rows, "work_b"), 0.7495, 0.0125);
  ASSERT_FALSE(rows.empty());
  EXPECT_EQ(rows[0].function, "work_b");
  EXPECT_TRUE(plain.cpu.profile_samples().empty());
}

TEST(A9Timing, CoreChargesBlockCostsPerIteration) {
  CortexA9Params p = test_params();
  p.cpi = 0;
  p.timing.vfp_div.f32_issue = 12;  // not the default: the core uses its parameters
  const ProgramRun b = run_program("timing_b", p);
  EXPECT_GE(b.mispredicts, kTimingMispredictsMin);
  EXPECT_LE(b.mispredicts, kTimingMispredictsMax);
  // timing_a's cost, recomputed from the same parameters by block_cost on the other ELF.
  const unsigned per_iter = 4 * 12 + 4 * div_up(8, p.timing.ls_words_per_cycle);
  const double refills = double(b.mispredicts) * p.timing.branch_mispredict;
  // 300 iterations of each loop; the rest (start-up, exit) is a few dozen cycles.
  EXPECT_GE(b.cycles, 300.0 * per_iter + refills);
  EXPECT_LT(b.cycles, 300.0 * per_iter + refills + 200);
}

TEST(A9Timing, FlatCpiOverrideIgnoresTheModel) {
  CortexA9Params p = test_params();
  p.cpi = 2.5;
  p.timing.vfp_div.f32_issue = 50;  // would dominate if the model were used
  const ProgramRun b = run_program("timing_b", p);
  EXPECT_EQ(b.mispredicts, 0u);
  EXPECT_DOUBLE_EQ(b.cycles, 2.5 * static_cast<double>(b.insns));
  EXPECT_EQ(b.time, p.clock.cycles(2.5 * static_cast<double>(b.insns)));
  // 6 instructions per loop iteration, two loops of 300 iterations.
  EXPECT_GE(b.insns, 2u * 300u * 6u);
}

TEST(A9Timing, BadParametersAreRejected) {
  CortexA9Params p = test_params();
  p.cpi = -1;
  EXPECT_THROW(CortexA9("cpu_bad_cpi", p), std::invalid_argument);
  p = test_params();
  p.cpi = 0;
  p.timing.issue_width = 0;
  EXPECT_THROW(CortexA9("cpu_bad_width", p), std::invalid_argument);
  p = test_params();
  p.timing.ghb_entries = 1000;  // not a power of two
  EXPECT_THROW(CortexA9("cpu_bad_ghb", p), ConfigError);
}

}  // namespace

namespace {

// A newlib program (ARM and Thumb-2 library code) runs under the model with the same results
// as under the flat model; its cycles are neither zero nor the instruction count.
TEST(A9Timing, NewlibProgramRunsUnderTheModel) {
  CortexA9Params p = test_params();
  p.cpi = 0;
  p.cmdline = "hello_newlib alpha beta";
  A9System s(p);
  s.load("hello_newlib");
  run_sim([&] {
    ASSERT_TRUE(s.wait_exit(sc_core::sc_time(10, sc_core::SC_MS)));
    EXPECT_EQ(s.cpu.semihost_output(), "hello 42 heap argc=3 last=beta\nto stderr\n");
    EXPECT_EQ(s.cpu.exit_status(), 3);
    EXPECT_GT(s.cpu.cycles(), 0.0);
    EXPECT_NE(s.cpu.cycles(), static_cast<double>(s.cpu.instructions()));
    EXPECT_EQ(s.cpu.local_time(), p.clock.cycles(s.cpu.cycles()));
  });
}

}  // namespace
