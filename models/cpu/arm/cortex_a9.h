// ARM Cortex-A9 core: Unicorn 2 (UC_CPU_ARM_CORTEX_A9) inside an SC_THREAD, loosely timed with
// a quantum keeper (docs/architecture.md, "Processor time").
//
// Memory: everything is reached through the initiator socket `bus`. Regions the platform names
// with add_dmi_region() (DDR, OCM) are mapped with uc_mem_map_ptr onto the storage returned by
// get_direct_mem_ptr; the rest of the 4 GB space is mapped as Unicorn MMIO whose callbacks issue
// b_transport on `bus`. TLM error responses become Data Aborts (instruction fetch from outside
// DMI memory becomes a Prefetch Abort, as a fetch from a peripheral does on the chip). Virtual
// addresses are translated by the model's own short-descriptor walk, which fills Unicorn's TLB
// (cortex_a9_mmu.cpp); its faults become aborts with the architectural status.
//
// Time: cycles of `clock` counted per translated block from a block hook, plus the delays
// annotated by MMIO transactions. A block's cycles come from its instruction classes and the
// micro-architecture parameters (a9_timing.h), computed once when the block is first seen,
// plus branch mispredictions; or, when `cpi` is set, instructions x CPI (flat model). The core executes slices of at most one
// quantum's worth of instructions, then synchronises and checks its IRQ/FIQ inputs.
//
// Interrupts and exceptions: Unicorn has no interrupt input, so between slices the model
// performs the AArch32 exception entry itself (banked LR, SPSR, mode, masks, Thumb per
// SCTLR.TE, vector from VBAR or 0xFFFF0000 when SCTLR.V=1). SVC, undefined instructions and
// BKPT reported by Unicorn are routed to the firmware's vectors the same way. WFI sleeps until
// an interrupt input is high (even if masked by CPSR.I/F). SVC 0x123456 (ARM) / SVC 0xAB
// (Thumb) are ARM semihosting calls when semihosting is enabled.
#pragma once
#include "core/params.h"
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <map>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/clock.h"
#include "core/code_profile.h"
#include "core/core_quantum_keeper.h"
#include "core/debug_target.h"
#include "core/elf_loader.h"
#include "core/irq.h"
#include "core/route.h"
#include "core/router.h"
#include "core/steady_read.h"
#include "cpu/arm/a9_block_timing.h"
#include "cpu/arm/arm_alignment.h"
#include "cpu/arm/a9_memory_system.h"
#include "cpu/arm/a9_timing.h"
#include "cpu/arm/cortex_a9_debug.h"
#include "cpu/arm/semihosting.h"
#include "cpu/arm/unicorn_a9.h"

namespace zvp {

class Timeline;

struct CortexA9Params {
  Clock clock{"cpu", 667e6};      // core clock
  // > 0: flat model, this many cycles per instruction (excluding MMIO delays);
  // 0: cycles from the micro-architecture model (`timing`).
  double cpi = 0.0;
  arm::A9Timing timing;           // issue width, latencies, VFP costs, mispredict penalty
  arm::A9CacheParams caches;      // L1/TLB/L2 timing model (off: every access an L1 hit)
  // Temporal decoupling quantum; zero means the TLM global quantum (1 us if that is unset).
  sc_core::sc_time quantum = sc_core::SC_ZERO_TIME;
  bool semihosting = true;        // SVC 0x123456 / 0xAB are host calls
  bool stop_on_exit = true;       // sc_stop() when the program exits through semihosting
  bool echo_semihosting = true;   // copy semihosting console output to stdout
  std::string cmdline;            // SYS_GET_CMDLINE
  uint32_t stack_size = 0x100000; // SYS_HEAPINFO: stack at the top of the first DMI region
  // Sync to the next event: at a quantum boundary the core waits for the kernel only if another
  // process has something pending by then; otherwise it runs on without leaving Unicorn (same
  // simulated times and order of events as waiting every quantum; see CoreQuantumKeeper).
  // With sc_start(duration), tell the core the end (set_run_limit) so that it stops exactly
  // there (the session does); otherwise a core with nothing else pending may run up to 1000
  // quanta past it.
  bool sync_to_next_event = false;
  // Polling loops (README.md): repeated reads of a steady register by a loop that only reads
  // it and tests the value are accounted without being made, with the same counts and times.
  bool forward_polls = false;
  // Idle loops (README.md): a block that only branches to itself (`b .`) is accounted to the
  // end of each slice at once instead of being executed, with the same counts and times.
  bool skip_idle_loops = false;
  // Cycles an exception entry costs (pipeline refill, like a mispredicted branch).
  unsigned exception_entry_cycles = 8;
  // Alignment faults for every instruction class (README.md): each instruction is looked at
  // before it runs, which costs host time. Off: Unicorn raises them for the exclusives only.
  bool alignment_checks = false;

