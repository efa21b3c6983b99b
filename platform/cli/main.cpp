// The zvp executable: sub-command dispatch. Simulator messages go to stderr; stdout carries the
// firmware's console (UART) so it can be piped and compared.
#include <systemc>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "cli_args.h"
#include "cli_command.h"
#include "commands.h"
#include "core/config_error.h"
#include "exit_status.h"

namespace {

void usage(std::FILE* f) {
  std::fprintf(f,
R"(zvp — a SystemC/TLM-2.0 virtual platform of the Xilinx Zynq-7000 running bare-metal firmware.

usage: zvp <command> [arguments]

commands:
  boot <elf> [options]      boot a bare-metal ARM ELF on the Zynq PS (see 'zvp boot --help')
  rv32 <elf> [options]      run a RISC-V RV32IMC ELF on the standalone Zero-riscy runner
                            (see 'zvp rv32 --help')
  run <scenario.yaml> [...] run a regression scenario, check expectations, write a JSON report
                            (see 'zvp run --help')
  params [scenario] [...]   list the parameter tree with values and origins
                            (see 'zvp params --help')
  sweep <sweep.yaml> [...]  run many points over parameter axes, write CSV/JSON/HTML
                            (see 'zvp sweep --help')
  boards                    list the known boards
  report REPORT.json -o FILE.html    a run's JSON report as a self-contained HTML page
)");
  // The commands other folders register (cli_command.h), e.g. a PL design's tools.
  for (const zvp::cli::CliCommand& c : zvp::cli::commands())
    std::fprintf(f, "  %s %s\n", c.name.c_str(), c.help.c_str());
  std::fprintf(f,
R"(  --help, help              this text
  --version                 the version

exit status: the firmware's semihosting exit status (modulo 256) when it exits; otherwise the
simulator's: 2 for bad options or input files (unknown board, malformed ELF, ...); 3 when the
simulated-time or instruction limit is reached or the core locked up; 4 for an internal simulator
error (a bug); 5 when a scenario expectation fails; 6 when a debugger killed the run. The summary line says which one decided
(firmware exit(N) or simulator: REASON); --status-file PATH (any command) writes it as JSON:
{"source": "firmware" or "simulator", "status", "process_status", "reason"}.
)");
}

// SystemC prints its reports on stdout, which carries the firmware's console: send them to
// stderr, drop the "simulation stopped by user" note, and keep errors fatal (exceptions).
void report_to_stderr(const sc_core::sc_report& rep, const sc_core::sc_actions& actions) {
  if (actions & sc_core::SC_DISPLAY)
    std::fprintf(stderr, "[systemc] %s\n",
                 sc_core::sc_report_compose_message(rep).c_str());
  if (actions & (sc_core::SC_THROW)) throw rep;
  if (actions & sc_core::SC_ABORT) std::abort();
}

// Set when sc_main returns: a library calling exit() before that (Unicorn exits 1 when it cannot
// allocate its translation buffer) is an internal error, not a firmware status.
bool g_returned = false;
std::string g_status_file;

void exit_from_library() {
  if (g_returned) return;
  std::fflush(stdout);
  std::fprintf(stderr, "zvp: internal error: a library ended the process (out of host memory for the "
                       "CPU's translation buffer?)\n");
  std::_Exit(zvp::cli::kExitInternal);
}

// Writes the status file (when asked for) and gives the process status.
int finish(int status) {
  zvp::cli::ExitInfo& e = zvp::cli::exit_info();
  if (!e.set) {
    e.status = status;
    e.reason = status == 0 ? "ok" : status == 2 ? "bad input" : status == 3 ? "limit reached"
             : status == 4 ? "internal error" : status == 5 ? "expectation failed" : "status";
  }
  if (!g_status_file.empty()) {
    std::FILE* f = std::fopen(g_status_file.c_str(), "w");
    if (f) {
      std::fputs((zvp::cli::exit_json(e) + "\n").c_str(), f);
      std::fclose(f);
    }
  }
  return status;
}

int dispatch(const std::string& cmd, int argc, char** argv);

}  // namespace

