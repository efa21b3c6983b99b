// DIR/index.html (sweep_outputs.h): one self-contained page — inline SVG (svg_plot.h), no
// scripts, no network — with a scatter plot of each metric the sweep file names against each
// axis (one colour per scenario and timing mode; layers.* metrics one colour per layer), and a
// Pareto view of two metrics (both lower-is-better) whose front is drawn as a line and labelled
// with its points' parameter values (pareto_view: one per scenario, a reference line, rings).
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <set>

#include "html_text.h"
#include "quantity.h"
#include "svg_plot.h"
#include "sweep_outputs.h"

namespace zvp::sweep {

namespace {

using html::esc;

// The series of a point: its scenario (file name) and timing mode when the sweep varies them.
std::string series_of(const PointResult& r, bool many_scenarios) {
  std::string s;
  if (many_scenarios) {
    auto p = r.point->scenario.find_last_of('/');
    s = r.point->scenario.substr(p == std::string::npos ? 0 : p + 1);
  }
  for (const auto& [k, v] : r.point->settings)
    if (k == "sim.timing") s += (s.empty() ? "" : " ") + v;
  return s.empty() ? "points" : s;
}

// A front label: each setting as "<last path segment>=<value>" (rows=12 fclk0=120MHz ...).
std::string short_settings(const Point& p) {
  std::string s;
  for (const auto& [k, v] : p.settings) s += (s.empty() ? "" : " ") + k.substr(k.find_last_of('.') + 1) + "=" + v;
  return s;
}

// An axis: numeric (with the unit its values carry, "50MHz" -> MHz) or categories.
struct AxisView {
  bool numeric = true;
  std::string unit;
};
AxisView view_of(const Axis& a) {
  AxisView v;
  for (const auto& value : a.values) {
    double d;
    std::string u;
    v.numeric &= split_number(value, d, u);
    if (v.unit.empty()) v.unit = u;
  }
  return v;
}

double x_of(const Axis& a, const AxisView& view, const Point& p) {
  std::string v;
  for (const auto& [k, val] : p.settings)
    if (k == a.path) v = val;
  double x = 0;
  std::string u;
  if (view.numeric) split_number(v, x, u);
  else x = double(std::find(a.values.begin(), a.values.end(), v) - a.values.begin());
  return x;
}

svg::ScatterAxes axes_for(const Axis& a, const AxisView& view, const std::string& metric) {
  svg::ScatterAxes ax;
  ax.x_title = a.path;
  ax.x_unit_text = view.unit;
  ax.y_title = metric;
  ax.y_unit = qty::unit_of(metric);
  if (!view.numeric) ax.x_categories = a.values;
  return ax;
}

// Metric `m` of every point against axis `a` (layers.*: one dot per point and layer).
std::string metric_plot(const Axis& a, const std::string& m, const std::vector<PointResult>& results, bool many,
                        size_t n) {
  const AxisView view = view_of(a);
  const bool layer = m.rfind("layers.", 0) == 0;
  std::vector<svg::Dot> dots;
  for (const auto& r : results) {
    const double x = x_of(a, view, *r.point);
    const std::string where = r.point->id + " " + describe(*r.point);
    if (!layer) {
      auto it = r.metrics.find(m);
      if (it != r.metrics.end())
        dots.push_back(
            {x, it->second, series_of(r, many), where + ": " + qty::format(it->second, qty::unit_of(m)), ""});
      continue;
    }
    for (const auto& l : r.layers) {
      auto it = l.values.find(m);
      if (it == l.values.end()) continue;
      const std::string series = (many ? series_of(r, many) + " " : std::string()) + l.name;
      dots.push_back({x, it->second, series, where + " " + l.name + ": " + qty::format(it->second, qty::unit_of(m)), ""});
    }
  }
  return svg::scatter("plot-" + std::to_string(n), m + " vs " + a.path, dots, axes_for(a, view, m));
}

}  // namespace

bool write_html(const SweepSpec& spec, const std::vector<PointResult>& results, const std::string& path) {
  std::ofstream f(path);
  if (!f) {
    std::fprintf(stderr, "zvp sweep: cannot write %s\n", path.c_str());
    return false;
  }
  std::set<std::string> scenarios;
  for (const auto& r : results) scenarios.insert(r.point->scenario);
  const bool many = scenarios.size() > 1;
  size_t ok = 0;
  for (const auto& r : results) ok += r.run.ok();
  f << "<!DOCTYPE html><html><head><meta charset='utf-8'><title>zvp sweep " << esc(spec.file)
    << "</title><style>body{font-family:sans-serif;margin:20px}svg.plot{margin:6px;border:1px solid #eee;"
       "vertical-align:top}</style></head><body>\n";
  f << "<h1>zvp sweep</h1><p>" << esc(spec.file) << ": " << results.size() << " points, " << ok
    << " succeeded. Data: <a href='results.csv'>results.csv</a>, <a href='results.json'>results.json</a>. "
       "Hover a dot for its point.</p>\n";
  size_t n = 0;
  for (const auto& a : spec.axes) {
    if (a.path == "sim.timing") continue;  // the timing mode is the colour
    f << "<h2>against " << esc(a.path) << "</h2>\n";
    for (const auto& m : spec.metrics) f << metric_plot(a, m, results, many, n++);
  }
  std::vector<std::string> pareto = spec.pareto;
  if (pareto.empty() && spec.metrics.size() >= 2 && spec.metrics[0].rfind("layers.", 0) != 0 &&
      spec.metrics[1].rfind("layers.", 0) != 0)
    pareto = {spec.metrics[0], spec.metrics[1]};
  if (pareto.size() != 2) {
    f << "</body></html>\n";
    return bool(f);
  }
  // One plot for all points, or one per base scenario (pareto_view.per_scenario).
  std::vector<std::string> groups = {""};
  if (spec.pareto_per_scenario) {  // (a loop: GCC 12 -O2 warns falsely on assign() from set iterators)
    groups.clear();
    for (const std::string& s : scenarios) groups.push_back(s);
  }
  f << "<h2>Pareto view</h2><p>Both lower is better; the dashed line is the front, its points labelled with their "
       "parameter values.";
  if (!spec.pareto_mark.empty()) f << " Ringed: " << esc(spec.pareto_mark) << " is non-zero.";
  if (!spec.pareto_line.empty()) f << " The solid line: " << esc(spec.pareto_line) << ".";
  f << "</p>\n";
  for (const auto& g : groups) {
    std::vector<svg::Dot> dots;
    std::vector<const Point*> owner;  // the point of each dot
    svg::ScatterAxes ax;
    ax.x_title = pareto[0], ax.y_title = pareto[1];
    ax.x_unit = qty::unit_of(pareto[0]), ax.y_unit = qty::unit_of(pareto[1]);
    ax.hline_label = spec.pareto_line;
    ax.ring_label = spec.pareto_mark;
    ax.width = 760, ax.height = 440;
    for (const auto& r : results) {
      if (!g.empty() && r.point->scenario != g) continue;
      auto a = r.metrics.find(pareto[0]), b = r.metrics.find(pareto[1]);
      if (a == r.metrics.end() || b == r.metrics.end()) continue;
      svg::Dot d{a->second, b->second, series_of(r, many && g.empty()), r.point->id + " " + describe(*r.point), ""};
      auto m = r.metrics.find(spec.pareto_mark);
      d.ringed = !spec.pareto_mark.empty() && m != r.metrics.end() && m->second != 0;
      auto l = r.metrics.find(spec.pareto_line);
      if (!spec.pareto_line.empty() && l != r.metrics.end()) ax.has_hline = true, ax.hline = l->second;
      dots.push_back(std::move(d));
      owner.push_back(r.point);
    }
    // The front: by x, each point strictly below every point left of it.
    std::vector<size_t> order(dots.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](size_t p, size_t q) {
      return dots[p].x < dots[q].x || (dots[p].x == dots[q].x && dots[p].y < dots[q].y);
    });
    double best = 0;
    bool first = true;
    for (size_t i : order)
      if (first || dots[i].y < best) {
        best = dots[i].y, first = false;
        dots[i].on_line = true;
        // The scenario too when one plot holds several (the same settings may be on the front twice).
        dots[i].label = (many && g.empty() ? dots[i].series + ": " : std::string()) + short_settings(*owner[i]);
      }
    std::string title = pareto[1] + " vs " + pareto[0];
    if (!g.empty()) title += " (" + g.substr(g.find_last_of('/') + 1) + ")";
    f << svg::scatter("pareto-" + std::to_string(n++), title, dots, ax);
  }
  f << "</body></html>\n";
  return bool(f);
}

}  // namespace zvp::sweep
