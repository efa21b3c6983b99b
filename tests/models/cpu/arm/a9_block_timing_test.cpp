// A9BlockTiming (a9_block_timing.h) without a core or Unicorn: blocks entered with hand-made
// costs, the predictor stepped by hand. Expected values follow from the definitions: counters
// start weakly not-taken (1), a miss costs branch_mispredict units, an indirect branch is
// predicted to go where it went last.
#include <gtest/gtest.h>

#include "core/config_error.h"
#include "cpu/arm/a9_block_timing.h"

using namespace zvp::arm;

namespace {

BlockCost cond_branch_cost() {
  BlockCost c;
  c.count = 3;
  c.cycles = 4;
  c.end = BlockEnd::kCondDirect;
  return c;
}

}  // namespace

TEST(A9BlockTiming, GhbEntriesMustBeAPowerOfTwo) {
  A9Timing t;
  t.ghb_entries = 3;
  try {
    A9BlockTiming bt(t, 0.0, false, "cpu0");
    FAIL() << "no error";
  } catch (const zvp::ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("cpu0.timing.ghb_entries"), std::string::npos) << e.what();
  }
}

TEST(A9BlockTiming, EnteredBlockIsFoundAtItsSlot) {
  A9BlockTiming bt(A9Timing{}, 0.0, false, "cpu0");
  BlockInfo& b = bt.enter(0x1000, 12, cond_branch_cost(), false);
  EXPECT_EQ(&bt.slot(0x1000), &b);
  EXPECT_EQ(b.count, 3u);
  EXPECT_EQ(b.units, 4u);
  EXPECT_EQ(b.fallthrough, 0x100Cu);
  EXPECT_TRUE(b.predicts);
  EXPECT_TRUE(bt.at_no_block());
}

// A flat CPI ignores the pipeline model: a block's units are its instructions, nothing predicted.
TEST(A9BlockTiming, FlatCpiCostsInstructionsAndPredictsNothing) {
  A9BlockTiming bt(A9Timing{}, 1.5, false, "cpu0");
  const uint8_t code[8 + 4] = {};  // two ARM words (andeq r0, r0, r0), zero padded
  const BlockCost c = bt.cost(code, 0x2000, 8, false, nullptr);
  EXPECT_EQ(c.count, 2u);
  EXPECT_EQ(c.cycles, 2u);
  EXPECT_FALSE(bt.enter(0x2000, 8, cond_branch_cost(), false).predicts);
}

TEST(A9BlockTiming, ConditionalBranchLearnsTakenAndPaysEachMiss) {
  A9Timing t;
  t.branch_mispredict = 8;
  A9BlockTiming bt(t, 0.0, false, "cpu0");
  BlockHookState& h = bt.hook_state();
  BlockInfo& b = bt.enter(0x1000, 12, cond_branch_cost(), false);
  // Taken (to 0x1000, not the fall-through): weakly not-taken predicts wrong.
  A9BlockTiming::predict(h, b, 0x1000);
  EXPECT_EQ(h.mispredicts, 1u);
  EXPECT_EQ(h.units, 8u);
  EXPECT_EQ(h.history & 1u, 1u);
  // Under an all-taken history the same branch's counter is a fresh one (another GHB index):
  // it misses until its counter reaches weakly taken, then hits.
  uint64_t misses = h.mispredicts;
  for (int i = 0; i < 40; ++i) A9BlockTiming::predict(h, b, 0x1000);
  const uint64_t learnt = h.mispredicts;
  EXPECT_GT(learnt, misses);
  for (int i = 0; i < 10; ++i) A9BlockTiming::predict(h, b, 0x1000);
  EXPECT_EQ(h.mispredicts, learnt);  // learnt: no more misses
  EXPECT_EQ(h.units, learnt * 8u);
}

TEST(A9BlockTiming, IndirectBranchPredictsItsLastTarget) {
  A9BlockTiming bt(A9Timing{}, 0.0, false, "cpu0");
  BlockHookState& h = bt.hook_state();
  BlockCost c = cond_branch_cost();
  c.end = BlockEnd::kIndirect;
  BlockInfo& b = bt.enter(0x3000, 8, c, false);
  A9BlockTiming::predict(h, b, 0x4000);  // never seen: miss
  A9BlockTiming::predict(h, b, 0x4000);  // as last time: hit
  EXPECT_EQ(h.mispredicts, 1u);
  A9BlockTiming::predict(h, b, 0x5000);  // elsewhere: miss
  EXPECT_EQ(h.mispredicts, 2u);
  EXPECT_EQ(b.predicted, 0x5000u);
}
