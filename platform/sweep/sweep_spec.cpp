// Sweep-file parser (sweep_spec.h).
#include "sweep_spec.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>

#include "core/config_error.h"
#include "core/input_file.h"
#include "core/units.h"
#include "yaml_strict.h"

namespace zvp::sweep {

namespace {

std::string expand_vars(std::string s, const std::string& source_dir, const std::string& build_dir) {
  for (auto [var, val] : {std::pair<std::string, std::string>{"${SOURCE}", source_dir}, {"${BUILD}", build_dir}}) {
    for (size_t p; (p = s.find(var)) != std::string::npos;) s.replace(p, var.size(), val);
  }
  return s;
}

// Formats a range value without float noise: 0.1 + 2 * 0.1 prints as 0.3.
std::string format_number(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

std::vector<std::string> expand_range(const YAML::Node& n, const std::string& file, const std::string& path) {
  check_keys(n, file, path, {"from", "to", "step"});
  const std::string where = file + ": " + path;
  if (!n["from"] || !n["to"] || !n["step"])
    throw ConfigError(where + ": a range needs from, to and step");
  double a, b, s;
  std::string ua, ub, us;
  if (!split_number(n["from"].as<std::string>(), a, ua) || !split_number(n["to"].as<std::string>(), b, ub) ||
      !split_number(n["step"].as<std::string>(), s, us))
    throw ConfigError(where + ": range from/to/step must be numbers (with a unit), e.g. {from: 50MHz, to: 140MHz, step: 10MHz}");
  if (ua != ub || ua != us)
    throw ConfigError(where + ": range from/to/step must have the same unit ('" + ua + "', '" + ub + "', '" + us + "')");
  if (!(s > 0)) throw ConfigError(where + ": range step must be > 0");
  if (b < a) throw ConfigError(where + ": range 'to' is below 'from'");
  double count = std::floor((b - a) / s + 1e-9) + 1;
  if (count > 100000) throw ConfigError(where + ": range has more than 100000 values");
  std::vector<std::string> out;
  for (long i = 0; i < long(count); ++i) out.push_back(format_number(a + double(i) * s) + ua);
  return out;
}

std::vector<std::string> scalar_list(const YAML::Node& n, const std::string& where) {
  std::vector<std::string> out;
  if (n.IsScalar()) {
    out.push_back(n.as<std::string>());
  } else if (n.IsSequence()) {
    for (const auto& v : n) {
      if (!v.IsScalar()) throw ConfigError(where + ": values must be scalars");
      out.push_back(v.as<std::string>());
    }
  } else {
    throw ConfigError(where + ": expected a value or a list of values");
  }
  return out;
}

SweepSpec parse_node(const YAML::Node& root, const std::string& file, const std::string& source_dir,
                     const std::string& build_dir) {
  SweepSpec s;
  s.file = file;
  if (!root.IsMap()) throw ConfigError(file + ": a sweep file is a mapping (scenarios:, axes: ...)");
  check_keys(root, file, "", {"sweep", "description", "scenarios", "axes", "combine", "timing", "filters", "metrics",
                             "pareto", "pareto_view", "wall_limit", "images", "check_expectations"});
  if (!root["scenarios"]) throw ConfigError(file + ": 'scenarios' is missing (a list of scenario files)");
  for (auto& p : scalar_list(root["scenarios"], file + ": scenarios"))
    s.scenarios.push_back(expand_vars(p, source_dir, build_dir));
  if (s.scenarios.empty()) throw ConfigError(file + ": 'scenarios' is empty");

  if (auto axes = root["axes"]) {
    if (!axes.IsMap()) throw ConfigError(file + ": 'axes' must map parameter paths to value lists or ranges");
    for (auto it = axes.begin(); it != axes.end(); ++it) {
      Axis a;
      a.path = it->first.as<std::string>();
      std::string where = file + ": axes." + a.path;
      if (it->second.IsMap()) a.values = expand_range(it->second, file, "axes." + a.path);
      else if (it->second.IsSequence()) a.values = scalar_list(it->second, where);
      else throw ConfigError(where + ": expected a list of values or a range {from, to, step}");
      if (a.values.empty()) throw ConfigError(where + ": no values");
      for (auto& b : s.axes)
        if (b.path == a.path) throw ConfigError(where + ": axis given twice");
      s.axes.push_back(std::move(a));
    }
  }
  if (auto t = root["timing"]) {
    for (auto& b : s.axes)
      if (b.path == "sim.timing") throw ConfigError(file + ": 'timing' and axes.sim.timing both given");
    s.axes.push_back({"sim.timing", scalar_list(t, file + ": timing")});
  }
  if (auto c = root["combine"]) {
    auto v = c.as<std::string>();
    if (v != "product" && v != "zip") throw ConfigError(file + ": combine: '" + v + "' is not product or zip");
    s.zip = v == "zip";
  }
  if (s.zip) {
    for (auto& a : s.axes)
      if (a.values.size() != s.axes.front().values.size())
        throw ConfigError(file + ": combine: zip needs axes of equal length (" + s.axes.front().path + " has " +
                          std::to_string(s.axes.front().values.size()) + " values, " + a.path + " has " +
                          std::to_string(a.values.size()) + ")");
  }
  if (auto f = root["filters"]) {
    if (!f.IsSequence()) throw ConfigError(file + ": 'filters' must be a list of {exclude: {path: value}}");
    for (size_t i = 0; i < f.size(); ++i) {
      const YAML::Node e = f[i];
      if (e.IsMap()) check_keys(e, file, "filters[" + std::to_string(i) + "]", {"exclude"});
      if (!e.IsMap() || e.size() != 1 || !e["exclude"] || !e["exclude"].IsMap())
        throw ConfigError(file + ": each filter is {exclude: {path: value, ...}}");
      Filter flt;
      for (auto it = e["exclude"].begin(); it != e["exclude"].end(); ++it) {
        auto path = it->first.as<std::string>();
        bool is_axis = false;
        for (auto& a : s.axes) is_axis |= a.path == path;
        if (!is_axis) throw ConfigError(file + ": filters: '" + path + "' is not an axis of the sweep");
        flt.match.push_back({path, scalar_list(it->second, file + ": filters." + path)});
      }
      s.filters.push_back(std::move(flt));
    }
  }
  if (auto m = root["metrics"]) s.metrics = scalar_list(m, file + ": metrics");
  if (s.metrics.empty()) s.metrics = {"sim_time_s", "wall_time_s"};
  if (auto p = root["pareto"]) {
    s.pareto = scalar_list(p, file + ": pareto");
    if (s.pareto.size() != 2) throw ConfigError(file + ": pareto names two metrics");
  }
  if (auto v = root["pareto_view"]) {
    if (!v.IsMap()) throw ConfigError(file + ": pareto_view is {per_scenario, line, mark, labels}");
    check_keys(v, file, "pareto_view", {"per_scenario", "line", "mark", "labels"});
    auto flag = [&](const char* k) {
      const std::string t = v[k] ? v[k].as<std::string>() : "false";
      if (t != "true" && t != "false") throw ConfigError(file + ": pareto_view." + k + ": expected true or false");
      return t == "true";
    };
    s.pareto_per_scenario = flag("per_scenario");
    s.pareto_labels = flag("labels");
    if (v["line"]) s.pareto_line = v["line"].as<std::string>();
    if (v["mark"]) s.pareto_mark = v["mark"].as<std::string>();
    for (const std::string* m : {&s.pareto_line, &s.pareto_mark})
      if (!m->empty() && std::find(s.metrics.begin(), s.metrics.end(), *m) == s.metrics.end()) s.metrics.push_back(*m);
  }
  if (auto w = root["wall_limit"]) {
    auto text = w.as<std::string>();
    double v;
    std::string unit;
    static const std::pair<const char*, double> scale[] = {{"s", 1}, {"min", 60}, {"h", 3600}, {"ms", 1e-3}};
    bool ok = split_number(text, v, unit) && v > 0;
    double f = 0;
    for (auto& [u, k] : scale) if (unit == u) f = k;
    if (!ok || f == 0) throw ConfigError(file + ": wall_limit: '" + text + "' is not a time such as 10min, 90s or 1h");
    s.wall_limit_s = v * f;
  }
  if (auto i = root["images"]) {
    const uint64_t n = units::parse_u64(i.as<std::string>(), file + ": images");
    if (n == 0 || n > 0xFFFFFFFFu)
      throw ConfigError(file + ": images: " + std::to_string(n) + " is out of range (1 to 4294967295)");
    s.images = static_cast<unsigned>(n);
  }
  if (auto c = root["check_expectations"]) {
    const std::string v = c.as<std::string>();
    if (v != "true" && v != "false")
      throw ConfigError(file + ": check_expectations: '" + v + "' is not true or false");
    s.check_expectations = v == "true";
  }
  return s;
}

}  // namespace

bool split_number(const std::string& text, double& number, std::string& unit) {
  const char* b = text.c_str();
  char* end = nullptr;
  number = std::strtod(b, &end);
  if (end == b || !std::isfinite(number)) return false;
  unit = std::string(end);
  auto p = unit.find_first_not_of(' ');
  unit = p == std::string::npos ? "" : unit.substr(p);
  return true;
}

SweepSpec parse_sweep_text(const std::string& text, const std::string& file, const std::string& source_dir,
                           const std::string& build_dir) {
  const YAML::Node root = parse_strict_yaml(text, file);  // one document, no duplicate keys
  try {
    return parse_node(root, file, source_dir, build_dir);
  } catch (const YAML::Exception& e) {  // a list or mapping where a value is expected
    throw ConfigError(file + ": line " + std::to_string(e.mark.line + 1) + ": " + e.msg);
  }
}

SweepSpec parse_sweep_file(const std::string& path, const std::string& source_dir, const std::string& build_dir) {
  // read_input_text (through load_strict_yaml's reader): regular files only, size-checked.
  return parse_sweep_text(read_input_text(path, "sweep file", kMaxYamlBytes), path, source_dir, build_dir);
}

}  // namespace zvp::sweep
