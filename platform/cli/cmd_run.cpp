// zvp run <scenario.yaml>: run a regression scenario, check its expectations, write the JSON
// report (ARCHITECTURE.md section 7).
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "run_config.h"
#include "cli_args.h"
#include "commands.h"
#include "core/elf_loader.h"
#include "json_writer.h"
#include "scenario.h"
#include "session_cli.h"

#ifndef ZVP_SOURCE_DIR
#define ZVP_SOURCE_DIR "."
#endif

namespace zvp {

namespace {

const char* kRunHelp =
R"(usage: zvp run <scenario.yaml> [options]

Runs a regression scenario (board, timing mode, firmware, PL design, input data, expectations),
prints the firmware's console, checks the expectations and optionally writes a JSON report.

options:
  --report PATH         write the JSON report to PATH
  --csv PATH            write the per-layer table as CSV (SCALE-Sim column names where they
                        overlap: Total Cycles at the PL clock, Overall Util %)
  --images N            process N inputs (overrides the scenario's run.images)
  --timing lt|at        override the scenario's timing mode (= --set sim.timing=...)
  --set PATH=VALUE      set a parameter (repeatable; overrides the board and the scenario)
  --max-sim-time TIME   override the scenario's simulated-time limit
  --quantum TIME, --cpi X, --uart0 PATH, --uart1 PATH, --uart0-rx PATH, --uart1-rx PATH,
  --vcd PATH, --uart-instant   as for zvp boot
  --quiet-console       do not echo the console UART to stdout
  --stats               print statistics counters at the end

exit status: 0 when every expectation holds; 5 when one fails; 3 when the time limit is
reached; 2 for a bad scenario or option.
)";

struct Layer {
  std::string name, kind;
  std::map<std::string, double> values;
  std::map<std::string, std::string> text;  // non-numeric values, e.g. in=32x32
};

struct Parsed {
  std::map<std::string, double> results;
  std::vector<Layer> layers;
};

// "@result <key> <number>" and "@layer <name> <kind> k=v ..." lines (firmware/common/zvp_report.h).
Parsed parse_console(const std::string& text) {
  Parsed out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string tag;
    ls >> tag;
    if (tag == "@result") {
      std::string key, num;
      ls >> key >> num;
      char* end = nullptr;
      double v = std::strtod(num.c_str(), &end);
      if (!key.empty() && end && *end == 0 && !num.empty()) out.results[key] = v;
    } else if (tag == "@layer") {
      Layer l;
      ls >> l.name >> l.kind;
      std::string kv;
      while (ls >> kv) {
        auto eq = kv.find('=');
        if (eq == std::string::npos) continue;
        char* end = nullptr;
        double v = std::strtod(kv.c_str() + eq + 1, &end);
        if (end && *end == 0 && end != kv.c_str() + eq + 1) l.values[kv.substr(0, eq)] = v;
        else l.text[kv.substr(0, eq)] = kv.substr(eq + 1);
      }
      if (!l.name.empty()) out.layers.push_back(l);
    }
  }
  return out;
}

struct Check {
  std::string name;
  bool passed;
  std::string detail;
};

std::string fmt(double v) {
  char b[64];
  std::snprintf(b, sizeof b, "%.6g", v);
  return b;
}

// The layout of the seeds' per-layer tables: the model's value, the seed's, the relative error.
void print_layer_table(const std::vector<Layer>& layers, const std::map<std::string, double>& ref) {
  if (layers.empty()) return;
  auto cell = [&](const Layer& l, const char* key, double scale, const char* f) {
    auto v = l.values.find(key);
    auto r = ref.find(l.name + "." + key);
    char b[64] = "-";
    if (v != l.values.end()) std::snprintf(b, sizeof b, f, v->second * scale);
    std::string out = b;
    if (r != ref.end()) {
      std::snprintf(b, sizeof b, f, r->second * scale);
      out += std::string(" / ") + b;
      if (v != l.values.end() && r->second != 0) {
        std::snprintf(b, sizeof b, " (%+.0f%%)", 100.0 * (v->second - r->second) / r->second);
        out += b;
      }
    }
    return out;
  };
  std::fprintf(stderr, "  per layer: model / seed (error)\n");
  std::fprintf(stderr, "  %-9s %-6s %-9s %5s %5s %9s %-26s %-24s %-22s\n", "layer", "kind", "input", "cin",
               "cout", "GOPs", "time [ms]", "GOPS", "efficiency");
  for (const auto& l : layers) {
    auto num = [&](const char* k) {
      auto it = l.values.find(k);
      return it == l.values.end() ? std::string("-") : fmt(it->second);
    };
    auto in = l.text.count("in") ? l.text.at("in") : std::string("-");
    std::fprintf(stderr, "  %-9s %-6s %-9s %5s %5s %9s %-26s %-24s %-22s\n", l.name.c_str(), l.kind.c_str(),
                 in.c_str(), num("cin").c_str(), num("cout").c_str(), num("gops").c_str(),
                 cell(l, "time_s", 1e3, "%.3f").c_str(), cell(l, "gops_per_s", 1, "%.2f").c_str(),
                 cell(l, "efficiency", 1, "%.2f").c_str());
  }
}

// Per-layer CSV for exploration scripts; column names follow SCALE-Sim where they overlap.
void write_layer_csv(const std::string& path, const std::vector<Layer>& layers,
                     const std::map<std::string, double>& ref, double pl_hz) {
  std::ofstream f(path);
  if (!f) {
    std::fprintf(stderr, "zvp run: cannot write CSV %s\n", path.c_str());
    return;
  }
  auto val = [](const Layer& l, const char* k) {
    auto it = l.values.find(k);
    return it == l.values.end() ? NAN : it->second;
  };
  auto out = [&](double v) { return std::isfinite(v) ? fmt(v) : std::string(); };
  f << "Layer,Kind,Input,Input Channels,Output Channels,GOPs,Time (s),Total Cycles,"
       "Overall Util %,GOPS,Reference Time (s),Time Error %\n";
  for (const auto& l : layers) {
    const double t = val(l, "time_s"), eff = val(l, "efficiency");
    auto r = ref.find(l.name + ".time_s");
    const double rt = r == ref.end() ? NAN : r->second;
    f << l.name << ',' << l.kind << ',' << (l.text.count("in") ? l.text.at("in") : "") << ','
      << out(val(l, "cin")) << ',' << out(val(l, "cout")) << ',' << out(val(l, "gops")) << ','
      << out(t) << ',' << out(std::isfinite(t) ? std::round(t * pl_hz) : NAN) << ','
      << out(eff * 100) << ',' << out(val(l, "gops_per_s")) << ',' << out(rt) << ','
      << out(std::isfinite(rt) && rt != 0 ? 100.0 * (t - rt) / rt : NAN) << '\n';
  }
}

std::string build_dir_of(const char* argv0) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path exe = fs::canonical("/proc/self/exe", ec);
  if (ec) exe = fs::absolute(argv0);
  return exe.parent_path().parent_path().string();  // <build>/bin/zvp -> <build>
}

}  // namespace

