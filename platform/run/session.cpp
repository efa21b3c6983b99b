#define SC_INCLUDE_DYNAMIC_PROCESSES
#include "session.h"

#include <chrono>
#include <csignal>
#include <cstdio>

#include "core/elf_loader.h"
#include "platform_reset.h"
#include "session_data.h"
#include "session_debug.h"
#include "session_profiles.h"
#include "session_tracing.h"
#include "run_progress.h"
#include "stop_signals.h"

namespace zvp {

namespace {

double wall_now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// The A9 memory-system model's counters and hit rates, for the report.
std::vector<std::pair<std::string, double>> cache_counters(const arm::A9MemorySystem& m) {
  const auto& n = m.counters();
  auto rate = [](uint64_t hits, uint64_t misses) { return hits + misses ? double(hits) / double(hits + misses) : 0.0; };
  return {{"l1i_hit_rate", rate(n.l1i_hits, n.l1i_misses)},
          {"l1d_hit_rate", rate(n.l1d_hits, n.l1d_misses)},
          {"l2_hit_rate", rate(n.l2_hits, n.l2_misses)},
          {"l1i_misses", double(n.l1i_misses)},
          {"l1d_misses", double(n.l1d_misses)},
          {"l2_misses", double(n.l2_misses)},
          {"uncached_reads", double(n.uncached_reads)},
          {"utlb_misses", double(n.utlb_misses)},
          {"table_walks", double(n.walks)},
          {"l1_write_backs", double(n.l1_write_backs)},
          {"maintenance_ops", double(n.maintenance)}};
}

// The CPU model's halt detection (issue 30's interface: a core waiting with interrupts masked
// for ever reports halted_forever() and ends the run through its exit event); false for a
// model without it.
template <typename Cpu>
auto halted_forever_of(const Cpu& c, int) -> decltype(c.halted_forever()) {
  return c.halted_forever();
}
template <typename Cpu>
bool halted_forever_of(const Cpu&, long) {
  return false;
}

}  // namespace

// Construction by concern, in this order (the first bad input decides the error): the platform
// and the firmware, the data in DDR, the profiles, the boot parameters, tracing, the debug
// servers, the VCD.
Session::Session(const Scenario& sc, const HostIo& io)
    : sc_(sc), io_(io), cfg_(std::make_unique<RunConfig>(sc)) {
  const bool kernel = sc_.boot.active();
  direct_boot::KernelBoot kb;
  if (kernel) kb = direct_boot::prepare_kernel_boot(sc_.boot, cfg_->soc.ddrc.size);
  ElfImage img = kernel ? kernel_boot_image(kb, sc_.boot.kernel) : load_elf_file(sc_.arm_elf, kElfMachineArm);
  soc_ = std::make_unique<ZynqPlatform>("zynq", cfg_->soc);
  PlDesign* pl = cfg_->design.get();
  if (pl) pl->build(*soc_);
  connect_uarts();
  soc_->load_elf(img);
  load_data_files(sc_.data, img, *soc_);
  // A PS system reset (SOFT_RST, an A9 watchdog) places the image again: kept for that.
  boot_image_ = img;
  soc_->slcr.set_soft_reset_hook([this] { on_software_reset(); });
  if (kernel) soc_->cpu.set_boot_registers(kb.r0, kb.r1, kb.r2);  // the entry is the image's (load_elf)
  std::vector<RunProfiles::Core> cores;  // the Cortex-A9 cores by number
  for (unsigned n = 0; n < soc_->num_cores(); ++n) cores.push_back({&soc_->core(n).cpu, soc_->core(n).cpu.name()});
  profiles_ = std::make_unique<RunProfiles>(io_, sc_, std::move(cores), std::move(img.functions),
                                            pl ? pl->profiled_core() : nullptr, cfg_->design_name);
  // Under Linux the block is how the programs' per-input log reaches the report: ZVP's device
  // trees reserve it (zvp-log); it is not written over a boot piece (a very large initramfs).
  if (!kernel || !covers_run_log(kb.pieces)) write_boot_params(sc_, cfg_->soc.cpu_hz, *soc_);
  tracing_ = std::make_unique<RunTracing>(io_, *soc_);
  std::vector<DebugServers::Core> a9;  // gdb's threads 1..N: the cores by number
  for (unsigned n = 0; n < soc_->num_cores(); ++n) a9.push_back({&soc_->core(n).cpu, soc_->core(n).cpu.name()});
  debug_ = std::make_unique<DebugServers>(io_, a9, pl ? pl->debug_core() : nullptr, cfg_->design_name);
  tracing_->open_vcd(io_, *soc_);
  spawn_threads();
}

void Session::spawn_threads() {
  console_.spawn_threads();
  {
    sc_core::sc_spawn_options o;
    sc_core::sc_spawn([this] { finish_thread(); }, "finish", &o);
  }
  {
    sc_core::sc_spawn_options o;
    sc_core::sc_spawn([this] { monitor_thread(); }, "monitor", &o);
  }
}

// The console UART's characters go to stdout and to the scenario runner; the other UART is
// discarded unless a file is given.
void Session::connect_uarts() {
  CadenceUart* u[2] = {&soc_->uart0, &soc_->uart1};
  for (unsigned i = 0; i < 2; ++i) {
    u[i]->set_instant_tx(io_.uart_instant_tx);
    UartHostSide side;
    side.tx_file = io_.uart_tx_path[i];
    side.rx_file = io_.uart_rx_path[i];
    if (i == cfg_->board.console_uart) {
      side.tx_stdout = io_.console_stdout;
      side.terminal = io_.console_terminal;
      side.tx_hook = [this](char c) {
        if (io_.console_hook) io_.console_hook(c);
        if (io_.progress_pattern.empty()) return;
        if (c != '\n') {
          if (line_.size() < 4096) line_ += c;
          return;
        }
        if (line_.find(io_.progress_pattern) != std::string::npos) ++items_done_;
        if (line_.rfind("@layer ", 0) == 0) ++layers_done_;
        line_.clear();
      };
    }
    console_.connect(*u[i], "UART" + std::to_string(i), side);
  }
  if (!sc_.console_script.empty())
    console_.play_script(*u[cfg_->board.console_uart],
                         load_console_script(sc_.console_script, {{"IMAGES", std::to_string(sc_.images)},
                                                                  {"FLAGS", std::to_string(sc_.flags)}}));
}

Session::~Session() = default;

// Inputs done: the design's own count, else the @item lines, else what a quiet firmware wrote
// into the boot-parameter block (session_data.h).
uint64_t Session::items_done() const {
  PlDesign* pl = cfg_->design.get();
  if (pl && pl->items_done()) return pl->items_done();
  return items_done_ ? items_done_ : read_firmware_progress(*soc_).done;
}

// Inputs to do: the scenario's run.images, else (0: the firmware's default) the total the
// firmware wrote into the boot-parameter block; 0 when neither says.
uint64_t Session::items_total() const {
  return sc_.images ? sc_.images : read_firmware_progress(*soc_).total;
}

// Wakes every simulated millisecond (the period the CPU's skipped synchronisations already
// allow for, so results do not move): a stop asked for by SIGINT/SIGTERM ends the run there
// (finish_thread), console output after the last newline (a prompt) is flushed, so that a
// program reading stdout through a pipe sees it, and a progress line is printed at most every
// 2 wall seconds. It only reads state, so it cannot change results.
void Session::monitor_thread() {
  double last = wall_now();
  const double start = last;
  for (;;) {
    sc_core::wait(1, sc_core::SC_MS);
    if (const int sig = StopSignals::requested()) {
      interrupted_ = sig;
      end_ev_.notify(sc_core::SC_ZERO_TIME);
      return;
    }
    console_.flush_partial_lines();
    if (!io_.progress || io_.console_terminal) continue;  // --console: the terminal is the board's
    const double now = wall_now();
    if (now - last < 2.0) continue;
    last = now;
    ProgressSample ps;
    ps.sim_s = sc_core::sc_time_stamp().to_seconds();
    ps.wall_s = now - start;
    ps.items_done = items_done();
    ps.items_total = items_total();
    ps.layers_done = layers_done_;
    std::fprintf(stderr, "%s\n", progress_line(ps).c_str());
  }
}

// When the firmware exits, the UARTs still hold characters it wrote: let them drain so no
// console output is lost, then stop.
void Session::finish_thread() {
  sc_core::wait(soc_->cpu.exit_event() | end_ev_);
  exit_time_s_ = sc_core::sc_time_stamp().to_seconds();
  console_.drain();
  sc_core::sc_stop();
}

RunResult Session::run() {
  RunResult r;
  const double t0 = wall_now();
  soc_->cpu.set_run_limit(sc_core::sc_time_stamp() + sc_.max_sim_time);  // exact end (sync_to_next_event)
  const bool go = debug_->hold_at_reset();  // --gdb-wait: the RISC-V's debugger first
  if (go) {
    StopSignals stop;  // Ctrl-C ends the run at a quantum boundary, the outputs still written
    sc_core::sc_start(sc_.max_sim_time);
  }
  r.wall_s = wall_now() - t0;
  std::fflush(stdout);
  r.exited = soc_->cpu.exited();
  r.exit_status = soc_->cpu.exit_status();
  r.killed = debug_->killed();
  console_.end_of_run();
  r.console_quit = console_.quit_requested();
  r.console_failure = console_.script_failure();
  r.end_reason = end_reason_;
  r.interrupted = interrupted_;
  r.items_done = items_done();
  r.items_total = items_total();
  r.layers_done = layers_done_;
  r.item_times_s = read_item_log(*soc_);
  if (r.end_reason.empty() && !r.exited && !r.killed && halted_forever_of(soc_->cpu, 0)) r.end_reason = "halted";
  const bool ended = !r.end_reason.empty();
  r.time_limit = !r.exited && !r.killed && !ended && !r.console_quit && r.console_failure.empty() && !r.interrupted;
  {
    const std::string why = r.exited ? "the ARM firmware exited with status " + std::to_string(r.exit_status)
                            : r.killed ? std::string("killed from a debugger")
                            : ended    ? r.end_reason
                            : r.interrupted ? std::string(r.interrupted == SIGINT ? "interrupted (SIGINT)" : "terminated (SIGTERM)")
                                       : std::string("simulated-time limit reached");
    const int status = r.exited ? r.exit_status : 0;
    const int signal = r.exited || ended ? 0 : 14;  // SIGALRM: gdb shows "terminated with signal SIGALRM"
    debug_->end_of_run(status, signal, why);
  }
  r.locked_up = soc_->cpu.locked_up();
  r.sim_s = exit_time_s_ >= 0 ? exit_time_s_ : sc_core::sc_time_stamp().to_seconds();
  r.arm_instructions = soc_->cpu.instructions();
  if (const arm::A9MemorySystem* m = soc_->cpu.memory_system()) r.caches = cache_counters(*m);
  if (cfg_->design) r.design_instructions = cfg_->design->instructions();
  if (cfg_->design) r.resources = cfg_->design->resources(cfg_->board.part);
  tracing_->close();
  profiles_->write();
  return r;
}

// Linux's `reboot` writes SLCR PSS_RST_CTRL.SOFT_RST (and an A9 watchdog routed to a system
// reset ends the same way): the chip resets the whole PS and boots again. The core stops at once; then either the run ends (--no-reboot, as QEMU's option) or
// every device is reset and the images are placed again before the core restarts.
void Session::on_software_reset() {
  soc_->cpu.request_system_reset([this] {
    if (sc_.boot.no_reboot) {
      end_reason_ = "reboot requested (--no-reboot)";
      end_ev_.notify(sc_core::SC_ZERO_TIME);
      return false;
    }
    namespace R = regs::slcr::reboot_status;  // the SLCR has just recorded the reason
    const uint32_t why = soc_->slcr.peek(regs::slcr::REBOOT_STATUS_INFO.offset);
    const bool watchdog = (why & (R::AWDT0_RST.mask() | R::AWDT1_RST.mask())) != 0;
    std::fprintf(stderr, "[zvp] %s reset at %.6f s: the platform restarts\n",
                 watchdog ? "watchdog" : "software", soc_->cpu.local_time().to_seconds());
    reset_platform_devices(*soc_);
    soc_->load_elf(boot_image_);
    return true;
  });
}

}  // namespace zvp
