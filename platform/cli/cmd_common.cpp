#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "core/code_profile.h"
#include "core/elf_loader.h"
#include "core/stats.h"
#include "core/units.h"
#include "endpoint.h"
#include "commands.h"
#include "exit_status.h"
#include "session_cli.h"

namespace zvp {

using cli::flag;
using cli::text;

cli::OptionGroup param_options() {
  cli::OptionGroup g("run parameters ('zvp params' lists them)");
  g.options.add_options()
    ("set", cli::repeatable("PATH=VALUE"),
     "set a parameter (repeatable; overrides the board and the scenario), e.g. --set ps.ddrc.tcl=8 "
     "--set clocks.fclk0=100MHz; with zvp run the scenario's expect.regression bands are then not checked")
    ("timing", text("lt|at"),
     "(= --set sim.timing=...) lt: loosely timed, b_transport (default); at: 4-phase nb_transport on the "
     "memory path (arbitration, outstanding transactions, DDR queueing)")
    ("quantum", text("TIME"), "(= --set cpu0.quantum=...) CPU temporal-decoupling quantum (default 10us)")
    ("cpi", text("X"),
     "(= --set cpu0.cpi=...) flat CPU cycles per instruction instead of the default Cortex-A9 pipeline "
     "timing model (models/cpu/arm/README.md)");
  return g;
}

cli::OptionGroup console_options() {
  cli::OptionGroup g("console and UARTs");
  g.options.add_options()
    ("uart0", text("PATH|tcp:PORT[,nowait]|pty"),
     "UART0 transmit output to PATH (default: stdout if it is the board's console, else discarded); "
     "tcp:PORT: a TCP server on 127.0.0.1:PORT (0: any free port, printed), one client: output to it, "
     "its bytes to the receiver; the run waits for a client (nowait: output is dropped while none is "
     "connected); pty: a pseudo-terminal, its path printed on stderr")
    ("uart1", text("PATH|tcp:PORT[,nowait]|pty"), "the same for UART1 (the console on most boards)")
    ("uart0-rx", text("PATH"), "UART0 receives the bytes of PATH (paced at the baud rate)")
    ("uart1-rx", text("PATH"), "UART1 receives the bytes of PATH")
    ("console", flag(),
     "the console UART on this terminal (raw mode): keys to its receiver; Ctrl-A x quits (exit status 0), "
     "Ctrl-A h lists the commands")
    ("console-script", text("FILE"),
     "play a script against the console UART in simulated time: lines `expect TEXT`, `send TEXT` (escapes "
     "\\n \\r \\t \\\\ \\xNN), `timeout TIME`, `# comment`; a failed expect ends the run with exit status 5 "
     "(zvp run: replaces the scenario's console_script)")
    ("uart-instant", flag(), "no baud-rate pacing of UART transmission (FIFO/status still modelled)");
  return g;
}

cli::OptionGroup trace_options() {
  cli::OptionGroup g("traces, profiles and debuggers");
  g.options.add_options()
    ("vcd", text("PATH"), "record all interrupt lines to a VCD file")
    ("perfetto", text("FILE.json"),
     "write the timeline (CPU sleep and exceptions, DMA channels, accelerators, interrupts, firmware "
     "markers) in simulated time, for ui.perfetto.dev or chrome://tracing (docs/debugging.md)")
    ("perfetto-filter", text("W"), "keep only tracks whose \"group/name\" contains one of the comma-separated W")
    ("perfetto-max-events", cli::u64_value("N")->default_value(cli::U64Value{1000000}, "1000000"),
     "stop recording after N events, with a warning")
    ("profile", text("FILE"),
     "write where the Cortex-A9's cycles went, by function of the ELF (a sample of the executing block "
     "every --profile-period cycles; times and results are unchanged)")
    ("profile-rv", text("FILE"),
     "the same for the RISC-V core inside the PL design (the csp design's Zero-riscy), named by the first "
     "data file that is a RISC-V ELF")
    ("profile-period", cli::u64_value("CYCLES")->default_value(cli::U64Value{1000}, "1000"),
     "cycles between two profile samples (1 to 10^12)")
    ("gdb", cli::u64_value("PORT"),
     "a GDB remote server for the Cortex-A9 on 127.0.0.1:PORT (gdb-multiarch: target remote :PORT; 0: any "
     "free port, printed on stderr); halting the core halts the whole platform")
    ("gdb-rv", cli::u64_value("PORT"),
     "a GDB remote server for the RISC-V core inside the PL design (the csp design's Zero-riscy) on "
     "127.0.0.1:PORT; each core has its own port")
    ("gdb-wait", flag(), "hold the platform at reset until the debugger(s) attach");
  return g;
}

void apply_param_options(const cli::Args& p, Scenario& sc) {
  if (p.has("timing")) sc.params.push_back({"sim.timing", p.get("timing"), "--timing"});
  if (p.has("quantum")) sc.params.push_back({"cpu0.quantum", p.get("quantum"), "--quantum"});
  if (p.has("cpi")) sc.params.push_back({"cpu0.cpi", p.get("cpi"), "--cpi"});
  for (const auto& s : p.all("set")) {
    try {
      sc.params.push_back(parse_setting(s, "--set"));
    } catch (const ConfigError& e) {
      throw cli::UsageError(e.what());
    }
  }
}

void apply_console_options(const cli::Args& p, Scenario& sc) {
  if (p.has("console-script")) sc.console_script = p.get("console-script");
  // A person at the terminal decides when a boot ends (Ctrl-A x): no default time limit then.
  // (The console keeps simulated time from running ahead of the host's clock.)
  if (p.has("console") && !p.has("max-sim-time") && sc.path.empty())
    sc.max_sim_time = sc_core::sc_time(30.0 * 24 * 3600, sc_core::SC_SEC);  // 30 days
}

HostIo host_io_options(const cli::Args& p) {
  HostIo io;
  for (unsigned i = 0; i < 2; ++i) {
    const std::string opt = "--uart" + std::to_string(i);
    io.uart_tx_path[i] = p.get(opt.substr(2));
    if (!p.has(opt.substr(2))) continue;
    hostio::EndpointSpec spec;
    try {  // "tcp:PORT[,nowait]", "pty" or a file
      spec = hostio::parse_endpoint_spec(io.uart_tx_path[i], opt);
    } catch (const ConfigError& e) {
      throw cli::UsageError(e.what());
    }
    if (spec.kind == hostio::EndpointSpec::Kind::File) check_output_file(spec.path, opt);
  }
  io.console_terminal = p.has("console");
  io.uart_rx_path[0] = p.get("uart0-rx");
  io.uart_rx_path[1] = p.get("uart1-rx");
  io.uart_instant_tx = p.has("uart-instant");
  io.vcd_path = p.get("vcd");
  io.perfetto_path = p.get("perfetto");
  io.perfetto_filter = p.get("perfetto-filter");
  if (p.has("perfetto-max-events")) {
    io.perfetto_max_events = p.as<cli::U64Value>("perfetto-max-events").value;
    if (io.perfetto_max_events == 0) throw cli::UsageError("--perfetto-max-events: must be at least 1");
  }
  if ((p.has("perfetto-filter") || p.has("perfetto-max-events")) && !p.has("perfetto"))
    throw cli::UsageError("--perfetto-filter and --perfetto-max-events need --perfetto FILE.json");
  if (p.has("perfetto")) check_output_file(p.get("perfetto"), "--perfetto");
  io.profile_path = p.get("profile");
  io.profile_rv_path = p.get("profile-rv");
  if (const uint64_t period = profile_period_option(p)) {
    io.profile_period = period;
    if (!p.has("profile") && !p.has("profile-rv"))
      throw cli::UsageError("--profile-period needs --profile FILE or --profile-rv FILE");
  }
  if (p.has("profile") && p.has("profile-rv") && io.profile_path == io.profile_rv_path)
    throw cli::UsageError("--profile and --profile-rv need two different files");
  for (const char* opt : {"profile", "profile-rv"})
    if (p.has(opt)) check_output_file(p.get(opt), std::string("--") + opt);
  for (const char* opt : {"gdb", "gdb-rv"}) {
    if (!p.has(opt)) continue;
    const uint64_t port = p.as<cli::U64Value>(opt).value;
    if (port > 65535)
      throw cli::UsageError("--" + std::string(opt) + ": a TCP port is 0..65535 (0: any free port, printed on stderr)");
    (opt[3] ? io.gdb_rv_port : io.gdb_port) = int(port);
  }
  if (io.gdb_port >= 0 && io.gdb_port == io.gdb_rv_port && io.gdb_port != 0)
    throw cli::UsageError("--gdb and --gdb-rv need different ports (each core has its own)");
  io.gdb_wait = p.has("gdb-wait");
  if (io.gdb_wait && !p.has("gdb") && !p.has("gdb-rv"))
    throw cli::UsageError("--gdb-wait needs --gdb PORT or --gdb-rv PORT");
  return io;
}

void print_summary(const std::string& what, const Session& s, const RunResult& r, int status, const HostIo& io) {
  if (!io.perfetto_path.empty())
    std::fprintf(stderr, "zvp: Perfetto timeline written to %s (open it in ui.perfetto.dev)\n", io.perfetto_path.c_str());
  if (!r.caches.empty()) {  // before the summary line, which scripts take as the last "zvp:" line
    auto get = [&](const char* k) {
      for (const auto& [n, v] : r.caches)
        if (n == k) return v;
      return 0.0;
    };
    std::fprintf(stderr,
                 "zvp: caches: hit rates L1I %.2f %%, L1D %.2f %%, L2 %.2f %%; %.0f uncached reads, "
                 "%.0f table walks\n",
                 100 * get("l1i_hit_rate"), 100 * get("l1d_hit_rate"), 100 * get("l2_hit_rate"),
                 get("uncached_reads"), get("table_walks"));
  }
  char mips[40] = "MIPS n/a (with --gdb)";
  if (io.gdb_port < 0 && io.gdb_rv_port < 0)
    std::snprintf(mips, sizeof mips, "%.1f MIPS", r.wall_s > 0 ? r.arm_instructions / r.wall_s / 1e6 : 0.0);
  std::fprintf(stderr,
               "zvp: %s on %s (%s): simulated %.6f s, wall %.3f s, %llu instructions, %s, "
               "exit status %d%s\n",
               what.c_str(), s.config().board.name.c_str(), s.config().soc.timing.c_str(), r.sim_s, r.wall_s,
               static_cast<unsigned long long>(r.arm_instructions), mips, status, cli::exit_note().c_str());
}

int run_outcome(const RunResult& r, const sc_core::sc_time& limit) {
  if (!r.console_failure.empty()) {  // the one line naming the script's line, then the status
    std::fprintf(stderr, "zvp: %s\n", r.console_failure.c_str());
    return cli::simulator_exit(cli::kExitExpectation, "console script expectation failed");
  }
  if (r.console_quit) return cli::simulator_exit(0, "quit from the console (Ctrl-A x)");
  if (r.interrupted)  // as a shell reports a process ended by the signal: 128 + its number
    return cli::simulator_exit(128 + r.interrupted, r.interrupted == SIGINT ? "interrupted (SIGINT)" : "terminated (SIGTERM)");
  if (r.exited) return cli::firmware_exit(r.exit_status);
  if (!r.end_reason.empty()) return cli::simulator_exit(0, r.end_reason);  // a kernel's halt or reboot
  if (r.killed) return cli::simulator_exit(cli::kExitKilled, "killed by the debugger");
  if (r.locked_up)
    return cli::simulator_exit(cli::kExitTimeLimit, "lock-up (abort on the abort vector), time limit " +
                                                        limit.to_string() + " reached");
  return cli::simulator_exit(cli::kExitTimeLimit, "time limit " + limit.to_string() + " reached");
}

void check_output_file(const std::string& path, const std::string& option) {
  std::FILE* f = std::fopen(path.c_str(), "a");
  if (!f) throw cli::UsageError(option + ": cannot write " + path + ": " + std::strerror(errno));
  std::fclose(f);
}

void print_stats(Session& s) {
  auto& cpu = s.soc().cpu;
  std::fprintf(stderr, "stats: cpu.instructions %llu\nstats: cpu.irqs_taken %llu\n"
                       "stats: cpu.aborts_taken %llu\nstats: cpu.wfi %llu\nstats: cpu.mmio %llu\n"
                       "stats: sim.cpu.polls_forwarded %llu\nstats: sim.cpu.idle_iterations_skipped %llu\n",
               (unsigned long long)cpu.instructions(), (unsigned long long)cpu.irqs_taken(),
               (unsigned long long)cpu.aborts_taken(), (unsigned long long)cpu.wfi_count(),
               (unsigned long long)cpu.mmio_accesses(), (unsigned long long)cpu.polls_forwarded(),
               (unsigned long long)cpu.idle_iterations_skipped());
  for (auto& [k, v] : Stats::global().all())
    std::fprintf(stderr, "stats: %s %llu\n", k.c_str(), (unsigned long long)v);
}

std::unique_ptr<Session> open_session(const Scenario& sc, const HostIo& io) {
  try {
    return std::make_unique<Session>(sc, io);
  } catch (const ElfError& e) {
    throw cli::UsageError(e.what());
  } catch (const ConfigError& e) {
    throw cli::UsageError(e.what());
  }
}

std::string build_dir_of_executable() {
  std::error_code ec;
  const auto exe = std::filesystem::canonical("/proc/self/exe", ec);
  return ec ? std::string(".") : exe.parent_path().parent_path().string();
}

DataLoad parse_load(const std::string& spec) {
  auto at = spec.rfind('@');
  if (at == std::string::npos || at == 0 || at + 1 == spec.size())
    throw cli::UsageError("--load takes FILE@ADDRESS or FILE@REGION, e.g. digits.bin@LENET_DATA");
  DataLoad d;
  d.file = spec.substr(0, at);
  try {
    resolve_load_address(spec.substr(at + 1), d, "--load " + spec);
  } catch (const ConfigError& e) {
    throw cli::UsageError(e.what());
  }
  return d;
}

}  // namespace zvp
