// The cache tag store: hits, round-robin replacement, write-back, lockdown and maintenance,
// on the Cortex-A9 L1 geometry (32 KB, 4 ways, 32-byte lines: 256 sets, a way every 8 KB).
#include <gtest/gtest.h>

#include <stdexcept>

#include "memory/set_assoc_cache.h"

namespace zvp {
namespace {

constexpr uint32_t kWay = 8 * 1024;  // addresses this far apart share a set

TEST(SetAssocCache, MissThenHitOnTheSameLine) {
  SetAssocCache c(CacheGeometry{});
  EXPECT_EQ(c.geometry().sets(), 256u);
  EXPECT_FALSE(c.access(0x1000, false).hit);
  EXPECT_TRUE(c.access(0x101F, false).hit);
  EXPECT_FALSE(c.access(0x1020, false).hit);  // next line
  EXPECT_EQ(c.hits(), 1u);
  EXPECT_EQ(c.misses(), 2u);
}

TEST(SetAssocCache, FifthLineOfASetEvictsTheFirstRoundRobin) {
  SetAssocCache c(CacheGeometry{});
  for (uint32_t k = 0; k < 4; ++k) c.access(0x40 + k * kWay, false);
  for (uint32_t k = 0; k < 4; ++k) EXPECT_TRUE(c.contains(0x40 + k * kWay));
  c.access(0x40 + 4 * kWay, false);
  EXPECT_FALSE(c.contains(0x40));          // way 0 went first
  EXPECT_TRUE(c.contains(0x40 + kWay));
  c.access(0x40 + 5 * kWay, false);
  EXPECT_FALSE(c.contains(0x40 + kWay));   // then way 1
}

TEST(SetAssocCache, DirtyVictimIsWrittenBackWithItsAddress) {
  SetAssocCache c(CacheGeometry{});
  c.access(0x40, true);
  EXPECT_TRUE(c.is_dirty(0x40));
  for (uint32_t k = 1; k < 4; ++k) EXPECT_FALSE(c.access(0x40 + k * kWay, false).evicted_dirty);
  const auto r = c.access(0x40 + 4 * kWay, false);
  EXPECT_TRUE(r.evicted_dirty);
  EXPECT_EQ(r.evicted_addr, 0x40u);
  EXPECT_EQ(c.write_backs(), 1u);
}

TEST(SetAssocCache, LockedWaysAreNotAllocated) {
  SetAssocCache c(CacheGeometry{});
  for (uint32_t k = 0; k < 3; ++k) c.access(k * kWay, false, true, 0x7);  // ways 0-2 locked
  EXPECT_FALSE(c.contains(0));
  EXPECT_FALSE(c.contains(kWay));
  EXPECT_TRUE(c.contains(2 * kWay));  // the only way left holds the last line
  EXPECT_FALSE(c.access(5 * kWay, false, true, 0xF).allocated);  // all locked: bypass
  EXPECT_TRUE(c.contains(2 * kWay));
}

TEST(SetAssocCache, MaintenanceByAddressSetWayAndWay) {
  SetAssocCache c(CacheGeometry{});
  c.access(0x80, true);
  EXPECT_TRUE(c.clean(0x80));
  EXPECT_FALSE(c.is_dirty(0x80));
  EXPECT_TRUE(c.contains(0x80));
  EXPECT_FALSE(c.clean(0x80));  // already clean
  c.access(0x80, true);
  EXPECT_TRUE(c.clean_invalidate(0x80));
  EXPECT_FALSE(c.contains(0x80));
  c.access(0xA0, true);
  EXPECT_TRUE(c.invalidate(0xA0));  // dropped dirty, no write-back
  EXPECT_EQ(c.write_backs(), 2u);
  c.access(0xC0, true);  // set 6, way 0 (first free)
  EXPECT_TRUE(c.clean_set_way(6, 0, true));
  EXPECT_FALSE(c.contains(0xC0));
  for (uint32_t k = 0; k < 4; ++k) c.access(0xE0 + k * kWay, true);
  EXPECT_EQ(c.clean_ways(0x3, false), 2u);  // ways 0 and 1 cleaned
  c.invalidate_ways(0xF);
  EXPECT_EQ(c.lines_valid(), 0u);
}

TEST(SetAssocCache, RejectsBadGeometry) {
  EXPECT_THROW(SetAssocCache(CacheGeometry{3000, 4, 32}), std::invalid_argument);
  EXPECT_THROW(SetAssocCache(CacheGeometry{32768, 3, 32}), std::invalid_argument);
  EXPECT_THROW(SetAssocCache(CacheGeometry{64, 4, 32}), std::invalid_argument);
}

}  // namespace
}  // namespace zvp
