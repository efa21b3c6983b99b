// The zvp executable: sub-command dispatch. Simulator messages go to stderr; stdout carries the
// firmware's console (UART) so it can be piped and compared.
#include <systemc>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>

#include "cli_args.h"
#include "commands.h"
#include "core/config_error.h"

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
  encode [--table|--stats|VALUE...]  activation encodings of seeds 000/002 (see 'zvp encode --help')
  --help, help              this text
  --version                 the version

exit status: the firmware's semihosting exit status when it exits; 2 for bad options or input
files (unknown board, malformed ELF, ...); 3 when the simulated-time or instruction limit is
reached; 4 for an internal simulator error; 5 when a scenario expectation fails.
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

}  // namespace

int sc_main(int argc, char** argv) {
  if (argc < 2) {
    usage(stderr);
    return zvp::cli::kExitUsage;
  }
  std::string cmd = argv[1];
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
    if (cmd == "encode") return zvp::cmd_encode(argc, argv);
    std::fprintf(stderr, "zvp: unknown command '%s' (see zvp --help)\n", cmd.c_str());
    return zvp::cli::kExitUsage;
  } catch (const zvp::cli::UsageError& e) {
    std::fprintf(stderr, "zvp %s: %s\n", cmd.c_str(), e.what());
    return zvp::cli::kExitUsage;
  } catch (const zvp::ConfigError& e) {
    std::fprintf(stderr, "zvp %s: %s\n", cmd.c_str(), e.what());
    return zvp::cli::kExitUsage;
  } catch (const sc_core::sc_report& e) {
    std::fprintf(stderr, "zvp %s: SystemC error: %s\n", cmd.c_str(), e.what());
    return zvp::cli::kExitInternal;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "zvp %s: error: %s\n", cmd.c_str(), e.what());
    return zvp::cli::kExitInternal;
  }
}

// Our own main: SystemC reads SC_COPYRIGHT_MESSAGE before sc_main, and its banner would mix
// with the firmware's console on stdout.
int main(int argc, char** argv) {
  setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 1);
  return sc_core::sc_elab_and_sim(argc, argv);
}
