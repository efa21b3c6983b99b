#include "report_html.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include <sstream>
#include <vector>

#include "core/config_error.h"
#include "html_text.h"
#include "json_reader.h"

namespace zvp {

namespace {

using html::esc;
using html::num;

// Seconds with a unit a reader takes in at once.
std::string seconds(double s) {
  char b[32];
  if (s >= 1) std::snprintf(b, sizeof b, "%.3f s", s);
  else if (s >= 1e-3) std::snprintf(b, sizeof b, "%.3f ms", s * 1e3);
  else std::snprintf(b, sizeof b, "%.3f us", s * 1e6);
  return b;
}

using Json = boost::json::value;

// The report's members by name (nullptr when absent), numbers and text (json_reader.h).
const Json* at(const Json* v, const char* key) { return json_member(v, key); }
bool is_number(const Json* v, double* out) { return json_number(v, out); }
std::string text(const Json* v) { return json_display(v); }

// Model value, seed value, error: one table row; `seconds_unit` formats times.
std::string result_row(const std::string& name, double model, const double* seed, bool is_time) {
  auto fmt = [&](double v) { return is_time ? seconds(v) : num(v); };
  std::string r = "<tr><td>" + esc(name) + "</td><td class=\"n\">" + fmt(model) + "</td>";
  if (seed) {
    const double err = *seed != 0 ? (model / *seed - 1) * 100 : 0;
    r += "<td class=\"n\">" + fmt(*seed) + "</td><td class=\"n " + (std::fabs(err) <= 15 ? "ok" : "off") + "\">" +
         (err >= 0 ? "+" : "") + num(err) + " %</td>";
  } else {
    r += "<td>-</td><td>-</td>";
  }
  return r + "</tr>\n";
}

// Two horizontal bars (model above, seed below) scaled to `max`: the per-layer comparison.
std::string bar_pair(double model, const double* seed, double max) {
  const double w = 160;
  auto len = [&](double v) { return max > 0 ? std::max(1.0, v / max * w) : 1.0; };
  std::string s = "<svg class=\"bars\" width=\"" + num(w + 4) + "\" height=\"22\" role=\"img\">";
  s += "<rect class=\"bar model\" x=\"0\" y=\"1\" height=\"9\" width=\"" + num(len(model)) + "\"/>";
  if (seed) s += "<rect class=\"bar seed\" x=\"0\" y=\"12\" height=\"9\" width=\"" + num(len(*seed)) + "\"/>";
  return s + "</svg>";
}

}  // namespace

std::string report_html(const Json& report, const std::string& source) {
  const Json* r = &report;
  if (!at(r, "scenario") || !at(r, "sim_time_s"))
    throw ConfigError(source + ": not a ZVP run report (no 'scenario' or 'sim_time_s'; written by zvp run --report)");
  const std::string scenario = text(at(r, "scenario"));
  std::ostringstream h;
  h << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>ZVP report: " << esc(scenario)
    << "</title>\n<style>\n"
    << "body{font:14px/1.4 sans-serif;margin:24px;color:#222;max-width:1100px}h1{font-size:22px}"
       "h2{font-size:17px;margin-top:28px;border-bottom:1px solid #ccc}table{border-collapse:collapse}"
       "td,th{border:1px solid #ddd;padding:3px 8px;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}"
       ".pass{color:#1a7f37;font-weight:bold}.fail{color:#c62828;font-weight:bold}.ok{color:#1a7f37}.off{color:#b26a00}"
       ".bar.model{fill:#1f77b4}.bar.seed{fill:#ff7f0e}.lane{fill:#eee}.layer{stroke:#fff;stroke-width:1}"
       "small{color:#666}\n</style></head><body>\n";
  h << "<h1>" << esc(scenario) << " <small>ZVP run report</small></h1>\n";

  // Summary.
  const Json* ex = at(r, "exit");
  double sim = 0, wall = 0;
  is_number(at(r, "sim_time_s"), &sim);
  is_number(at(r, "wall_time_s"), &wall);
  h << "<h2>Run</h2>\n<table id=\"summary\">\n"
    << "<tr><th>board</th><td>" << esc(text(at(r, "board"))) << "</td></tr>\n"
    << "<tr><th>timing mode</th><td>" << esc(text(at(r, "timing_mode"))) << "</td></tr>\n"
    << "<tr><th>simulated time</th><td>" << seconds(sim) << "</td></tr>\n"
    << "<tr><th>wall time</th><td>" << num(wall) << " s" << (wall > 0 ? " (sim/wall " + num(sim / wall) + ")" : "")
    << "</td></tr>\n";
  if (const Json* ins = at(r, "instructions"); ins && ins->is_object())
    for (const auto& [core, n] : ins->get_object())
      h << "<tr><th>instructions (" << esc(core) << ")</th><td>" << esc(text(&n)) << "</td></tr>\n";
  if (const Json* res = at(r, "resources"); res && res->is_object())
    for (const auto& [k, v] : res->get_object())
      h << "<tr><th>resources (" << esc(k) << ")</th><td>" << (v.is_null() ? std::string("unknown") : esc(text(&v)))
        << "</td></tr>\n";
  if (ex && ex->is_object())
    h << "<tr><th>exit</th><td>status " << esc(text(at(ex, "status"))) << " from the " << esc(text(at(ex, "source")))
      << ": " << esc(text(at(ex, "reason"))) << "</td></tr>\n";
  h << "</table>\n";

  // Expectations.
  const Json* checks = at(r, "expectations");
  unsigned passed = 0, total = 0;
  std::ostringstream rows;
  if (checks && checks->is_array())
    for (const Json& check : checks->get_array()) {
      const Json* c = &check;
      const bool ok = text(at(c, "passed")) == "true";
      ++total;
      passed += ok;
      rows << "<tr><td>" << esc(text(at(c, "name"))) << "</td><td class=\"" << (ok ? "pass\">pass" : "fail\">FAIL")
           << "</td><td>" << esc(text(at(c, "detail"))) << "</td></tr>\n";
    }
  h << "<h2>Expectations <small>" << passed << " of " << total << " hold</small></h2>\n"
    << "<table id=\"expectations\"><thead><tr><th>check</th><th>result</th><th>detail</th></tr></thead><tbody>\n"
    << rows.str() << "</tbody></table>\n";

  // Results beside the seed's references.
  const Json* ref = at(r, "reference");
  auto seed_of = [&](const std::string& key, double* v) { return is_number(at(ref, key.c_str()), v); };
  std::vector<std::pair<std::string, const Json*>> res;
  if (const Json* rs = at(r, "results")) {
    for (const char* k : {"images", "correct", "accuracy"}) res.emplace_back(k, at(rs, k));
    res.emplace_back("latency_first_s", at(at(rs, "latency_s"), "first"));
    res.emplace_back("latency_mean_s", at(at(rs, "latency_s"), "mean"));
    if (const Json* extra = at(rs, "extra"); extra && extra->is_object())
      for (const auto& [k, v] : extra->get_object()) res.emplace_back(k, &v);
  }
  h << "<h2>Results <small>model beside the seed's numbers (error within 15 % in green)</small></h2>\n"
    << "<table id=\"results\"><thead><tr><th>result</th><th>model</th><th>seed</th><th>error</th></tr></thead><tbody>\n";
  for (const auto& [k, v] : res) {
    double m = 0, s = 0;
    if (!is_number(v, &m)) continue;
    const bool has = seed_of(k, &s);
    h << result_row(k, m, has ? &s : nullptr, k.size() > 2 && k.compare(k.size() - 2, 2, "_s") == 0);
  }
  h << "</tbody></table>\n";

  // Layers.
  const Json* layers_value = at(r, "layers");
  const boost::json::array no_layers;
  const boost::json::array& layers =
      layers_value && layers_value->is_array() ? layers_value->get_array() : no_layers;
  if (!layers.empty()) {
    double max_t = 0, total_t = 0;
    for (const Json& layer : layers) {
      const Json* l = &layer;
      double t = 0, s = 0;
      if (is_number(at(l, "time_s"), &t)) max_t = std::max(max_t, t), total_t += t;
      if (is_number(at(at(l, "reference"), "time_s"), &s)) max_t = std::max(max_t, s);
    }
    h << "<h2>Layers <small>time: <svg width=\"10\" height=\"10\"><rect class=\"bar model\" width=\"10\" height=\"10\"/></svg> "
         "model, <svg width=\"10\" height=\"10\"><rect class=\"bar seed\" width=\"10\" height=\"10\"/></svg> seed</small></h2>\n"
      << "<table id=\"layers\"><thead><tr><th>layer</th><th>kind</th><th>input</th><th>channels</th><th>time</th>"
         "<th>seed</th><th>error</th><th>efficiency (model / seed)</th><th>model vs seed</th></tr></thead><tbody>\n";
    for (const Json& layer : layers) {
      const Json* l = &layer;
      double t = 0, s = 0, e = 0, es = 0;
      const bool ht = is_number(at(l, "time_s"), &t);
      const bool hs = is_number(at(at(l, "reference"), "time_s"), &s);
      const bool he = is_number(at(l, "efficiency"), &e);
      const bool hes = is_number(at(at(l, "reference"), "efficiency"), &es);
      h << "<tr><td>" << esc(text(at(l, "name"))) << "</td><td>" << esc(text(at(l, "kind"))) << "</td><td>"
        << esc(text(at(l, "in"))) << "</td><td>" << esc(text(at(l, "cin"))) << " &rarr; " << esc(text(at(l, "cout")))
        << "</td><td class=\"n\">" << (ht ? seconds(t) : "-") << "</td><td class=\"n\">" << (hs ? seconds(s) : "-")
        << "</td>";
      if (ht && hs && s > 0) {
        const double err = (t / s - 1) * 100;
        h << "<td class=\"n " << (std::fabs(err) <= 15 ? "ok" : "off") << "\">" << (err >= 0 ? "+" : "") << num(err)
          << " %</td>";
      } else {
        h << "<td>-</td>";
      }
      h << "<td class=\"n\">" << (he ? num(e * 100) + " %" : "-") << " / " << (hes ? num(es * 100) + " %" : "-")
        << "</td><td>" << bar_pair(t, hs ? &s : nullptr, max_t) << "</td></tr>\n";
    }
    h << "</tbody></table>\n";

    // Timeline of the layers: each one after the other on the run's time axis, as the firmware
    // ran them (the per-layer times of the report; zvp run --perfetto has every block's detail).
    const double width = 1000, lane = 26;
    h << "<h2>Timeline of the layers <small>" << seconds(total_t) << " in all</small></h2>\n"
      << "<svg id=\"timeline\" width=\"" << num(width + 20) << "\" height=\"" << num(lane + 30) << "\" role=\"img\">"
      << "<rect class=\"lane\" x=\"0\" y=\"0\" width=\"" << num(width) << "\" height=\"" << num(lane) << "\"/>";
    double x = 0;
    unsigned i = 0;
    static const char* kFill[] = {"#1f77b4", "#2ca02c", "#9467bd", "#8c564b", "#17becf", "#bcbd22"};
    for (const Json& layer : layers) {
      const Json* l = &layer;
      double t = 0;
      if (!is_number(at(l, "time_s"), &t) || total_t <= 0) continue;
      const double w = t / total_t * width;
      h << "<rect class=\"layer\" x=\"" << num(x) << "\" y=\"0\" width=\"" << num(std::max(w, 0.5)) << "\" height=\""
        << num(lane) << "\" fill=\"" << kFill[i++ % 6] << "\"><title>" << esc(text(at(l, "name"))) << ": " << seconds(t)
        << "</title></rect>";
      if (w > 40)
        h << "<text x=\"" << num(x + 3) << "\" y=\"17\" font-size=\"11\" fill=\"#fff\">" << esc(text(at(l, "name")))
          << "</text>";
      x += w;
    }
    h << "<text x=\"0\" y=\"" << num(lane + 16) << "\" font-size=\"11\">0</text><text x=\"" << num(width - 60) << "\" y=\""
      << num(lane + 16) << "\" font-size=\"11\">" << seconds(total_t) << "</text></svg>\n";
  }

  // Parameters.
  h << "<h2>Parameters <small>those that differ from their defaults, with where they were set</small></h2>\n"
    << "<table id=\"params\"><thead><tr><th>parameter</th><th>value</th><th>set by</th></tr></thead><tbody>\n";
  if (const Json* ps = at(r, "params"); ps && ps->is_object())
    for (const auto& [name, value] : ps->get_object()) {
      const Json* v = &value;
      const bool detailed = v->is_object();
      h << "<tr><td>" << esc(name) << "</td><td>" << esc(text(detailed ? at(v, "value") : v)) << "</td><td>"
        << esc(detailed ? text(at(v, "origin")) : "") << "</td></tr>\n";
    }
  h << "</tbody></table>\n<p><small>Rendered by zvp from " << esc(source) << ".</small></p>\n</body></html>\n";
  return h.str();
}

std::string report_html_from_json(const std::string& json_text, const std::string& source) {
  boost::json::value report;
  try {
    report = parse_json(json_text, source);
  } catch (const ConfigError& e) {  // what was given is not a report at all
    throw ConfigError(std::string(e.what()) + " (not a ZVP run report: zvp run --report writes one)");
  }
  return report_html(report, source);
}

}  // namespace zvp
