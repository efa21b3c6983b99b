// Expectation checks (platform/run/expectations.h).
#include <gtest/gtest.h>

#include "expectations.h"

#include <cstdio>
#include <fstream>

#include "run_progress.h"
#include "scenario.h"

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

// Bands declared with depends/scales_with in a scenario file: dropped or re-based when --images
// or --timing change what they depend on, kept otherwise.
Scenario scenario_with_dependent_bands(const char* timing) {
  // One file per test: ctest runs the tests of this binary as parallel processes.
  const std::string path = ::testing::TempDir() + "/dependent_bands_" +
                           ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".yaml";
  std::ofstream(path) << "scenario: t\nfirmware: {arm: x.elf}\ntiming: " << timing
                      << "\nrun: {images: 20}\nexpect:\n  results:\n"
                         "    mismatches: [0, 0]\n"
                         "    images: {band: [20, 20], scales_with: images}\n"
                         "    accuracy: {band: [0.97, 0.97], depends: [images]}\n"
                         "    latency_s: {band: [0.009, 0.0094], depends: [images, timing]}\n"
                         "  regression:\n    cycles: {band: [100, 104], depends: [timing]}\n";
  return load_scenario(path, ".", ".");
}

TEST(DependentBands, ImagesChanged) {
  Scenario sc = scenario_with_dependent_bands("lt");
  sc.images = 3;
  const std::string line = drop_changed_bands(sc.expect, run_changes(sc, 20), 20, 3);
  EXPECT_EQ(sc.expect.results.count("accuracy"), 0u);
  EXPECT_EQ(sc.expect.results.count("latency_s"), 0u);
  ASSERT_EQ(sc.expect.results.count("images"), 1u);
  EXPECT_DOUBLE_EQ(sc.expect.results["images"].first, 3);
  EXPECT_DOUBLE_EQ(sc.expect.results["images"].second, 3);
  EXPECT_EQ(sc.expect.results.count("mismatches"), 1u);
  EXPECT_EQ(sc.expect.regression.count("cycles"), 1u);
  EXPECT_NE(line.find("2 bands not checked"), std::string::npos) << line;
  EXPECT_NE(line.find("--images 3 (scenario: 20)"), std::string::npos) << line;
  EXPECT_NE(line.find("1 band re-based"), std::string::npos) << line;
}

TEST(DependentBands, TimingChanged) {
  Scenario sc = scenario_with_dependent_bands("lt");
  sc.params.push_back({"sim.timing", "at", "--timing"});
  const std::string line = drop_changed_bands(sc.expect, run_changes(sc, 20), 20, 20);
  EXPECT_EQ(sc.expect.results.count("latency_s"), 0u);
  EXPECT_EQ(sc.expect.regression.count("cycles"), 0u);
  EXPECT_EQ(sc.expect.results.count("accuracy"), 1u);
  EXPECT_DOUBLE_EQ(sc.expect.results["images"].first, 20);
  EXPECT_NE(line.find("--timing at (scenario: lt)"), std::string::npos) << line;
}

TEST(DependentBands, NothingChangedOrSameTiming) {
  Scenario sc = scenario_with_dependent_bands("at");
  sc.params.push_back({"sim.timing", "at", "--timing"});  // the scenario's own mode again
  EXPECT_EQ(drop_changed_bands(sc.expect, run_changes(sc, 20), 20, 20), "");
  EXPECT_EQ(sc.expect.results.size(), 4u);
  EXPECT_EQ(sc.expect.regression.size(), 1u);
}

TEST(DependentBands, BadDeclarationIsAClearError) {
  const std::string path = ::testing::TempDir() + "/bad_depends.yaml";
  std::ofstream(path) << "scenario: t\nfirmware: {arm: x.elf}\nexpect:\n  results:\n"
                         "    a: {band: [1, 2], depends: [weather]}\n";
  try {
    load_scenario(path, ".", ".");
    FAIL() << "accepted";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("'weather' is not images or timing"), std::string::npos) << e.what();
  }
}

// Progress: inputs done of total and the wall time left from the rate so far.
TEST(Progress, EstimateFromTheRateSoFar) {
  ProgressSample s;
  s.sim_s = 0.2;
  s.wall_s = 10;
  s.items_done = 5;
  s.items_total = 20;
  EXPECT_EQ(progress_line(s), "[zvp] progress: 5/20 inputs, simulated 0.200 s, wall 10.0 s, about 30 s left");
  s.items_done = 1;
  s.items_total = 100;  // 99 left at 10 s each
  EXPECT_EQ(progress_line(s), "[zvp] progress: 1/100 inputs, simulated 0.200 s, wall 10.0 s, about 16.5 min left");
  s.items_total = 0;
  s.items_done = 25;
  EXPECT_EQ(progress_line(s), "[zvp] progress: 25 inputs done, simulated 0.200 s, wall 10.0 s (2.5 inputs/s)");
  s.items_done = 0;
  s.layers_done = 3;
  EXPECT_EQ(progress_line(s), "[zvp] progress: 3 layers done, simulated 0.200 s, wall 10.0 s");
}

}  // namespace
}  // namespace zvp
