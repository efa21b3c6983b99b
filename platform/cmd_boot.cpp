// zvp boot <elf>: boot a bare-metal ARM ELF on the Zynq PS of a board.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>

#include "board.h"
#include "cli_args.h"
#include "commands.h"
#include "core/elf_loader.h"
#include "core/log.h"
#include "core/stats.h"
#include "core/tx_trace.h"
#include "zynq_platform.h"

namespace zvp {

namespace {

const char* kBootHelp =
R"(usage: zvp boot <elf> [options]

Boots a bare-metal ARM ELF (arm-none-eabi, linked for DDR or OCM) on the Zynq-7000 PS and runs
it until it exits through semihosting (SYS_EXIT / SYS_EXIT_EXTENDED) or the time limit.

options:
  --board NAME          board configuration (default zybo-z7-20; 'zvp boards' lists them),
                        or a path to a board .yaml file
  --timing lt|at        lt: loosely timed, b_transport (default); at: 4-phase nb_transport on
                        the memory path (arbitration, outstanding transactions, DDR queueing)
  --quantum TIME        CPU temporal-decoupling quantum (default 1us)
  --max-sim-time TIME   stop with exit status 3 when simulated time reaches TIME (default 60s)
  --cpi X               average CPU cycles per instruction (default 1.0)
  --uart0 PATH          UART0 transmit output to PATH (default: stdout if it is the board's
                        console, else discarded)
  --uart1 PATH          UART1 transmit output to PATH (UART1 is the console on most boards)
  --uart0-rx PATH       UART0 receives the bytes of PATH (paced at the baud rate)
  --uart1-rx PATH       UART1 receives the bytes of PATH
  --uart-instant        no baud-rate pacing of UART transmission (FIFO/status still modelled)
  --trace PATTERN       log transactions of sockets whose name contains PATTERN ('*' = all)
  --trace-file PATH     write the transaction log to PATH instead of stderr
  --vcd PATH            record all interrupt lines to a VCD file
  --stats               print statistics counters at the end
  --quiet               no summary line

TIME values take a unit: s, ms, us, ns, ps (e.g. 500ms).
exit status: the firmware's exit status; 2 bad options/input; 3 time limit reached; 4 internal error.
)";

}  // namespace

