// Expectation checks (platform/run/expectations.h).
#include <gtest/gtest.h>

#include "expectations.h"

namespace zvp {
namespace {

TEST(Expectations, EveryKindInOrder) {
  Expectations e;
  e.exit_status = 0;
  e.uart_contains = {"hello", "absent"};
  e.uart_regex = {"acc[a-z]+ 0\\.9", "("};
  e.accuracy_min = 0.8;
  e.sim_time_max_s = 1.0;
  e.results["images"] = {2, 2};
  e.results["fps"] = {1, 2};
  RunResult run;
  run.exited = true;
  run.sim_s = 0.5;
  const std::string console = "hello\naccuracy 0.9\n@result images 2\n@result accuracy 0.9\n";
  auto checks = check_expectations(e, 60, run, console, parse_console(console));
  ASSERT_EQ(checks.size(), 9u);
  EXPECT_EQ(checks[0].name, "exit_status");
  EXPECT_TRUE(checks[0].passed);
  EXPECT_EQ(checks[0].detail, "expected 0, got 0");
  EXPECT_TRUE(checks[1].passed);
  EXPECT_FALSE(checks[2].passed);
  EXPECT_TRUE(checks[3].passed);
  EXPECT_FALSE(checks[4].passed);
  EXPECT_EQ(checks[4].detail, "bad regular expression: (");
  EXPECT_EQ(checks[5].name, "accuracy_min");
  EXPECT_EQ(checks[5].detail, "accuracy 0.9 >= 0.8");
  EXPECT_TRUE(checks[5].passed);
  EXPECT_EQ(checks[6].detail, "0.5 s <= 1 s");
  EXPECT_EQ(checks[7].name, "result.fps");  // results in key order
  EXPECT_EQ(checks[7].detail, "not reported in [1, 2]");
  EXPECT_FALSE(checks[7].passed);
  EXPECT_TRUE(checks[8].passed);
  EXPECT_FALSE(all_passed(checks));
}

TEST(Expectations, TimeLimitAndNoExit) {
  Expectations e;
  e.exit_status = 0;
  e.accuracy_min = 0.5;
  RunResult run;
  run.time_limit = true;
  auto checks = check_expectations(e, 2, run, "", parse_console(""));
  ASSERT_EQ(checks.size(), 3u);
  EXPECT_EQ(checks[0].name, "finished");
  EXPECT_EQ(checks[0].detail, "simulated-time limit of 2 s reached before the firmware exited");
  EXPECT_EQ(checks[1].detail, "expected 0, got no exit");
  EXPECT_EQ(checks[2].detail, "accuracy not reported >= 0.5");
  EXPECT_TRUE(all_passed({}));
}

// Timing bands on one layer use the reference's "<layer>.<column>" form; an @result key of that
// name wins, and a layer name that repeats cannot carry a band.
TEST(Expectations, LayerColumnBands) {
  Expectations e;
  e.results["conv_1.time_s"] = {0.0009, 0.0011};
  e.results["conv_2.time_s"] = {0.0009, 0.0011};
  e.results["conv_3.time_s"] = {0.0, 1.0};
  e.results["pool.time_s"] = {0.0, 1.0};
  e.results["x.y"] = {4, 4};
  RunResult run;
  const std::string console =
      "@layer conv_1 conv time_s=0.001 passes=3\n@layer conv_2 conv time_s=0.002\n"
      "@layer pool pool time_s=0.1\n@layer pool pool time_s=0.2\n@result x.y 4\n";
  auto checks = check_expectations(e, 60, run, console, parse_console(console));
  ASSERT_EQ(checks.size(), 5u);
  EXPECT_EQ(checks[0].name, "result.conv_1.time_s");
  EXPECT_TRUE(checks[0].passed) << checks[0].detail;
  EXPECT_EQ(checks[1].detail, "0.002 in [0.0009, 0.0011]");
  EXPECT_FALSE(checks[1].passed);
  EXPECT_EQ(checks[2].detail, "not reported in [0, 1]");
  EXPECT_FALSE(checks[2].passed);
  EXPECT_EQ(checks[3].detail, "2 layers are named 'pool' in [0, 1]");
  EXPECT_FALSE(checks[3].passed);
  EXPECT_TRUE(checks[4].passed);
}

}  // namespace
}  // namespace zvp
