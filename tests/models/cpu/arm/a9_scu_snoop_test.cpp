// Two cores' memory-system models behind one SCU (A9ScuTags): a read miss on a line the other
// core's L1D holds is a cache-to-cache transfer, a store to a line the other core holds
// invalidates it there at the writer's cost. Expected cycles are hand counts from the defaults
// derived in a9_memory_system.h (transfer 11, invalidation 3, L2 lookup 19).
#include <gtest/gtest.h>

#include <map>

#include "cpu/arm/a9_memory_system.h"
#include "fake_l2.h"

namespace zvp::arm {
namespace {

constexpr uint32_t kTable = 0x4000;
constexpr uint32_t kSctlrMCI = 0x1005;
constexpr uint32_t kNormalWbwa = 0x1C0E;  // section, AP=11, TEX=001, C, B
constexpr uint32_t kWarm = 0x80000;       // a line of the same section, used to fill the TLBs

struct ScuSnoopTest : ::testing::Test {
  std::map<uint32_t, uint32_t> mem{{kTable, kNormalWbwa}};  // VA 0-1 MB -> PA 0, cacheable
  A9MemorySystem::PhysRead read = [this](uint32_t pa, uint32_t& v) {
    auto it = mem.find(pa);
    v = it == mem.end() ? 0 : it->second;
    return true;
  };
  A9MemorySystem core0{A9CacheParams{}, read}, core1{A9CacheParams{}, read};
  test::FakeL2 l2;
  A9ScuTags scu;

  void SetUp() override {
    uint32_t warm = kWarm;
    for (A9MemorySystem* c : {&core0, &core1}) {
      c->set_outer(&l2);
      c->set_scu(&scu);
      c->set_control(kSctlrMCI, kTable);
      c->data(warm, 4, false);  // TLB walk and a line of no interest: later costs are the caches'
      warm += 32;               // each core its own line: no transfer counted here
    }
  }
};

TEST_F(ScuSnoopTest, ReadMissOnALineTheOtherCoreHoldsIsACacheToCacheTransfer) {
  auto c = core0.data(0x100, 4, false);  // nobody holds it: L2 lookup (miss) and a DDR line fill
  EXPECT_EQ(c.cycles, 19u);
  EXPECT_EQ(c.reads, 1u);
  const uint64_t l2_lookups = core1.counters().l2_hits + core1.counters().l2_misses;
  c = core1.data(0x104, 4, false);  // core 0 holds the line: the SCU transfers it
  EXPECT_EQ(c.cycles, 11u);
  EXPECT_EQ(c.reads, 0u);
  EXPECT_EQ(core1.counters().l2_hits + core1.counters().l2_misses, l2_lookups);  // L2 not asked
  EXPECT_EQ(core1.counters().scu_transfers, 1u);
  EXPECT_TRUE(core0.l1d().contains(0x100));  // a read leaves the owner's copy
  c = core1.data(0x108, 4, false);           // now core 1's own hit
  EXPECT_EQ(c.cycles, 0u);
  EXPECT_EQ(c.reads, 0u);
}

TEST_F(ScuSnoopTest, StoreToASharedLineInvalidatesTheOtherCopyAtTheWritersCost) {
  core0.data(0x200, 4, false);
  core1.data(0x200, 4, false);  // both hold it
  auto c = core0.data(0x204, 4, true);  // write hit, core 1's copy dropped: 3 cycles
  EXPECT_EQ(c.cycles, 3u);
  EXPECT_FALSE(core1.l1d().contains(0x200));
  EXPECT_TRUE(core0.l1d().is_dirty(0x200));
  EXPECT_EQ(core0.counters().scu_invalidations, 1u);
  EXPECT_EQ(core0.data(0x208, 4, true).cycles, 0u);  // exclusive now: no snoop
  // A write miss (allocate, no stall) still pays the invalidation of the other copy.
  core1.data(0x300, 4, true);
  c = core0.data(0x300, 4, true);
  EXPECT_EQ(c.cycles, 3u);
  EXPECT_EQ(c.reads, 0u);
  EXPECT_FALSE(core1.l1d().contains(0x300));
  // The dirty line written by core 0 is transferred to a reader on core 1, not read from DDR.
  c = core1.data(0x200, 4, false);
  EXPECT_EQ(c.cycles, 11u);
  EXPECT_EQ(c.reads, 0u);
}

// A line bounced between the cores by alternating read-modify-writes (a shared counter, a
// spin lock): after core 0's first fill every access of the other core misses and is a
// transfer (11), and every store invalidates the reader's copy (3). Hand count for n rounds
// of (core 0: load, store; core 1: load, store): core 0's first load 19 (L2 miss), its store
// 0; then each of the remaining 2n - 1 load/store pairs 11 + 3.
TEST_F(ScuSnoopTest, PingPongCostsATransferAndAnInvalidationPerHandover) {
  constexpr unsigned kRounds = 50;
  uint64_t cycles = 0, reads = 0;
  for (unsigned r = 0; r < kRounds; ++r)
    for (A9MemorySystem* c : {&core0, &core1}) {
      for (bool write : {false, true}) {
        const auto k = c->data(0x400, 4, write);
        cycles += k.cycles;
        reads += k.reads;
      }
    }
  const uint64_t expected = 19 + (2 * kRounds - 1) * (11 + 3);
  EXPECT_GE(cycles, expected);
  EXPECT_LE(cycles, expected);
  EXPECT_EQ(reads, 1u);  // one DDR fill in all
  EXPECT_EQ(core0.counters().scu_transfers + core1.counters().scu_transfers, 2 * kRounds - 1);
}

TEST(ScuSnoopAlone, WithoutTheScuTheOtherCoresCacheIsNotConsulted) {
  std::map<uint32_t, uint32_t> mem{{kTable, kNormalWbwa}};
  auto read = [&](uint32_t pa, uint32_t& v) {
    v = mem.count(pa) ? mem[pa] : 0;
    return true;
  };
  A9MemorySystem a{A9CacheParams{}, read}, b{A9CacheParams{}, read};
  for (A9MemorySystem* c : {&a, &b}) {
    c->set_control(kSctlrMCI, kTable);
    c->data(kWarm, 4, false);
  }
  a.data(0x100, 4, false);
  const auto c = b.data(0x100, 4, false);  // no L2, no SCU: a DDR fill
  EXPECT_EQ(c.cycles, 0u);
  EXPECT_EQ(c.reads, 1u);
  EXPECT_EQ(a.data(0x100, 4, true).cycles, 0u);
  EXPECT_TRUE(b.l1d().contains(0x100));
}

}  // namespace
}  // namespace zvp::arm
