// Point expansion and validation (points.h).
#include "points.h"

#include <cmath>
#include <cstdio>
#include <map>

#include "core/config_error.h"
#include "point_hash.h"
#include "run_config.h"
#include "scenario.h"

namespace zvp::sweep {

namespace {

// Filter values compare as numbers with the same unit when both are ("100MHz" == "100.0MHz"),
// as text otherwise.
bool same_value(const std::string& a, const std::string& b) {
  double x, y;
  std::string ua, ub;
  if (split_number(a, x, ua) && split_number(b, y, ub)) return ua == ub && std::fabs(x - y) <= 1e-9 * std::fabs(x);
  return a == b;
}

bool excluded(const SweepSpec& spec, const Point& p) {
  for (const auto& f : spec.filters) {
    bool all = true;
    for (const auto& [path, alts] : f.match) {
      bool any = false;
      for (const auto& [sp, sv] : p.settings)
        if (sp == path)
          for (const auto& v : alts) any |= same_value(sv, v);
      all &= any;
    }
    if (all) return true;
  }
  return false;
}

}  // namespace

std::string describe(const Point& p) {
  std::string s;
  for (const auto& [k, v] : p.settings) s += (s.empty() ? "" : ", ") + k + "=" + v;
  return s.empty() ? "(no settings)" : s;
}

std::vector<Point> expand_points(const SweepSpec& spec) {
  std::vector<std::vector<std::pair<std::string, std::string>>> combos;
  if (spec.axes.empty()) {
    combos.push_back({});
  } else if (spec.zip) {
    for (size_t i = 0; i < spec.axes.front().values.size(); ++i) {
      combos.emplace_back();
      for (const auto& a : spec.axes) combos.back().push_back({a.path, a.values[i]});
    }
  } else {
    // Odometer over the axes, the last axis changing fastest.
    std::vector<size_t> idx(spec.axes.size(), 0);
    for (;;) {
      combos.emplace_back();
      for (size_t k = 0; k < spec.axes.size(); ++k) combos.back().push_back({spec.axes[k].path, spec.axes[k].values[idx[k]]});
      size_t k = spec.axes.size();
      while (k > 0 && ++idx[k - 1] == spec.axes[k - 1].values.size()) idx[--k] = 0;
      if (k == 0) break;
      if (combos.size() > 1000000) throw ConfigError(spec.file + ": more than a million points");
    }
  }
  std::vector<Point> out;
  for (const auto& scn : spec.scenarios) {
    for (const auto& c : combos) {
      Point p;
      p.scenario = scn;
      p.settings = c;
      if (excluded(spec, p)) continue;
      p.index = out.size();
      std::string key = scn;
      for (const auto& [k, v] : c) key += "\n" + k + "=" + v;
      char idx[16];
      std::snprintf(idx, sizeof idx, "%04zu-", p.index);
      p.id = idx + hex64(fnv1a(key)).substr(0, 8);
      out.push_back(std::move(p));
    }
  }
  if (out.empty()) throw ConfigError(spec.file + ": the sweep has zero points (every combination is filtered out)");
  return out;
}

void validate_points(const SweepSpec& spec, const std::vector<Point>& points, const std::string& source_dir,
                     const std::string& build_dir) {
  std::map<std::string, Scenario> loaded;
  for (const auto& p : points) {
    try {
      auto it = loaded.find(p.scenario);
      if (it == loaded.end()) it = loaded.emplace(p.scenario, load_scenario(p.scenario, build_dir, source_dir)).first;
      Scenario sc = it->second;
      for (const auto& [k, v] : p.settings) sc.params.push_back({k, v, "--set"});
      RunConfig cfg(sc);
    } catch (const ConfigError& e) {
      throw ConfigError(spec.file + ": point " + p.id + " (" + p.scenario + ": " + describe(p) + "): " + e.what());
    }
  }
}

}  // namespace zvp::sweep
