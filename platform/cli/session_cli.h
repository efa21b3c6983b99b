// Command-line pieces shared by `zvp boot`, `zvp run` and `zvp params` (cmd_common.cpp).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "cli_options.h"
#include "scenario.h"
#include "session.h"

namespace zvp {

// The option groups of the commands that configure a run (declared once, shared by zvp boot,
// run and params): parameter overrides and their shorthands (--timing = sim.timing, --quantum =
// cpu0.quantum, --cpi = cpu0.cpi); the console and UART endpoints; traces, profiles, debuggers.
cli::OptionGroup param_options();
cli::OptionGroup console_options();
cli::OptionGroup trace_options();
// Appends the overrides of `p` to the scenario's settings, in command-line order after the
// shorthands (so an explicit --set wins).
void apply_param_options(const cli::Args& p, Scenario& sc);
// The host side of a run from console_options() and trace_options().
HostIo host_io_options(const cli::Args& p);
// --console-script FILE: the scenario's console script (console_script.h); `zvp boot --console`
// without --max-sim-time has no practical time limit (30 simulated days).
void apply_console_options(const cli::Args& p, Scenario& sc);

// The summary line; it ends with who decided the status (exit_status.h). With a GDB server
// the wall time is mostly the person's at the debugger, so MIPS says n/a. Before it, one line per trace file written.
void print_summary(const std::string& what, const Session& s, const RunResult& r, int status, const HostIo& io);
// Records how the run ended (firmware exit, time limit, lock-up); returns the process status.
int run_outcome(const RunResult& r, const sc_core::sc_time& limit);
// Outputs are opened before the run: one that cannot be written is a UsageError (status 2).
void check_output_file(const std::string& path, const std::string& option);
void print_stats(Session& s);
DataLoad parse_load(const std::string& spec);
// The build directory this zvp executable belongs to (<build>/bin/zvp -> <build>), where the
// build-time data is (firmware, device trees).
std::string build_dir_of_executable();
// Builds the session; bad input (ELF, board, data, PL design, parameter) becomes a UsageError.
std::unique_ptr<Session> open_session(const Scenario& sc, const HostIo& io);

}  // namespace zvp
