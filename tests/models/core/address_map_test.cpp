// AddressMap: window checks, decode (including straddling accesses), DMI translation and
// invalidation ranges for relative and absolute windows.
#include <gtest/gtest.h>

#include <stdexcept>
#include <utility>
#include <vector>

#include "core/address_map.h"

using zvp::AddressMap;
using zvp::Addressing;

namespace {

AddressMap two_windows() {
  AddressMap m("bus");
  m.add(0x1000, 0x100, 0, Addressing::Relative, "a");
  m.add(0x2000, 0x1000, 1, Addressing::Absolute, "b");
  return m;
}

}  // namespace

TEST(AddressMap, RejectsEmptyAndOverlappingWindows) {
  AddressMap m = two_windows();
  EXPECT_THROW(m.add(0x3000, 0, 2, Addressing::Relative, "empty"), std::invalid_argument);
  EXPECT_THROW(m.add(0x10FF, 0x10, 2, Addressing::Relative, "over_a"), std::invalid_argument);
  EXPECT_THROW(m.add(0x0, 0x1001, 2, Addressing::Relative, "over_a_start"), std::invalid_argument);
  EXPECT_NO_THROW(m.add(0x1100, 0x100, 2, Addressing::Relative, "adjacent"));
  EXPECT_EQ(m.windows().size(), 3u);
}

TEST(AddressMap, SeveralWindowsForOnePortAllOrNothing) {
  AddressMap m = two_windows();
  EXPECT_THROW(m.add({{0x5000, 0x10, "x"}, {0x2800, 0x10, "clash"}}, 2, Addressing::Absolute),
               std::invalid_argument);
  EXPECT_EQ(m.windows().size(), 2u);  // "x" rolled back
  m.add({{0x5000, 0x10, "x"}, {0x6000, 0x10, "y"}}, 2, Addressing::Absolute);
  ASSERT_NE(m.decode(0x6008), nullptr);
  EXPECT_EQ(m.decode(0x6008)->port, 2u);
  EXPECT_EQ(m.decode(0x5000)->port, 2u);
}

TEST(AddressMap, DecodesInsideWindowsOnly) {
  const AddressMap m = two_windows();
  EXPECT_EQ(m.decode(0x0FFF), nullptr);
  ASSERT_NE(m.decode(0x1000), nullptr);
  EXPECT_EQ(m.decode(0x1000)->label, "a");
  EXPECT_EQ(m.decode(0x10FF)->port, 0u);
  EXPECT_EQ(m.decode(0x1100), nullptr);
  EXPECT_EQ(m.decode(0x2FFF)->port, 1u);
  EXPECT_EQ(m.decode(0x3000), nullptr);
}

TEST(AddressMap, AccessRunningPastTheWindowDecodesToNothing) {
  const AddressMap m = two_windows();
  EXPECT_NE(m.decode(0x10FC, 4), nullptr);
  EXPECT_EQ(m.decode(0x10FD, 4), nullptr);
  EXPECT_NE(m.decode(0x1000, 0x100), nullptr);
  EXPECT_EQ(m.decode(0x1000, 0x101), nullptr);
  EXPECT_NE(m.decode(0x1010, 0), nullptr);  // zero-length accesses decode like one byte
}

TEST(AddressMap, OffsetOfRelativeAndAbsoluteWindows) {
  const AddressMap m = two_windows();
  EXPECT_EQ(m.decode(0x1010)->offset(), 0x1000u);
  EXPECT_EQ(m.decode(0x2010)->offset(), 0u);
}

TEST(AddressMap, DmiRegionIsTranslatedAndClipped) {
  const AddressMap m = two_windows();
  unsigned char mem[0x400] = {};
  tlm::tlm_dmi dmi;
  // The target of the relative window grants its whole 0x400 bytes from its address 0 ...
  dmi.set_dmi_ptr(mem);
  dmi.set_start_address(0);
  dmi.set_end_address(0x3FF);
  AddressMap::to_bus(*m.decode(0x1000), dmi);
  EXPECT_EQ(dmi.get_start_address(), 0x1000u);
  EXPECT_EQ(dmi.get_end_address(), 0x10FFu);  // ... the bus only routes 0x100 of them
  EXPECT_EQ(dmi.get_dmi_ptr(), mem);
  // An absolute window's target grants a region starting below the window: the pointer moves.
  dmi.set_dmi_ptr(mem);
  dmi.set_start_address(0x1F00);
  dmi.set_end_address(0x20FF);
  AddressMap::to_bus(*m.decode(0x2000), dmi);
  EXPECT_EQ(dmi.get_start_address(), 0x2000u);
  EXPECT_EQ(dmi.get_end_address(), 0x20FFu);
  EXPECT_EQ(dmi.get_dmi_ptr(), mem + 0x100);
}

TEST(AddressMap, InvalidationRangesPerWindowOfThePort) {
  AddressMap m("bus");
  m.add(0x1000, 0x100, 0, Addressing::Relative, "lo");
  m.add(0x8000, 0x100, 0, Addressing::Relative, "hi");
  m.add(0x2000, 0x100, 1, Addressing::Relative, "other");
  std::vector<std::pair<uint64_t, uint64_t>> got;
  m.for_each_invalidated(0, 0x80, 0x1FF, [&](uint64_t s, uint64_t e) { got.emplace_back(s, e); });
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0], std::make_pair(uint64_t{0x1080}, uint64_t{0x10FF}));
  EXPECT_EQ(got[1], std::make_pair(uint64_t{0x8080}, uint64_t{0x80FF}));
  got.clear();
  m.for_each_invalidated(1, 0x200, 0x300, [&](uint64_t s, uint64_t e) { got.emplace_back(s, e); });
  EXPECT_TRUE(got.empty());  // outside the port's window
}

// decode() tries the window of its previous hit first: alternating between windows, leaving
// them, and running past the end of the remembered window must still give the scan's answers.
TEST(AddressMap, RememberedWindowGivesTheSameAnswers) {
  AddressMap m = two_windows();
  m.add(0x1100, 0x100, 2, Addressing::Relative, "c");  // adjacent to "a"
  for (int round = 0; round < 2; ++round) {
    EXPECT_EQ(m.decode(0x1010)->label, "a");
    EXPECT_EQ(m.decode(0x10FF)->label, "a");
    EXPECT_EQ(m.decode(0x1100)->label, "c");  // just past the remembered window
    EXPECT_EQ(m.decode(0x10FF)->label, "a");
    EXPECT_EQ(m.decode(0x10FE, 4), nullptr);   // starts in the remembered window, runs past it
    EXPECT_EQ(m.decode(0x0FFF), nullptr);      // just before it
    EXPECT_EQ(m.decode(0x2800)->label, "b");
    EXPECT_EQ(m.decode(0x1200), nullptr);
    EXPECT_EQ(m.decode(0x2FFD, 4), nullptr);
    EXPECT_EQ(m.decode(0x2FFC, 4)->label, "b");
  }
}
