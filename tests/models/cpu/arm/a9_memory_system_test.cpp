// The A9 memory-system model alone, over a fake physical memory holding translation tables.
// Expected costs are hand counts from the TRM figures the parameters default to (L2 hit +19
// cycles, micro-TLB miss +7, walk +7) and the table contents written here.
#include <gtest/gtest.h>

#include <map>

#include "cpu/arm/a9_memory_system.h"
#include "fake_l2.h"

namespace zvp::arm {
namespace {

using test::FakeL2;

constexpr uint32_t kTable = 0x4000;
constexpr uint32_t kSctlrMCI = 0x1005, kSctlrOff = 0;


struct A9MemorySystemTest : ::testing::Test {
  std::map<uint32_t, uint32_t> mem;  // physical words
  A9MemorySystem ms{A9CacheParams{}, [this](uint32_t pa, uint32_t& v) {
                      auto it = mem.find(pa);
                      v = it == mem.end() ? 0 : it->second;
                      return true;
                    }};
  FakeL2 l2;
  void section(uint32_t va_mb, uint32_t pa_mb, uint32_t attrs) { mem[kTable + va_mb * 4] = (pa_mb << 20) | attrs; }
};

constexpr uint32_t kNormalWbwa = 0x1C0E;  // AP=11, TEX=001, C, B, section
constexpr uint32_t kNormalNc = 0x1C02;    // TEX=001, C=0, B=0: Normal non-cacheable
constexpr uint32_t kDevice = 0x0C06;      // TEX=000, C=0, B=1: Device

TEST_F(A9MemorySystemTest, MmuOffDataIsUncachedAndFetchesAreCached) {
  ms.set_control(0x1000 /* I only */, 0);
  auto c = ms.data(0x100, 4, false);
  EXPECT_EQ(c.cycles, 0u);
  ASSERT_EQ(c.reads, 1u);
  EXPECT_EQ(c.read_addr[0], 0x100u);
  EXPECT_EQ(c.read_bytes[0], 4u);
  EXPECT_EQ(ms.data(0x100, 4, true).reads, 0u);  // stores are buffered
  c = ms.fetch_line(0x204);
  ASSERT_EQ(c.reads, 1u);  // no L2: the line comes from memory
  EXPECT_EQ(c.read_addr[0], 0x200u);
  EXPECT_EQ(c.read_bytes[0], 32u);
  EXPECT_EQ(ms.fetch_line(0x21C).reads, 0u);  // same line: a hit
  EXPECT_EQ(ms.counters().l1i_misses, 1u);
  EXPECT_EQ(ms.counters().l1i_hits, 1u);
}

TEST_F(A9MemorySystemTest, FirstAccessWalksThenTheTlbAndTheLineHit) {
  section(0, 0, kNormalWbwa);
  ms.set_control(kSctlrMCI, kTable);
  auto c = ms.data(0x80010, 4, false);
  // micro-TLB miss 7 + walk 7; reads: the descriptor (4 bytes at TTBR0 + 0), then the line.
  EXPECT_EQ(c.cycles, 14u);
  ASSERT_EQ(c.reads, 2u);
  EXPECT_EQ(c.read_addr[0], kTable);
  EXPECT_EQ(c.read_bytes[0], 4u);
  EXPECT_EQ(c.read_addr[1], 0x80000u);
  EXPECT_EQ(c.read_bytes[1], 32u);
  c = ms.data(0x8001C, 4, false);
  EXPECT_EQ(c.cycles, 0u);
  EXPECT_EQ(c.reads, 0u);
  c = ms.data(0x80020, 4, false);  // next line, same section: TLB hit, line miss
  EXPECT_EQ(c.cycles, 0u);
  EXPECT_EQ(c.reads, 1u);
  // The instruction side has its own micro TLB: a miss there hits the main TLB (7 cycles).
  c = ms.fetch_line(0x1000);
  EXPECT_EQ(c.cycles, 7u);
  EXPECT_EQ(ms.counters().walks, 1u);
}

TEST_F(A9MemorySystemTest, L2HitCostsNineteenCyclesAndNoMemoryRead) {
  section(0, 0, kNormalWbwa);
  ms.set_outer(&l2);
  ms.set_control(kSctlrMCI, kTable);
  ms.data(0, 4, false);  // warm the TLB
  auto c = ms.data(0x100, 4, false);
  EXPECT_EQ(c.cycles, 19u);  // L2 looked up, missed ...
  EXPECT_EQ(c.reads, 1u);    // ... and the line came from memory
  // Evict 0x100 from L1 (4 ways: 4 more lines of its set, 8 KB apart), then read it again.
  for (uint32_t k = 1; k <= 4; ++k) ms.data(0x100 + k * 0x2000, 4, false);
  c = ms.data(0x100, 4, false);
  EXPECT_EQ(c.cycles, 19u);
  EXPECT_EQ(c.reads, 0u);
  l2.on = false;  // a disabled PL310 is bypassed
  for (uint32_t k = 1; k <= 4; ++k) ms.data(0x100 + k * 0x2000, 4, false);
  c = ms.data(0x100, 4, false);
  EXPECT_EQ(c.cycles, 0u);
  EXPECT_EQ(c.reads, 1u);
}

TEST_F(A9MemorySystemTest, PageAttributesDecideCacheability) {
  section(0, 0, kNormalWbwa);
  section(1, 1, kNormalNc);
  section(2, 0x200, kDevice);  // VA 2 MB -> PA 512 MB
  ms.set_control(kSctlrMCI, kTable);
  auto c = ms.data(0x100004, 4, false);
  ASSERT_EQ(c.reads, 2u);  // walk + an uncached 4-byte read
  EXPECT_EQ(c.read_bytes[1], 4u);
  c = ms.data(0x200008, 2, false);
  ASSERT_EQ(c.reads, 2u);
  EXPECT_EQ(c.read_addr[1], 0x20000008u);  // translated
  EXPECT_EQ(c.read_bytes[1], 2u);
  EXPECT_EQ(ms.counters().l1d_hits + ms.counters().l1d_misses, 0u);
}

TEST_F(A9MemorySystemTest, SecondLevelTablesAndSmallPages) {
  mem[kTable + 0] = 0x8000 | 1;         // VA 0-1 MB -> table at 0x8000
  mem[0x8000 + 5 * 4] = 0x123000 | 0x2 | 0x8 | 0x4 | (1u << 6);  // 4 KB page 5 -> 0x123000, WBWA
  ms.set_control(kSctlrMCI, kTable);
  auto c = ms.data(0x5010, 4, false);
  EXPECT_EQ(c.cycles, 14u);
  ASSERT_EQ(c.reads, 3u);  // two descriptors, one line
  EXPECT_EQ(c.read_addr[1], 0x8014u);
  EXPECT_EQ(c.read_addr[2], 0x123000u);
  c = ms.data(0x6000, 4, false);  // page 6 is a fault: no entry, uncached, Unicorn aborts
  EXPECT_EQ(ms.counters().walks, 2u);
}

TEST_F(A9MemorySystemTest, MaintenanceChangesTheCacheState) {
  section(0, 0, kNormalWbwa);
  ms.set_outer(&l2);
  ms.set_control(kSctlrMCI, kTable);
  ms.data(0x300, 4, true);  // write-allocate: dirty line
  EXPECT_TRUE(ms.l1d().is_dirty(0x300));
  // DCCIMVAC (c7, c14, 1): written back (the L1-L2 path: 19 cycles) and dropped.
  auto c = ms.maintain(7, 14, 1, 0x300);
  EXPECT_EQ(c.cycles, 19u);
  EXPECT_FALSE(ms.l1d().contains(0x300));
  EXPECT_TRUE(l2.tags.is_dirty(0x300));
  EXPECT_EQ(ms.counters().l1_write_backs, 1u);
  // A clean line costs nothing to clean.
  ms.data(0x400, 4, false);
  EXPECT_EQ(ms.maintain(7, 10, 1, 0x400).cycles, 0u);
  // DCISW (c7, c6, 2): way in bits [31:30], set in [12:5].
  ASSERT_TRUE(ms.l1d().contains(0x400));
  for (uint32_t w = 0; w < 4; ++w) ms.maintain(7, 6, 2, (w << 30) | (0x400 & 0x1FE0));
  EXPECT_FALSE(ms.l1d().contains(0x400));
  // ICIALLU, then TLBIALL: the next access walks again.
  ms.fetch_line(0x40);
  ms.maintain(7, 5, 0, 0);
  EXPECT_EQ(ms.l1i().lines_valid(), 0u);
  const uint64_t walks = ms.counters().walks;
  ms.maintain(8, 7, 0, 0);
  ms.data(0x500, 4, false);
  EXPECT_EQ(ms.counters().walks, walks + 1);
}

}  // namespace
}  // namespace zvp::arm