int sc_main(int argc0, char** argv0) {
  std::atexit(exit_from_library);
  // --status-file PATH is taken out before the sub-command parses its options.
  std::vector<char*> args;
  for (int i = 0; i < argc0; ++i) {
    const std::string a = argv0[i];
    if (a == "--status-file" && i + 1 < argc0) {
      g_status_file = argv0[++i];
    } else if (a.rfind("--status-file=", 0) == 0) {
      g_status_file = a.substr(14);
    } else {
      args.push_back(argv0[i]);
    }
  }
  args.push_back(nullptr);
  if (!g_status_file.empty()) {  // an output that cannot be written fails before the run
    std::FILE* f = std::fopen(g_status_file.c_str(), "w");
    if (!f) {
      std::fprintf(stderr, "zvp: --status-file: cannot write %s\n", g_status_file.c_str());
      g_status_file.clear();
      g_returned = true;
      return zvp::cli::kExitUsage;
    }
    std::fclose(f);
  }
  const int argc = static_cast<int>(args.size()) - 1;
  const int status = finish(argc < 2 ? (usage(stderr), zvp::cli::kExitUsage)
                                     : dispatch(args[1], argc, args.data()));
  g_returned = true;
  return status;
}

namespace {

int dispatch(const std::string& cmd, int argc, char** argv) {
  using zvp::cli::simulator_exit;
  sc_core::sc_report_handler::set_handler(report_to_stderr);
  sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO,
                                          sc_core::SC_DO_NOTHING);
  try {
    if (cmd == "--help" || cmd == "-h" || cmd == "help") {
      usage(stdout);
      return 0;
    }
    if (cmd == "--version") {
      std::printf("zvp 0.1 (SystemC %s)\n", sc_core::sc_release());
      return 0;
    }
    if (cmd == "boot") return zvp::cmd_boot(argc, argv);
    if (cmd == "rv32") return zvp::cmd_rv32(argc, argv);
    if (cmd == "boards") return zvp::cmd_boards(argc, argv);
    if (cmd == "run") return zvp::cmd_run(argc, argv);
    if (cmd == "params") return zvp::cmd_params(argc, argv);
    if (cmd == "sweep") return zvp::cmd_sweep(argc, argv);
    if (cmd == "report") return zvp::cmd_report(argc, argv);
    if (const zvp::cli::CliCommand* c = zvp::cli::find_command(cmd)) return c->run(argc, argv);
    std::fprintf(stderr, "zvp: unknown command '%s' (see zvp --help)\n", cmd.c_str());
    return zvp::cli::kExitUsage;
  } catch (const zvp::cli::UsageError& e) {
    std::fprintf(stderr, "zvp %s: %s\n", cmd.c_str(), e.what());
    return simulator_exit(zvp::cli::kExitUsage, std::string("bad input: ") + e.what());
  } catch (const zvp::ConfigError& e) {
    std::fprintf(stderr, "zvp %s: %s\n", cmd.c_str(), e.what());
    return simulator_exit(zvp::cli::kExitUsage, std::string("bad input: ") + e.what());
  } catch (const sc_core::sc_report& e) {
    std::fprintf(stderr, "zvp %s: SystemC error: %s\n", cmd.c_str(), e.what());
    return simulator_exit(zvp::cli::kExitInternal, std::string("internal error: ") + e.what());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "zvp %s: internal error: %s\n", cmd.c_str(), e.what());
    return simulator_exit(zvp::cli::kExitInternal, std::string("internal error: ") + e.what());
  }
}

}  // namespace

// Our own main: SystemC reads SC_COPYRIGHT_MESSAGE before sc_main, and its banner would mix
// with the firmware's console on stdout.
int main(int argc, char** argv) {
  setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 1);
  return sc_core::sc_elab_and_sim(argc, argv);
}
