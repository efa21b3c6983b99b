#include "report_html.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

#include "core/config_error.h"
#include "html_text.h"
#include "json_reader.h"
#include "quantity.h"
#include "svg_plot.h"

namespace zvp {

namespace {

using html::esc;
using Json = boost::json::value;
using qty::Unit;

// The report's members by name (nullptr when absent), numbers and text (json_reader.h).
const Json* at(const Json* v, const char* key) { return json_member(v, key); }
bool is_number(const Json* v, double* out) { return json_number(v, out); }
std::string text(const Json* v) { return json_display(v); }

// A report value with the unit its key implies ("7.107 ms", "95.00 %", "48,410 cycles").
std::string shown(const std::string& key, double v) { return qty::format(v, qty::unit_of(key)); }

// One named number of the results section (and its seed reference when the scenario gives one).
struct Result {
  std::string key;
  double value = 0;
  bool has_ref = false;
  double ref = 0;
};

std::vector<Result> results_of(const Json* r) {
  std::vector<Result> out;
  auto add = [&](const std::string& key, const Json* v) {
    Result x{key};
    if (!is_number(v, &x.value)) return;
    x.has_ref = is_number(at(at(r, "reference"), key.c_str()), &x.ref);
    out.push_back(x);
  };
  if (const Json* rs = at(r, "results")) {
    for (const char* k : {"images", "correct", "accuracy"}) add(k, at(rs, k));
    add("latency_first_s", at(at(rs, "latency_s"), "first"));
    add("latency_mean_s", at(at(rs, "latency_s"), "mean"));
    if (const Json* extra = at(rs, "extra"); extra && extra->is_object())
      for (const auto& [k, v] : extra->get_object()) add(k, &v);
  }
  return out;
}

// Model beside reference: the error in %, coloured when beyond 15 %.
std::string error_cell(double model, double ref) {
  if (ref == 0) return "<td>-</td>";
  const double err = (model / ref - 1) * 100;
  char b[32];
  std::snprintf(b, sizeof b, "%+.1f %%", err);
  return std::string("<td class=\"n ") + (std::fabs(err) <= 15 ? "ok" : "off") + "\">" + b + "</td>";
}

// The error and the ratio model / reference.
std::string comparison_cells(double model, double ref) {
  return error_cell(model, ref) + "<td class=\"n\">" + (ref == 0 ? "-" : qty::plain(model / ref) + " x") + "</td>";
}

// A layer's per-layer utilisation: the SCALE-Sim-style `efficiency` (achieved / peak) or the
// DTPU's `utilisation` (MACs / (busy cycles x MXU size)).
const char* util_key(const Json* l) {
  double v;
  if (is_number(at(l, "efficiency"), &v)) return "efficiency";
  if (is_number(at(l, "utilisation"), &v)) return "utilisation";
  return nullptr;
}

// A layer's label: its name, and its mode when one network ran in several (DNNWeaver).
std::string layer_label(const Json* l) {
  std::string s = text(at(l, "name"));
  if (const Json* m = at(l, "mode"); m && m->is_string()) s += " (" + text(m) + ")";
  return s;
}

void run_section(std::ostringstream& h, const Json* r) {
  double sim = 0, wall = 0;
  is_number(at(r, "sim_time_s"), &sim);
  is_number(at(r, "wall_time_s"), &wall);
  h << "<h2>Run</h2>\n<table id=\"summary\">\n"
    << "<tr><th>board</th><td>" << esc(text(at(r, "board"))) << "</td></tr>\n"
    << "<tr><th>timing mode</th><td>" << esc(text(at(r, "timing_mode"))) << "</td></tr>\n"
    << "<tr><th>simulated time</th><td>" << qty::format(sim, Unit::seconds) << "</td></tr>\n"
    << "<tr><th>wall time</th><td>" << qty::format(wall, Unit::seconds)
    << (wall > 0 ? " (simulated / wall " + qty::plain(sim / wall) + ")" : "") << "</td></tr>\n";
  if (const Json* ins = at(r, "instructions"); ins && ins->is_object())
    for (const auto& [core, n] : ins->get_object()) {
      double v;
      h << "<tr><th>instructions (" << esc(core) << ")</th><td>"
        << (is_number(&n, &v) ? qty::plain(v) : std::string("none")) << "</td></tr>\n";
    }
  if (const Json* res = at(r, "resources"); res && res->is_object())
    for (const auto& [k, v] : res->get_object()) {
      double n;
      h << "<tr><th>resources (" << esc(k) << ")</th><td>"
        << (is_number(&v, &n) ? qty::plain(n) : std::string("unknown")) << "</td></tr>\n";
    }
  if (const Json* ex = at(r, "exit"); ex && ex->is_object())
    h << "<tr><th>exit</th><td>status " << esc(text(at(ex, "status"))) << " from the " << esc(text(at(ex, "source")))
      << ": " << esc(text(at(ex, "reason"))) << "</td></tr>\n";
  if (text(at(r, "interrupted")) == "true")
    h << "<tr><th>interrupted</th><td class=\"fail\">yes: the results are those so far</td></tr>\n";
  h << "</table>\n";
}

void expectations_section(std::ostringstream& h, const Json* r) {
  unsigned passed = 0, total = 0;
  std::ostringstream rows;
  if (const Json* checks = at(r, "expectations"); checks && checks->is_array())
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
}

// The reference's provenance, said once above every comparison.
std::string reference_note(const Json* r) {
  const std::string src = at(r, "reference_source") ? text(at(r, "reference_source")) : "";
  return src.empty() ? "<p class=\"ref\">Reference: the scenario does not say where its reference numbers come from.</p>\n"
                     : "<p class=\"ref\"><b>Reference:</b> " + esc(src) + "</p>\n";
}

void results_section(std::ostringstream& h, const Json* r, const std::vector<Result>& res) {
  h << "<h2>Results</h2>\n<table id=\"results\"><thead><tr><th>result</th><th>value</th></tr></thead><tbody>\n";
  for (const auto& x : res)
    h << "<tr><td>" << esc(x.key) << "</td><td class=\"n\">" << shown(x.key, x.value) << "</td></tr>\n";
  h << "</tbody></table>\n";

  // Against the seed: the results that have a reference, with where it comes from. Times and
  // accuracy are drawn beside their references below; other quantities here, one chart per unit.
  bool any = false;
  h << "<h2>Against the seed's reference</h2>\n" << reference_note(r);
  std::ostringstream rows;
  for (const auto& x : res) {
    if (!x.has_ref) continue;
    any = true;
    rows << "<tr><td>" << esc(x.key) << "</td><td class=\"n\">" << shown(x.key, x.value) << "</td><td class=\"n\">"
         << shown(x.key, x.ref) << "</td>" << comparison_cells(x.value, x.ref) << "</tr>\n";
  }
  if (any)
    h << "<table id=\"vs-reference\"><thead><tr><th>result</th><th>model</th><th>reference</th><th>error</th>"
         "<th>model / reference</th></tr></thead><tbody>\n"
      << rows.str() << "</tbody></table>\n";
  if (!any) h << "<p>This scenario names no reference for its results.</p>\n";
  for (Unit u : {Unit::fraction, Unit::cycles, Unit::none, Unit::gops_rate, Unit::fps}) {
    std::vector<svg::Bar> others;
    for (const auto& x : res)
      if (x.has_ref && qty::unit_of(x.key) == u && x.key.find("accuracy") == std::string::npos)
        others.push_back({x.key, x.value, true, x.ref});
    if (!others.empty())
      h << svg::bar_chart("vs-reference-" + std::to_string(int(u)), "Model and reference", others, u, "reference");
  }

  // Times per image (every result in seconds) and accuracy (every accuracy result).
  std::vector<svg::Bar> times, acc, cycles;
  for (const auto& x : res) {
    const Unit u = qty::unit_of(x.key);
    if (u == Unit::seconds) times.push_back({x.key, x.value, x.has_ref, x.ref});
    if (u == Unit::cycles) cycles.push_back({x.key, x.value, x.has_ref, x.ref});
    if (u == Unit::fraction && x.key.find("accuracy") != std::string::npos)
      acc.push_back({x.key, x.value, x.has_ref, x.ref});
  }
  h << "<h2>Times</h2>\n" << svg::bar_chart("times", "Times the firmware reported", times, Unit::seconds, "reference");
  if (!cycles.empty())
    h << "<h2>Cycles</h2>\n" << svg::bar_chart("cycles", "Cycle counts the firmware reported", cycles, Unit::cycles);
  h << "<h2>Accuracy</h2>\n";
  if (acc.empty())
    h << "<p>The firmware reported no accuracy for this run (no labelled inputs, or outputs checked against a golden "
         "model: see the results above).</p>\n";
  else
    h << svg::bar_chart("accuracy", "Accuracy (top-1)", acc, Unit::fraction, "reference");
}

// Per-image latency: the items' times (@item lines, or the firmware's item log) when there are
// some, else the first and mean latency it reported (said so).
void latency_section(std::ostringstream& h, const Json* r, const std::vector<Result>& res) {
  std::vector<double> per_image;
  if (const Json* items = at(r, "items"); items && items->is_array())
    for (const Json& it : items->get_array()) {
      double t;
      if (is_number(at(&it, "time_s"), &t) || is_number(at(&it, "latency_s"), &t)) per_image.push_back(t);
    }
  h << "<h2>Latency per image</h2>\n";
  if (!per_image.empty()) {
    h << svg::histogram("latency", "Latency per image (" + std::to_string(per_image.size()) + " images)", per_image,
                        Unit::seconds);
    return;
  }
  std::vector<svg::Bar> bars;
  for (const auto& x : res)  // (their references are in the Times chart)
    if (x.key == "latency_first_s" || x.key == "latency_mean_s") bars.push_back({x.key, x.value});
  if (bars.empty()) {
    h << "<p>The firmware reported no per-image times (@item lines with time_s, or its item log) and no first or "
         "mean latency: this run does not time inputs (its layers, if it timed them, are below).</p>\n";
    return;
  }
  h << "<p>The firmware reported no per-image times (@item lines with time_s, or its item log); the first and the "
       "mean latency it reported:</p>\n"
    << svg::bar_chart("latency", "First and mean latency per image", bars, Unit::seconds, "reference");
}

void layers_section(std::ostringstream& h, const Json* r) {
  const Json* lv = at(r, "layers");
  h << "<h2>Layers</h2>\n";
  if (!lv || !lv->is_array() || lv->get_array().empty()) {
    h << "<p>The firmware printed no per-layer lines (@layer): no layer table, chart or timeline. (A design that "
         "runs the whole network in one call, as the LeNet-5 HLS predict IP does per image, has no layer boundaries "
         "the firmware could time.)</p>\n";
    return;
  }
  const boost::json::array& layers = lv->get_array();
  // The table: the well-known columns first, with units.
  h << "<table id=\"layers\"><thead><tr><th>layer</th><th>kind</th><th>input</th><th>channels</th><th>time</th>"
       "<th>reference</th><th>error</th><th>utilisation</th><th>reference</th><th>cycles</th></tr></thead><tbody>\n";
  std::vector<svg::Bar> time_bars, util_bars, cycle_bars;
  std::vector<svg::Span> spans;
  for (const Json& layer : layers) {
    const Json* l = &layer;
    const Json* ref = at(l, "reference");
    double t = 0, s = 0, u = 0, us = 0, cyc = 0;
    const bool ht = is_number(at(l, "time_s"), &t), hs = is_number(at(ref, "time_s"), &s);
    const char* uk = util_key(l);
    const bool hu = uk && is_number(at(l, uk), &u), hus = uk && is_number(at(ref, uk), &us);
    const bool hc = is_number(at(l, "cycles"), &cyc) || is_number(at(l, "busy_cycles"), &cyc);
    const std::string label = layer_label(l);
    h << "<tr><td>" << esc(label) << "</td><td>" << esc(text(at(l, "kind"))) << "</td><td>"
      << (at(l, "in") ? esc(text(at(l, "in"))) : "-") << "</td><td>"
      << (at(l, "cin") ? esc(text(at(l, "cin"))) + " &rarr; " + esc(text(at(l, "cout"))) : "-") << "</td><td class=\"n\">"
      << (ht ? qty::format(t, Unit::seconds) : "-") << "</td><td class=\"n\">" << (hs ? qty::format(s, Unit::seconds) : "-")
      << "</td>" << (ht && hs ? error_cell(t, s) : "<td>-</td>")
      << "<td class=\"n\">" << (hu ? qty::format(u, Unit::fraction) : "-") << "</td><td class=\"n\">"
      << (hus ? qty::format(us, Unit::fraction) : "-") << "</td><td class=\"n\">" << (hc ? qty::plain(cyc) : "-")
      << "</td></tr>\n";
    if (ht) time_bars.push_back({label, t, hs, s}), spans.push_back({label, t});
    if (hu) util_bars.push_back({label, u, hus, us});
    if (hc) cycle_bars.push_back({label, cyc});
  }
  h << "</tbody></table>\n";
  if (!time_bars.empty())
    h << svg::bar_chart("layer-time", "Time per layer", time_bars, Unit::seconds, "reference");
  else
    h << svg::bar_chart("layer-time", "Cycles per layer (no per-layer times reported)", cycle_bars, Unit::cycles);
  h << svg::bar_chart("layer-util", "Utilisation per layer", util_bars, Unit::fraction, "reference");
  double total = 0;
  for (const auto& sp : spans) total += sp.seconds;
  h << "<h2>Timeline of the layers <small>" << qty::format(total, Unit::seconds)
    << " in all, per image, in the order the firmware ran them</small></h2>\n"
    << svg::timeline("timeline", "Layers one after the other", spans);
}

void params_section(std::ostringstream& h, const Json* r) {
  h << "<h2>Parameters <small>those that differ from their defaults, with where they were set</small></h2>\n"
    << "<table id=\"params\"><thead><tr><th>parameter</th><th>value</th><th>set by</th></tr></thead><tbody>\n";
  if (const Json* ps = at(r, "params"); ps && ps->is_object())
    for (const auto& [name, value] : ps->get_object()) {
      const Json* v = &value;
      const bool detailed = v->is_object();
      h << "<tr><td>" << esc(name) << "</td><td>" << esc(text(detailed ? at(v, "value") : v)) << "</td><td>"
        << esc(detailed ? text(at(v, "origin")) : "") << "</td></tr>\n";
    }
  h << "</tbody></table>\n";
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
       "svg.plot{display:block;margin:10px 0;font-family:sans-serif}p.ref{background:#fff6e8;padding:6px 10px}"
       "small{color:#666}\n</style></head><body>\n";
  h << "<h1>" << esc(scenario) << " <small>ZVP run report</small></h1>\n";
  const std::vector<Result> res = results_of(r);
  run_section(h, r);
  expectations_section(h, r);
  results_section(h, r, res);
  latency_section(h, r, res);
  layers_section(h, r);
  params_section(h, r);
  h << "<p><small>Rendered by zvp from " << esc(source) << ".</small></p>\n</body></html>\n";
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
