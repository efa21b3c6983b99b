// The per-input times a firmware logs in DDR (firmware/common/zvp_report.h: the boot-parameter
// block's item_log_hz and item_log_count, the ticks at ZVP_ITEM_LOG_BASE), read back by the runner
// (session_data.h, read_item_log) for the report: the times as logged; none from a block that has
// no log; none, with one line saying why, when the count does not fit the log's region.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "session_data.h"
#include "zvp_memmap.h"
#include "zvp_report.h"

using namespace zvp;

namespace {

void write_block(ZynqPlatform& soc, uint32_t version, uint32_t hz, uint32_t count) {
  zvp_bootparam bp{};
  bp.magic = ZVP_BOOTPARAM_MAGIC;
  bp.version = version;
  bp.item_log_hz = hz;
  bp.item_log_count = count;
  ASSERT_TRUE(soc.ddrc.load(ZVP_BOOTPARAM_BASE, &bp, sizeof bp));
}

}  // namespace

TEST(ItemLog, TimesAreTheLoggedTicksOverTheLogClock) {
  ZynqPlatform soc("zynq", SocConfig{});
  const uint32_t ticks[3] = {5, 10, 2500};
  ASSERT_TRUE(soc.ddrc.load(ZVP_ITEM_LOG_BASE, ticks, sizeof ticks));
  write_block(soc, 3, 1000, 3);
  EXPECT_EQ(read_item_log(soc), (std::vector<double>{0.005, 0.010, 2.5}));
  write_block(soc, 3, 1000, 0);  // logged nothing yet
  EXPECT_TRUE(read_item_log(soc).empty());
}

TEST(ItemLog, NoLogInAnOlderBlockOrWithoutItsClock) {
  ZynqPlatform soc("zynq", SocConfig{});
  const uint32_t ticks[2] = {1, 2};
  ASSERT_TRUE(soc.ddrc.load(ZVP_ITEM_LOG_BASE, ticks, sizeof ticks));
  write_block(soc, 2, 1000, 2);  // version 2 had no item log
  EXPECT_TRUE(read_item_log(soc).empty());
  write_block(soc, 3, 0, 2);  // no clock: no log
  EXPECT_TRUE(read_item_log(soc).empty());
}

TEST(ItemLog, ACountPastItsRegionGivesNoTimesAndOneLineWhy) {
  ZynqPlatform soc("zynq", SocConfig{});
  const uint32_t fits = ZVP_ITEM_LOG_SIZE / 4u;
  write_block(soc, 3, 1000, fits + 1);
  testing::internal::CaptureStderr();
  const std::vector<double> times = read_item_log(soc);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_TRUE(times.empty());
  EXPECT_NE(err.find("item log: count " + std::to_string(fits + 1) + " does not fit its DDR region"),
            std::string::npos)
      << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1);
  write_block(soc, 3, 1000, fits);  // the whole region is a valid log
  EXPECT_EQ(read_item_log(soc).size(), fits);
}
