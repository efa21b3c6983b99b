// Cortex-A9 with sync_to_next_event: quantum synchronisations nobody could observe are skipped,
// and the results are those of a wait every quantum (hand-derived times, as in cpu_arm_test).
#include <gtest/gtest.h>

#include "support/test_initiator.h"
#include "cpu_arm_system.h"

using namespace zvp;
using namespace zvp::test;
using sc_core::sc_time;
using sc_core::SC_NS;
using sc_core::SC_US;

namespace {

CortexA9Params sync_params() {
  CortexA9Params p = test_params();
  p.sync_to_next_event = true;
  return p;
}

// Nothing else is pending while the loop runs (the test thread waits for the exit, with a
// 1 ms limit): the core passes its 1 us quanta without waiting, and the kernel still ends at
// exactly instructions x CPI / f.
TEST(CortexA9SyncToNextEvent, ComputeLoopSkipsSyncsWithSameCountAndTime) {
  CortexA9Params p = sync_params();
  p.clock = Clock("cpu", 200e6);
  p.cpi = 1.5;
  A9System s(p);
  s.load("loop");
  run_sim([&] {
    ASSERT_TRUE(s.wait_exit());
    const uint64_t n = 1000, insns = 4 * n + 8;  // see loop.S
    EXPECT_EQ(s.mbox(0), n * (n + 1) / 2);
    EXPECT_EQ(s.cpu.instructions(), insns);
    const sc_time expect = p.clock.cycles(double(insns) * p.cpi);  // 30.06 us: 30 quanta
    EXPECT_EQ(s.cpu.local_time(), expect);
    EXPECT_EQ(sc_core::sc_time_stamp(), expect);
    EXPECT_GE(s.cpu.syncs_skipped(), 29u);
  });
}

// Every MMIO access is made at the kernel time it would have with a wait per quantum: the
// device's latency adds up exactly, as without skipped syncs.
TEST(CortexA9SyncToNextEvent, MmioAccessesSeeTheSameTimes) {
  A9System s(sync_params());
  s.dev.set_access_latency(sc_time(100, SC_NS));
  s.load("mmio");
  run_sim([&] {
    ASSERT_TRUE(s.wait_exit());
    EXPECT_EQ(s.cpu.exit_status(), 10);
    EXPECT_EQ(s.cpu.mmio_accesses(), 10u);
    const sc_time insn_time = sc_time(10, SC_NS) * double(s.cpu.instructions());
    EXPECT_EQ(sc_core::sc_time_stamp(), insn_time + sc_time(1000, SC_NS));
  });
}

// The device's STATUS reads the kernel's time (no annotation): polling it must see the time
// advance as with a wait per quantum, so the loop ends within about one quantum of ready_at.
TEST(CortexA9SyncToNextEvent, PollingSeesKernelTimeCatchUp) {
  A9System s(sync_params());
  s.dev.ready_at = sc_time(50, SC_US);
  s.load("poll");
  run_sim([&] {
    ASSERT_TRUE(s.wait_exit());
    EXPECT_EQ(s.cpu.exit_status(), 0);
    EXPECT_GE(sc_core::sc_time_stamp(), sc_time(50, SC_US));
    EXPECT_LT(sc_core::sc_time_stamp(), sc_time(52, SC_US));
  });
}

// An interrupt raised by another process at 5 us is pending activity: the core synchronises
// before it and takes it from the loop, as in CortexA9.IrqFromArmCodeUsesVbar.
TEST(CortexA9SyncToNextEvent, InterruptFromAnotherProcessIsTaken) {
  A9System s(sync_params());
  s.load("irq_arm_vbar");
  run_sim([&] {
    sc_core::wait(sc_time(5, SC_US));
    EXPECT_FALSE(s.cpu.exited());
    EXPECT_LE(s.cpu.local_time(), sc_time(6, SC_US));  // not run far past the raise
    s.irq.write(true);
    ASSERT_TRUE(s.wait_exit());
    EXPECT_EQ(s.cpu.exit_status(), 0);
    EXPECT_EQ(s.mbox(0x20), 1u);
    EXPECT_EQ(s.cpu.irqs_taken(), 1u);
  });
}

}  // namespace
