// profile_by_function / write_profile: samples by block address grouped by the ELF's functions.
#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>

#include "core/code_profile.h"

using namespace zvp;

TEST(CodeProfile, GroupsBlocksByFunctionAndSortsByShare) {
  const std::vector<ElfFunction> fns = {{0x100, 0x40, "f"}, {0x200, 0x10, "g"}, {0x300, 0, "asm_label"}};
  // 0x100/0x13c in f; 0x201 is a Thumb block of g; 0x150 lies in no function (f ends at 0x140);
  // 0x380 belongs to the size-0 symbol before it.
  const std::unordered_map<uint32_t, uint64_t> samples = {
      {0x100, 10}, {0x13c, 5}, {0x201, 30}, {0x150, 2}, {0x380, 3}, {0x50, 0}};
  const auto rows = profile_by_function(samples, fns);
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[0].function, "g");
  EXPECT_EQ(rows[0].samples, 30u);
  EXPECT_DOUBLE_EQ(rows[0].share, 0.6);
  EXPECT_EQ(rows[1].function, "f");
  EXPECT_EQ(rows[1].samples, 15u);
  EXPECT_EQ(rows[2].function, "asm_label");
  EXPECT_EQ(rows[3].function, "0x00000150 (no symbol)");
  EXPECT_EQ(rows[4].function, "0x00000050 (no symbol)");
  EXPECT_EQ(rows[4].samples, 0u);
  EXPECT_EQ(profile_total(rows), 50u);
  EXPECT_DOUBLE_EQ(profile_share(rows, "f"), 0.3);
  EXPECT_DOUBLE_EQ(profile_share(rows, "absent"), 0.0);
}

TEST(CodeProfile, WritesAHeaderAndOneLinePerFunction) {
  std::ostringstream out;
  write_profile(out, {{"main", 3, 0.75}, {"isr", 1, 0.25}}, 1000, "test", "sleep is not sampled");
  const std::string t = out.str();
  EXPECT_NE(t.find("# zvp profile: test"), std::string::npos);
  EXPECT_NE(t.find("every 1000 core cycles of execution, 4 samples; sleep is not sampled\n"), std::string::npos);
  EXPECT_NE(t.find("   75.00%        3          3000  main\n"), std::string::npos);
  EXPECT_NE(t.find("   25.00%        1          1000  isr\n"), std::string::npos);
}

TEST(CodeProfile, NoSamplesGiveNoRows) {
  EXPECT_TRUE(profile_by_function({}, {{0x100, 4, "f"}}).empty());
}

// The sampler by hand: period 10 from 5 puts the points at 15, 25, 35, ...; a count of 37 has
// passed three of them (one sample each to the address given), 10 counts of sleep move the
// next point from 45 to 55, and a take() without an address moves on without a sample.
TEST(CodeSampler, OneSamplePerPeriodPassed) {
  CodeSampler s;
  EXPECT_EQ(s.next, CodeSampler::kOff);
  s.start(5, 10);
  EXPECT_EQ(s.next, 15u);
  const uint32_t a = 0x100;
  s.take(37, &a);
  EXPECT_EQ(s.samples.at(0x100), 3u);
  EXPECT_EQ(s.next, 45u);
  s.skip(10);
  EXPECT_EQ(s.next, 55u);
  s.take(55, nullptr);
  EXPECT_EQ(s.next, 65u);
  EXPECT_EQ(s.samples.size(), 1u);
  EXPECT_THROW(s.start(0, CodeSampler::kMaxPeriod + 1), std::invalid_argument);
  s.start(0, 0);
  EXPECT_EQ(s.next, CodeSampler::kOff);
}
