// zvp run <scenario.yaml>: run a regression scenario, check its expectations, write the JSON
// report (docs/architecture.md, "Scenarios and reports").
#include <cstdio>
#include <filesystem>

#include "commands.h"
#include "console_protocol.h"
#include "core/elf_loader.h"
#include "exit_status.h"
#include "expectations.h"
#include "report_csv.h"
#include "report_html.h"
#include "report_json.h"
#include "run_config.h"
#include "scenario.h"
#include "session_cli.h"
#include "summary.h"

#ifndef ZVP_SOURCE_DIR
#define ZVP_SOURCE_DIR "."
#endif

namespace zvp {

namespace {

std::string build_dir_of(const char* argv0) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path exe = fs::canonical("/proc/self/exe", ec);
  if (ec) exe = fs::absolute(argv0);
  return exe.parent_path().parent_path().string();  // <build>/bin/zvp -> <build>
}

// A firmware or data file the scenario names but that is not there: named by its key, since
// the path alone (often under the build directory) does not say which line of the file to fix.
void check_scenario_files(const Scenario& sc, const std::string& file) {
  std::error_code ec;
  auto missing = [&](const std::string& path) { return !path.empty() && !std::filesystem::exists(path, ec); };
  if (missing(sc.arm_elf))
    throw cli::UsageError(file + ": firmware.arm: cannot read ELF file " + sc.arm_elf +
                          " (it does not exist: is the firmware built?)");
  for (size_t i = 0; i < sc.data.size(); ++i)
    if (missing(sc.data[i].file))
      throw cli::UsageError(file + ": data[" + std::to_string(i) + "].file: cannot read data file " + sc.data[i].file +
                            " (it does not exist)");
}

}  // namespace

cli::CommandSpec run_spec() {
  cli::CommandSpec s = cli::command_spec(
      "run", "zvp run <scenario.yaml> [options]",
      "Runs a regression scenario (board, timing mode, firmware, PL design, input data, expectations),\n"
      "prints the firmware's console, checks the expectations and optionally writes a JSON report.",
      "exit status: 0 when every expectation holds; 5 when one fails; 3 when the time limit is\n"
      "reached (or the core locked up); 2 for a bad scenario or option, or an output that cannot be\n"
      "written (outputs are opened before the run); 4 for an internal error; 6 when a debugger killed\n"
      "the run. The report's `exit` object says who decided: {source, status, reason}.",
      "the scenario file");
  s.add()
    ("report", cli::text("PATH"), "write the JSON report to PATH")
    ("html", cli::text("PATH"), "write the report as a self-contained HTML page (also: zvp report)")
    ("csv", cli::text("PATH"),
     "write the per-layer table as CSV (SCALE-Sim column names where they overlap: Total Cycles at the PL "
     "clock, Overall Util %)")
    ("images", cli::u32_value(), "process N inputs (overrides the scenario's run.images)")
    ("max-sim-time", cli::time_value(), "override the scenario's simulated-time limit")
    ("quiet-console", cli::flag(), "do not echo the console UART to stdout")
    ("no-expect", cli::flag(),
     "check only the firmware's exit status, not the scenario's other expectations: after --set/--images "
     "its regression bands describe another run (sweeps use this with `check_expectations: false`)")
    ("stats", cli::flag(), "print statistics counters at the end");
  for (const cli::OptionGroup& g : {param_options(), console_options(), trace_options()}) s.groups.push_back(g);
  return s;
}

