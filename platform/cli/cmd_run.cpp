// zvp run <scenario.yaml>: run a regression scenario, check its expectations, write the JSON
// report (ARCHITECTURE.md section 7).
#include <cstdio>
#include <filesystem>

#include "cli_args.h"
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

const char* kRunHelp =
R"(usage: zvp run <scenario.yaml> [options]

Runs a regression scenario (board, timing mode, firmware, PL design, input data, expectations),
prints the firmware's console, checks the expectations and optionally writes a JSON report.

options:
  --report PATH         write the JSON report to PATH
  --html PATH           write the report as a self-contained HTML page (also: zvp report)
  --csv PATH            write the per-layer table as CSV (SCALE-Sim column names where they
                        overlap: Total Cycles at the PL clock, Overall Util %)
  --images N            process N inputs (overrides the scenario's run.images)
  --timing lt|at        override the scenario's timing mode (= --set sim.timing=...)
  --set PATH=VALUE      set a parameter (repeatable; overrides the board and the scenario;
                        the scenario's expect.regression bands are then not checked)
  --max-sim-time TIME   override the scenario's simulated-time limit
  --quantum TIME, --cpi X, --uart0 PATH, --uart1 PATH, --uart0-rx PATH, --uart1-rx PATH,
  --vcd PATH, --uart-instant, --console, --console-script FILE   as for zvp boot (a
                        --console-script replaces the scenario's console_script)
  --gdb PORT, --gdb-rv PORT, --gdb-wait
                               GDB remote servers for the Cortex-A9 and the PL design's RISC-V
                               core, as for zvp boot
  --perfetto FILE.json, --perfetto-filter W, --perfetto-max-events N   as for zvp boot
  --profile FILE, --profile-rv FILE, --profile-period N   as for zvp boot
  --quiet-console       do not echo the console UART to stdout
  --no-expect           check only the firmware's exit status, not the scenario's other
                        expectations: after --set/--images its regression bands describe
                        another run (sweeps use this with `check_expectations: false`)
  --stats               print statistics counters at the end

exit status: 0 when every expectation holds; 5 when one fails; 3 when the time limit is
reached (or the core locked up); 2 for a bad scenario or option, or an output that cannot be
written (outputs are opened before the run); 4 for an internal error; 6 when a debugger killed
the run. The report's `exit`
object says who decided: {source, status, reason}.
)";

std::string build_dir_of(const char* argv0) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path exe = fs::canonical("/proc/self/exe", ec);
  if (ec) exe = fs::absolute(argv0);
  return exe.parent_path().parent_path().string();  // <build>/bin/zvp -> <build>
}

}  // namespace

int cmd_run(int argc, char** argv) {
  std::vector<std::string> with_value = {"--report", "--csv", "--html", "--images", "--max-sim-time"};
  with_value.insert(with_value.end(), kParamOptions.begin(), kParamOptions.end());
  with_value.insert(with_value.end(), kHostOptions.begin(), kHostOptions.end());
  auto p = cli::parse(argc, argv, 2, with_value, {"--help", "--quiet-console", "--stats", "--uart-instant", "--no-expect", "--gdb-wait", "--console"});
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
  apply_console_options(p, sc);
  const bool no_expect = p.has("--no-expect");
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
  if (p.has("--max-sim-time")) sc.max_sim_time = cli::parse_time(p.get("--max-sim-time"));
  const uint32_t scenario_images = sc.images;
  if (p.has("--images")) sc.images = cli::parse_u32(p.get("--images"), "--images");
  std::fputs(drop_changed_bands(sc.expect, run_changes(sc, scenario_images), scenario_images, sc.images).c_str(), stderr);
  // Outputs are opened before the run: a report that cannot be written fails it at once.
  for (const char* o : {"--report", "--csv", "--html", "--vcd"})  // --uartN: host_io_options
    if (p.has(o)) check_output_file(p.get(o), o);

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
  if (p.has("--report") || p.has("--html")) {
    ReportContext ctx{sc.name, cfg.board.name, cfg.soc.timing, cfg.design_name, {}, sc.reference};
    for (const Param* prm : cfg.params.non_default()) ctx.params.push_back({prm->path, prm->value(), prm->origin});
    ctx.exit_source = cli::exit_info().source;
    ctx.exit_status = status;
    ctx.exit_reason = cli::exit_info().reason;
    ctx.images_total = sc.images;
    const std::string json = report_json(ctx, r, got, checks);
    if (p.has("--report")) write_ok &= write_report_file(p.get("--report"), json, "report");
    if (p.has("--html"))
      write_ok &= write_report_file(p.get("--html"), report_html_from_json(json, sc.name + " (this run)"), "HTML report");
  }
  if (p.has("--csv"))
    write_ok &= write_report_file(p.get("--csv"), layer_csv(got, sc.reference, cfg.soc.fclk(0)), "CSV");
  std::fputs(results_summary(sc.name, got, sc.reference, checks).c_str(), stderr);
  if (r.interrupted) std::fputs("  expectations not checked: the run was interrupted\n", stderr);
  else if (no_expect) std::fputs("  expectations not checked (--no-expect): only the exit status\n", stderr);
  if (r.interrupted) {
    std::vector<std::string> written;
    for (const char* o : {"--report", "--html", "--csv", "--perfetto", "--vcd"})
      if (p.has(o)) written.push_back(p.get(o));
    std::fputs(interrupted_line("zvp run", r, sc.images, written).c_str(), stderr);
  }
  if (!write_ok) status = cli::simulator_exit(cli::kExitUsage, "an output could not be written");
  print_summary(sc.name, *session, r, status);
  return status;
}

}  // namespace zvp
