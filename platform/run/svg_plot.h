// Self-contained SVG charts for ZVP's pages (the run report, the sweep page): no script, no
// font or library to fetch. Axes have "nice" ticks (1, 2, 5 x 10^k) in the unit of their
// quantity (quantity.h) and a title that names the unit; the plot area keeps a margin so that no
// mark is clipped at its edges. Every data mark carries class "mark" (tests count them) and a
// <title> a reader sees on hover. A chart without data is a one-line paragraph (class nodata)
// saying so, never an empty plot.
#pragma once
#include <string>
#include <vector>

#include "quantity.h"

namespace zvp::svg {

// Ticks for [lo, hi]: about `target` steps of 1, 2 or 5 x 10^k, covering the range.
struct Ticks {
  double lo = 0, hi = 1, step = 1;
  std::vector<double> values;
};
Ticks nice_ticks(double lo, double hi, int target = 5);

// One horizontal bar: the model's value and, when `has_ref`, the reference drawn beneath it.
struct Bar {
  std::string label;
  double value = 0;
  bool has_ref = false;
  double ref = 0;
};

// Horizontal bars on one value axis from 0 (unit `u`); `ref_name` names the reference bars in
// the legend ("" = no legend).
std::string bar_chart(const std::string& id, const std::string& title, const std::vector<Bar>& bars, qty::Unit u,
                      const std::string& ref_name = "");

// Consecutive spans on one time axis (the layer timeline): name and duration in seconds.
struct Span {
  std::string label;
  double seconds = 0;
};
std::string timeline(const std::string& id, const std::string& title, const std::vector<Span>& spans);

// The distribution of per-image values (seconds): a histogram with nice bins when there are
// several, with the mean marked.
std::string histogram(const std::string& id, const std::string& title, const std::vector<double>& values,
                      qty::Unit u);

// A scatter plot: points in series (one colour each), optional line through a subset
// (`line_series`: the Pareto front), labels on points that have one.
struct Dot {
  double x = 0, y = 0;
  std::string series, hover, label;  // label: drawn beside the dot when non-empty
  bool ringed = false;
  bool on_line = false;  // joined by the dashed line, in x order
};
struct ScatterAxes {
  std::string x_title, y_title;
  qty::Unit x_unit = qty::Unit::none, y_unit = qty::Unit::none;
  std::string x_unit_text;                 // a unit read from the values (e.g. "MHz") when x_unit is none
  std::vector<std::string> x_categories;   // non-empty: x is an index into these
  bool has_hline = false;
  double hline = 0;
  std::string hline_label, ring_label;
  double width = 560, height = 340;
};
std::string scatter(const std::string& id, const std::string& title, const std::vector<Dot>& dots,
                    const ScatterAxes& axes);

}  // namespace zvp::svg
