// Result collection, CSV and JSON outputs (sweep_outputs.h); the HTML is in sweep_html.cpp.
#include "sweep_outputs.h"

#include <yaml-cpp/yaml.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "json_writer.h"

namespace zvp::sweep {

namespace {

bool is_layer_metric(const std::string& m) { return m.rfind("layers.", 0) == 0; }

// A dotted path into the report ("results.extra.fps"); a number or nothing.
bool lookup(const YAML::Node& root, const std::string& path, double& out) {
  YAML::Node n = YAML::Clone(root);
  std::stringstream ss(path);
  for (std::string part; std::getline(ss, part, '.');) {
    if (!n.IsMap() || !n[part]) return false;
    n = n[part];
  }
  if (!n.IsScalar()) return false;
  try {
    out = n.as<double>();
    return true;
  } catch (const YAML::Exception&) {
    return false;
  }
}

std::string field(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

std::string num(double v) {
  if (!std::isfinite(v)) return "";
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

// The report's layer quantities that SCALE-Sim also writes, under its column names.
struct Known {
  const char* metric;
  const char* header;
  double scale;
};
const Known kKnown[] = {
    {"layers.time_s", "Time (s)", 1},
    {"layers.gops", "GOPs", 1},
    {"layers.efficiency", "Overall Util %", 100},
    {"layers.gops_per_s", "GOPS", 1},
    {"layers.cin", "Input Channels", 1},
    {"layers.cout", "Output Channels", 1},
};

double csv_scale(const std::string& metric) {
  for (const auto& k : kKnown)
    if (metric == k.metric) return k.scale;
  return 1;
}

}  // namespace

std::string csv_header(const std::string& metric) {
  for (const auto& k : kKnown)
    if (metric == k.metric) return k.header;
  return metric;
}

std::vector<PointResult> collect_results(const SweepSpec& spec, const std::vector<Point>& points,
                                         const std::vector<PointRun>& runs, const std::string& dir) {
  std::vector<PointResult> out;
  for (size_t i = 0; i < points.size(); ++i) {
    PointResult r;
    r.point = &points[i];
    r.run = runs[i];
    YAML::Node root;
    try {
      root = YAML::LoadFile(dir + "/points/" + points[i].id + ".json");  // JSON is YAML
    } catch (const YAML::Exception&) {
      out.push_back(std::move(r));
      continue;
    }
    for (const auto& m : spec.metrics) {
      double v;
      if (!is_layer_metric(m) && lookup(root, m, v)) r.metrics[m] = v;
    }
    if (root["layers"] && root["layers"].IsSequence()) {
      for (const auto& l : root["layers"]) {
        LayerRow row;
        row.name = l["name"] ? l["name"].as<std::string>() : "";
        row.kind = l["kind"] ? l["kind"].as<std::string>() : "";
        for (const auto& m : spec.metrics) {
          double v;
          if (is_layer_metric(m) && lookup(l, m.substr(7), v)) row.values[m] = v;
        }
        if (!row.values.empty()) r.layers.push_back(std::move(row));
      }
    }
    out.push_back(std::move(r));
  }
  return out;
}

bool write_csv(const SweepSpec& spec, const std::vector<PointResult>& results, const std::string& path) {
  std::ofstream f(path);
  if (!f) {
    std::fprintf(stderr, "zvp sweep: cannot write %s\n", path.c_str());
    return false;
  }
  f << "Point,Scenario";
  for (const auto& a : spec.axes) f << ',' << field(a.path);
  f << ",Status,Layer,Kind";
  for (const auto& m : spec.metrics) f << ',' << field(csv_header(m));
  f << '\n';
  for (const auto& r : results) {
    auto prefix = [&] {
      f << r.point->id << ',' << field(r.point->scenario);
      for (const auto& [k, v] : r.point->settings) f << ',' << field(v);
      f << ',' << field(r.run.status_text());
    };
    prefix();
    f << ",,";
    for (const auto& m : spec.metrics) {
      auto it = r.metrics.find(m);
      f << ',' << (it == r.metrics.end() ? "" : num(it->second));
    }
    f << '\n';
    for (const auto& l : r.layers) {
      prefix();
      f << ',' << field(l.name) << ',' << field(l.kind);
      for (const auto& m : spec.metrics) {
        auto it = l.values.find(m);
        f << ',' << (it == l.values.end() ? "" : num(it->second * csv_scale(m)));
      }
      f << '\n';
    }
  }
  return bool(f);
}

bool write_json(const SweepSpec& spec, const std::vector<PointResult>& results, const std::string& path) {
  std::ofstream f(path);
  if (!f) {
    std::fprintf(stderr, "zvp sweep: cannot write %s\n", path.c_str());
    return false;
  }
  JsonWriter j;
  j.begin_object();
  j.value("sweep", spec.file);
  j.begin_array("axes");
  for (const auto& a : spec.axes) {
    j.begin_object().value("path", a.path).begin_array("values");
    for (const auto& v : a.values) j.value(nullptr, v);
    j.end_array().end_object();
  }
  j.end_array();
  j.begin_array("metrics");
  for (const auto& m : spec.metrics) j.value(nullptr, m);
  j.end_array();
  j.begin_array("points");
  for (const auto& r : results) {
    j.begin_object().value("id", r.point->id).value("scenario", r.point->scenario);
    j.begin_object("settings");
    for (const auto& [k, v] : r.point->settings) j.value(k.c_str(), v);
    j.end_object();
    j.value("status", r.run.status_text()).value("exit_status", r.run.status).value("resumed", r.run.resumed);
    if (!r.run.ok()) j.value("stderr_tail", r.run.stderr_tail);
    j.value("report", "points/" + r.point->id + ".json");
    j.begin_object("metrics");
    for (const auto& [k, v] : r.metrics) j.value(k.c_str(), v);
    j.end_object();
    if (!r.layers.empty()) {
      j.begin_array("layers");
      for (const auto& l : r.layers) {
        j.begin_object().value("name", l.name).value("kind", l.kind);
        for (const auto& [k, v] : l.values) j.value(k.c_str(), v);
        j.end_object();
      }
      j.end_array();
    }
    j.end_object();
  }
  j.end_array();
  j.end_object();
  f << j.str() << '\n';
  return bool(f);
}

}  // namespace zvp::sweep