  // Parameters (the clock comes from clocks.cpu; the pipeline facts are declared by A9Timing).
  void declare(ParamScope& p) {
    p.add("cpi", cpi, "cycles", "flat cycles per instruction; 0 = the Cortex-A9 pipeline model", 0, 1000);
    p.time("quantum", quantum, "temporal-decoupling quantum of the CPU thread",
           sc_core::sc_time(1, sc_core::SC_NS), sc_core::sc_time(1, sc_core::SC_SEC));
    p.add("sync_to_next_event", sync_to_next_event,
          "skip quantum synchronisations no other process could observe (same results, faster)");
    p.add("forward_polls", forward_polls,
          "account a polling loop's repeated reads of a steady register without making them (same results, faster)");
    p.add("skip_idle_loops", skip_idle_loops,
          "account a branch-to-self loop's iterations up to the next possible interrupt without running them (same results, faster)");
    p.add("exception_entry_cycles", exception_entry_cycles, "cycles", "cost of an exception entry (pipeline refill)", 0, 1000);
    p.add("alignment_checks", alignment_checks,
          "alignment faults for every load/store class (LDM/STM, LDRD/STRD, VFP, NEON :align; all with SCTLR.A set); slower");
    auto t = p.sub("timing");
    timing.declare(t);
    auto c = p.sub("caches");
    caches.declare(c);
  }
};

// The name of core n of a cluster: its module's name and its parameters' scope ("cpu0",
// "cpu1", ...), so that core n's parameters are cpu<n>.timing.*, cpu<n>.caches.*, ...
inline std::string cpu_core_name(unsigned core) { return "cpu" + std::to_string(core); }

// One core of the MPCore, built from parts with one job each: the Unicorn binding (unicorn_a9.h:
// engine, memory map, registers), the timing per block and branch prediction
// (a9_block_timing.h), the quantum keeper (core/core_quantum_keeper.h), the debug view
// (cortex_a9_debug.h), semihosting and the optional memory-system model; this class runs them
// in the core's thread (slices, interrupts, exceptions, sleep, bus accesses). Everything is per
// instance: a platform may construct one per core index (core_index()), on one bus.
//
// Debugging (cortex_a9_debug.h): with a DebugAgent attached the core stops at breakpoints
// (Unicorn code hooks on the address: ARM and Thumb alike, also inside interrupt handlers),
// watchpoints (Unicorn memory hooks, which take a watched page off the fast path while
// watched), single steps and aborts (reported as SIGSEGV with the address) and hands control
// to the agent; the whole platform halts meanwhile (see models/core/debug_target.h). Timing
// while debugging: a breakpoint hit or a single step may charge part of a translated block's
// cycles twice; runs without a debugger are unaffected.
class CortexA9 : public sc_core::sc_module,
                 public DebugTarget,
                 public ProfiledCore,
                 private arm::MmioHandler {
 public:
  tlm_utils::simple_initiator_socket<CortexA9> bus;

  // core: the core's index in its cluster (0 for the first CPU, 1 for the second).
  CortexA9(sc_core::sc_module_name name, const CortexA9Params& params = {}, unsigned core = 0);
  ~CortexA9() override;

  unsigned core_index() const { return core_; }

  // --- platform set-up (before simulation starts) ---
  // A range to map directly (DMI) at start of simulation; base and size 4 KB aligned.
  void add_dmi_region(uint64_t base, uint64_t size);
  // Binds `bus` to a Router and lets device accesses go straight to the target socket the bus
  // chain decodes them to, with the same address, delay and response (route.h), instead of
  // through each bus's b_transport. (Binding `bus` directly works too, without the routes.)
  void bind_bus(Router& r) {
    bus.bind(r.target);
    routes_.set_resolver(&r);
  }
  void connect_irq(IrqLine& line);
  void connect_fiq(IrqLine& line);
  // Reset PC (bit 0 set: Thumb). The core starts in SVC mode with IRQ, FIQ, aborts masked.
  void set_entry(uint32_t pc);
  // r0-r2 at reset (a kernel's boot protocol: r0 = 0, r1 = machine type, r2 = the DTB), applied
  // with set_entry's PC; the rest of the reset state is unchanged (SVC, IRQ/FIQ/aborts masked,
  // MMU and caches off).
  void set_boot_registers(uint32_t r0, uint32_t r1, uint32_t r2) {
    boot_regs_[0] = r0;
    boot_regs_[1] = r1;
    boot_regs_[2] = r2;
    boot_regs_set_ = true;
  }
  // Override what SYS_HEAPINFO returns (default: heap unknown (0), stack at the top of the
  // first DMI region, stack_size long).
  void set_heap_info(const SemihostHeapInfo& h);
  // The L2 the memory-system model looks up on L1 misses (the PL310); without one, misses go to
  // memory. Only used with caches.enabled.
  void set_outer_cache(OuterCache* l2);
  // The cluster's SCU duplicate tags this core's L1D joins (snoop costs between the cores'
  // caches). Only used with caches.enabled.
  void set_scu_tags(arm::A9ScuTags* scu);
  // Cache/TLB maintenance and SCTLR/TTBR0 writes in the image's code (MCR p15 c1/c2/c7/c8,
  // found by scanning its executable segments) get a code hook each, so that the memory-system
  // model sees them with their operands. Only with caches.enabled; call before the run.
  void watch_maintenance(const ElfImage& image);
  // The memory-system model (null unless caches.enabled).
  const arm::A9MemorySystem* memory_system() const { return mem_.get(); }
  // The simulation ends at this absolute time (sc_start(duration)): sync_to_next_event never
  // skips a synchronisation at or past it, so a time-limited run stops where it would anyway.
  // (Not a pending event: an extra timed event would reorder same-time processes.)
  void set_run_limit(const sc_core::sc_time& t) { qk_.set_limit(t); }
  // A system reset requested by software (the SLCR's PS soft reset), called while the core
  // runs: the core leaves the current block; at its loop boundary `handler` runs (the platform
  // resets its devices and places its images again) and, when it returns true, the core
  // restarts from its reset state (registers, CP15, VFP as before the first instruction; PC at
  // the entry); false ends the core's thread.
  void request_system_reset(std::function<bool()> handler);

  // --- between the cores of a cluster (cortex_a9_smp.cpp) ---
  // SEV: the core calls `sink` with its local time offset when it executes SEV (the platform
  // signals every core's event register). Only with a sink are SEVs looked for.
  void set_event_sink(std::function<void(const sc_core::sc_time&)> sink);
  // An event for this core (a SEV by any core, or the platform): sets the event register and
  // wakes a WFE `delay` after the current SystemC time.
  void signal_event(const sc_core::sc_time& delay);
  bool event_register() const { return event_reg_; }
  // The value MPIDR reads on this core (Unicorn gives every engine the same one, with the
  // uniprocessor bit): MRC p15,0,Rt,c0,c0,5 found in a block get a code hook that reads this.
  void set_mpidr(uint32_t v);
  // I-cache invalidation (ICIALLUIS, ICIALLU, ICIMVAU: broadcast in an MPCore). ICIMVAU names
  // one physical page (the issuing core's translation of its address); the others, all code.
  struct CodeInvalidation {
    unsigned core = 0;  // the core that executed it
    bool all = true;
    uint32_t page = 0;  // physical, Unicorn's page size (when !all)
  };
  // The core calls `sink` when it executes one; the platform passes it to every core, this one
  // included (invalidate_code). Each core is its own Unicorn engine, which sees only its own
  // stores to code it translated: another core's, a DMA's or a loader's are not noticed.
  void set_code_sink(std::function<void(const CodeInvalidation&)> sink);
  // Code may have changed: before it runs again, the core drops its translations of the named
  // page, or (all) of every page whose bytes differ from when it translated from it, and the
  // block costs of the code there (cortex_a9_smp.cpp).
  // others_slices: how many slices the other cores have started so far (their stores are the
  // only ones that can change code behind this engine; none since the last comparison: nothing
  // to compare).
  void invalidate_code(const CodeInvalidation& inv, uint64_t others_slices);
  uint64_t slices_started() const { return slices_started_; }
  uint64_t icache_broadcasts() const { return icache_broadcasts_; }
  uint64_t code_pages_dropped() const { return code_pages_dropped_; }
  // ACTLR.SMP (bit 6) as the core last wrote it (Unicorn keeps ACTLR constant, so its writes are
  // hooked on cores given an MPIDR): the SCU reports it in SCU_CONFIG.
  bool smp_mode() const { return (actlr_ >> 6) & 1; }
  // The core's reset and clock-stop inputs (SLCR A9_CPU_RST_CTRL): while held the core does not
  // run; released after a reset it restarts from its reset state at `reset_pc` (0, the low
  // vectors, as Linux's zynq_cpun_start expects). `delay`: the writer's local time offset.
  void set_held(bool held, bool reset, const sc_core::sc_time& delay, uint32_t reset_pc = 0);
  bool held() const { return held_; }
  bool waiting_for_event() const { return sleeping_ && wfe_; }
  uint64_t wfe_count() const { return wfe_count_; }
  uint64_t sev_count() const { return sev_count_; }

  // Writes an ELF image's segments through a debug transport (transport_dbg) and zeroes
  // .bss. Returns false with *err set if a segment falls outside memory.
  static bool load_image_dbg(tlm::tlm_fw_transport_if<>& target, const ElfImage& image,
                             std::string* err);

  // --- results ---
  bool exited() const { return exited_; }
  int exit_status() const { return exit_status_; }
  const sc_core::sc_event& exit_event() const { return exit_ev_; }
  bool sleeping() const { return sleeping_; }     // in WFI
  // Halted for ever: the core loops on itself (a branch to itself, or WFI followed by a branch
  // back to it) with IRQs masked and FIQs masked or no FIQ raised, so nothing can take it out
  // (what Linux's halt and power-off end in on a board without a power controller). The run
  // ends there as on an exit (exit_event(); stop_on_exit applies).
  bool halted_forever() const { return halted_forever_; }
  // Locked up: an abort on fetching the prefetch-abort vector itself (the chip would take that
  // abort for ever; the model stops the core and the run ends at its time limit).
  bool locked_up() const { return locked_up_; }
  uint64_t instructions() const { return insns_; }
  // Core cycles so far (instructions, mispredictions, exception entries, cache/TLB stalls; not
  // MMIO delays or memory transactions).
  double cycles() const { return cycles_at(units_); }
  uint64_t mispredictions() const { return mispredicts_; }
  bool flat_cpi() const { return p_.cpi > 0; }
  uint64_t wfi_count() const { return wfi_count_; }
  // Sampled profile (core/code_profile.h): every `period_cycles` cycles of execution (instructions
  // x CPI with a flat CPI) the address of the block executing gets one sample. 0 = off (the
  // default). Call before the simulation starts. Sampling adds a stop point to the block hook's
  // fast path and changes nothing the firmware sees (times, results).
  void set_profile_period(uint64_t period_cycles) override;
  uint64_t profile_period() const override { return profile_period_cycles_; }
  const std::unordered_map<uint32_t, uint64_t>& profile_samples() const override { return sampler_.samples; }
  std::string profile_scope() const override {
    return "waits on MMIO accesses and sleep (WFI) are not sampled";
  }
  uint64_t irqs_taken() const { return irqs_taken_; }
  uint64_t aborts_taken() const { return aborts_taken_; }
  // Alignment faults the core's own checks raised (alignment_checks).
  uint64_t alignment_faults() const { return alignment_faults_; }
  uint64_t mmio_accesses() const { return mmio_accesses_; }
  // Quantum boundaries passed without waiting for the kernel (sync_to_next_event).
  uint64_t syncs_skipped() const { return syncs_skipped_; }
  // Reads of steady registers accounted without being made (forward_polls; included in
  // mmio_accesses()).
  uint64_t polls_forwarded() const { return polls_forwarded_; }
  // Iterations of idle loops accounted without being run (skip_idle_loops; included in
  // instructions()).
  uint64_t idle_iterations_skipped() const { return idle_skipped_; }
  // Simulated time of the core including its not yet synchronised local time.
  sc_core::sc_time local_time() const { return qk_.get_current_time(); }
  double wall_seconds() const;    // host time spent in the core's thread
  double mips() const;            // instructions per wall microsecond
  const std::string& semihost_output() const { return semi_.output(); }

  // Register access for tests and debuggers (r0..r15; cpsr; the current mode's spsr).
  uint32_t reg(unsigned n) const;
  uint32_t cpsr() const;
  uint32_t spsr() const;
  uint32_t cp15(unsigned crn, unsigned crm, unsigned opc1, unsigned opc2) const;

  // --- debugging (the debug view answers; the core stops and hands over) ---
  void set_debug_agent(DebugAgent* agent) override { dbg_.set_agent(agent); }
  // DebugTarget: r0-r15, cpsr, VFPv3 d0-d31, fpscr (gdb's org.gnu.gdb.arm.core/.vfp features).
  std::string gdb_arch() const override { return "arm"; }
  std::string target_xml() const override { return dbg_.target_xml(); }
  unsigned num_regs() const override { return arm::A9DebugView::kRegs; }
  unsigned pc_regnum() const override { return 15; }
  unsigned reg_bytes(unsigned n) const override { return dbg_.reg_bytes(n); }
  bool read_reg(unsigned n, uint64_t& v) override { return dbg_.read_reg(n, v); }
  bool write_reg(unsigned n, uint64_t v) override { return dbg_.write_reg(n, v); }
  size_t read_mem(uint64_t addr, uint8_t* data, size_t n) override { return dbg_.read_mem(addr, data, n); }
  size_t write_mem(uint64_t addr, const uint8_t* data, size_t n) override {
    return dbg_.write_mem(addr, data, n);
  }
  bool add_breakpoint(uint64_t addr) override { return dbg_.add_breakpoint(addr); }
  bool remove_breakpoint(uint64_t addr) override { return dbg_.remove_breakpoint(addr); }
  bool add_watchpoint(uint64_t addr, uint64_t len, WatchKind kind) override {
    return dbg_.add_watchpoint(addr, len, kind);
  }
  bool remove_watchpoint(uint64_t addr, uint64_t len, WatchKind kind) override {
    return dbg_.remove_watchpoint(addr, len, kind);
  }
  void set_single_step(bool on) override { dbg_.set_single_step(on); }
  void reset_core() override;
  double sim_time_s() const override { return local_time().to_seconds(); }

 private:
  // Hands control to the agent; false if the debugger killed the run.
  bool debug_stop(const StopReason& why);

  struct DmiRegion {
    uint64_t base, size;
    uint8_t* ptr;
  };
  using BlockInfo = arm::BlockInfo;
  enum Mode : uint32_t { kFiq = 0x11, kIrq = 0x12, kSvc = 0x13, kAbt = 0x17, kUnd = 0x1B };
  // The hints Unicorn returns on: WFI (the core sleeps), WFE and YIELD (they do nothing here).
  enum class Hint { kWfi, kWfeOrYield, kWfe };

  void run();
  void map_memory();
  void take_exception(uint32_t mode, uint32_t vector_offset, uint32_t lr);
  bool check_interrupts();
  bool interrupt_deliverable() const;
  void data_abort(uint32_t pc, uint32_t addr, bool write, uint32_t fsr = 0x8);
  void mmu_data_abort(uint32_t pc);
  void prefetch_abort(uint32_t pc, uint32_t addr, uint32_t fsr);
  uint32_t find_faulting_pc();
  // The instruction that ends just before pc is `hint` (Thumb: a 16- or a 32-bit encoding).
  bool hint_before(uint32_t pc, bool thumb, Hint hint) const;
  void start_sleep();  // WFI
  // WFE at pc (Unicorn stopped after it): consumes a set event register or sleeps until an
  // event or a deliverable interrupt.
  void wait_for_event();
  bool wakes_from_sleep() const;
  void restart_from_reset();  // released from a reset hold
  // SEV, ID register reads the core answers (MPIDR, and those Unicorn gets wrong), I-cache
  // invalidations and ACTLR writes in a block seen for the first time
  // (its code: read_code): hooked (true: the block must be translated again with its hooks, so it
  // is stopped before). An unconditional SEV gets no hook: sev is set, and the block, kept apart
  // from the cache, sends the event each time it starts (send_event).
  bool hook_instructions(uint32_t addr, uint32_t size, const uint8_t* code, bool& sev);
  void send_event();  // SEV: the cluster's event, at this core's current time
  static void on_hooked_insn(uc_engine* uc, uint64_t addr, uint32_t size, void* self);
  void charge_instructions();
  // cycles() with `units` time units.
  double cycles_at(uint64_t units) const {
    return static_cast<double>(units) * unit_cycles_ + static_cast<double>(exception_cycles_) +
           static_cast<double>(stall_cycles_);
  }
  void sync();
  bool boundary_sync();
  uint64_t slice_units() const;
  sc_core::sc_time quantum() const;
  void halt(const std::string& why);
  void halt_for_ever(uint32_t pc);
  // The timeline's track of this core (WFI slices, exception entries), created on first use.
  int timeline_track(Timeline* tl);
  // Exception handlers as slices on their own timeline track: opened at the entry, closed when
  // the core leaves the exception's mode (checked per block while one is open: the slow path).
  void handler_returns();
  sc_core::sc_time block_time() const;  // the core's time at the current block, uncharged units included

  // Unicorn callbacks.
  static void on_block(uc_engine* uc, uint64_t addr, uint32_t size, void* self);
  static void on_interrupt(uc_engine* uc, uint32_t intno, void* self);
  static bool on_fetch_fault(uc_engine* uc, uc_mem_type type, uint64_t addr, int size, int64_t value,
                             void* self);
  // Accesses outside DMI memory (arm::MmioHandler): transactions on `bus`.
  uint64_t mmio_access(uint64_t addr, unsigned size, bool write, uint64_t value) override;
  void handle_svc();
  // A block's code, read once through the translation when the block is first seen (for its
  // cost and the SMP instructions in it): `bytes` is null when it is not all in memory.
  struct BlockCode {
    uint8_t small[arm::A9BlockTiming::kMaxBlockBytes + 4];
    std::vector<uint8_t> large;
    const uint8_t* bytes = nullptr;
  };
  void read_code(uint32_t addr, uint32_t size, BlockCode& code) const;
  BlockInfo& count_block(uint32_t addr, uint32_t size, const uint8_t* code, bool sev = false);
  arm::BlockCost code_cost(uint32_t addr, uint32_t size, bool* poll_loop = nullptr) const;
  void forward_poll(uint64_t addr, unsigned size, uint64_t value, const sc_core::sc_time& latency);
  void forward_poll_body(uint64_t addr, unsigned size, uint64_t value, const sc_core::sc_time& latency);
  // One iteration of a polling loop being forwarded (cortex_a9_poll.cpp): its units and
  // instructions, its last block's units (the read is in that block) and, if known, its blocks
  // in order (to account the steps of the hook's slow path inside an iteration).
  struct PollIteration {
    static constexpr unsigned kMaxBlocks = 16;
    uint64_t units = 0, count = 0;
    uint32_t last_units = 0;
    unsigned blocks = 0;  // 0: the blocks are not known
    BlockInfo* block[kMaxBlocks] = {};
    void add_block(BlockInfo& b) {
      block[blocks++] = &b;
      units += b.units;
      count += b.count;
      last_units = b.units;
    }
  };
  void forward_iterations(const PollIteration& it, const sc_core::sc_time& latency);
  uint64_t forward_in_slice(uint64_t fast, uint64_t cost, uint64_t count, const sc_core::sc_time& latency);
  bool forward_iteration(const PollIteration& it, const sc_core::sc_time& latency);
  bool forward_block(BlockInfo& b);
  bool forward_slice_start(uint32_t pc);
  PollIteration body_iteration(BlockInfo& last, uint32_t head, uint64_t du, uint64_t di);
  bool ends_poll_body(const arm::BlockCost& c, uint32_t addr, uint32_t size);
  uint64_t forward_stop() const;
  void skip_idle_loop(const BlockInfo& b);  // cortex_a9_idle.cpp
  void uncharge_tail(uint32_t pc);
  void on_block_slow(uint32_t addr, uint32_t size);  // on uc_
  static void on_block_slow(uc_engine* uc, uint64_t addr, uint32_t size, void* self);
  void stop_before_block(uc_engine* uc, uint32_t addr);
  void request_stop() {
    stop_request_ = true;
    slice_end_ = 0;
    stop_at_ = 0;
  }
  // The core's own reads of guest memory (code for block costs and hints, fault decoding,
  // semihosting): through the current translation, ignoring access rights (cortex_a9_mmu.cpp),
  // from memory (DMI) only, so never a device access.
  bool fetch16(uint32_t addr, uint16_t& v) const { return read_virtual(addr, &v, 2); }
  bool fetch32(uint32_t addr, uint32_t& v) const { return read_virtual(addr, &v, 4); }
  bool fetch_insn(uint32_t a, bool thumb, uint32_t& insn, unsigned& len) const;
  bool read_virtual(uint32_t va, void* dst, uint32_t len) const;
  bool read_virtual(uint32_t va, void* dst, uint32_t len, const arm::A9MmuRegs& regs) const;
  bool write_virtual(uint32_t va, const void* src, uint32_t len);
  // va through the current translation regime at the current privilege level.
  arm::A9Translation translate(uint32_t va) const;
  arm::A9Translation translate(uint32_t va, const arm::A9MmuRegs& regs) const;
  // [pa, pa + len) inside one mapped DMI region: its host pointer, else null.
  uint8_t* dmi_ptr(uint32_t pa, uint32_t len) const;
  // Unicorn's TLB is filled by translate() (UC_TLB_VIRTUAL): a refused fill stops the run on
  // the faulting instruction with UC_ERR_EXCEPTION, and the abort is taken with this status.
  static bool on_tlb_fill(uc_engine* uc, uint64_t vaddr, uc_mem_type type, uc_tlb_entry* e, void* self);
  void fill_fault_abort(uint32_t pc);
  // The address in [page, page + page size) the load/store at pc accessed first (decoded;
  // the page's start if the decoder cannot tell); any_page: the first address it accesses.
  // *write (if given): the instruction stores.
  uint32_t fault_address(uint32_t pc, uint32_t page, bool* write, bool any_page = false);
  // Halt detection (halted_forever()): pc is where the core stopped; after_wfi when it stopped
  // after a WFI.
  bool loops_for_ever(uint32_t pc, bool thumb, bool after_wfi) const;
  bool branch_target(uint32_t pc, bool thumb, uint32_t& target) const;
  void set_reg(int uc_reg, uint32_t v) { uc_.set(uc_reg, v); }
  uint32_t get_reg(int uc_reg) const { return uc_.get(uc_reg); }

  const unsigned core_;
  const CortexA9Params p_;
  arm::UnicornA9 uc_;
  arm::A9BlockTiming timing_;  // block costs, branch prediction, the block hook's state
  CoreQuantumKeeper qk_;
  arm::A9DebugView dbg_;
  std::vector<DmiRegion> dmi_;
  BlockInfo*& block_ = timing_.hook_state().block;
  Semihosting semi_;
  bool heap_info_set_ = false;

  // Execution state.
  uint32_t entry_ = 0;
  std::function<bool()> system_reset_;  // a pending system reset's handler
  uint64_t& insns_ = timing_.hook_state().insns;
  // Time in units of unit_cycles_ cycles: instructions (flat CPI) or cycles (model).
  uint64_t& units_ = timing_.hook_state().units;
  uint64_t charged_units_ = 0;
  const double unit_cycles_;
  uint64_t& mispredicts_ = timing_.hook_state().mispredicts;
  uint64_t exception_cycles_ = 0, charged_exception_cycles_ = 0;
  uint64_t stall_cycles_ = 0, charged_stall_cycles_ = 0;  // memory-system stalls (flat-CPI mode)

  // Memory-system model (caches.enabled): data accesses through a memory hook on the DMI
  // regions, fetched lines through a second block hook, maintenance through code hooks.
  std::unique_ptr<arm::A9MemorySystem> mem_;
  bool code_hooks_ = false;  // any UC_HOOK_CODE installed (PC must then be set on a stop)
  tlm::tlm_generic_payload fill_gp_;
  static void on_mem_access(uc_engine* uc, uc_mem_type type, uint64_t addr, int size, int64_t value,
                            void* self);
  static void on_fetch_block(uc_engine* uc, uint64_t addr, uint32_t size, void* self);
  static void on_maintenance(uc_engine* uc, uint64_t addr, uint32_t size, void* self);
  void apply(const arm::A9MemorySystem::Cost& c);
  void timed_read(uint32_t addr, uint32_t bytes);
  void refresh_memory_control();
  uint64_t mmio_accesses_ = 0;
  uint64_t syncs_skipped_ = 0;
  sc_core::sc_time charged_time_;
  uint64_t slice_end_ = 0;
  // Profiling: sample points on units_ (never reached when off); the period as asked, in cycles.
  CodeSampler sampler_;
  uint64_t profile_period_cycles_ = 0;
  void take_samples();
  // Where the fast path must stop when nothing is pending: the slice's end or the next sample.
  uint64_t fast_end() const { return sampler_.next < slice_end_ ? sampler_.next : slice_end_; }
  // The block hook's fast path runs while units_ < stop_at_: fast_end(), or 0 while a stop is
  // requested or an interrupt line is high (then every block takes the slow path's checks).
  uint64_t& stop_at_ = timing_.hook_state().stop_at;
  bool stop_request_ = false;     // end the slice at the next block boundary (also sets
                                  // slice_end_ to 0 so the block hook tests one value)
  bool stopped_by_block_ = false;
  struct Fault {
    bool valid = false;
    uint64_t addr = 0;
    bool write = false;
  } fault_;
  bool fetch_fault_ = false;
  struct FillFault {
    bool valid = false;
    uint32_t page = 0;
    arm::Access kind = arm::Access::kRead;
    uint32_t status = 0;
  } fill_fault_;
  uint32_t page_size_ = 0x1000;  // Unicorn's TLB page
  // The translation registers for the fills (fill_regs, cortex_a9_mmu.cpp): read once and kept
  // until a block that may write one of them runs, or the next slice.
  mutable arm::A9MmuRegs fill_regs_{};
  mutable bool fill_regs_valid_ = false;
  std::unordered_set<uint32_t> translation_writers_;  // blocks (start) that may write them
  const arm::A9MmuRegs& fill_regs() const;
  void note_translation_writes(uint32_t addr, uint32_t size, const uint8_t* code, bool thumb);
  bool halted_forever_ = false;
  uint32_t boot_regs_[3] = {0, 0, 0};  // r0-r2 at reset (set_boot_registers)
  bool boot_regs_set_ = false;
  uint64_t fetch_fault_addr_ = 0;
  bool irq_ = false, fiq_ = false;
  sc_core::sc_event irq_ev_;
  bool sleeping_ = false;
  bool wfe_ = false;        // sleeping in WFE (else WFI)
  bool event_reg_ = false;  // the event register
  std::function<void(const sc_core::sc_time&)> event_sink_;
  uint32_t mpidr_ = 0;
  bool mpidr_set_ = false;
  std::function<void(const CodeInvalidation&)> code_sink_;
  uint64_t icache_broadcasts_ = 0, code_pages_dropped_ = 0;
  // The physical pages this engine has translated code from (with the sink set): registered by
  // the fetch fill of Unicorn's TLB (data fills do not grant execution then, so every page a
  // block is translated from has had a fetch fill), with their bytes at that time.
  struct CodePage {
    std::vector<uint8_t> bytes;
    std::vector<uint32_t> vas;  // the virtual pages it was fetched through (block costs)
  };
  std::unordered_map<uint32_t, CodePage> code_pages_;
  bool check_code_ = false;              // an ICIALLU(IS) of another core to apply
  uint64_t slices_started_ = 0;
  uint64_t others_compared_ = ~0ull;     // others_slices at the last comparison (or pending one)
  std::vector<uint32_t> drop_pages_;     // pages to drop (ICIMVAU, or changed ones of this core's)
  // The registered pages whose bytes differ from their copy.
  void changed_code_pages(std::vector<uint32_t>& out) const;
  bool identity_fill_ = false;           // fills answer PA = VA (drop_code_pages)
  void register_code_page(uint32_t pa, uint32_t va);
  void drop_code_pages(const std::vector<uint32_t>& pages);
  // hooked address -> kSevHook, kIcacheHook, kActlrHook - Rt or id_read(register, Rt); or kSevBlock
  std::map<uint32_t, int> hooked_insns_;
  uint32_t actlr_ = 0;
  static constexpr int kSevHook = -1, kIcacheHook = -2, kActlrHook = -3;  // kActlrHook - Rt: ACTLR write
  static constexpr int kSevBlock = 1000;  // an unconditional SEV, signalled by its block (no hook)
  // An MRC of an ID register the core answers (arm::is_id_register_read): above any other kind.
  static constexpr int id_read(arm::IdRegister r, unsigned rt) { return 100 + 16 * int(r) + int(rt); }
  void apply_dropped_translations();
  // An invalidation waits to be applied before this core runs on (apply_dropped_translations).
  bool drops_pending() const { return check_code_ || !drop_pages_.empty(); }
  // An instruction of [addr, addr + size) has a code hook of its own (SEV, MPIDR read, ...) or is
  // a SEV its block signals: a loop there must run, not be accounted (idle loops, forwarded polls).
  bool hooked_code(uint32_t addr, uint32_t size) const {
    const auto it = hooked_insns_.lower_bound(addr);
    return it != hooked_insns_.end() && it->first - addr < size;
  }
  // Alignment checks (alignment_checks, cortex_a9_alignment.cpp): the rule of the instruction
  // last seen at each address (direct-mapped by PC), valid while its bytes (read through `host`)
  // and the generation of code mappings are the same.
  struct AlignSeen {
    uint32_t pc = 1;  // never an instruction's address
    uint32_t insn = 0, generation = 0;
    uint8_t len = 0;
    bool thumb = false;
    bool cp15_write = false;  // may write SCTLR (arm::writes_translation_reg)
    arm::AlignRule rule;
    uint16_t regs = 0;        // the registers its address is computed from (bit n: rn)
    const uint8_t* host = nullptr;  // the instruction's bytes, if in one page of memory
  };
  static constexpr uint32_t kAlignSeen = 1u << 14;
  std::vector<AlignSeen> align_seen_;
  uint32_t code_generation_ = 0;                   // bumped when a code page maps elsewhere
  std::unordered_map<uint32_t, uint32_t> code_pa_;  // virtual code page -> physical page
  uint64_t alignment_faults_ = 0;
  int8_t sctlr_a_ = -1;  // SCTLR.A as last read; -1: to be read (after a CP15 write, a slice start)
  static void on_alignment_check(uc_engine* uc, uint64_t addr, uint32_t size, void* self);
  void decode_alignment(uint32_t pc, bool thumb, AlignSeen& e);
  void check_alignment(uint32_t pc, AlignSeen& e);
  void note_code_mapping(uint32_t va_page, uint32_t pa_page);
  bool held_ = false, reset_on_release_ = false;
  uint32_t reset_pc_ = 0;
  uint64_t wfe_count_ = 0, sev_count_ = 0;
  bool exited_ = false;
  bool halted_ = false;
  bool locked_up_ = false;
  uint64_t units_at_exception_ = ~0ull;  // units_ at the last abort/undef entry (see on_interrupt)
  int exit_status_ = 0;
  sc_core::sc_event exit_ev_;
  tlm::tlm_generic_payload gp_;
  SteadyRead* steady_ = nullptr;  // gp_'s extension (gp_ owns it)
  // The last read of a steady register from a polling loop (forward_poll).
  struct PollRead {
    const BlockInfo* block = nullptr;
    uint32_t pc = 0;  // the block's address
    uint64_t addr = 0, value = 0, insns = 0;
    unsigned size = 0;
    sc_core::sc_time latency;
    // Polling loops of several blocks (forward_poll_body): the state at the read, and the
    // instructions and units from the read before (0: not an iteration of the loop).
    uint64_t units = 0, mispredicts = 0, mmio = 0, events = 0;
    double extra_cycles = 0;
    uint32_t history = 0;
    uint64_t d_insns = 0, d_units = 0;
  } poll_;
  // The polling loops of several blocks found (ends_poll_body), by their last block's address:
  // that block's size, the instructions of one iteration and the loop's head. (Linux waits in
  // two: for room in the TX FIFO per character, and for the FIFO to empty per line.)
  struct PollBody {
    uint32_t size = 0, insns = 0, head = 0;
  };
  std::unordered_map<uint32_t, PollBody> poll_bodies_;
  uint64_t polls_forwarded_ = 0;
  uint64_t idle_skipped_ = 0;
  RouteCache routes_;  // device accesses' routes (bind_bus)
  uint64_t wfi_count_ = 0, irqs_taken_ = 0, aborts_taken_ = 0;
  double wall_ = 0;
  // Timeline tracks of this core and of its exception handlers (for the timeline that made them).
  Timeline* tl_owner_ = nullptr;
  int tl_track_ = -1;
  int handler_track_ = -1;
  std::vector<uint32_t> handler_modes_;  // modes of the open handler slices, innermost last
};

}  // namespace zvp
