// The points of a sweep: every combination of the axes (product or zip) over every base
// scenario, minus the filtered ones, each with a stable id; and their validation against the
// real parameter tree before anything runs.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "sweep_spec.h"

namespace zvp::sweep {

struct Point {
  size_t index = 0;
  std::string id;        // "0003-1a2b3c4d": index + short hash of scenario and settings (stable)
  std::string scenario;  // scenario file
  std::vector<std::pair<std::string, std::string>> settings;  // axis path -> value, axis order
};

// Throws ConfigError when nothing is left (zero points).
std::vector<Point> expand_points(const SweepSpec& spec);

// Builds each point's run configuration the way `zvp params` does (scenario, then the point's
// settings as --set) and throws ConfigError naming the first bad point and why.
void validate_points(const SweepSpec& spec, const std::vector<Point>& points, const std::string& source_dir,
                     const std::string& build_dir);

// "pl.csp.clock=100MHz, sim.timing=at"
std::string describe(const Point& p);

}  // namespace zvp::sweep
