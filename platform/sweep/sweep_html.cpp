// DIR/index.html (sweep_outputs.h): one self-contained page — inline SVG, no scripts, no network
// — with a scatter plot of each point-level metric against each axis (one colour per scenario
// and timing mode) and a Pareto view of two metrics (both lower-is-better), the front drawn as
// a line (pareto_view: one per scenario, a reference line, ringed points, labels on the front).
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>

#include "html_text.h"
#include <set>

#include "sweep_outputs.h"

namespace zvp::sweep {

namespace {

const char* kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"};

using html::esc;
using html::num;

struct Dot {
  double x, y;
  std::string series, label;
  bool marked = false;  // ringed (pareto_view.mark)
};

// Pareto-view extras: a horizontal line at y (if has_line), a legend for the rings, labels on
// the front's points.
struct Extras {
  bool has_line = false, labels = false;
  double line_y = 0;
  std::string line_label, mark_label;
};

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

// One scatter plot; `categories` (non-empty) labels integer x positions.
std::string plot(const std::string& title, const std::string& xlabel, const std::string& ylabel,
                 const std::vector<Dot>& dots, const std::vector<std::string>& categories, bool front,
                 const Extras& ex = Extras()) {
  const double W = ex.labels ? 900 : 520, H = ex.labels ? 420 : 320, L = 70, R = 150, T = 30, B = 50;
  std::string s = "<svg xmlns='http://www.w3.org/2000/svg' width='" + num(W) + "' height='" + num(H) + "'>";
  s += "<text x='" + num(L) + "' y='18' font-size='13' font-weight='bold'>" + esc(title) + "</text>";
  if (dots.empty()) return s + "<text x='" + num(L) + "' y='60'>no data</text></svg>";
  double x0 = dots[0].x, x1 = x0, y0 = dots[0].y, y1 = y0;
  for (const auto& d : dots) {
    x0 = std::min(x0, d.x), x1 = std::max(x1, d.x), y0 = std::min(y0, d.y), y1 = std::max(y1, d.y);
  }
  if (ex.has_line) y0 = std::min(y0, ex.line_y), y1 = std::max(y1, ex.line_y);
  if (x1 == x0) x0 -= 0.5, x1 += 0.5;
  if (y1 == y0) y0 -= std::abs(y0) * 0.1 + 1e-12, y1 += std::abs(y1) * 0.1 + 1e-12;
  auto px = [&](double x) { return L + (x - x0) / (x1 - x0) * (W - L - R); };
  auto py = [&](double y) { return H - B - (y - y0) / (y1 - y0) * (H - T - B); };
  s += "<rect x='" + num(L) + "' y='" + num(T) + "' width='" + num(W - L - R) + "' height='" + num(H - T - B) +
       "' fill='none' stroke='#888'/>";
  for (int i = 0; i <= 4; ++i) {  // y ticks
    double v = y0 + (y1 - y0) * i / 4;
    s += "<text x='" + num(L - 4) + "' y='" + num(py(v) + 4) + "' font-size='10' text-anchor='end'>" + num(v) + "</text>";
  }
  if (!categories.empty()) {
    for (size_t i = 0; i < categories.size(); ++i)
      s += "<text x='" + num(px(double(i))) + "' y='" + num(H - B + 14) + "' font-size='10' text-anchor='middle'>" +
           esc(categories[i]) + "</text>";
  } else {
    for (int i = 0; i <= 4; ++i) {
      double v = x0 + (x1 - x0) * i / 4;
      s += "<text x='" + num(px(v)) + "' y='" + num(H - B + 14) + "' font-size='10' text-anchor='middle'>" + num(v) + "</text>";
    }
  }
  s += "<text x='" + num(L + (W - L - R) / 2) + "' y='" + num(H - 12) + "' font-size='11' text-anchor='middle'>" +
       esc(xlabel) + "</text>";
  s += "<text x='12' y='" + num(T + (H - T - B) / 2) + "' font-size='11' text-anchor='middle' transform='rotate(-90 12 " +
       num(T + (H - T - B) / 2) + ")'>" + esc(ylabel) + "</text>";
  std::map<std::string, size_t> series;
  for (const auto& d : dots) series.emplace(d.series, series.size());
  if (front) {  // Pareto front, both metrics lower-is-better: sort by x, keep strictly falling y
    std::vector<Dot> sorted = dots;
    std::sort(sorted.begin(), sorted.end(), [](const Dot& a, const Dot& b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
    std::string pts, labels;
    double best = 0;
    bool first = true;
    int k = 0;  // labels in rows from the plot's top, each on a leader line to its point
    for (const auto& d : sorted)
      if (first || d.y < best) {
        best = d.y, first = false;
        pts += num(px(d.x)) + "," + num(py(d.y)) + " ";
        if (ex.labels) {
          const double ly = T + 14 + 12 * k++, lx = W - R - 8;
          labels += "<line x1='" + num(px(d.x)) + "' y1='" + num(py(d.y)) + "' x2='" + num(lx) + "' y2='" + num(ly - 3) +
                    "' stroke='#bbb'/><text x='" + num(lx) + "' y='" + num(ly) + "' font-size='9' text-anchor='end'>" +
                    esc(d.label) + "</text>";
        }
      }
    s += "<polyline points='" + pts + "' fill='none' stroke='#444' stroke-dasharray='4 3'/>" + labels;
  }
  if (ex.has_line)
    s += "<line x1='" + num(L) + "' x2='" + num(W - R) + "' y1='" + num(py(ex.line_y)) + "' y2='" + num(py(ex.line_y)) +
         "' stroke='#000'/><text x='" + num(W - R - 4) + "' y='" + num(py(ex.line_y) - 4) +
         "' font-size='10' text-anchor='end'>" + esc(ex.line_label) + " " + num(ex.line_y) + "</text>";
  for (const auto& d : dots) {
    const char* c = kColours[series[d.series] % 8];
    s += "<circle cx='" + num(px(d.x)) + "' cy='" + num(py(d.y)) + "' r='4' fill='" + c + "'><title>" + esc(d.label) +
         "</title></circle>";
    if (d.marked) s += "<circle cx='" + num(px(d.x)) + "' cy='" + num(py(d.y)) + "' r='7' fill='none' stroke='#000'/>";
  }
  size_t i = 0;
  for (const auto& [name, k] : series) {
    double y = T + 12 + 16 * double(i++);
    s += "<circle cx='" + num(W - R + 12) + "' cy='" + num(y - 4) + "' r='4' fill='" + kColours[k % 8] + "'/>";
    s += "<text x='" + num(W - R + 20) + "' y='" + num(y) + "' font-size='10'>" + esc(name) + "</text>";
  }
  if (!ex.mark_label.empty()) {
    const double y = T + 12 + 16 * double(i);
    s += "<circle cx='" + num(W - R + 12) + "' cy='" + num(y - 4) + "' r='6' fill='none' stroke='#000'/>";
    s += "<text x='" + num(W - R + 20) + "' y='" + num(y) + "' font-size='10'>" + esc(ex.mark_label) + "</text>";
  }
  return s + "</svg>\n";
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
  std::vector<std::string> metrics;
  for (const auto& m : spec.metrics)
    if (m.rfind("layers.", 0) != 0) metrics.push_back(m);
  size_t ok = 0;
  for (const auto& r : results) ok += r.run.ok();
  f << "<!DOCTYPE html><html><head><meta charset='utf-8'><title>zvp sweep " << esc(spec.file)
    << "</title><style>body{font-family:sans-serif;margin:20px}svg{margin:6px;border:1px solid #eee}</style></head><body>\n";
  f << "<h1>zvp sweep</h1><p>" << esc(spec.file) << ": " << results.size() << " points, " << ok
    << " succeeded. Data: <a href='results.csv'>results.csv</a>, <a href='results.json'>results.json</a>. "
       "Hover a dot for its point.</p>\n";
  for (const auto& a : spec.axes) {
    if (a.path == "sim.timing") continue;  // the timing mode is the colour
    bool numeric = true;
    for (const auto& v : a.values) {
      double d;
      std::string u;
      numeric &= split_number(v, d, u);
    }
    f << "<h2>against " << esc(a.path) << "</h2>\n";
    for (const auto& m : metrics) {
      std::vector<Dot> dots;
      for (const auto& r : results) {
        auto it = r.metrics.find(m);
        if (it == r.metrics.end()) continue;
        std::string v;
        for (const auto& [k, val] : r.point->settings) if (k == a.path) v = val;
        double x = 0;
        std::string u;
        if (numeric) split_number(v, x, u);
        else x = double(std::find(a.values.begin(), a.values.end(), v) - a.values.begin());
        dots.push_back({x, it->second, series_of(r, many), r.point->id + " " + describe(*r.point)});
      }
      f << plot(m + " vs " + a.path, a.path, m, dots, numeric ? std::vector<std::string>{} : a.values, false);
    }
  }
  std::vector<std::string> pareto = spec.pareto;
  if (pareto.empty() && metrics.size() >= 2) pareto = {metrics[0], metrics[1]};
  if (pareto.size() == 2) {
    // One plot for all points, or one per base scenario (pareto_view.per_scenario).
    std::vector<std::string> groups = {""};
    if (spec.pareto_per_scenario) {
      groups.clear();
      for (const auto& sc : scenarios) groups.push_back(sc);
    }
    f << "<h2>Pareto view</h2><p>Both lower is better; the dashed line is the front.";
    if (spec.pareto_labels) f << " The front's points carry their settings.";
    if (!spec.pareto_mark.empty()) f << " Ringed: " << esc(spec.pareto_mark) << " is non-zero.";
    if (!spec.pareto_line.empty()) f << " The solid line: " << esc(spec.pareto_line) << ".";
    f << "</p>\n";
    for (const auto& g : groups) {
      std::vector<Dot> dots;
      Extras ex;
      ex.labels = spec.pareto_labels;
      ex.line_label = spec.pareto_line;
      ex.mark_label = spec.pareto_mark.empty() ? "" : spec.pareto_mark;
      for (const auto& r : results) {
        if (!g.empty() && r.point->scenario != g) continue;
        auto a = r.metrics.find(pareto[0]), b = r.metrics.find(pareto[1]);
        if (a == r.metrics.end() || b == r.metrics.end()) continue;
        Dot d{a->second, b->second, series_of(r, many && g.empty()),
              spec.pareto_labels ? short_settings(*r.point) : r.point->id + " " + describe(*r.point)};
        auto m = r.metrics.find(spec.pareto_mark);
        d.marked = !spec.pareto_mark.empty() && m != r.metrics.end() && m->second != 0;
        auto l = r.metrics.find(spec.pareto_line);
        if (!spec.pareto_line.empty() && l != r.metrics.end()) ex.has_line = true, ex.line_y = l->second;
        dots.push_back(std::move(d));
      }
      std::string title = pareto[1] + " vs " + pareto[0];
      if (!g.empty()) title += " (" + g.substr(g.find_last_of('/') + 1) + ")";
      f << plot(title, pareto[0], pareto[1], dots, {}, true, ex);
    }
  }
  f << "</body></html>\n";
  return bool(f);
}

}  // namespace zvp::sweep
