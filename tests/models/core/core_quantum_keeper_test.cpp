// CoreQuantumKeeper (core/core_quantum_keeper.h) on its own, without a processor: quantum
// boundaries on multiples of the core's quantum, sync() waiting for the local time, and the
// sync to the next event: skip_sync() leaves a wait out only when no other process has anything
// pending up to the core's time, never past the run limit or the largest lead, and catch_up()
// waits for the skipped time. The expected times are worked out by hand from the quantum.
#include <gtest/gtest.h>

#include "core/core_quantum_keeper.h"
#include "support/test_initiator.h"

using namespace zvp;
using sc_core::SC_NS;
using sc_core::sc_time;
using zvp::test::run_sim;

namespace {

const sc_time kQ(100, SC_NS);

CoreQuantumKeeper keeper() {
  CoreQuantumKeeper qk;
  qk.set_quantum(kQ);
  qk.set_max_ahead(kQ * 1000);
  return qk;
}

}  // namespace

TEST(CoreQuantumKeeper, BoundariesOnQuantumMultiplesAndSyncWaitsForLocalTime) {
  run_sim([] {
    sc_core::wait(sc_time(30, SC_NS));  // start inside a quantum: the boundary is at 100 ns
    CoreQuantumKeeper qk = keeper();
    qk.reset();
    EXPECT_EQ(qk.next_sync(), sc_time(100, SC_NS));
    qk.inc(sc_time(60, SC_NS));
    EXPECT_FALSE(qk.need_sync());  // 90 ns
    EXPECT_EQ(qk.get_current_time(), sc_time(90, SC_NS));
    qk.inc(sc_time(15, SC_NS));
    EXPECT_TRUE(qk.need_sync());   // 105 ns
    qk.sync();
    EXPECT_EQ(sc_core::sc_time_stamp(), sc_time(105, SC_NS));
    EXPECT_EQ(qk.get_local_time(), sc_core::SC_ZERO_TIME);
    EXPECT_EQ(qk.next_sync(), sc_time(200, SC_NS));
  });
}

// Another process with an event at 250 ns: the boundary at 100 ns is skipped (nothing pending
// up to 105 ns), the one at 260 ns is not (the event at 250 ns must see the core's time).
TEST(CoreQuantumKeeper, SkipsOnlyWaitsNoOtherProcessCouldObserve) {
  run_sim([] {
    sc_core::sc_event other;
    other.notify(sc_time(250, SC_NS));
    CoreQuantumKeeper qk = keeper();
    qk.reset();
    qk.inc(sc_time(105, SC_NS));
    ASSERT_TRUE(qk.need_sync());
    EXPECT_TRUE(qk.skip_sync());
    EXPECT_EQ(sc_core::sc_time_stamp(), sc_core::SC_ZERO_TIME);  // no wait made
    EXPECT_EQ(qk.ahead(), sc_time(105, SC_NS));
    EXPECT_EQ(qk.now(), sc_time(105, SC_NS));
    EXPECT_EQ(qk.next_sync(), sc_time(200, SC_NS));
    qk.inc(sc_time(155, SC_NS));  // 260 ns: past the other process's event
    EXPECT_FALSE(qk.skip_sync());
    EXPECT_EQ(qk.ahead(), sc_time(105, SC_NS));  // unchanged by the refusal
    qk.sync();
    EXPECT_EQ(sc_core::sc_time_stamp(), sc_time(260, SC_NS));
    EXPECT_EQ(qk.ahead(), sc_core::SC_ZERO_TIME);
  });
}

TEST(CoreQuantumKeeper, CatchUpWaitsForTheSkippedTimeOnly) {
  run_sim([] {
    CoreQuantumKeeper qk = keeper();
    qk.reset();
    qk.inc(sc_time(120, SC_NS));
    ASSERT_TRUE(qk.skip_sync());
    qk.inc(sc_time(7, SC_NS));
    qk.catch_up();
    EXPECT_EQ(sc_core::sc_time_stamp(), sc_time(120, SC_NS));
    EXPECT_EQ(qk.get_local_time(), sc_time(7, SC_NS));  // stays an annotation
    EXPECT_EQ(qk.get_current_time(), sc_time(127, SC_NS));
    qk.catch_up();  // nothing skipped since: no wait
    EXPECT_EQ(sc_core::sc_time_stamp(), sc_time(120, SC_NS));
  });
}

TEST(CoreQuantumKeeper, NeverSkipsPastTheRunLimitOrTheLargestLead) {
  run_sim([] {
    CoreQuantumKeeper qk = keeper();
    qk.set_limit(sc_time(300, SC_NS));
    qk.reset();
    qk.inc(sc_time(299, SC_NS));
    EXPECT_TRUE(qk.skip_sync());  // before the limit
    qk.inc(sc_time(1, SC_NS));    // at the limit
    EXPECT_FALSE(qk.skip_sync());

    CoreQuantumKeeper lead = keeper();
    lead.set_max_ahead(sc_time(150, SC_NS));
    lead.reset();
    lead.inc(sc_time(100, SC_NS));
    EXPECT_TRUE(lead.skip_sync());
    lead.inc(sc_time(100, SC_NS));  // 200 ns ahead of the kernel
    EXPECT_FALSE(lead.skip_sync());
  });
}
