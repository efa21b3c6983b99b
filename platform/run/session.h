// One run of the platform, shared by `zvp boot` and `zvp run`: resolves the configuration,
// builds the PS and the PL design, loads the ELF and the data files into DDR, writes the
// boot-parameter block (or, for a Linux kernel, places the kernel, device tree and initramfs
// and restarts the platform on a software reset), connects the UARTs to the host, simulates until the firmware exits or
// the time limit, and reports what happened. Each concern of the construction has its own part:
// the data in DDR (session_data.h), the profiles (session_profiles.h), tracing for the host's
// viewers (session_tracing.h) and the GDB servers (session_debug.h).
#pragma once
#include <systemc>

#include <array>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "console.h"
#include "core/elf_loader.h"
#include "core/irq.h"
#include "run_config.h"
#include "scenario.h"
#include "zynq_platform.h"

namespace zvp {

class RunProfiles;
class RunTracing;
class DebugServers;

// Where the run meets the host: files, stdout, progress lines. Not part of the scenario
// (the same scenario runs with any of these).
struct HostIo {
  // UART i transmits to this file ("" = stdout for the console UART, discarded otherwise).
  std::array<std::string, 2> uart_tx_path;
  std::array<std::string, 2> uart_rx_path;   // UART i receives the bytes of this file
  bool uart_instant_tx = false;              // skip baud-rate pacing of TX (FIFO/status kept)
  bool console_stdout = true;                // echo the console UART to stdout
  std::function<void(char)> console_hook;    // sees every console character (scenario runner)
  bool console_terminal = false;             // --console: the console UART on this terminal
  std::string vcd_path;
  std::string perfetto_path;                 // timeline JSON (models/core/timeline.h), "" = none
  std::string perfetto_filter;               // comma-separated words a track name must contain
  uint64_t perfetto_max_events = 1000000;    // cap: then one warning, recording stops
  // Sampled profiles by function (models/core/code_profile.h), written at the end of the run:
  // the Cortex-A9's to profile_path, the PL design's RISC-V core's to profile_rv_path (its
  // symbols from the first data file that is a RISC-V ELF); one sample every profile_period
  // cycles of the core's clock.
  std::string profile_path;
  std::string profile_rv_path;
  uint64_t profile_period = 1000;
  // GDB remote servers on 127.0.0.1 (platform/debug): the Cortex-A9's (gdb_port) and the PL
  // design's RISC-V core's (gdb_rv_port); -1 = none. gdb_wait holds the platform at reset
  // until a debugger attaches to every requested port.
  int gdb_port = -1;
  int gdb_rv_port = -1;
  bool gdb_wait = false;
  bool progress = false;                     // progress lines on stderr during long runs
  std::string progress_pattern;              // console lines containing this count as items done
                                             // (lines starting "@layer " count as layers done)
};

struct RunResult {
  bool exited = false;       // the firmware exited through semihosting
  int exit_status = 0;
  bool time_limit = false;   // stopped by the simulated-time limit
  bool killed = false;       // a debugger killed the run (gdb kill)
  bool locked_up = false;    // the core locked up (an abort on the abort vector); time ran on
  // A kernel boot's end other than an exit (exit status 0): "halted" (the core waits with
  // interrupts masked for ever: poweroff/halt) or "reboot requested (--no-reboot)".
  std::string end_reason;
  // SIGINT or SIGTERM stopped the run (stop_signals.h): the results so far; 0 = not interrupted.
  int interrupted = 0;
  uint64_t items_done = 0;   // inputs done (the design's count, progress_pattern lines or the firmware's)
  uint64_t items_total = 0;  // inputs to do (run.images, else the firmware's total; 0 = not known)
  uint64_t layers_done = 0;  // @layer lines the console printed
  std::vector<double> item_times_s;  // the firmware's item log (session_data.h), seconds per input
  bool console_quit = false;    // the user quit from the terminal (--console, Ctrl-A x)
  std::string console_failure;  // the console script's failed expect (one line), else ""
  double sim_s = 0;          // simulated time at exit (or at the limit)
  double wall_s = 0;
  uint64_t arm_instructions = 0;
  std::map<std::string, uint64_t> design_instructions;  // cores inside the PL design
  // The A9 memory-system model's counters and hit rates (empty unless cpu0.caches.enabled).
  std::vector<std::pair<std::string, double>> caches;
  // The PL design's resource budget (PlDesign::resources; NaN = unknown), empty if none.
  std::vector<std::pair<std::string, double>> resources;
};

class Session {
 public:
  // Throws ConfigError/ElfError (clear messages) for bad input.
  Session(const Scenario& sc, const HostIo& io);
  ~Session();
  RunResult run();
  ZynqPlatform& soc() { return *soc_; }
  const RunConfig& config() const { return *cfg_; }

 private:
  void connect_uarts();
  void spawn_threads();
  void monitor_thread();          // Ctrl-C stops, progress lines
  uint64_t items_done() const;
  uint64_t items_total() const;
  void finish_thread();
  void on_software_reset();     // SLCR PSS_RST_CTRL.SOFT_RST written (kernel boots only)
  ElfImage boot_image_;         // a kernel boot's pieces as loadable segments
  sc_core::sc_event end_ev_;    // a kernel boot ended without an exit (end_reason_)
  std::string end_reason_;
  double exit_time_s_ = -1;
  Scenario sc_;
  HostIo io_;
  std::unique_ptr<RunConfig> cfg_;
  std::unique_ptr<ZynqPlatform> soc_;
  std::unique_ptr<RunProfiles> profiles_;  // session_profiles.h
  std::unique_ptr<RunTracing> tracing_;    // session_tracing.h: Perfetto, VCD
  std::unique_ptr<DebugServers> debug_;    // session_debug.h: the GDB servers
  Console console_;
  uint64_t items_done_ = 0;
  uint64_t layers_done_ = 0;
  int interrupted_ = 0;         // the signal that stopped the run (stop_signals.h), 0 = none
  std::string line_;
};

}  // namespace zvp
