// JSON report writer (report_json.h). Key order is part of the format: scripts diff reports.
#include "report_json.h"

#include <cstdio>
#include <fstream>

#include "json_writer.h"

namespace zvp {

namespace {

// results: the schema's named quantities (schema_results(), nested "group.key" paths in one
// object per group), then every other @result key under extra.
void write_results(JsonWriter& j, const Results& results) {
  j.begin_object("results");
  std::string group;
  for (const auto& s : schema_results()) {
    std::string path = s.path, key = path;
    std::string g;
    auto dot = path.find('.');
    if (dot != std::string::npos) {
      g = path.substr(0, dot);
      key = path.substr(dot + 1);
    }
    if (g != group) {
      if (!group.empty()) j.end_object();
      if (!g.empty()) j.begin_object(g.c_str());
      group = g;
    }
    double v = schema_value(results, s);
    if (std::isfinite(v)) j.value(key.c_str(), v);
    else j.null(key.c_str());
  }
  if (!group.empty()) j.end_object();
  j.begin_object("extra");
  for (const auto& [k, v] : results.values)
    if (!is_schema_key(k)) j.value(k.c_str(), v);
  j.end_object();
  j.end_object();
}

// layers: every column a layer reported (text, then numbers), and for the numeric columns with
// a reference "<layer>.<column>" the reference and the relative error.
void write_layers(JsonWriter& j, const Results& results, const std::map<std::string, double>& reference) {
  j.begin_array("layers");
  for (const auto& l : results.layers) {
    j.begin_object().value("name", l.name).value("kind", l.kind);
    for (const auto& [k, v] : l.text) j.value(k.c_str(), v);
    for (const auto& [k, v] : l.values) j.value(k.c_str(), v);
    bool any_ref = false;
    for (const auto& [k, v] : l.values) any_ref |= reference.count(l.name + "." + k) != 0;
    if (any_ref) {
      j.begin_object("reference");
      for (const auto& [k, v] : l.values) {
        auto it = reference.find(l.name + "." + k);
        if (it != reference.end()) j.value(k.c_str(), it->second);
      }
      j.end_object();
      j.begin_object("relative_error");
      for (const auto& [k, v] : l.values) {
        auto it = reference.find(l.name + "." + k);
        if (it != reference.end() && it->second != 0) j.value(k.c_str(), (v - it->second) / it->second);
      }
      j.end_object();
    }
    j.end_object();
  }
  j.end_array();
}

}  // namespace

std::string report_json(const ReportContext& ctx, const RunResult& run, const Results& results,
                        const std::vector<Check>& checks) {
  JsonWriter j;
  j.begin_object();
  j.value("scenario", ctx.scenario).value("board", ctx.board);
  j.value("timing_mode", ctx.timing_mode);
  j.value("sim_time_s", run.sim_s).value("wall_time_s", run.wall_s);
  // The schema names "riscv"; a design without a RISC-V core reports null for it.
  j.begin_object("instructions").value("arm", static_cast<unsigned long long>(run.arm_instructions));
  if (!run.design_instructions.count("riscv")) j.null("riscv");
  for (const auto& [core, n] : run.design_instructions) j.value(core.c_str(), static_cast<unsigned long long>(n));
  j.end_object();
  if (!run.caches.empty()) {
    j.begin_object("caches");
    for (const auto& [k, v] : run.caches) j.value(k.c_str(), v);
    j.end_object();
  }
  j.value("exit_status", run.exited ? run.exit_status : -1);
  // A run stopped by SIGINT/SIGTERM: its results are those so far.
  j.value("interrupted", run.interrupted != 0);
  j.begin_object("progress").value("images_done", static_cast<unsigned long long>(run.items_done));
  j.value("images_total", static_cast<unsigned long long>(ctx.images_total));
  j.value("layers_done", static_cast<unsigned long long>(run.layers_done)).end_object();
  j.begin_object("exit").value("source", ctx.exit_source).value("status", ctx.exit_status);
  j.value("reason", ctx.exit_reason).end_object();
  write_results(j, results);
  write_layers(j, results, ctx.reference);
  j.begin_object("reference");
  for (const auto& [k, v] : ctx.reference) j.value(k.c_str(), v);
  j.end_object();
  // Every parameter that differs from its model default, with where its value came from:
  // enough to reproduce the run from the report.
  j.begin_object("params");
  j.value("pl_design", ctx.pl_design);
  for (const auto& p : ctx.params)
    j.begin_object(p.path.c_str()).value("value", p.value).value("origin", p.origin).end_object();
  j.end_object();
  j.begin_array("expectations");
  for (const auto& c : checks)
    j.begin_object().value("name", c.name).value("passed", c.passed).value("detail", c.detail).end_object();
  j.end_array();
  j.end_object();
  return j.str() + "\n";
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
