// The ISS's debugger support: breakpoints stop before their instruction, a resume from a
// breakpoint executes it, watchpoints stop after the accessing instruction (reads, writes, any
// overlap of the watched bytes), and none of it changes what the program computes.
#include <gtest/gtest.h>

#include "models/cpu/riscv/rv32_test_util.h"

using namespace zvp;
using namespace zvp::test::rv;

namespace {

constexpr uint32_t kData = 0x8000;

// t0 = 0x8000; s0 = 5; loop: t1 += 1; sw t1, 0(t0); lw t2, 4(t0); bne t1, s0, loop; end: j end
// The loop is over after 2 + 5 x 4 = 22 instructions.
struct DebugPoints : ::testing::Test {
  Rv32FlatSystem sys;
  Rv32Core& core = sys.core();
  uint32_t loop = 0, store = 0, load_ = 0, end = 0;
  DebugPoints() {
    Code c;
    c.w(u_type(kData >> 12, t0, 0x37));  // lui t0, 0x8
    c.w(addi(s0, zero, 5));
    loop = c.here();
    c.w(addi(t1, t1, 1));
    store = c.here();
    c.w(sw(t1, t0, 0));
    load_ = c.here();
    c.w(lw(t2, t0, 4));
    c.w(b_type(int32_t(loop) - int32_t(c.here()), s0, t1, 1));  // bne t1, s0, loop
    end = c.here();
    c.w(j_type(0, zero));
    load(sys, c);
    core.set_pc(kBase);
  }
};

}  // namespace

TEST_F(DebugPoints, BreakpointStopsBeforeItsInstructionEveryTime) {
  core.add_breakpoint(store);
  for (uint32_t i = 1; i <= 5; ++i) {
    ASSERT_EQ(core.run(~0ull, 1000), Rv32Stop::Debug);
    EXPECT_EQ(core.debug_hit().kind, Rv32DebugHit::Breakpoint);
    EXPECT_EQ(core.pc(), store);
    EXPECT_EQ(core.reg(t1), i);                 // the add before it ran
    EXPECT_EQ(sys.read32(kData), i - 1);         // the store itself did not
    core.skip_breakpoint_at(core.pc());          // resume: execute it, stop on the next lap
  }
  EXPECT_EQ(core.run(~0ull, 22), Rv32Stop::Budget);  // the loop is over
  EXPECT_EQ(core.pc(), end);
  EXPECT_EQ(sys.read32(kData), 5u);
}

TEST_F(DebugPoints, WriteWatchpointStopsAfterTheStore) {
  core.add_watchpoint(kData, 4, false, true);
  ASSERT_EQ(core.run(~0ull, 1000), Rv32Stop::Debug);
  EXPECT_EQ(core.debug_hit().kind, Rv32DebugHit::Watchpoint);
  EXPECT_TRUE(core.debug_hit().write);
  EXPECT_EQ(core.debug_hit().addr, kData);
  EXPECT_EQ(core.pc(), load_);  // the store completed; the next instruction has not run
  EXPECT_EQ(sys.read32(kData), 1u);
}

TEST_F(DebugPoints, ReadWatchpointOnAnOverlappingByte) {
  core.add_watchpoint(kData + 6, 1, true, false);  // inside the word `lw t2, 4(t0)` reads
  ASSERT_EQ(core.run(~0ull, 1000), Rv32Stop::Debug);
  EXPECT_FALSE(core.debug_hit().write);
  EXPECT_EQ(core.debug_hit().addr, kData + 6);
  EXPECT_EQ(core.pc(), load_ + 4);
  // The store to kData..+3 does not touch the watched byte, reads of other words neither.
  core.remove_watchpoint(kData + 6, 1, true, false);
  EXPECT_NE(core.run(~0ull, 1000), Rv32Stop::Debug);
}

TEST_F(DebugPoints, RemovedPointsCostNothingAndChangeNothing) {
  core.add_breakpoint(loop);
  core.add_watchpoint(kData, 4, true, true);
  ASSERT_EQ(core.run(~0ull, 1000), Rv32Stop::Debug);
  EXPECT_EQ(core.instructions(), 2u);  // stopped before the first lap
  core.clear_debug_points();
  EXPECT_EQ(core.run(~0ull, 22), Rv32Stop::Budget);
  EXPECT_EQ(core.pc(), end);  // 22 instructions, as without a debugger
  EXPECT_EQ(sys.read32(kData), 5u);
  EXPECT_EQ(core.reg(t1), 5u);
}
