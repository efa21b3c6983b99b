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
#include "exit_status.h"
#include "session_cli.h"

namespace zvp {

const std::vector<std::string> kParamOptions = {"--set", "--timing", "--quantum", "--cpi"};
const std::vector<std::string> kHostOptions = {"--uart0", "--uart1", "--uart0-rx", "--uart1-rx", "--console-script",
                                               "--vcd",
                                               "--perfetto", "--perfetto-filter", "--perfetto-max-events",
                                               "--profile", "--profile-rv", "--profile-period",
                                               "--gdb", "--gdb-rv"};

void apply_param_options(const cli::Parsed& p, Scenario& sc) {
  if (p.has("--timing")) sc.params.push_back({"sim.timing", p.get("--timing"), "--timing"});
  if (p.has("--quantum")) sc.params.push_back({"cpu0.quantum", p.get("--quantum"), "--quantum"});
  if (p.has("--cpi")) sc.params.push_back({"cpu0.cpi", p.get("--cpi"), "--cpi"});
  auto it = p.all.find("--set");
  if (it == p.all.end()) return;
  for (const auto& s : it->second) {
    try {
      sc.params.push_back(parse_setting(s, "--set"));
    } catch (const ConfigError& e) {
      throw cli::UsageError(e.what());
    }
  }
}

void apply_console_options(const cli::Parsed& p, Scenario& sc) {
  if (p.has("--console-script")) sc.console_script = p.get("--console-script");
  // A person at the terminal decides when a boot ends (Ctrl-A x): no default time limit then.
  // (The console keeps simulated time from running ahead of the host's clock.)
  if (p.has("--console") && !p.has("--max-sim-time") && sc.path.empty())
    sc.max_sim_time = sc_core::sc_time(30.0 * 24 * 3600, sc_core::SC_SEC);  // 30 days
}

HostIo host_io_options(const cli::Parsed& p) {
  HostIo io;
  for (unsigned i = 0; i < 2; ++i) {
    const std::string opt = "--uart" + std::to_string(i);
    io.uart_tx_path[i] = p.get(opt);
    if (!p.has(opt)) continue;
    hostio::EndpointSpec spec;
    try {  // "tcp:PORT[,nowait]", "pty" or a file
      spec = hostio::parse_endpoint_spec(io.uart_tx_path[i], opt);
    } catch (const ConfigError& e) {
      throw cli::UsageError(e.what());
    }
    if (spec.kind == hostio::EndpointSpec::Kind::File) check_output_file(spec.path, opt);
  }
  io.console_terminal = p.has("--console");
  io.uart_rx_path[0] = p.get("--uart0-rx");
  io.uart_rx_path[1] = p.get("--uart1-rx");
  io.uart_instant_tx = p.has("--uart-instant");
  io.vcd_path = p.get("--vcd");
  io.perfetto_path = p.get("--perfetto");
  io.perfetto_filter = p.get("--perfetto-filter");
  if (p.has("--perfetto-max-events")) {
    io.perfetto_max_events = units::parse_u64(p.get("--perfetto-max-events"), "--perfetto-max-events");
    if (io.perfetto_max_events == 0) throw cli::UsageError("--perfetto-max-events: must be at least 1");
  }
  if ((p.has("--perfetto-filter") || p.has("--perfetto-max-events")) && !p.has("--perfetto"))
    throw cli::UsageError("--perfetto-filter and --perfetto-max-events need --perfetto FILE.json");
  if (p.has("--perfetto")) check_output_file(p.get("--perfetto"), "--perfetto");
  io.profile_path = p.get("--profile");
  io.profile_rv_path = p.get("--profile-rv");
  if (p.has("--profile-period")) {
    io.profile_period = units::parse_u64(p.get("--profile-period"), "--profile-period");
    if (io.profile_period == 0 || io.profile_period > CodeSampler::kMaxPeriod)
      throw cli::UsageError("--profile-period: must be 1 to 10^12 cycles");
    if (!p.has("--profile") && !p.has("--profile-rv"))
      throw cli::UsageError("--profile-period needs --profile FILE or --profile-rv FILE");
  }
  if (p.has("--profile") && p.has("--profile-rv") && io.profile_path == io.profile_rv_path)
    throw cli::UsageError("--profile and --profile-rv need two different files");
  for (const char* opt : {"--profile", "--profile-rv"})
    if (p.has(opt)) check_output_file(p.get(opt), opt);
  for (const char* opt : {"--gdb", "--gdb-rv"}) {
    if (!p.has(opt)) continue;
    const uint64_t port = units::parse_u64(p.get(opt), opt);
    if (port > 65535)
      throw cli::UsageError(std::string(opt) + ": a TCP port is 0..65535 (0: any free port, printed on stderr)");
    (opt[5] ? io.gdb_rv_port : io.gdb_port) = int(port);
  }
  if (io.gdb_port >= 0 && io.gdb_port == io.gdb_rv_port && io.gdb_port != 0)
    throw cli::UsageError("--gdb and --gdb-rv need different ports (each core has its own)");
  io.gdb_wait = p.has("--gdb-wait");
  if (io.gdb_wait && !p.has("--gdb") && !p.has("--gdb-rv"))
    throw cli::UsageError("--gdb-wait needs --gdb PORT or --gdb-rv PORT");
  return io;
}

void print_summary(const std::string& what, const Session& s, const RunResult& r, int status) {
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
  std::fprintf(stderr,
               "zvp: %s on %s (%s): simulated %.6f s, wall %.3f s, %llu instructions, %.1f MIPS, "
               "exit status %d%s\n",
               what.c_str(), s.config().board.name.c_str(), s.config().soc.timing.c_str(), r.sim_s, r.wall_s,
               static_cast<unsigned long long>(r.arm_instructions),
               r.wall_s > 0 ? r.arm_instructions / r.wall_s / 1e6 : 0.0, status, cli::exit_note().c_str());
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
                       "stats: sim.cpu.polls_forwarded %llu\n",
               (unsigned long long)cpu.instructions(), (unsigned long long)cpu.irqs_taken(),
               (unsigned long long)cpu.aborts_taken(), (unsigned long long)cpu.wfi_count(),
               (unsigned long long)cpu.mmio_accesses(), (unsigned long long)cpu.polls_forwarded());
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
