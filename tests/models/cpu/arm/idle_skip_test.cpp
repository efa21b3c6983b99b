// Cortex-A9 skip_idle_loops: a program waiting in a branch-to-self loop with interrupts enabled
// is accounted to the end of each slice without running the loop, and the run is the same as one
// running every iteration. Two systems run side by side in one simulation, one skipping and one
// not, both interrupted by the same pulses; their instruction counts, cycles, times, interrupts
// and the times of the handlers' acknowledgements must be equal.
#include <gtest/gtest.h>

#include <vector>

#include "support/test_initiator.h"
#include "cpu_arm_system.h"

using namespace zvp;
using namespace zvp::test;
using sc_core::sc_time;
using sc_core::SC_NS;
using sc_core::SC_US;

namespace {

struct Outcome {
  uint64_t insns = 0, irqs = 0, skipped = 0, mispredicts = 0;
  double cycles = 0;
  sc_time time;
  uint32_t handled = 0;
  bool halted = false;
  std::vector<sc_time> acks;  // the core's time at each handler's acknowledgement
};

CortexA9Params params(double cpi, bool skip) {
  CortexA9Params p = test_params();
  p.cpi = cpi;  // 0: the pipeline model
  p.sync_to_next_event = true;
  p.skip_idle_loops = skip;
  return p;
}

constexpr unsigned kPulses = 25;
const sc_time kPeriod(7300, SC_NS);  // not a multiple of the 1 us quantum
const sc_time kEnd(250500, SC_NS);   // mid-quantum: both cores are waiting for the kernel

// Runs `program` on a skipping and a non-skipping system at once, raising both IRQ lines every
// kPeriod (kPulses times); the outcome is read at kEnd.
std::pair<Outcome, Outcome> run_both(const std::string& program, double cpi) {
  A9System on(params(cpi, true), "on_", true), off(params(cpi, false), "off_", true);
  std::pair<Outcome, Outcome> r;
  for (auto [s, o] : {std::pair{&on, &r.first}, std::pair{&off, &r.second}}) {
    s->load(program);
    // Copies, not the bindings: C++17 lambdas may not capture structured bindings (clang).
    s->irq.listen([s = s, o = o](bool level) {
      if (!level) o->acks.push_back(s->cpu.local_time());
    });
  }
  run_sim([&] {
    for (unsigned k = 0; k < kPulses; ++k) {
      sc_core::wait(kPeriod);
      on.irq.write(true);
      off.irq.write(true);
    }
    sc_core::wait(kEnd - sc_core::sc_time_stamp());
    for (auto [s, o] : {std::pair{&on, &r.first}, std::pair{&off, &r.second}}) {
      o->insns = s->cpu.instructions();
      o->cycles = s->cpu.cycles();
      o->irqs = s->cpu.irqs_taken();
      o->skipped = s->cpu.idle_iterations_skipped();
      o->mispredicts = s->cpu.mispredictions();
      o->time = s->cpu.local_time();
      o->handled = s->mbox(0x20);
      o->halted = s->cpu.halted_forever();
    }
  });
  return r;
}

void expect_same_run(const Outcome& on, const Outcome& off) {
  EXPECT_EQ(on.insns, off.insns);
  EXPECT_EQ(on.cycles, off.cycles);
  EXPECT_EQ(on.irqs, off.irqs);
  EXPECT_EQ(on.mispredicts, off.mispredicts);
  EXPECT_EQ(on.time, off.time);
  EXPECT_EQ(on.handled, off.handled);
  EXPECT_EQ(on.acks, off.acks);
  EXPECT_EQ(off.skipped, 0u);
}

// Each pulse is taken once, in its quantum or the next: the core runs at most one 1 us quantum
// ahead of the kernel, where the pulse is raised, and the handler's first instructions take well
// under 100 ns.
void expect_pulses_taken(const Outcome& o) {
  EXPECT_EQ(o.irqs, kPulses);
  EXPECT_EQ(o.handled, kPulses);
  ASSERT_EQ(o.acks.size(), kPulses);
  for (unsigned k = 0; k < kPulses; ++k) {
    const sc_time raised = kPeriod * double(k + 1);
    EXPECT_GE(o.acks[k], raised) << k;
    EXPECT_LT(o.acks[k], raised + sc_time(1100, SC_NS)) << k;
  }
}

// insns_per_iteration: the loop's instructions (b . : 1; nop; nop; b : 3).
void expect_skipped(const char* program, double cpi, uint64_t insns_per_iteration = 1) {
  const auto [on, off] = run_both(program, cpi);
  expect_same_run(on, off);
  expect_pulses_taken(on);
  EXPECT_FALSE(on.halted);
  // The loop ran for about 250 us at 100 MHz: almost all of its instructions were skipped.
  EXPECT_GT(on.skipped * insns_per_iteration, on.insns * 9 / 10);
  EXPECT_GE(on.time, kEnd);
}

TEST(CortexA9IdleSkip, BranchToSelfFlat) { expect_skipped("idle", 1.0); }
TEST(CortexA9IdleSkip, BranchToSelfPipeline) { expect_skipped("idle", 0.0); }
TEST(CortexA9IdleSkip, NopLoopPipeline) { expect_skipped("idle_nops", 0.0, 3); }
TEST(CortexA9IdleSkip, ThumbBranchToSelfPipeline) { expect_skipped("idle_thumb", 0.0); }

// With IRQs masked the loop can never end: the core halts (halted_forever) at the same point
// whether or not it skipped the iterations, and no pulse is taken.
TEST(CortexA9IdleSkip, MaskedLoopHaltsTheSame) {
  const auto [on, off] = run_both("idle_masked", 1.0);
  EXPECT_EQ(on.insns, off.insns);
  EXPECT_EQ(on.time, off.time);
  EXPECT_TRUE(on.halted);
  EXPECT_TRUE(off.halted);
  EXPECT_EQ(on.irqs, 0u);
}

}  // namespace
