#define SC_INCLUDE_DYNAMIC_PROCESSES
#include "session.h"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>

#include "core/code_profile.h"
#include "core/elf_loader.h"
#include "core/log.h"
#include "core/input_file.h"
#include "core/timeline.h"
#include "core/tx_trace.h"
#include "gdb_server.h"
#include "zvp_memmap.h"
#include "zvp_report.h"

namespace zvp {

namespace {

// [lo, hi) byte ranges in DDR that the loads must not overlap unless allowed.
struct Span {
  uint64_t lo, hi;
  std::string what;
};

std::string hex(uint64_t v) {
  char b[24];
  std::snprintf(b, sizeof b, "0x%08llx", static_cast<unsigned long long>(v));
  return b;
}

double wall_now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

Session::Session(const Scenario& sc, const HostIo& io)
    : sc_(sc), io_(io), cfg_(std::make_unique<RunConfig>(sc)) {
  ElfImage img = load_elf_file(sc_.arm_elf, kElfMachineArm);
  soc_ = std::make_unique<ZynqPlatform>("zynq", cfg_->soc);
  if (cfg_->design) cfg_->design->build(*soc_);
  connect_uarts();
  soc_->load_elf(img);
  if (!io_.profile_path.empty()) {
    functions_ = std::move(img.functions);
    soc_->cpu.set_profile_period(io_.profile_period);
  }
  const uint64_t ddr = soc_->ddr_size();
  // Data files are checked (kind, size, place, overlap) before any is read: a wrong path costs
  // nothing, and the firmware is not silently overwritten.
  std::vector<Span> taken;
  std::vector<uint64_t> sizes;  // of the data files, as checked
  for (const auto& seg : img.segments)
    if (seg.paddr < ZVP_DDR_BASE + ddr)
      taken.push_back({seg.paddr - ZVP_DDR_BASE, seg.paddr - ZVP_DDR_BASE + seg.memsz, "the firmware " + img.path});
  for (const auto& d : sc_.data) {
    const uint64_t size = check_input_file(d.file, "data file", ddr);
    if (!d.region.empty() && size > d.region_size)
      throw ConfigError("data file " + d.file + " (" + std::to_string(size) + " bytes) is larger than region " +
                        d.region + " (" + std::to_string(d.region_size) + " bytes)");
    if (d.address >= ddr || size > ddr - d.address)
      throw ConfigError("data file " + d.file + " (" + std::to_string(size) +
                        " bytes) does not fit in DDR at the given address");
    const Span me{d.address, d.address + size, "data file " + d.file};
    if (!d.overlap_allowed && size)
      for (const Span& t : taken)
        if (me.lo < t.hi && t.lo < me.hi)
          throw ConfigError(me.what + " [" + hex(me.lo) + ", " + hex(me.hi) + ") overlaps " + t.what + " [" +
                            hex(t.lo) + ", " + hex(t.hi) + "); if intended, say 'overlap: allowed' in the scenario's data entry (zvp boot: --allow-overlap)");
    taken.push_back(me);
    sizes.push_back(size);
  }
  // Read straight into the DDR model, at most the size checked above: a file that has grown
  // since is refused before anything spills over its neighbours, one that has shrunk too.
  for (size_t i = 0; i < sc_.data.size(); ++i) {
    const auto& d = sc_.data[i];
    if (read_input_file_into(d.file, "data file", soc_->ddrc.data() + d.address, sizes[i]) != sizes[i])
      throw ConfigError("data file " + d.file + " changed size while being read");
  }
  if (!io_.profile_rv_path.empty()) {
    rv_core_ = cfg_->design ? cfg_->design->profiled_core() : nullptr;
    if (!rv_core_)
      throw ConfigError("--profile-rv: the PL design '" + cfg_->design_name +
                        "' has no RISC-V core (the csp design has one: --pl csp)");
    rv_core_->set_profile_period(io_.profile_period);
    find_rv_program();
  }
  zvp_bootparam bp{};
  bp.magic = ZVP_BOOTPARAM_MAGIC;
  bp.version = 2;
  bp.cpu_hz = static_cast<uint32_t>(cfg_->soc.cpu_hz);
  bp.images = sc_.images;
  bp.flags = sc_.flags;
  if (ZVP_BOOTPARAM_BASE + sizeof bp <= ddr) soc_->ddrc.load(ZVP_BOOTPARAM_BASE, &bp, sizeof bp);
  if (!io_.perfetto_path.empty()) {
    Timeline::open(io_.perfetto_path, io_.perfetto_filter, io_.perfetto_max_events);
    // Interrupt lines: an instant per rising edge, a track per line that ever rises.
    for (unsigned id = 16; id < ZVP_GIC_NUM_IRQS; ++id) {
      IrqLine& line = soc_->irq(id);
      line.listen([&line, id](bool level) {
        if (!level) return;
        if (Timeline* tl = Timeline::get())
          tl->instant(tl->track("Interrupts", "IRQ " + std::to_string(id) + " (" + line.name() + ")"), "rise",
                      sc_core::sc_time_stamp());
      });
    }
  }
  if (io_.gdb_port >= 0) {
    try {
      gdb_ = std::make_unique<debug::GdbServer>(soc_->cpu.name(), uint16_t(io_.gdb_port), io_.gdb_wait);
    } catch (const std::runtime_error& e) {
      throw ConfigError(std::string("--gdb: ") + e.what());
    }
    gdb_->set_monitor([](const std::string& cmd, std::string& out) {
      if (cmd == "trace off") {
        TxTrace::disable_all();
        out = "transaction log off\n";
        return true;
      }
      if (cmd.rfind("trace on", 0) == 0) {
        const std::string pattern = cmd.size() > 9 ? cmd.substr(9) : "*";
        TxTrace::enable(pattern);
        out = "transaction log on for '" + pattern + "' (stderr or --trace-file)\n";
        return true;
      }
      return false;
    });
    gdb_->set_on_kill([] {
      if (sc_core::sc_is_running()) sc_core::sc_stop();
    });
    soc_->cpu.set_debug_agent(gdb_.get());
  }
  if (io_.gdb_rv_port >= 0) {
    DebugTarget* core = cfg_->design ? cfg_->design->debug_core() : nullptr;
    if (!core)
      throw ConfigError("--gdb-rv: the PL design '" + cfg_->design_name +
                        "' has no RISC-V core (the csp design has one: --pl csp)");
    try {
      gdb_rv_ = std::make_unique<debug::GdbServer>(cfg_->design_name + ".riscv", uint16_t(io_.gdb_rv_port),
                                                   io_.gdb_wait);
    } catch (const std::runtime_error& e) {
      throw ConfigError(std::string("--gdb-rv: ") + e.what());
    }
    gdb_rv_->set_on_kill([] {
      if (sc_core::sc_is_running()) sc_core::sc_stop();  // (before the start: run() does not start)
    });
    core->set_debug_agent(gdb_rv_.get());
  }
  if (!io_.vcd_path.empty()) {
    vcd_ = std::make_unique<VcdWriter>(io_.vcd_path);
    if (!vcd_->ok()) throw ConfigError("cannot write VCD file " + io_.vcd_path);
    soc_->trace_irqs(vcd_.get());
  }
  {
    sc_core::sc_spawn_options o;
    sc_core::sc_spawn([this] { finish_thread(); }, "finish", &o);
  }
  if (io_.progress) {
    sc_core::sc_spawn_options o;
    sc_core::sc_spawn([this] { progress_thread(); }, "progress", &o);
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
      side.tx_hook = [this](char c) {
        if (io_.console_hook) io_.console_hook(c);
        if (!io_.progress || io_.progress_pattern.empty()) return;
        if (c != '\n') {
          if (line_.size() < 4096) line_ += c;
          return;
        }
        if (line_.find(io_.progress_pattern) != std::string::npos) ++items_done_;
        line_.clear();
      };
    }
    console_.connect(*u[i], "UART" + std::to_string(i), side);
  }
}

Session::~Session() { Timeline::close(sc_core::sc_time_stamp()); }

// Wakes every simulated millisecond and prints a line at most every 2 wall seconds: it only
// reads state, so it cannot change results.
void Session::progress_thread() {
  double last = wall_now();
  const double start = last;
  for (;;) {
    sc_core::wait(1, sc_core::SC_MS);
    double now = wall_now();
    if (now - last < 2.0) continue;
    last = now;
    std::fprintf(stderr, "[zvp] progress: simulated %.3f s, wall %.1f s", sc_core::sc_time_stamp().to_seconds(),
                 now - start);
    PlDesign* pl = cfg_->design.get();
    const uint64_t done = pl && pl->items_done() ? pl->items_done() : items_done_;
    if (sc_.images)
      std::fprintf(stderr, ", %llu/%u inputs", static_cast<unsigned long long>(done), sc_.images);
    else if (done)
      std::fprintf(stderr, ", %llu inputs", static_cast<unsigned long long>(done));
    std::fprintf(stderr, "\n");
  }
}

// When the firmware exits, the UARTs still hold characters it wrote: let them drain so no
// console output is lost, then stop.
void Session::finish_thread() {
  sc_core::wait(soc_->cpu.exit_event());
  exit_time_s_ = sc_core::sc_time_stamp().to_seconds();
  console_.drain();
  sc_core::sc_stop();
}

RunResult Session::run() {
  RunResult r;
  const double t0 = wall_now();
  soc_->cpu.set_run_limit(sc_core::sc_time_stamp() + sc_.max_sim_time);  // exact end (sync_to_next_event)
  // --gdb-wait with the PL's RISC-V: its debugger attaches before anything runs (the A9 would
  // otherwise run its first quantum before the RISC-V's thread is first scheduled). The A9's
  // own hold is at the start of its thread, after its reset state is set up.
  bool go = true;
  if (io_.gdb_wait && gdb_rv_ && cfg_->design && cfg_->design->debug_core())
    go = gdb_rv_->hold_at_reset(*cfg_->design->debug_core());
  if (go) sc_core::sc_start(sc_.max_sim_time);
  r.wall_s = wall_now() - t0;
  std::fflush(stdout);
  r.exited = soc_->cpu.exited();
  r.exit_status = soc_->cpu.exit_status();
  r.killed = (gdb_ && gdb_->killed()) || (gdb_rv_ && gdb_rv_->killed());
  r.time_limit = !r.exited && !r.killed;
  {
    const std::string why = r.exited ? "the ARM firmware exited with status " + std::to_string(r.exit_status)
                            : r.killed ? std::string("killed from a debugger")
                                       : std::string("simulated-time limit reached");
    const int status = r.exited ? r.exit_status : 0;
    const int signal = r.exited ? 0 : 14;  // SIGALRM: gdb shows "terminated with signal SIGALRM"
    if (gdb_) gdb_->end_of_run(soc_->cpu, status, signal, why);
    if (gdb_rv_ && cfg_->design && cfg_->design->debug_core())
      gdb_rv_->end_of_run(*cfg_->design->debug_core(), status, signal, why);
  }
  r.locked_up = soc_->cpu.locked_up();
  r.sim_s = exit_time_s_ >= 0 ? exit_time_s_ : sc_core::sc_time_stamp().to_seconds();
  r.arm_instructions = soc_->cpu.instructions();
  if (const arm::A9MemorySystem* m = soc_->cpu.memory_system()) {
    const auto& n = m->counters();
    auto rate = [](uint64_t hits, uint64_t misses) {
      return hits + misses ? double(hits) / double(hits + misses) : 0.0;
    };
    r.caches = {{"l1i_hit_rate", rate(n.l1i_hits, n.l1i_misses)},
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
  if (cfg_->design) r.design_instructions = cfg_->design->instructions();
  vcd_.reset();
  Timeline::close(sc_core::sc_time_stamp());
  if (!io_.profile_path.empty())
    write_profile_file(io_.profile_path, soc_->cpu, functions_, "Cortex-A9 running " + sc_.arm_elf);
  if (rv_core_)
    write_profile_file(io_.profile_rv_path, *rv_core_, rv_functions_,
                       "RISC-V core of the PL design '" + cfg_->design_name + "' running " +
                           (rv_elf_.empty() ? std::string("a program without a RISC-V ELF among the data files")
                                            : rv_elf_));
  return r;
}

// The RISC-V program the firmware hands to the PL design's core arrives as a data file (e.g.
// the CSP middleware at CONVNET_MW_ELF): the first data file that is a RISC-V ELF names it.
void Session::find_rv_program() {
  for (const auto& d : sc_.data) {
    try {
      ElfImage img = load_elf_file(d.file, kElfMachineRiscv);
      rv_functions_ = std::move(img.functions);
      rv_elf_ = d.file;
      return;
    } catch (const ElfError&) {
      // not a RISC-V ELF: an input file
    }
  }
}

void Session::write_profile_file(const std::string& path, const ProfiledCore& core,
                                 const std::vector<ElfFunction>& functions, const std::string& what) const {
  std::ofstream out(path);
  write_profile(out, profile_by_function(core.profile_samples(), functions), core.profile_period(), what,
                core.profile_scope());
  out.flush();
  if (!out) log::error("zvp", "cannot write the profile " + path);
}

}  // namespace zvp
