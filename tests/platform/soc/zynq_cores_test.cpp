// The platform's cores: a container indexed by core number, built with core 0 only (today's
// single-core runs), whose parts keep the names reports and parameters use (cpu0, cpu0.*,
// private_timer).
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "zynq_platform.h"

using namespace zvp;

TEST(ZynqPlatformCores, OneCoreIndexedByNumberWithTodaysNames) {
  ZynqPlatform soc("zynq", SocConfig{});
  ASSERT_EQ(soc.num_cores(), 1u);
  ZynqCore& c0 = soc.core(0);
  EXPECT_EQ(&c0.cpu, &soc.cpu);
  EXPECT_EQ(&c0.ptimer, &soc.ptimer);
  EXPECT_EQ(c0.cpu.core_index(), 0u);
  EXPECT_EQ(std::string(c0.cpu.basename()), cpu_core_name(0));
  EXPECT_EQ(cpu_core_name(0), "cpu0");  // the parameters' scope: cpu0.timing.*, cpu0.caches.*
  EXPECT_EQ(std::string(c0.ptimer.basename()), "private_timer");
  EXPECT_EQ(c0.nirq.name(), "cpu.nIRQ");
  EXPECT_THROW(soc.core(1), std::out_of_range);
}
