// SVG charts of ZVP's pages (svg_plot.h).
#include "svg_plot.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "html_text.h"

namespace zvp::svg {

namespace {

using html::esc;

const char* kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"};
const char* kModel = "#1f77b4";
const char* kRef = "#ff7f0e";

// Coordinates in the SVG: one decimal is plenty.
std::string c(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1f", v);
  return b;
}

std::string text(double x, double y, const std::string& s, const char* anchor = "start", int size = 11,
                 const std::string& extra = "") {
  return "<text x='" + c(x) + "' y='" + c(y) + "' font-size='" + std::to_string(size) + "' text-anchor='" + anchor +
         "'" + extra + ">" + esc(s) + "</text>";
}

std::string open(const std::string& id, double w, double h, const std::string& title) {
  return "<svg xmlns='http://www.w3.org/2000/svg' id='" + esc(id) + "' class='plot' width='" + c(w) + "' height='" +
         c(h) + "' viewBox='0 0 " + c(w) + " " + c(h) + "' role='img' aria-label='" + esc(title) + "'>" +
         text(8, 18, title, "start", 13, " font-weight='bold'");
}

// No chart without data: a line saying so (every <svg class='plot'> has data marks).
std::string no_data(const std::string& id, const std::string& title, const std::string& why) {
  return "<p class='nodata' id='" + esc(id) + "'><b>" + esc(title) + "</b>: " + esc(why) + "</p>\n";
}

// A tick's text: the value in the axis's scale, with as many decimals as the step needs (2.5 ->
// one: 0, 2.5, 5, 7.5; 0.0005 -> four).
std::string tick_text(double v, double step) {
  if (std::fabs(v) < step * 1e-9) v = 0;
  int decimals = 0;
  for (double s = step; decimals < 9 && std::fabs(s - std::round(s)) > 1e-9 * std::max(1.0, s); s *= 10) ++decimals;
  if (decimals == 0) return qty::plain(std::round(v));
  char b[40];
  std::snprintf(b, sizeof b, "%.*f", decimals, v);
  return b;
}

std::string axis_title(const std::string& name, const qty::Scale& s) {
  return s.label.empty() ? name : name + " (" + s.label + ")";
}

double text_width(const std::string& s, double px = 6.2) { return double(s.size()) * px; }

}  // namespace

Ticks nice_ticks(double lo, double hi, int target) {
  Ticks t;
  if (!std::isfinite(lo) || !std::isfinite(hi)) lo = 0, hi = 1;
  if (hi < lo) std::swap(lo, hi);
  if (hi == lo) {
    const double pad = lo == 0 ? 1 : std::fabs(lo) * 0.1;
    lo -= pad, hi += pad;
  }
  const double raw = (hi - lo) / std::max(1, target);
  const double mag = std::pow(10, std::floor(std::log10(raw)));
  double step = mag;
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (raw <= m * mag * 1.0000001) {
      step = m * mag;
      break;
    }
  t.step = step;
  t.lo = std::floor(lo / step + 1e-9) * step;
  t.hi = std::ceil(hi / step - 1e-9) * step;
  for (double v = t.lo; v <= t.hi + step * 1e-6; v += step) t.values.push_back(v);
  return t;
}

std::string bar_chart(const std::string& id, const std::string& title, const std::vector<Bar>& bars, qty::Unit u,
                      const std::string& ref_name) {
  if (bars.empty()) return no_data(id, title, "no data in the report");
  double max_v = 0;
  bool any_ref = false;
  size_t label_len = 0;
  for (const auto& b : bars) {
    max_v = std::max({max_v, b.value, b.has_ref ? b.ref : 0.0});
    any_ref |= b.has_ref;
    label_len = std::max(label_len, b.label.size());
  }
  const qty::Scale s = qty::scale_for(u, max_v);
  const Ticks t = nice_ticks(0, max_v * s.scale > 0 ? max_v * s.scale : 1, 5);
  const double L = std::min(260.0, 16 + text_width(std::string(label_len, 'x'))), R = 110, T = any_ref ? 44 : 30,
               row = any_ref ? 26 : 18, B = 44, plot_w = 440;
  const double W = L + plot_w + R, H = T + row * double(bars.size()) + B;
  auto px = [&](double v) { return L + (v * s.scale - t.lo) / (t.hi - t.lo) * plot_w; };
  std::string o = open(id, W, H, title);
  if (any_ref)
    o += "<rect x='" + c(L) + "' y='24' width='10' height='10' fill='" + kModel + "'/>" + text(L + 14, 33, "ZVP model") +
         "<rect x='" + c(L + 100) + "' y='24' width='10' height='10' fill='" + kRef + "'/>" +
         text(L + 114, 33, ref_name.empty() ? "reference" : ref_name);
  const double axis_y = T + row * double(bars.size());
  for (double v : t.values) {
    const double x = L + (v - t.lo) / (t.hi - t.lo) * plot_w;
    o += "<line x1='" + c(x) + "' x2='" + c(x) + "' y1='" + c(T - 4) + "' y2='" + c(axis_y) + "' stroke='#e4e4e4'/>";
    o += text(x, axis_y + 14, tick_text(v, t.step), "middle", 10);
  }
  o += "<line x1='" + c(L) + "' x2='" + c(L + plot_w) + "' y1='" + c(axis_y) + "' y2='" + c(axis_y) + "' stroke='#888'/>";
  o += text(L + plot_w / 2, axis_y + 32, axis_title("value", s), "middle", 11);
  double y = T;
  for (const auto& b : bars) {
    const double h = any_ref ? 10 : 12;
    o += text(L - 6, y + h, b.label, "end", 11);
    const double w = std::max(1.0, px(b.value) - L);
    o += "<rect class='mark' x='" + c(L) + "' y='" + c(y + 1) + "' width='" + c(w) + "' height='" + c(h) + "' fill='" +
         kModel + "'><title>" + esc(b.label + ": " + qty::format(b.value, u)) + "</title></rect>";
    o += text(L + w + 4, y + h, qty::format(b.value, u), "start", 10);
    if (b.has_ref) {
      const double wr = std::max(1.0, px(b.ref) - L);
      o += "<rect class='mark ref' x='" + c(L) + "' y='" + c(y + h + 3) + "' width='" + c(wr) + "' height='" + c(h) +
           "' fill='" + kRef + "'><title>" + esc(b.label + " reference: " + qty::format(b.ref, u)) + "</title></rect>";
      o += text(L + wr + 4, y + 2 * h + 2, qty::format(b.ref, u), "start", 10, " fill='#a35400'");
    }
    y += row;
  }
  return o + "</svg>\n";
}

std::string timeline(const std::string& id, const std::string& title, const std::vector<Span>& spans) {
  double total = 0;
  for (const auto& sp : spans) total += std::max(0.0, sp.seconds);
  if (spans.empty() || total <= 0) return no_data(id, title, "no per-layer times in the report");
  const qty::Scale s = qty::scale_for(qty::Unit::seconds, total);
  const Ticks t = nice_ticks(0, total * s.scale, 8);
  const double L = 20, R = 30, T = 30, lane = 30, plot_w = 960, W = L + plot_w + R, H = T + lane + 50;
  auto px = [&](double sec) { return L + sec * s.scale / t.hi * plot_w; };
  std::string o = open(id, W, H, title);
  o += "<rect x='" + c(L) + "' y='" + c(T) + "' width='" + c(px(total) - L) + "' height='" + c(lane) + "' fill='#eee'/>";
  double at = 0;
  size_t i = 0;
  for (const auto& sp : spans) {
    const double x = px(at), w = std::max(0.8, px(at + std::max(0.0, sp.seconds)) - x);
    o += "<rect class='mark' x='" + c(x) + "' y='" + c(T) + "' width='" + c(w) + "' height='" + c(lane) + "' fill='" +
         kColours[i++ % 8] + "' stroke='#fff' stroke-width='0.5'><title>" +
         esc(sp.label + ": " + qty::format(sp.seconds, qty::Unit::seconds) + " from " +
             qty::format(at, qty::Unit::seconds)) +
         "</title></rect>";
    if (w > text_width(sp.label, 6) + 6) o += text(x + 3, T + 19, sp.label, "start", 10, " fill='#fff'");
    at += std::max(0.0, sp.seconds);
  }
  for (double v : t.values) {
    const double x = L + v / t.hi * plot_w;
    o += "<line x1='" + c(x) + "' x2='" + c(x) + "' y1='" + c(T + lane) + "' y2='" + c(T + lane + 4) + "' stroke='#888'/>";
    o += text(x, T + lane + 16, tick_text(v, t.step), "middle", 10);
  }
  o += text(L + plot_w / 2, T + lane + 36, axis_title("time from the first layer's start", s), "middle", 11);
  return o + "</svg>\n";
}

std::string histogram(const std::string& id, const std::string& title, const std::vector<double>& values,
                      qty::Unit u) {
  if (values.empty()) return no_data(id, title, "no per-image values in the report");
  const auto [mn, mx] = std::minmax_element(values.begin(), values.end());
  const qty::Scale s = qty::scale_for(u, *mx);
  const int nbins = std::clamp(int(std::sqrt(double(values.size()))) + 1, 1, 20);
  const Ticks xt = nice_ticks(*mn * s.scale, *mx * s.scale, nbins);
  std::vector<int> counts(std::max<size_t>(1, xt.values.size() - 1), 0);
  for (double v : values) {
    size_t b = size_t(std::floor((v * s.scale - xt.lo) / xt.step));
    counts[std::min(b, counts.size() - 1)]++;
  }
  const int most = *std::max_element(counts.begin(), counts.end());
  const Ticks yt = nice_ticks(0, most, std::min(5, std::max(1, most)));
  const double L = 60, R = 30, T = 34, B = 48, pw = 480, ph = 200, W = L + pw + R, H = T + ph + B;
  auto px = [&](double v) { return L + (v - xt.lo) / (xt.hi - xt.lo) * pw; };
  auto py = [&](double n) { return T + ph - n / yt.hi * ph; };
  std::string o = open(id, W, H, title);
  for (double v : yt.values) {
    o += "<line x1='" + c(L) + "' x2='" + c(L + pw) + "' y1='" + c(py(v)) + "' y2='" + c(py(v)) + "' stroke='#e4e4e4'/>";
    o += text(L - 6, py(v) + 4, tick_text(v, std::max(1.0, yt.step)), "end", 10);
  }
  for (size_t b = 0; b < counts.size(); ++b) {
    if (!counts[b]) continue;
    const double x0 = px(xt.lo + xt.step * double(b)), x1 = px(xt.lo + xt.step * double(b + 1));
    // At least 2 px high, so that one image among hundreds still shows; its count above it.
    const double top = std::min(py(counts[b]), T + ph - 2);
    o += text((x0 + x1) / 2, top - 3, std::to_string(counts[b]), "middle", 9, " fill='#555'");
    o += "<rect class='mark' x='" + c(x0 + 1) + "' y='" + c(top) + "' width='" + c(std::max(1.0, x1 - x0 - 2)) +
         "' height='" + c(T + ph - top) + "' fill='" + kModel + "'><title>" +
         esc(std::to_string(counts[b]) + " images from " + tick_text(xt.lo + xt.step * double(b), xt.step / 10) +
             " to " + tick_text(xt.lo + xt.step * double(b + 1), xt.step / 10) + " " + s.label) +
         "</title></rect>";
  }
  double mean = 0;
  for (double v : values) mean += v;
  mean /= double(values.size());
  o += "<line x1='" + c(px(mean * s.scale)) + "' x2='" + c(px(mean * s.scale)) + "' y1='" + c(T) + "' y2='" +
       c(T + ph) + "' stroke='#d62728' stroke-dasharray='4 3'/>" +
       // Right of the line, or left of it near the right edge (not over the bars beside it).
       (px(mean * s.scale) + 94 <= L + pw
            ? text(px(mean * s.scale) + 4, T + 12, "mean " + qty::format(mean, u), "start", 10, " fill='#d62728'")
            : text(px(mean * s.scale) - 4, T + 12, "mean " + qty::format(mean, u), "end", 10, " fill='#d62728'"));
  o += "<line x1='" + c(L) + "' x2='" + c(L + pw) + "' y1='" + c(T + ph) + "' y2='" + c(T + ph) + "' stroke='#888'/>";
  // Every k-th bin edge labelled, at most 8 labels (many narrow bins would print over each other).
  const size_t every = (xt.values.size() + 7) / 8;
  for (size_t k = 0; k < xt.values.size(); k += std::max<size_t>(1, every))
    o += text(px(xt.values[k]), T + ph + 14, tick_text(xt.values[k], xt.step), "middle", 10);
  o += text(L + pw / 2, T + ph + 34, axis_title("latency per image", s), "middle", 11);
  o += text(14, T + ph / 2, "images", "middle", 11, " transform='rotate(-90 14 " + c(T + ph / 2) + ")'");
  return o + "</svg>\n";
}

std::string scatter(const std::string& id, const std::string& title, const std::vector<Dot>& dots,
                    const ScatterAxes& a) {
  if (dots.empty()) return no_data(id, title, "no point reported this metric");
  std::map<std::string, size_t> series;
  for (const auto& d : dots) series.emplace(d.series, series.size());
  size_t n_labels = 0, legend_len = 0;
  for (const auto& d : dots) n_labels += !d.label.empty();
  const bool labelled = n_labels > 0;
  for (const auto& [name, k] : series) legend_len = std::max(legend_len, name.size());
  if (!a.ring_label.empty()) legend_len = std::max(legend_len, a.ring_label.size() + 2);

  double x0 = dots[0].x, x1 = x0, y0 = dots[0].y, y1 = y0;
  for (const auto& d : dots) x0 = std::min(x0, d.x), x1 = std::max(x1, d.x), y0 = std::min(y0, d.y), y1 = std::max(y1, d.y);
  if (a.has_hline) y0 = std::min(y0, a.hline), y1 = std::max(y1, a.hline);
  const qty::Scale xs = a.x_categories.empty() ? qty::scale_for(a.x_unit, std::max(std::fabs(x0), std::fabs(x1)))
                                               : qty::Scale{};
  const qty::Scale ys = qty::scale_for(a.y_unit, std::max(std::fabs(y0), std::fabs(y1)));
  // Nice ticks over the data, then a margin of 4 % so that no dot sits on the frame.
  Ticks xt, yt = nice_ticks(y0 * ys.scale, y1 * ys.scale, 5);
  double xlo, xhi;
  if (!a.x_categories.empty()) {
    xlo = -0.5, xhi = double(a.x_categories.size()) - 0.5;
  } else {
    xt = nice_ticks(x0 * xs.scale, x1 * xs.scale, 5);
    xlo = xt.lo - (xt.hi - xt.lo) * 0.04, xhi = xt.hi + (xt.hi - xt.lo) * 0.04;
  }
  const double ylo = yt.lo - (yt.hi - yt.lo) * 0.05, yhi = yt.hi + (yt.hi - yt.lo) * 0.05;
  size_t ytick_len = 0;
  for (double v : yt.values) ytick_len = std::max(ytick_len, tick_text(v, yt.step).size());
  const double L = 34 + text_width(std::string(ytick_len, '0')), T = 34, B = 56,
               legend_w = std::max(90.0, 26 + text_width(std::string(legend_len, 'x'), 5.8)),
               label_w = labelled ? 230 : 0, pw = a.width - 100, ph = a.height - T - B;
  // Labels go in a column 12 px apart (they may run below the plot area: the SVG grows).
  const double W = L + pw + 16 + legend_w + label_w, H = std::max(a.height, T + 20 + 12 * double(n_labels));
  auto px = [&](double x) { return L + (x * xs.scale - xlo) / (xhi - xlo) * pw; };
  auto py = [&](double y) { return T + ph - (y * ys.scale - ylo) / (yhi - ylo) * ph; };
  std::string o = open(id, W, H, title);
  o += "<rect x='" + c(L) + "' y='" + c(T) + "' width='" + c(pw) + "' height='" + c(ph) + "' fill='none' stroke='#888'/>";
  for (double v : yt.values) {
    const double y = T + ph - (v - ylo) / (yhi - ylo) * ph;
    o += "<line x1='" + c(L) + "' x2='" + c(L + pw) + "' y1='" + c(y) + "' y2='" + c(y) + "' stroke='#eee'/>" +
         text(L - 5, y + 4, tick_text(v, yt.step), "end", 10);
  }
  if (!a.x_categories.empty()) {
    for (size_t i = 0; i < a.x_categories.size(); ++i)
      o += text(L + (double(i) - xlo) / (xhi - xlo) * pw, T + ph + 15, a.x_categories[i], "middle", 10);
  } else {
    for (double v : xt.values) {
      const double x = L + (v - xlo) / (xhi - xlo) * pw;
      o += "<line x1='" + c(x) + "' x2='" + c(x) + "' y1='" + c(T) + "' y2='" + c(T + ph) + "' stroke='#eee'/>" +
           text(x, T + ph + 15, tick_text(v, xt.step), "middle", 10);
    }
  }
  const std::string xunit = !xs.label.empty() ? xs.label : a.x_unit_text;
  o += text(L + pw / 2, T + ph + 36, xunit.empty() ? a.x_title : a.x_title + " (" + xunit + ")", "middle", 11);
  const double ymid = T + ph / 2;
  o += text(12, ymid, axis_title(a.y_title, ys), "middle", 11, " transform='rotate(-90 12 " + c(ymid) + ")'");
  if (a.has_hline)
    o += "<line x1='" + c(L) + "' x2='" + c(L + pw) + "' y1='" + c(py(a.hline)) + "' y2='" + c(py(a.hline)) +
         "' stroke='#000'/>" +
         text(L + pw - 4, py(a.hline) - 4, a.hline_label + " " + qty::format(a.hline, a.y_unit), "end", 10);
  // The line (Pareto front) through its dots in x order.
  std::vector<const Dot*> line;
  for (const auto& d : dots)
    if (d.on_line) line.push_back(&d);
  std::sort(line.begin(), line.end(), [](const Dot* p, const Dot* q) { return p->x < q->x; });
  if (!line.empty()) {
    std::string pts;
    for (const Dot* d : line) pts += c(px(d->x)) + "," + c(py(d->y)) + " ";
    o += "<polyline points='" + pts + "' fill='none' stroke='#444' stroke-dasharray='4 3'/>";
  }
  for (const auto& d : dots) {
    o += "<circle class='mark' cx='" + c(px(d.x)) + "' cy='" + c(py(d.y)) + "' r='4' fill='" +
         kColours[series[d.series] % 8] + "' fill-opacity='0.85'><title>" + esc(d.hover) + "</title></circle>";
    if (d.ringed) o += "<circle cx='" + c(px(d.x)) + "' cy='" + c(py(d.y)) + "' r='7' fill='none' stroke='#000'/>";
  }
  // Legend right of the plot, then the labels in a column (each on a leader line to its dot).
  const double lx = L + pw + 16;
  double ly = T + 8;
  for (const auto& [name, k] : series) {
    o += "<circle cx='" + c(lx + 5) + "' cy='" + c(ly - 4) + "' r='4' fill='" + kColours[k % 8] + "'/>" +
         text(lx + 14, ly, name, "start", 10);
    ly += 15;
  }
  if (!a.ring_label.empty()) {
    o += "<circle cx='" + c(lx + 5) + "' cy='" + c(ly - 4) + "' r='6' fill='none' stroke='#000'/>" +
         text(lx + 14, ly, a.ring_label, "start", 10);
    ly += 15;
  }
  if (labelled) {
    std::vector<const Dot*> ls;
    for (const auto& d : dots)
      if (!d.label.empty()) ls.push_back(&d);
    std::sort(ls.begin(), ls.end(), [&](const Dot* p, const Dot* q) { return py(p->y) < py(q->y); });
    const double col = lx + legend_w;
    double y = T + 8;
    // Each label at its dot's height unless the one above pushes it down; at most as low as
    // the remaining labels allow.
    for (size_t i = 0; i < ls.size(); ++i) {
      const Dot* d = ls[i];
      y = std::max(y, std::min(py(d->y) + 3, H - 8 - 12 * double(ls.size() - 1 - i)));
      o += "<line x1='" + c(px(d->x) + 4) + "' y1='" + c(py(d->y)) + "' x2='" + c(col - 2) + "' y2='" + c(y - 3) +
           "' stroke='#bbb'/>" + text(col, y, d->label, "start", 9);
      y += 12;
    }
  }
  return o + "</svg>\n";
}

}  // namespace zvp::svg
