// Result collection, CSV and JSON outputs (sweep_outputs.h); the HTML is in sweep_html.cpp.
#include "sweep_outputs.h"

#include <boost/json/value.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "core/config_error.h"
#include "core/input_file.h"
#include "json_reader.h"
#include "json_writer.h"
#include "report_csv.h"

namespace zvp::sweep {

namespace {

bool is_layer_metric(const std::string& m) { return m.rfind("layers.", 0) == 0; }

namespace json = boost::json;

// A dotted path into the report ("results.extra.fps"); a number or nothing.
bool lookup(const json::value& root, const std::string& path, double& out) {
  const json::value* n = &root;
  std::stringstream ss(path);
  for (std::string part; std::getline(ss, part, '.');) n = json_member(n, part.c_str());
  return json_number(n, &out);
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
    json::value root;
    try {
      const std::string path = dir + "/points/" + points[i].id + ".json";
      root = parse_json(read_input_text(path, "report", 64ull << 20), path);
    } catch (const ConfigError&) {
      out.push_back(std::move(r));
      continue;
    }
    for (const auto& m : spec.metrics) {
      double v;
      if (!is_layer_metric(m) && lookup(root, m, v)) r.metrics[m] = v;
    }
    if (const json::value* layers = json_member(&root, "layers"); layers && layers->is_array()) {
      for (const json::value& l : layers->get_array()) {
        LayerRow row;
        auto text = [&](const char* key) { return json_member(&l, key) ? json_display(json_member(&l, key)) : ""; };
        row.name = text("name");
        row.kind = text("kind");
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
  for (const auto& a : spec.axes) f << ',' << csv_field(a.path);
  f << ",Status,Layer,Kind";
  for (const auto& m : spec.metrics) f << ',' << csv_field(csv_header(m));
  f << '\n';
  for (const auto& r : results) {
    auto prefix = [&] {
      f << r.point->id << ',' << csv_field(r.point->scenario);
      for (const auto& [k, v] : r.point->settings) f << ',' << csv_field(v);
      f << ',' << csv_field(r.run.status_text());
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
      f << ',' << csv_field(l.name) << ',' << csv_field(l.kind);
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
  json::object j{{"sweep", spec.file}};
  json::array& axes = j["axes"].emplace_array();
  for (const auto& a : spec.axes) {
    json::array values;
    for (const auto& v : a.values) values.push_back(json::string(v));
    axes.push_back({{"path", a.path}, {"values", std::move(values)}});
  }
  json::array& metrics = j["metrics"].emplace_array();
  for (const auto& m : spec.metrics) metrics.push_back(json::string(m));
  json::array& points = j["points"].emplace_array();
  for (const auto& r : results) {
    json::object p{{"id", r.point->id}, {"scenario", r.point->scenario}};
    json::object& settings = p["settings"].emplace_object();
    for (const auto& [k, v] : r.point->settings) settings[k] = v;
    p["status"] = r.run.status_text();
    p["exit_status"] = r.run.status;
    p["resumed"] = r.run.resumed;
    if (!r.run.ok()) p["stderr_tail"] = r.run.stderr_tail;
    p["report"] = "points/" + r.point->id + ".json";
    json::object& values = p["metrics"].emplace_object();
    for (const auto& [k, v] : r.metrics) values[k] = v;
    if (!r.layers.empty()) {
      json::array& layers = p["layers"].emplace_array();
      for (const auto& l : r.layers) {
        json::object row{{"name", l.name}, {"kind", l.kind}};
        for (const auto& [k, v] : l.values) row[k] = v;
        layers.push_back(std::move(row));
      }
    }
    points.push_back(std::move(p));
  }
  f << json_pretty(j) << '\n';
  return bool(f);
}

}  // namespace zvp::sweep
