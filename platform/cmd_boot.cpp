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
#include "session_cli.h"
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
  --quantum TIME        CPU temporal-decoupling quantum (default 10us)
  --max-sim-time TIME   stop with exit status 3 when simulated time reaches TIME (default 60s)
  --cpi X               flat CPU cycles per instruction instead of the default Cortex-A9
                        pipeline timing model (models/cpu/arm/README.md)
  --uart0 PATH          UART0 transmit output to PATH (default: stdout if it is the board's
                        console, else discarded)
  --uart1 PATH          UART1 transmit output to PATH (UART1 is the console on most boards)
  --uart0-rx PATH       UART0 receives the bytes of PATH (paced at the baud rate)
  --uart1-rx PATH       UART1 receives the bytes of PATH
  --uart-instant        no baud-rate pacing of UART transmission (FIFO/status still modelled)
  --pl DESIGN[:VARIANT] the PL design behind GP0/HP/IRQ_F2P (default none: GP accesses DECERR)
  --load FILE@ADDR[,FILE@ADDR...]
                        write each FILE into DDR at ADDR before boot (like a bootloader/SD card)
  --images N            boot parameter for data-processing firmware: process N inputs
  --boot-flags N        boot parameter: firmware-specific flag bits (e.g. lenet5: 1 quiet,
                        2 pipelined)
  --trace PATTERN       log transactions of sockets whose name contains PATTERN ('*' = all)
  --trace-file PATH     write the transaction log to PATH instead of stderr
  --vcd PATH            record all interrupt lines to a VCD file
  --stats               print statistics counters at the end
  --quiet               no summary line

TIME values take a unit: s, ms, us, ns, ps (e.g. 500ms).
exit status: the firmware's exit status; 2 bad options/input; 3 time limit reached; 4 internal error.
)";

}  // namespace

// Options shared by `zvp boot` and `zvp run` that shape the platform.
void apply_platform_options(const cli::Parsed& p, PlatformOptions& opt) {
  if (p.has("--quantum")) opt.quantum = cli::parse_time(p.get("--quantum"));
  if (p.has("--cpi")) {
    opt.cpi = cli::parse_double(p.get("--cpi"), "--cpi");
    if (!(opt.cpi > 0 && opt.cpi < 1000)) throw cli::UsageError("--cpi must be in (0, 1000)");
  }
  opt.uart_path[0] = p.get("--uart0");
  opt.uart_path[1] = p.get("--uart1");
  opt.uart_instant_tx = p.has("--uart-instant");
}

void print_summary(const std::string& what, const std::string& board, TimingMode mode,
                   const RunResult& r, int status) {
  std::fprintf(stderr,
               "zvp: %s on %s (%s): simulated %.6f s, wall %.3f s, %llu instructions, %.1f MIPS, "
               "exit status %d\n",
               what.c_str(), board.c_str(), to_string(mode), r.sim_s, r.wall_s,
               static_cast<unsigned long long>(r.arm_instructions),
               r.wall_s > 0 ? r.arm_instructions / r.wall_s / 1e6 : 0.0, status);
}

void print_stats(Session& s) {
  auto& cpu = s.soc().cpu;
  std::fprintf(stderr, "stats: cpu.instructions %llu\nstats: cpu.irqs_taken %llu\n"
                       "stats: cpu.aborts_taken %llu\nstats: cpu.wfi %llu\nstats: cpu.mmio %llu\n",
               (unsigned long long)cpu.instructions(), (unsigned long long)cpu.irqs_taken(),
               (unsigned long long)cpu.aborts_taken(), (unsigned long long)cpu.wfi_count(),
               (unsigned long long)cpu.mmio_accesses());
  for (auto& [k, v] : Stats::global().all())
    std::fprintf(stderr, "stats: %s %llu\n", k.c_str(), (unsigned long long)v);
}

std::unique_ptr<Session> open_session(const SessionConfig& cfg) {
  try {
    return std::make_unique<Session>(cfg);
  } catch (const ElfError& e) {
    throw cli::UsageError(e.what());
  } catch (const ConfigError& e) {
    throw cli::UsageError(e.what());
  }
}

