// Cortex-A9 forward_polls: a polling loop on a steady register is accounted without making every
// read, and the run is the same as one making every read. Two systems run side by side in one
// simulation, one forwarding and one not; their instruction counts, device reads, exit times and
// results must be equal, and the forwarding one must have left most reads unmade.
#include <gtest/gtest.h>

#include <memory>

#include "support/test_initiator.h"
#include "cpu_arm_system.h"

using namespace zvp;
using namespace zvp::test;
using sc_core::sc_time;
using sc_core::SC_NS;
using sc_core::SC_US;

namespace {

struct Outcome {
  uint64_t insns = 0, mmio = 0, forwarded = 0, mispredicts = 0;
  sc_time exit_time;
  int status = -1;
  uint32_t mbox0 = 0;
};

CortexA9Params params(double cpi, bool forward) {
  CortexA9Params p = test_params();
  p.cpi = cpi;  // 0: the pipeline model (with the branch predictor)
  p.sync_to_next_event = true;
  p.forward_polls = forward;
  return p;
}

// Runs `program` on a forwarding and a non-forwarding system at once; STATUS turns 1 at 50 us.
// irq_high: the IRQ line is high from the start (the programs keep IRQs masked).
std::pair<Outcome, Outcome> run_both(const std::string& program, double cpi, bool steady = true,
                                     bool irq_high = false) {
  // On the heap: with both systems (10.7 KB each, 32-byte aligned) in this frame, a hardware
  // watchpoint caught the returned pair's zero-initialisation writing over the first system's
  // router (its vtable pointer zeroed: SIGSEGV in elaboration) once CortexA9 grew by 448 bytes.
  const auto on_p = std::make_unique<A9System>(params(cpi, true), "on_", true);
  const auto off_p = std::make_unique<A9System>(params(cpi, false), "off_", true);
  A9System& on = *on_p;
  A9System& off = *off_p;
  std::pair<Outcome, Outcome> r;
  for (A9System* s : {&on, &off}) {
    s->dev.status->steady(steady);
    s->dev.ready_at = sc_time(50, SC_US);
    s->dev.set_access_latency(sc_time(40, SC_NS));
    s->load(program);
    if (irq_high) s->irq.write(true);
  }
  run_sim([&] {
    bool seen_on = false, seen_off = false;
    const sc_time limit = sc_time(1, sc_core::SC_MS);
    while (!(seen_on && seen_off) && sc_core::sc_time_stamp() < limit) {
      if (!seen_on && on.cpu.exited()) seen_on = true, r.first.exit_time = sc_core::sc_time_stamp();
      if (!seen_off && off.cpu.exited()) seen_off = true, r.second.exit_time = sc_core::sc_time_stamp();
      if (!(seen_on && seen_off)) sc_core::wait(limit, on.cpu.exit_event() | off.cpu.exit_event());
    }
    ASSERT_TRUE(seen_on && seen_off);
    for (auto [s, o] : {std::pair{&on, &r.first}, std::pair{&off, &r.second}}) {
      o->insns = s->cpu.instructions();
      o->mmio = s->cpu.mmio_accesses();
      o->forwarded = s->cpu.polls_forwarded();
      o->mispredicts = s->cpu.mispredictions();
      o->status = s->cpu.exit_status();
      o->mbox0 = s->mbox(0);
    }
  });
  return r;
}

void expect_same_run(const Outcome& a, const Outcome& b) {
  EXPECT_EQ(a.status, 0);
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.insns, b.insns);
  EXPECT_EQ(a.mmio, b.mmio);
  EXPECT_EQ(a.mispredicts, b.mispredicts);
  EXPECT_EQ(a.exit_time, b.exit_time);
  EXPECT_EQ(a.mbox0, b.mbox0);
  // The loop polled for 50 us: with 40 ns reads and 3 to 8 instructions of 10 ns per
  // iteration, hundreds of them (330 for the two-block body).
  EXPECT_GT(a.mmio, 300u);
  EXPECT_GE(a.exit_time, sc_time(50, SC_US));
  EXPECT_EQ(b.forwarded, 0u);
}

// The same run with and without forwarding, and most of the reads forwarded.
void expect_forwarded(const char* program, double cpi) {
  const auto [on, off] = run_both(program, cpi);
  expect_same_run(on, off);
  EXPECT_GT(on.forwarded, on.mmio / 2);
}

TEST(CortexA9ForwardPolls, ArmLoopFlatCpiSameRunMostReadsForwarded) { expect_forwarded("poll", 1.0); }
TEST(CortexA9ForwardPolls, ArmLoopPipelineModelSameRunMostReadsForwarded) { expect_forwarded("poll", 0.0); }
TEST(CortexA9ForwardPolls, ThumbLoopSameRunMostReadsForwarded) { expect_forwarded("poll_thumb", 0.0); }
// A loop of two blocks that also loads and stores memory (Linux's console wait).
TEST(CortexA9ForwardPolls, ThumbLoopBodySameRunMostReadsForwarded) { expect_forwarded("poll_body", 0.0); }

// An interrupt pending but masked sends every block through the hook's slow path, where it
// stays masked: the loop is still forwarded (Linux polls its console with IRQs masked while the
// timer's line is high), with the same results.
TEST(CortexA9ForwardPolls, LoopWithMaskedPendingIrqSameRunMostReadsForwarded) {
  const auto [on, off] = run_both("poll_body", 0.0, true, true);
  expect_same_run(on, off);
  EXPECT_GT(on.forwarded, on.mmio / 2);
}

// A loop that also counts its iterations changes a register each time: not forwarded, and the
// count it stores is the number of reads.
TEST(CortexA9ForwardPolls, LoopWithACounterIsNotForwarded) {
  const auto [on, off] = run_both("poll_counting", 1.0);
  expect_same_run(on, off);
  EXPECT_EQ(on.forwarded, 0u);
  EXPECT_EQ(on.mbox0, on.mmio);
}

// A register not declared steady may change with the time of the read: every read is made.
TEST(CortexA9ForwardPolls, RegisterNotSteadyIsReadEveryTime) {
  const auto [on, off] = run_both("poll", 1.0, false);
  expect_same_run(on, off);
  EXPECT_EQ(on.forwarded, 0u);
}

}  // namespace
