// The sweep-file parser and point expansion: axes, ranges with units, product and zip,
// filters, and the bad inputs that must be found before any point runs.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/config_error.h"
#include "point_run.h"
#include "points.h"
#include "sweep_spec.h"

#ifndef ZVP_SOURCE_DIR
#define ZVP_SOURCE_DIR "."
#endif

namespace zvp::sweep {
namespace {

SweepSpec parse(const std::string& text) { return parse_sweep_text(text, "t.yaml", ZVP_SOURCE_DIR, "/b"); }

std::string error_of(const std::string& text) {
  try {
    auto spec = parse(text);
    expand_points(spec);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

const std::string kScn = "scenarios: ['${SOURCE}/scenarios/convnet-tiny-minized.yaml']\n";

TEST(SweepSpec, ProductOfAxesAndTiming) {
  auto s = parse(kScn + "axes:\n  pl.csp.clock: [50MHz, 100MHz]\n  ps.hp.max_reads: [1, 2, 4]\ntiming: [lt, at]\n");
  ASSERT_EQ(s.axes.size(), 3u);
  EXPECT_EQ(s.axes[2].path, "sim.timing");
  EXPECT_EQ(s.scenarios[0], std::string(ZVP_SOURCE_DIR) + "/scenarios/convnet-tiny-minized.yaml");
  auto pts = expand_points(s);
  ASSERT_EQ(pts.size(), 12u);
  EXPECT_EQ(pts[0].settings[0].second, "50MHz");
  EXPECT_EQ(pts[1].settings[2].second, "at");  // the last axis changes fastest
  EXPECT_EQ(pts[11].settings[1].second, "4");
  EXPECT_EQ(s.metrics, (std::vector<std::string>{"sim_time_s", "wall_time_s"}));
}

TEST(SweepSpec, ParetoViewOptions) {
  auto s = parse(kScn + "axes:\n  pl.csp.clock: [50MHz]\nmetrics: [sim_time_s, resources.dsp]\n"
                        "pareto: [resources.dsp, sim_time_s]\n"
                        "pareto_view: {per_scenario: true, line: reference.x, mark: resources.implemented, labels: true}\n");
  EXPECT_TRUE(s.pareto_per_scenario);
  EXPECT_TRUE(s.pareto_labels);
  EXPECT_EQ(s.pareto_line, "reference.x");
  EXPECT_EQ(s.pareto_mark, "resources.implemented");
  // line and mark are collected like the metrics
  EXPECT_EQ(s.metrics, (std::vector<std::string>{"sim_time_s", "resources.dsp", "reference.x", "resources.implemented"}));
  EXPECT_NE(error_of(kScn + "pareto_view: {colour: red}\n").find("colour"), std::string::npos);
  EXPECT_NE(error_of(kScn + "pareto_view: {labels: maybe}\n").find("true or false"), std::string::npos);
}

TEST(SweepSpec, RangesWithUnits) {
  auto s = parse(kScn + "axes:\n  pl.csp.clock: {from: 50MHz, to: 140MHz, step: 10MHz}\n  ps.hp.max_reads: {from: 1, to: 8, step: 1}\n"
                        "  cpu0.cpi: {from: 0.1, to: 0.3, step: 0.1}\n");
  ASSERT_EQ(s.axes[0].values.size(), 10u);
  EXPECT_EQ(s.axes[0].values.front(), "50MHz");
  EXPECT_EQ(s.axes[0].values.back(), "140MHz");
  EXPECT_EQ(s.axes[1].values.size(), 8u);
  EXPECT_EQ(s.axes[2].values, (std::vector<std::string>{"0.1", "0.2", "0.3"}));
  EXPECT_NE(error_of(kScn + "axes:\n  pl.csp.clock: {from: 50MHz, to: 140kHz, step: 10MHz}\n").find("same unit"),
            std::string::npos);
  EXPECT_NE(error_of(kScn + "axes:\n  pl.csp.clock: {from: 50MHz, to: 140MHz, step: 0MHz}\n").find("step must be > 0"),
            std::string::npos);
  EXPECT_NE(error_of(kScn + "axes:\n  pl.csp.clock: {from: 50MHz, to: 140MHz}\n").find("from, to and step"),
            std::string::npos);
}

TEST(SweepSpec, ZipNeedsEqualLengths) {
  auto s = parse(kScn + "combine: zip\naxes:\n  pl.csp.clock: [50MHz, 100MHz]\n  sim.timing: [lt, at]\n");
  auto pts = expand_points(s);
  ASSERT_EQ(pts.size(), 2u);
  EXPECT_EQ(describe(pts[1]), "pl.csp.clock=100MHz, sim.timing=at");
  EXPECT_NE(error_of(kScn + "combine: zip\naxes:\n  pl.csp.clock: [50MHz, 100MHz]\n  sim.timing: [lt]\n").find("equal length"),
            std::string::npos);
  EXPECT_NE(error_of(kScn + "combine: cross\n").find("not product or zip"), std::string::npos);
}

TEST(SweepSpec, FiltersExcludeCombinations) {
  auto s = parse(kScn + "axes:\n  pl.csp.clock: [50MHz, 100MHz, 140MHz]\ntiming: [lt, at]\n"
                        "filters:\n  - exclude: {pl.csp.clock: 50.0MHz, sim.timing: at}\n  - exclude: {pl.csp.clock: [100MHz, 140MHz], sim.timing: lt}\n");
  auto pts = expand_points(s);
  ASSERT_EQ(pts.size(), 3u);
  EXPECT_EQ(describe(pts[0]), "pl.csp.clock=50MHz, sim.timing=lt");
  EXPECT_EQ(describe(pts[2]), "pl.csp.clock=140MHz, sim.timing=at");
  EXPECT_EQ(pts[2].index, 2u);
  EXPECT_NE(error_of(kScn + "axes:\n  pl.csp.clock: [50MHz]\nfilters:\n  - exclude: {cpu0.cpi: 1}\n").find("not an axis"),
            std::string::npos);
}

TEST(SweepSpec, EmptyProductAndBadAxes) {
  EXPECT_NE(error_of(kScn + "axes:\n  pl.csp.clock: []\n").find("no values"), std::string::npos);
  EXPECT_NE(error_of(kScn + "axes:\n  pl.csp.clock: 50MHz\n").find("expected a list"), std::string::npos);
  EXPECT_NE(error_of(kScn + "axes: [pl.csp.clock]\n").find("'axes' must map"), std::string::npos);
  EXPECT_NE(error_of(kScn + "axes:\n  pl.csp.clock: [50MHz]\nfilters:\n  - exclude: {pl.csp.clock: 50MHz}\n").find("zero points"),
            std::string::npos);
  EXPECT_NE(error_of("axes: {}\n").find("'scenarios' is missing"), std::string::npos);
  EXPECT_NE(error_of(kScn + "axis: {}\n").find("unknown key 'axis'"), std::string::npos);
  EXPECT_NE(error_of(kScn + "wall_limit: soon\n").find("wall_limit"), std::string::npos);
  EXPECT_NE(error_of("scenarios: [a\n").find("malformed YAML"), std::string::npos);
}

// Sweep files are read as strictly as scenarios: unknown keys at any depth (with a hint),
// duplicate keys, a second document and values of the wrong shape are errors, not ignored.
TEST(SweepSpec, StrictKeysAtEveryDepth) {
  EXPECT_NE(error_of(kScn + "axxes: {}\n").find("unknown key 'axxes'; did you mean 'axes'?"), std::string::npos);
  EXPECT_NE(error_of(kScn + "axes:\n  pl.csp.clock: {from: 50MHz, to: 60MHz, stepp: 10MHz}\n")
                .find("unknown key 'axes.pl.csp.clock.stepp'; did you mean 'step'?"),
            std::string::npos);
  EXPECT_NE(error_of(kScn + "axes:\n  pl.csp.clock: [50MHz]\nfilters:\n  - exclude: {pl.csp.clock: 50MHz}\n"
                            "    excluded: 1\n")
                .find("unknown key 'filters[0].excluded'"),
            std::string::npos);
  EXPECT_NE(error_of(kScn + "images: 2\nimages: 3\n").find("line 3, column 1: duplicate key 'images'"),
            std::string::npos);
  EXPECT_NE(error_of(kScn + "---\nimages: 2\n").find("a second YAML document"), std::string::npos);
  EXPECT_NE(error_of(kScn + "combine: [zip]\n").find("line 2"), std::string::npos);
  EXPECT_NE(error_of(kScn + "images: 4294967296\n").find("images"), std::string::npos);
}

TEST(SweepSpec, WallLimitAndImages) {
  auto s = parse(kScn + "wall_limit: 10min\nimages: 20\n");
  EXPECT_DOUBLE_EQ(s.wall_limit_s, 600);
  ASSERT_TRUE(s.images.has_value());
  EXPECT_EQ(*s.images, 20u);
  EXPECT_EQ(expand_points(s).size(), 1u);  // no axes: the scenario as it is
}

// A sweep over scenarios with regression bands runs its points with --no-expect, so that only
// the firmware's exit status decides a point's status; by default the expectations hold.
TEST(SweepSpec, CheckExpectationsSelectsNoExpect) {
  auto has_no_expect = [](const SweepSpec& s) {
    auto cmd = point_command(s, expand_points(s)[0], "zvp", "/out");
    return std::find(cmd.begin(), cmd.end(), "--no-expect") != cmd.end();
  };
  EXPECT_FALSE(has_no_expect(parse(kScn)));
  EXPECT_FALSE(has_no_expect(parse(kScn + "check_expectations: true\n")));
  EXPECT_TRUE(has_no_expect(parse(kScn + "check_expectations: false\n")));
  EXPECT_NE(error_of(kScn + "check_expectations: maybe\n").find("check_expectations: 'maybe' is not true or false"),
            std::string::npos);
}

TEST(SweepValidate, UnknownPathAndBadValueNameThePoint) {
  auto bad_path = parse(kScn + "axes:\n  pl.csp.clok: [50MHz]\n");
  try {
    validate_points(bad_path, expand_points(bad_path), ZVP_SOURCE_DIR, ZVP_BUILD_DIR);
    FAIL() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown parameter 'pl.csp.clok'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("point 0000-"), std::string::npos) << e.what();
  }
  auto bad_value = parse(kScn + "axes:\n  pl.csp.clock: [50MHz, 9GHz]\n");
  try {
    validate_points(bad_value, expand_points(bad_value), ZVP_SOURCE_DIR, ZVP_BUILD_DIR);
    FAIL() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("point 0001-"), std::string::npos) << e.what();
  }
  auto good = parse(kScn + "axes:\n  pl.csp.clock: [50MHz, 100MHz]\ntiming: [lt, at]\n");
  EXPECT_NO_THROW(validate_points(good, expand_points(good), ZVP_SOURCE_DIR, ZVP_BUILD_DIR));
}

}  // namespace
}  // namespace zvp::sweep