DataLoad parse_load(const std::string& spec) {
  auto at = spec.rfind('@');
  if (at == std::string::npos || at == 0 || at + 1 == spec.size())
    throw cli::UsageError("--load takes FILE@ADDRESS, e.g. digits.bin@0x10000000");
  return {spec.substr(0, at), cli::parse_u64(spec.substr(at + 1), "--load address")};
}

void split_design(const std::string& spec, std::string& design, std::string& variant) {
  auto c = spec.find(':');
  design = spec.substr(0, c);
  variant = c == std::string::npos ? "" : spec.substr(c + 1);
}

int cmd_boot(int argc, char** argv) {
  auto p = cli::parse(argc, argv, 2,
                      {"--board", "--timing", "--quantum", "--max-sim-time", "--cpi", "--uart0",
                       "--uart1", "--uart0-rx", "--uart1-rx", "--trace", "--trace-file", "--vcd",
                       "--pl", "--load", "--images", "--boot-flags"},
                      {"--help", "--stats", "--quiet", "--uart-instant"});
  if (p.has("--help")) {
    std::fputs(kBootHelp, stdout);
    return 0;
  }
  if (p.positional.size() != 1) throw cli::UsageError("expected exactly one ELF file (see --help)");

  SessionConfig cfg;
  try {
    cfg.platform.board = load_board(p.get("--board", "zybo-z7-20"));
  } catch (const ConfigError& e) {
    throw cli::UsageError(e.what());
  }
  auto mode = parse_timing_mode(p.get("--timing", "lt"));
  if (!mode) throw cli::UsageError("--timing must be lt or at");
  cfg.platform.mode = *mode;
  apply_platform_options(p, cfg.platform);
  if (p.has("--max-sim-time")) cfg.limit = cli::parse_time(p.get("--max-sim-time"));
  cfg.elf = p.positional[0];
  split_design(p.get("--pl", "none"), cfg.pl_design, cfg.pl_variant);
  if (p.has("--load")) {
    const std::string all = p.get("--load");
    for (size_t b = 0; b <= all.size();) {
      size_t e = all.find(',', b);
      if (e == std::string::npos) e = all.size();
      cfg.data.push_back(parse_load(all.substr(b, e - b)));
      b = e + 1;
    }
  }
  if (p.has("--boot-flags"))
    cfg.flags = static_cast<uint32_t>(cli::parse_u64(p.get("--boot-flags"), "--boot-flags"));
  if (p.has("--images")) cfg.images = static_cast<uint32_t>(cli::parse_u64(p.get("--images"), "--images"));
  cfg.vcd_path = p.get("--vcd");

  std::FILE* trace_file = nullptr;
  if (p.has("--trace-file")) {
    trace_file = std::fopen(p.get("--trace-file").c_str(), "w");
    if (!trace_file) throw cli::UsageError("cannot open --trace-file " + p.get("--trace-file"));
    TxTrace::set_output(trace_file);
  }

  std::unique_ptr<Session> session = open_session(cfg);
  for (int i = 0; i < 2; ++i) {
    const std::string rx = p.get(i ? "--uart1-rx" : "--uart0-rx");
    auto& uart = i ? session->soc().uart1 : session->soc().uart0;
    if (!rx.empty() && !uart.set_rx_file(rx))
      throw cli::UsageError("cannot read UART" + std::to_string(i) + " input file " + rx);
  }
  if (p.has("--trace")) TxTrace::enable(p.get("--trace"));

  RunResult r = session->run();
  int status = r.exit_status;
  if (r.time_limit) {
    std::fprintf(stderr,
                 "zvp boot: simulated-time limit of %s reached before the firmware exited "
                 "(--max-sim-time)\n",
                 cfg.limit.to_string().c_str());
    status = cli::kExitTimeLimit;
  }
  if (p.has("--stats")) print_stats(*session);
  if (!p.has("--quiet")) print_summary(cfg.elf, cfg.platform.board.name, cfg.platform.mode, r, status);
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