int cmd_run(int argc, char** argv) {
  const cli::CommandSpec spec = run_spec();
  const cli::Args p = cli::parse(spec, argc, argv);
  if (p.has("help")) {
    std::fputs(cli::help_text(spec).c_str(), stdout);
    return 0;
  }
  if (p.positional.size() != 1) throw cli::UsageError("expected exactly one scenario file (see --help)");

  Scenario sc;
  try {
    sc = load_scenario(p.positional[0], build_dir_of(argv[0]), ZVP_SOURCE_DIR);
  } catch (const ConfigError& e) {
    throw cli::UsageError(e.what());
  }
  check_scenario_files(sc, p.positional[0]);
  apply_param_options(p, sc);
  apply_console_options(p, sc);
  const bool no_expect = p.has("no-expect");
  if (no_expect) {
    const std::optional<int> exit_status = sc.expect.exit_status;
    sc.expect = Expectations{};
    sc.expect.exit_status = exit_status;
  }
  std::string override_note;
  if (!sc.expect.regression.empty() && !regression_applies(sc, &override_note)) {
    std::fprintf(stderr, "[zvp] %zu regression bands not checked: they hold at the scenario's own parameters (%s)\n",
                 sc.expect.regression.size(), override_note.c_str());
    sc.expect.regression.clear();
  }
  if (p.has("max-sim-time")) sc.max_sim_time = p.as<cli::TimeValue>("max-sim-time").value;
  const uint32_t scenario_images = sc.images;
  if (p.has("images")) sc.images = p.as<cli::U32Value>("images").value;
  std::fputs(drop_changed_bands(sc.expect, run_changes(sc, scenario_images), scenario_images, sc.images).c_str(), stderr);
  // Outputs are opened before the run: a report that cannot be written fails it at once.
  for (const char* o : {"report", "csv", "html", "vcd"})  // --uartN: host_io_options
    if (p.has(o)) check_output_file(p.get(o), std::string("--") + o);

  HostIo io = host_io_options(p);
  io.console_stdout = !p.has("quiet-console");
  std::string console;
  io.console_hook = [&console](char c) { console += c; };
  io.progress = true;
  io.progress_pattern = "@item";

  std::unique_ptr<Session> session = open_session(sc, io);
  const RunConfig& cfg = session->config();
  std::fprintf(stderr, "[zvp] scenario %s on %s (%s)%s\n", sc.name.c_str(), cfg.board.name.c_str(),
               cfg.soc.timing.c_str(), sc.images ? (", " + std::to_string(sc.images) + " inputs").c_str() : "");
  RunResult r = session->run();
  if (p.has("stats")) print_stats(*session);

  // Results, expectations, reports (platform/run: console_protocol, expectations, report_*).
  const Results got = parse_console(console);
  // An interrupted run's results are partial: its expectations are not checked.
  const std::vector<Check> checks =
      r.interrupted ? std::vector<Check>{} : check_expectations(sc.expect, sc.max_sim_time.to_seconds(), r, console, got);
  // The status: the time limit (or a lock-up), else the expectations. The firmware's own exit
  // status is one of the expectations (and the report's exit_status).
  int status = run_outcome(r, sc.max_sim_time);
  if (!r.time_limit && !r.killed && !r.console_quit && r.console_failure.empty() && !r.interrupted)
    status = all_passed(checks) ? cli::simulator_exit(0, no_expect ? "expectations not checked (--no-expect)"
                                                                   : "expectations hold")
                                : cli::simulator_exit(cli::kExitExpectation, "expectation failed");
  bool write_ok = true;
  if (p.has("report") || p.has("html")) {
    ReportContext ctx{sc.name, cfg.board.name, cfg.soc.timing, cfg.design_name, {}, sc.reference};
    for (const Param* prm : cfg.params.non_default()) ctx.params.push_back({prm->path, prm->value(), prm->origin});
    ctx.exit_source = cli::exit_info().source;
    ctx.exit_status = status;
    ctx.exit_reason = cli::exit_info().reason;
    ctx.images_total = sc.images;
    ctx.reference_source = sc.reference_source;
    const std::string json = report_json(ctx, r, got, checks);
    if (p.has("report")) write_ok &= write_report_file(p.get("report"), json, "report");
    if (p.has("html"))
      write_ok &= write_report_file(p.get("html"), report_html_from_json(json, sc.name + " (this run)"), "HTML report");
  }
  if (p.has("csv"))
    write_ok &= write_report_file(p.get("csv"), layer_csv(got, sc.reference, cfg.soc.fclk(0)), "CSV");
  std::fputs(results_summary(sc.name, got, sc.reference, checks).c_str(), stderr);
  if (r.interrupted) std::fputs("  expectations not checked: the run was interrupted\n", stderr);
  else if (no_expect) std::fputs("  expectations not checked (--no-expect): only the exit status\n", stderr);
  if (r.interrupted) {
    std::vector<std::string> written;
    for (const char* o : {"report", "html", "csv", "perfetto", "vcd"})
      if (p.has(o)) written.push_back(p.get(o));
    std::fputs(interrupted_line("zvp run", r, uint32_t(r.items_total), written).c_str(), stderr);
  }
  if (!write_ok) status = cli::simulator_exit(cli::kExitUsage, "an output could not be written");
  print_summary(sc.name, *session, r, status, io);
  return status;
}

}  // namespace zvp
