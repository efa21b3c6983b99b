// JSON report writer (report_json.h): the report as a Boost.JSON tree, written in ZVP's layout
// (json_writer.h). Key order is part of the format: scripts diff reports.
#include "report_json.h"

#include <boost/json/value.hpp>

#include <cmath>
#include <cstdio>
#include <fstream>

#include "json_writer.h"

namespace zvp {

namespace json = boost::json;

namespace {

// A measured quantity: null when it is not a number (not reported, 0/0).
json::value number(double v) { return std::isfinite(v) ? json::value(v) : json::value(nullptr); }

// results: the schema's named quantities (schema_results(), nested "group.key" paths in one
// object per group), then every other @result key under extra.
json::object results_object(const Results& results) {
  json::object out;
  for (const auto& s : schema_results()) {
    const std::string path = s.path;
    const auto dot = path.find('.');
    json::object* group = &out;
    if (dot != std::string::npos) {
      json::value& g = out[path.substr(0, dot)];
      if (!g.is_object()) g.emplace_object();
      group = &g.get_object();
    }
    (*group)[dot == std::string::npos ? path : path.substr(dot + 1)] = number(schema_value(results, s));
  }
  json::object& extra = out["extra"].emplace_object();
  for (const auto& [k, v] : results.values)
    if (!is_schema_key(k)) extra[k] = number(v);
  return out;
}

// layers: every column a layer reported (text, then numbers), and for the numeric columns with
// a reference "<layer>.<column>" the reference and the relative error.
json::array layers_array(const Results& results, const std::map<std::string, double>& reference) {
  json::array out;
  for (const auto& l : results.layers) {
    json::object o{{"name", l.name}, {"kind", l.kind}};
    for (const auto& [k, v] : l.text) o[k] = v;
    for (const auto& [k, v] : l.values) o[k] = number(v);
    json::object ref, err;
    for (const auto& [k, v] : l.values) {
      auto it = reference.find(l.name + "." + k);
      if (it == reference.end()) continue;
      ref[k] = number(it->second);
      if (it->second != 0) err[k] = number((v - it->second) / it->second);
    }
    if (!ref.empty()) {
      o["reference"] = std::move(ref);
      o["relative_error"] = std::move(err);
    }
    out.push_back(std::move(o));
  }
  return out;
}

}  // namespace

std::string report_json(const ReportContext& ctx, const RunResult& run, const Results& results,
                        const std::vector<Check>& checks) {
  json::object r{{"scenario", ctx.scenario}, {"board", ctx.board}, {"timing_mode", ctx.timing_mode},
                 {"sim_time_s", number(run.sim_s)}, {"wall_time_s", number(run.wall_s)}};
  // The schema names "riscv"; a design without a RISC-V core reports null for it.
  json::object& instructions = r["instructions"].emplace_object();
  instructions["arm"] = run.arm_instructions;
  if (!run.design_instructions.count("riscv")) instructions["riscv"] = nullptr;
  for (const auto& [core, n] : run.design_instructions) instructions[core] = n;
  if (!run.caches.empty()) {
    json::object& caches = r["caches"].emplace_object();
    for (const auto& [k, v] : run.caches) caches[k] = v;
  }
  if (!run.resources.empty()) {  // the PL design's budget; null = unknown
    json::object& resources = r["resources"].emplace_object();
    for (const auto& [k, v] : run.resources) resources[k] = number(v);
  }
  r["exit_status"] = run.exited ? run.exit_status : -1;
  // A run stopped by SIGINT/SIGTERM: its results are those so far.
  r["interrupted"] = run.interrupted != 0;
  r["progress"] = {{"images_done", run.items_done}, {"images_total", ctx.images_total}, {"layers_done", run.layers_done}};
  r["exit"] = {{"source", ctx.exit_source}, {"status", ctx.exit_status}, {"reason", ctx.exit_reason}};
  r["results"] = results_object(results);
  r["layers"] = layers_array(results, ctx.reference);
  json::object& reference = r["reference"].emplace_object();
  for (const auto& [k, v] : ctx.reference) reference[k] = number(v);
  if (!ctx.reference_source.empty()) r["reference_source"] = ctx.reference_source;
  // One row per @item line (per input: its id and columns) with the item log's times, for the
  // per-image plots.
  json::array& items = r["items"].emplace_array();
  for (const auto& it : items_with_times(results.items, run.item_times_s)) {
    json::object o{{"id", it.id}};
    for (const auto& [k, v] : it.text) o[k] = v;
    for (const auto& [k, v] : it.values) o[k] = number(v);
    items.push_back(std::move(o));
  }
  // Every parameter that differs from its model default, with where its value came from:
  // enough to reproduce the run from the report.
  json::object& params = r["params"].emplace_object();
  params["pl_design"] = ctx.pl_design;
  for (const auto& p : ctx.params) params[p.path] = {{"value", p.value}, {"origin", p.origin}};
  json::array& expectations = r["expectations"].emplace_array();
  for (const auto& c : checks) expectations.push_back({{"name", c.name}, {"passed", c.passed}, {"detail", c.detail}});
  return json_pretty(r) + "\n";
}

bool write_report_file(const std::string& path, const std::string& text, const char* what) {
  std::ofstream f(path);
  f << text;
  f.flush();
  if (!f) {
    std::fprintf(stderr, "zvp run: cannot write %s %s\n", what, path.c_str());
    return false;
  }
  return true;
}

}  // namespace zvp