int cmd_run(int argc, char** argv) {
  std::vector<std::string> with_value = {"--report", "--csv", "--images", "--max-sim-time"};
  with_value.insert(with_value.end(), kParamOptions.begin(), kParamOptions.end());
  with_value.insert(with_value.end(), kHostOptions.begin(), kHostOptions.end());
  auto p = cli::parse(argc, argv, 2, with_value, {"--help", "--quiet-console", "--stats", "--uart-instant"});
  if (p.has("--help")) {
    std::fputs(kRunHelp, stdout);
    return 0;
  }
  if (p.positional.size() != 1) throw cli::UsageError("expected exactly one scenario file (see --help)");

  Scenario sc;
  try {
    sc = load_scenario(p.positional[0], build_dir_of(argv[0]), ZVP_SOURCE_DIR);
  } catch (const ConfigError& e) {
    throw cli::UsageError(e.what());
  }
  apply_param_options(p, sc);
  if (p.has("--max-sim-time")) sc.max_sim_time = cli::parse_time(p.get("--max-sim-time"));
  if (p.has("--images")) sc.images = static_cast<uint32_t>(cli::parse_u64(p.get("--images"), "--images"));

  HostIo io = host_io_options(p);
  io.console_stdout = !p.has("--quiet-console");
  std::string console;
  io.console_hook = [&console](char c) { console += c; };
  io.progress = true;
  io.progress_pattern = "@item";

  std::unique_ptr<Session> session = open_session(sc, io);
  const RunConfig& cfg = session->config();
  std::fprintf(stderr, "[zvp] scenario %s on %s (%s)%s\n", sc.name.c_str(), cfg.board.name.c_str(),
               cfg.soc.timing.c_str(), sc.images ? (", " + std::to_string(sc.images) + " inputs").c_str() : "");
  RunResult r = session->run();
  if (p.has("--stats")) print_stats(*session);

  // Results and expectations.
  Parsed got = parse_console(console);
  std::vector<Check> checks;
  if (r.time_limit)
    checks.push_back({"finished", false, "simulated-time limit of " + fmt(sc.max_sim_time.to_seconds()) +
                                             " s reached before the firmware exited"});
  if (sc.expect.exit_status)
    checks.push_back({"exit_status", r.exited && r.exit_status == *sc.expect.exit_status,
                      "expected " + std::to_string(*sc.expect.exit_status) + ", got " +
                          (r.exited ? std::to_string(r.exit_status) : std::string("no exit"))});
  for (auto& s : sc.expect.uart_contains)
    checks.push_back({"uart_contains", console.find(s) != std::string::npos, s});
  for (auto& re : sc.expect.uart_regex) {
    bool ok = false;
    try {
      ok = std::regex_search(console, std::regex(re));
    } catch (const std::regex_error&) {
      checks.push_back({"uart_regex", false, "bad regular expression: " + re});
      continue;
    }
    checks.push_back({"uart_regex", ok, re});
  }
  double accuracy = NAN;
  if (got.results.count("accuracy")) accuracy = got.results["accuracy"];
  else if (got.results.count("images") && got.results.count("correct") && got.results["images"] > 0)
    accuracy = got.results["correct"] / got.results["images"];
  if (sc.expect.accuracy_min)
    checks.push_back({"accuracy_min", std::isfinite(accuracy) && accuracy >= *sc.expect.accuracy_min,
                      "accuracy " + (std::isfinite(accuracy) ? fmt(accuracy) : std::string("not reported")) +
                          " >= " + fmt(*sc.expect.accuracy_min)});
  if (sc.expect.sim_time_max_s)
    checks.push_back({"sim_time_max", r.sim_s <= *sc.expect.sim_time_max_s,
                      fmt(r.sim_s) + " s <= " + fmt(*sc.expect.sim_time_max_s) + " s"});
  for (auto& [key, range] : sc.expect.results) {
    bool have = got.results.count(key) != 0;
    double v = have ? got.results[key] : NAN;
    checks.push_back({"result." + key, have && v >= range.first && v <= range.second,
                      (have ? fmt(v) : std::string("not reported")) + " in [" + fmt(range.first) +
                          ", " + fmt(range.second) + "]"});
  }
  bool all_ok = true;
  for (auto& c : checks) all_ok &= c.passed;

  // Report.
  if (p.has("--report")) {
    JsonWriter j;
    j.begin_object();
    j.value("scenario", sc.name).value("board", cfg.board.name);
    j.value("timing_mode", cfg.soc.timing);
    j.value("sim_time_s", r.sim_s).value("wall_time_s", r.wall_s);
    j.begin_object("instructions").value("arm", static_cast<unsigned long long>(r.arm_instructions));
    if (!r.design_instructions.count("riscv")) j.null("riscv");
    for (auto& [core, n] : r.design_instructions) j.value(core.c_str(), static_cast<unsigned long long>(n));
    j.end_object();
    j.value("exit_status", r.exited ? r.exit_status : -1);
    j.begin_object("results");
    auto num_or_null = [&](const char* key, const char* src) {
      if (got.results.count(src)) j.value(key, got.results[src]);
      else j.null(key);
    };
    num_or_null("images", "images");
    num_or_null("correct", "correct");
    if (std::isfinite(accuracy)) j.value("accuracy", accuracy);
    else j.null("accuracy");
    j.begin_object("latency_s");
    num_or_null("first", "latency_first_s");
    num_or_null("mean", "latency_mean_s");
    j.end_object();
    j.begin_object("extra");
    for (auto& [k, v] : got.results)
      if (k != "images" && k != "correct" && k != "accuracy" && k != "latency_first_s" &&
          k != "latency_mean_s")
        j.value(k.c_str(), v);
    j.end_object();
    j.end_object();
    j.begin_array("layers");
    for (auto& l : got.layers) {
      j.begin_object().value("name", l.name).value("kind", l.kind);
      for (auto& [k, v] : l.text) j.value(k.c_str(), v);
      for (auto& [k, v] : l.values) j.value(k.c_str(), v);
      bool any_ref = false;
      for (auto& [k, v] : l.values) any_ref |= sc.reference.count(l.name + "." + k) != 0;
      if (any_ref) {
        j.begin_object("reference");
        for (auto& [k, v] : l.values) {
          auto it = sc.reference.find(l.name + "." + k);
          if (it != sc.reference.end()) j.value(k.c_str(), it->second);
        }
        j.end_object();
        j.begin_object("relative_error");
        for (auto& [k, v] : l.values) {
          auto it = sc.reference.find(l.name + "." + k);
          if (it != sc.reference.end() && it->second != 0) j.value(k.c_str(), (v - it->second) / it->second);
        }
        j.end_object();
      }
      j.end_object();
    }
    j.end_array();
    j.begin_object("reference");
    for (auto& [k, v] : sc.reference) j.value(k.c_str(), v);
    j.end_object();
    // Every parameter that differs from its model default, with where its value came from:
    // enough to reproduce the run from the report.
    j.begin_object("params");
    j.value("pl_design", cfg.design_name);
    for (const Param* prm : cfg.params.non_default())
      j.begin_object(prm->path.c_str()).value("value", prm->value()).value("origin", prm->origin).end_object();
    j.end_object();
    j.begin_array("expectations");
    for (auto& c : checks)
      j.begin_object().value("name", c.name).value("passed", c.passed).value("detail", c.detail).end_object();
    j.end_array();
    j.end_object();
    std::ofstream f(p.get("--report"));
    f << j.str() << "\n";
    if (!f) std::fprintf(stderr, "zvp run: cannot write report %s\n", p.get("--report").c_str());
  }

  if (p.has("--csv")) write_layer_csv(p.get("--csv"), got.layers, sc.reference, cfg.soc.fclk(0));

  // Human summary on stderr: results beside the seeds' reference numbers.
  std::fprintf(stderr, "[zvp] results of %s:\n", sc.name.c_str());
  for (auto& [k, v] : got.results) {
    auto ref = sc.reference.find(k);
    if (ref != sc.reference.end() && ref->second != 0)
      std::fprintf(stderr, "  %-24s %-14s reference %-14s (%+.1f %%)\n", k.c_str(), fmt(v).c_str(),
                   fmt(ref->second).c_str(), 100.0 * (v - ref->second) / ref->second);
    else
      std::fprintf(stderr, "  %-24s %s\n", k.c_str(), fmt(v).c_str());
  }
  print_layer_table(got.layers, sc.reference);
  for (auto& c : checks)
    std::fprintf(stderr, "  [%s] %s: %s\n", c.passed ? "pass" : "FAIL", c.name.c_str(), c.detail.c_str());
  int status = r.time_limit ? cli::kExitTimeLimit : all_ok ? 0 : cli::kExitExpectation;
  print_summary(sc.name, *session, r, status);
  return status;
}

}  // namespace zvp
