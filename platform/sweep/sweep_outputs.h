// The outputs of a sweep: the metrics read from each point's JSON report, then
// DIR/results.csv (one row per point and one per layer), DIR/results.json and DIR/index.html.
#pragma once
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "point_run.h"
#include "points.h"

namespace zvp::sweep {

struct LayerRow {
  std::string name, kind;
  std::map<std::string, double> values;  // layer metric key (after "layers.") -> value
};

struct PointResult {
  const Point* point = nullptr;
  PointRun run;
  std::map<std::string, double> metrics;  // point-level metrics present in the report
  std::vector<LayerRow> layers;           // when the sweep asks for layers.* metrics
};

// Reads DIR/points/<id>.json of each point (a missing or unreadable report leaves the metrics
// empty: the point's status says why).
std::vector<PointResult> collect_results(const SweepSpec& spec, const std::vector<Point>& points,
                                         const std::vector<PointRun>& runs, const std::string& dir);

// Each returns false (and names the file on stderr) when it cannot be written.
bool write_csv(const SweepSpec& spec, const std::vector<PointResult>& results, const std::string& path);
bool write_json(const SweepSpec& spec, const std::vector<PointResult>& results, const std::string& path);
bool write_html(const SweepSpec& spec, const std::vector<PointResult>& results, const std::string& path);

// The CSV header of a metric: SCALE-Sim's name where ZVP's report has the same quantity.
std::string csv_header(const std::string& metric);

}  // namespace zvp::sweep