int cmd_boot(int argc, char** argv) {
  auto p = cli::parse(argc, argv, 2,
                      {"--board", "--timing", "--quantum", "--max-sim-time", "--cpi", "--uart0",
                       "--uart1", "--uart0-rx", "--uart1-rx", "--trace", "--trace-file", "--vcd"},
                      {"--help", "--stats", "--quiet", "--uart-instant"});
  if (p.has("--help")) {
    std::fputs(kBootHelp, stdout);
    return 0;
  }
  if (p.positional.size() != 1) throw cli::UsageError("expected exactly one ELF file (see --help)");

  PlatformOptions opt;
  try {
    opt.board = load_board(p.get("--board", "zybo-z7-20"));
  } catch (const ConfigError& e) {
    throw cli::UsageError(e.what());
  }
  auto mode = parse_timing_mode(p.get("--timing", "lt"));
  if (!mode) throw cli::UsageError("--timing must be lt or at");
  opt.mode = *mode;
  if (p.has("--quantum")) opt.quantum = cli::parse_time(p.get("--quantum"));
  sc_core::sc_time limit(60, sc_core::SC_SEC);
  if (p.has("--max-sim-time")) limit = cli::parse_time(p.get("--max-sim-time"));
  if (p.has("--cpi")) {
    opt.cpi = cli::parse_double(p.get("--cpi"), "--cpi");
    if (!(opt.cpi > 0 && opt.cpi < 1000)) throw cli::UsageError("--cpi must be in (0, 1000)");
  }
  opt.uart_path[0] = p.get("--uart0");
  opt.uart_path[1] = p.get("--uart1");
  opt.uart_instant_tx = p.has("--uart-instant");

  ElfImage img;
  try {
    img = load_elf_file(p.positional[0], kElfMachineArm);
  } catch (const ElfError& e) {
    throw cli::UsageError(e.what());
  }

  std::FILE* trace_file = nullptr;
  if (p.has("--trace-file")) {
    trace_file = std::fopen(p.get("--trace-file").c_str(), "w");
    if (!trace_file) throw cli::UsageError("cannot open --trace-file " + p.get("--trace-file"));
    TxTrace::set_output(trace_file);
  }

  std::unique_ptr<ZynqPlatform> soc;
  try {
    soc = std::make_unique<ZynqPlatform>("zynq", opt);
    soc->load_elf(img);
  } catch (const ElfError& e) {
    throw cli::UsageError(e.what());
  } catch (const ConfigError& e) {
    throw cli::UsageError(e.what());
  }
  for (int i = 0; i < 2; ++i) {
    const std::string rx = p.get(i ? "--uart1-rx" : "--uart0-rx");
    if (!rx.empty() && !(i ? soc->uart1 : soc->uart0).set_rx_file(rx))
      throw cli::UsageError("cannot read UART" + std::to_string(i) + " input file " + rx);
  }
  if (p.has("--trace")) TxTrace::enable(p.get("--trace"));
  std::unique_ptr<VcdWriter> vcd;
  if (p.has("--vcd")) {
    vcd = std::make_unique<VcdWriter>(p.get("--vcd"));
    if (!vcd->ok()) throw cli::UsageError("cannot write --vcd file " + p.get("--vcd"));
    soc->trace_irqs(vcd.get());
  }

  const auto t0 = std::chrono::steady_clock::now();
  sc_core::sc_start(limit);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::fflush(stdout);

  const double sim_s = sc_core::sc_time_stamp().to_seconds();
  const uint64_t insns = soc->cpu.instructions();
  int status;
  if (soc->cpu.exited()) {
    status = soc->cpu.exit_status();
  } else {
    std::fprintf(stderr,
                 "zvp boot: simulated-time limit of %s reached before the firmware exited "
                 "(--max-sim-time)\n",
                 limit.to_string().c_str());
    status = cli::kExitTimeLimit;
  }
  if (p.has("--stats")) {
    std::fprintf(stderr, "stats: cpu.instructions %llu\nstats: cpu.irqs_taken %llu\n"
                         "stats: cpu.aborts_taken %llu\nstats: cpu.wfi %llu\nstats: cpu.mmio %llu\n",
                 (unsigned long long)insns, (unsigned long long)soc->cpu.irqs_taken(),
                 (unsigned long long)soc->cpu.aborts_taken(), (unsigned long long)soc->cpu.wfi_count(),
                 (unsigned long long)soc->cpu.mmio_accesses());
    for (auto& [k, v] : Stats::global().all())
      std::fprintf(stderr, "stats: %s %llu\n", k.c_str(), (unsigned long long)v);
  }
  if (!p.has("--quiet"))
    std::fprintf(stderr,
                 "zvp: %s on %s (%s): simulated %.6f s, wall %.3f s, %llu instructions, "
                 "%.1f MIPS, exit status %d\n",
                 img.path.c_str(), opt.board.name.c_str(), to_string(opt.mode), sim_s, wall,
                 static_cast<unsigned long long>(insns), wall > 0 ? insns / wall / 1e6 : 0.0, status);
  vcd.reset();
  if (trace_file) std::fclose(trace_file);
  return status;
}

int cmd_boards(int, char**) {
  for (auto& n : list_boards()) {
    BoardConfig b = load_board(n);
    std::printf("%-12s %-9s cpu %4.0f MHz  DDR %4llu MB x%u  fclk0 %5.1f MHz  pl: %s\n", n.c_str(),
                b.part.c_str(), b.cpu_hz / 1e6, static_cast<unsigned long long>(b.ddr_size >> 20),
                b.ddr_width_bits, b.fclk(0) / 1e6, b.pl_design.c_str());
  }
  return 0;
}

}  // namespace zvp
