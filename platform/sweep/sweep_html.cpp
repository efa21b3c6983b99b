// DIR/index.html (sweep_outputs.h): one self-contained page — inline SVG, no scripts, no network
// — with a scatter plot of each point-level metric against each axis (one colour per scenario
// and timing mode) and a Pareto view of two metrics (both lower-is-better), the front drawn as
// a line.
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

// One scatter plot; `categories` (non-empty) labels integer x positions.
std::string plot(const std::string& title, const std::string& xlabel, const std::string& ylabel,
                 const std::vector<Dot>& dots, const std::vector<std::string>& categories, bool front) {
  const double W = 520, H = 320, L = 70, R = 150, T = 30, B = 50;
  std::string s = "<svg xmlns='http://www.w3.org/2000/svg' width='" + num(W) + "' height='" + num(H) + "'>";
  s += "<text x='" + num(L) + "' y='18' font-size='13' font-weight='bold'>" + esc(title) + "</text>";
  if (dots.empty()) return s + "<text x='" + num(L) + "' y='60'>no data</text></svg>";
  double x0 = dots[0].x, x1 = x0, y0 = dots[0].y, y1 = y0;
  for (const auto& d : dots) {
    x0 = std::min(x0, d.x), x1 = std::max(x1, d.x), y0 = std::min(y0, d.y), y1 = std::max(y1, d.y);
  }
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
    std::string pts;
    double best = 0;
    bool first = true;
    for (const auto& d : sorted)
      if (first || d.y < best) {
        best = d.y, first = false;
        pts += num(px(d.x)) + "," + num(py(d.y)) + " ";
      }
    s += "<polyline points='" + pts + "' fill='none' stroke='#444' stroke-dasharray='4 3'/>";
  }
  for (const auto& d : dots) {
    const char* c = kColours[series[d.series] % 8];
    s += "<circle cx='" + num(px(d.x)) + "' cy='" + num(py(d.y)) + "' r='4' fill='" + c + "'><title>" + esc(d.label) +
         "</title></circle>";
  }
  size_t i = 0;
  for (const auto& [name, k] : series) {
    double y = T + 12 + 16 * double(i++);
    s += "<circle cx='" + num(W - R + 12) + "' cy='" + num(y - 4) + "' r='4' fill='" + kColours[k % 8] + "'/>";
    s += "<text x='" + num(W - R + 20) + "' y='" + num(y) + "' font-size='10'>" + esc(name) + "</text>";
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
    std::vector<Dot> dots;
    for (const auto& r : results) {
      auto a = r.metrics.find(pareto[0]), b = r.metrics.find(pareto[1]);
      if (a != r.metrics.end() && b != r.metrics.end())
        dots.push_back({a->second, b->second, series_of(r, many), r.point->id + " " + describe(*r.point)});
    }
    f << "<h2>Pareto view</h2><p>Both lower is better; the dashed line is the front.</p>\n";
    f << plot(pareto[1] + " vs " + pareto[0], pareto[0], pareto[1], dots, {}, true);
  }
  f << "</body></html>\n";
  return bool(f);
}

}  // namespace zvp::sweep
