// A sweep file (`zvp sweep SWEEP.yaml`): base scenarios, axes over parameter paths, how the axes
// combine, filters that drop combinations, the report metrics to collect and per-point limits.
// Parsing only checks the file's shape; the parameter values are checked against the real
// parameter tree when the points are validated (points.h), before anything runs.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace zvp::sweep {

struct Axis {
  std::string path;                 // parameter path (sim.timing for `timing:`)
  std::vector<std::string> values;  // as written (ranges expanded: "50MHz", "60MHz" ...)
};

// A filter drops every combination whose axes take all the listed values; a listed value may be
// one value or a list of alternatives.
struct Filter {
  std::vector<std::pair<std::string, std::vector<std::string>>> match;  // path -> any of
};

struct SweepSpec {
  std::string file;
  std::vector<std::string> scenarios;  // ${SOURCE} / ${BUILD} expanded
  std::vector<Axis> axes;              // in file order; `timing:` last
  bool zip = false;                    // product (default) or zip
  std::vector<Filter> filters;
  std::vector<std::string> metrics;    // report keys: sim_time_s, results.extra.fps, layers.time_s
  std::vector<std::string> pareto;     // two metrics for the Pareto view (default: first two)
  // pareto_view: {per_scenario, line, mark, labels}: one Pareto plot per base scenario; a
  // horizontal line at a metric's value (e.g. reference.arm_only_latency_s); points where a
  // metric is non-zero ringed (e.g. resources.implemented); the front's points labelled with
  // their settings. line and mark are collected like metrics (added to `metrics` if missing).
  bool pareto_per_scenario = false, pareto_labels = false;
  std::string pareto_line, pareto_mark;
  double wall_limit_s = 0;             // 0 = none
  std::optional<unsigned> images;
  // false: points run with `zvp run --no-expect` (only the firmware's exit status is checked),
  // for base scenarios whose regression bands describe their own default parameters.
  bool check_expectations = true;
};

// Throws ConfigError with a message naming the file and the offending key.
SweepSpec parse_sweep_file(const std::string& path, const std::string& source_dir,
                           const std::string& build_dir);
// The same from YAML text (unit tests); `file` names it in messages.
SweepSpec parse_sweep_text(const std::string& text, const std::string& file,
                           const std::string& source_dir, const std::string& build_dir);

// "<number><unit>" -> number and unit ("" for a bare number); false if it does not start with a
// number. Used for ranges, filters and plot axes.
bool split_number(const std::string& text, double& number, std::string& unit);

}  // namespace zvp::sweep
