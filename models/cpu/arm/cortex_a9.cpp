// The Cortex-A9 core (cortex_a9.h): construction, set-up, the block hook, time and the core's
// thread. Exceptions and interrupts: cortex_a9_exceptions.cpp; the bus side (memory map, device
// accesses, polling loops): cortex_a9_bus.cpp; the memory-system model's hooks:
// cortex_a9_memory.cpp; the debug view: cortex_a9_debug.cpp.
#include "cortex_a9.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "core/config_error.h"
#include "core/log.h"
#include "core/timeline.h"
#include "cpu/arm/a9_bits.h"
#include "cpu/arm/arm_decode.h"

namespace zvp {

using namespace arm;  // a9_bits.h

namespace {


constexpr uint64_t kAddressSpace = 1ull << 32;
constexpr uint64_t kPage = 0x1000;
// uc_emu_start's "until" (ignored: exits come from the empty exit set, see the constructor).
constexpr uint64_t kNoExit = 0xFFFFFFFFull;

// The parameters, checked before any part is built from them.
const CortexA9Params& checked(const CortexA9Params& p, const std::string& who) {
  if (p.clock.hz() <= 0 || !(p.cpi >= 0))
    throw std::invalid_argument(who + ": clock must be positive and CPI positive (or 0: modelled)");
  if (p.timing.issue_width == 0 || p.timing.ls_words_per_cycle == 0)
    throw std::invalid_argument(who + ": issue width and load/store words per cycle must be positive");
  return p;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Construction and set-up

CortexA9::CortexA9(sc_core::sc_module_name name, const CortexA9Params& params, unsigned core)
    : sc_core::sc_module(name),
      bus("bus"),
      core_(core),
      p_(checked(params, this->name())),
      uc_(this->name()),
      timing_(p_.timing, p_.cpi, p_.forward_polls, this->name(), p_.skip_idle_loops),
      dbg_(uc_, bus),
      unit_cycles_(p_.cpi > 0 ? p_.cpi : 1.0) {
  steady_ = new SteadyRead;
  gp_.set_extension(steady_);
  uc_.add_hook(UC_HOOK_BLOCK, reinterpret_cast<void*>(&CortexA9::on_block), this);
  uc_.add_hook(UC_HOOK_INTR, reinterpret_cast<void*>(&CortexA9::on_interrupt), this);
  uc_.add_hook(UC_HOOK_MEM_FETCH_UNMAPPED | UC_HOOK_MEM_FETCH_PROT,
               reinterpret_cast<void*>(&CortexA9::on_fetch_fault), this);
  // The model translates (cortex_a9_mmu.cpp): Unicorn caches the result in its TLB.
  if (uc_ctl_tlb_mode(uc_.uc(), UC_TLB_VIRTUAL) != UC_ERR_OK ||
      !uc_.add_hook(UC_HOOK_TLB_FILL, reinterpret_cast<void*>(&CortexA9::on_tlb_fill), this))
    throw std::runtime_error(std::string(this->name()) + ": Unicorn has no virtual TLB mode");
  uc_ctl_get_page_size(uc_.uc(), &page_size_);
  if (p_.alignment_checks) {
    align_seen_.resize(kAlignSeen);
    if (!uc_.add_hook(UC_HOOK_CODE, reinterpret_cast<void*>(&CortexA9::on_alignment_check), this, 1, 0))
      throw std::runtime_error(std::string(this->name()) + ": cannot hook instructions for alignment checks");
    code_hooks_ = true;
  }
  dbg_.set_translation([this](uint32_t va, uint32_t& pa) {
    const arm::A9Translation t = translate(va);
    pa = t.pa;
    return t.mapped;
  });
  if (p_.caches.enabled) {
    const std::string bad = p_.caches.check();
    if (!bad.empty()) throw ConfigError(std::string(this->name()) + ".caches: " + bad);
    mem_ = std::make_unique<arm::A9MemorySystem>(p_.caches, [this](uint32_t pa, uint32_t& v) {
      for (const DmiRegion& r : dmi_)
        if (r.ptr && pa >= r.base && pa + 4 <= r.base + r.size) {
          std::memcpy(&v, r.ptr + (pa - r.base), 4);
          return true;
        }
      return false;
    });
    uc_.add_hook(UC_HOOK_BLOCK, reinterpret_cast<void*>(&CortexA9::on_fetch_block), this);
  }
  semi_.set_cmdline(p_.cmdline);
  semi_.set_echo(p_.echo_semihosting);
  SC_HAS_PROCESS(CortexA9);
  SC_THREAD(run);
}

CortexA9::~CortexA9() = default;

void CortexA9::add_dmi_region(uint64_t base, uint64_t size) {
  if (size == 0 || base % kPage || size % kPage || base + size > kAddressSpace) {
    log::error(name(), "DMI region must be non-empty, 4 KB aligned and inside 4 GB; "
                       "it is reached through bus transactions instead");
    return;
  }
  dmi_.push_back({base, size, nullptr});
}

void CortexA9::connect_irq(IrqLine& line) {
  irq_ = line.read();
  line.listen([this](bool level) {
    irq_ = level;
    request_stop();  // end the current slice promptly so the interrupt is seen
    if (sc_core::sc_is_running()) irq_ev_.notify(sc_core::SC_ZERO_TIME);
  });
}

void CortexA9::connect_fiq(IrqLine& line) {
  fiq_ = line.read();
  line.listen([this](bool level) {
    fiq_ = level;
    request_stop();
    if (sc_core::sc_is_running()) irq_ev_.notify(sc_core::SC_ZERO_TIME);
  });
}

void CortexA9::set_entry(uint32_t pc) { entry_ = pc; }

void CortexA9::request_system_reset(std::function<bool()> handler) {
  system_reset_ = std::move(handler);
  request_stop();
  uc_emu_stop(uc_.uc());
}

bool CortexA9::interrupt_deliverable() const {
  const uint32_t c = cpsr();
  return (fiq_ && !(c & kF)) || (irq_ && !(c & kI));
}

void CortexA9::set_heap_info(const SemihostHeapInfo& h) {
  semi_.set_heap_info(h);
  heap_info_set_ = true;
}

// ---------------------------------------------------------------------------------------------
// Registers

uint32_t CortexA9::reg(unsigned n) const { return uc_.reg(n); }
uint32_t CortexA9::cpsr() const { return uc_.cpsr(); }
uint32_t CortexA9::spsr() const { return uc_.spsr(); }
// CP15 registers banked by the security extensions are read in the bank of the current
// security state (Secure after reset, see run()).
uint32_t CortexA9::cp15(unsigned crn, unsigned crm, unsigned opc1, unsigned opc2) const {
  return uc_.cp15(crn, crm, opc1, opc2);
}

// The instruction ending at pc: in Thumb state either a 16-bit one at pc - 2 or a 32-bit one at
// pc - 4 (a 16-bit hint is tested first, as its second halfword is not a prefix).
bool CortexA9::hint_before(uint32_t pc, bool thumb, Hint hint) const {
  if (!thumb) {
    uint32_t w = 0;
    if (!fetch32(pc - 4, w)) return false;
    return hint == Hint::kWfi ? arm::arm_is_wfi(w) : hint == Hint::kWfe ? arm::arm_is_wfe(w) : arm::arm_is_wfe_or_yield(w);
  }
  auto is = [hint](uint16_t h1, uint16_t h2) {
    return hint == Hint::kWfi ? arm::thumb_is_wfi(h1, h2)
           : hint == Hint::kWfe ? arm::thumb_is_wfe(h1, h2)
                                : arm::thumb_is_wfe_or_yield(h1, h2);
  };
  uint16_t h1 = 0, h2 = 0;
  return (fetch16(pc - 2, h1) && is(h1, 0)) || (fetch16(pc - 4, h1) && fetch16(pc - 2, h2) && is(h1, h2));
}

void CortexA9::start_sleep() {
  sleeping_ = true;
  ++wfi_count_;
  if (Timeline* tl = Timeline::get()) tl->begin(timeline_track(tl), "WFI", local_time());
}

// Hands control to the agent, with the core's time charged up to the stop.
bool CortexA9::debug_stop(const StopReason& why) {
  charge_instructions();
  const bool go_on = dbg_.agent()->stopped(*this, why);
  dbg_.resume_at(get_reg(UC_ARM_REG_R15));
  if (!go_on) halted_ = true;  // killed by the debugger
  return go_on;
}

void CortexA9::reset_core() {
  dbg_.reset(entry_);
  sleeping_ = false;
}

void CortexA9::halt_for_ever(uint32_t pc) {
  char msg[96];
  std::snprintf(msg, sizeof msg, "halted: loops at 0x%08x with interrupts masked", pc);
  log::info(name(), msg);
  halted_forever_ = true;
  halted_ = true;
}

void CortexA9::halt(const std::string& why) {
  log::error(name(), why + "; the core stops");
  halted_ = true;
}

// ---------------------------------------------------------------------------------------------
// Unicorn callbacks

// The hot path: called at the start of every translated block executed (Unicorn 2.1 calls a
// single block hook directly from the translated code). The common case is a few loads, two
// adds and two stores: the previous block's branch is resolved only if it ends in a
// conditional or indirect branch (its entry says so), and one comparison of units_
// against stop_at_ covers the end of the slice, a stop request and a raised interrupt line.
void CortexA9::on_block(uc_engine* uc, uint64_t addr, uint32_t size, void* self_) {
  auto* self = static_cast<CortexA9*>(self_);
  arm::BlockHookState& h = self->timing_.hook_state();
  const uint32_t a = static_cast<uint32_t>(addr);
  // The previous block's branch is resolved now, whether or not this block runs in this slice.
  BlockInfo& prev = *h.block;
  if (__builtin_expect(prev.predicts, 0)) arm::A9BlockTiming::predict(h, prev, a);
  // Entry (a >> 1) mod the cache size, as a byte offset: one shift and one mask.
  BlockInfo& b = *reinterpret_cast<BlockInfo*>(reinterpret_cast<char*>(h.cache) +
                                              ((a << 4) & ((arm::A9BlockTiming::kCacheSize - 1) << 5)));
  static_assert(sizeof(BlockInfo) == 1u << 5, "the offset above scales (a >> 1) by 32");
  if (__builtin_expect(h.units < h.stop_at && b.addr == a && b.size == size, 1)) {
    h.units += b.units;
    h.insns += b.count;
    h.block = &b;
    return;
  }
  on_block_slow(uc, addr, size, self_);  // the same arguments: a jump
}

void CortexA9::on_block_slow(uc_engine*, uint64_t addr64, uint32_t size, void* self_) {
  static_cast<CortexA9*>(self_)->on_block_slow(static_cast<uint32_t>(addr64), size);
}

void CortexA9::on_block_slow(uint32_t addr, uint32_t size) {
  uc_engine* const uc = uc_.uc();
  if (units_ >= sampler_.next) take_samples();
  if (__builtin_expect(!handler_modes_.empty(), 0)) handler_returns();
  // The end of a slice with nothing to do but a synchronisation that no other process could
  // observe: what run() would do between the slices, without leaving Unicorn (same slice ends,
  // so the same instants for interrupts and the same times).
  if (units_ >= slice_end_ && p_.sync_to_next_event && !stop_request_ && !irq_ && !fiq_ &&
      !exited_ && !fault_.valid) {
    charge_instructions();
    const bool sync = qk_.need_sync();
    if (!sync || qk_.skip_sync()) {
      if (sync) ++syncs_skipped_;
      slice_end_ = units_ + slice_units();
      stop_at_ = handler_modes_.empty() ? fast_end() : 0;
    }
  }
  if (units_ >= slice_end_) {
    stop_before_block(uc, addr);
    return;
  }
  // An interrupt pending while masked: once the code unmasks it (CPSIE, MSR, exception
  // return) the next block must not run before it is taken, as on the core. Only checked
  // while a line is high (stop_at_ is 0 then), so ordinary execution pays nothing.
  if ((irq_ || fiq_) && interrupt_deliverable()) {
    stop_before_block(uc, addr);
    return;
  }
  BlockInfo* known = timing_.find(addr, size);
  if (!known) {
    BlockCode code;
    read_code(addr, size, code);
    bool sev = false;
    if (hook_instructions(addr, size, code.bytes, sev)) {  // translated again with its hooks
      stop_before_block(uc, addr);
      return;
    }
    known = &count_block(addr, size, code.bytes, sev);
  }
  BlockInfo& nb = *known;
  insns_ += nb.count;
  units_ += nb.units;
  block_ = &nb;
  if (nb.idle) skip_idle_loop(nb);
  if (nb.sev) send_event();
}

// The block that was executing when units_ passed the sample point gets the sample (several if
// its cost spans several periods): a block is sampled in proportion to the cycles it costs. A
// point passed by a slice's last block and found only at the next slice's start (no block known
// then) moves on without a sample.
void CortexA9::take_samples() {
  sampler_.take(units_, timing_.at_no_block() ? nullptr : &block_->addr);
  if (stop_at_ != 0) stop_at_ = fast_end();
}

void CortexA9::set_profile_period(uint64_t period_cycles) {
  profile_period_cycles_ = period_cycles;
  sampler_.start(units_, period_cycles ? std::max<uint64_t>(1, uint64_t(double(period_cycles) / unit_cycles_)) : 0);
}

// The stop takes effect before the block at addr executes. Unicorn puts PC back at the block's
// start only while no UC_HOOK_CODE exists (accel/tcg/cpu-exec.c: with code hooks it expects
// the hooks to keep PC); a debugger's breakpoints and watchpoints install code hooks, so PC is
// then set here, whenever a debugger is attached: a deleted hook stays in Unicorn's list until
// the end of the next uc_emu_start.
// Without this, a chained block's stale PC resumed the run past the block (a UART store lost).
void CortexA9::stop_before_block(uc_engine* uc, uint32_t addr) {
  stopped_by_block_ = true;
  if (dbg_.agent() || code_hooks_) set_reg(UC_ARM_REG_R15, addr | ((cpsr() & kT) ? 1u : 0u));
  uc_emu_stop(uc);
}

// A translated block is at most a page (TARGET_PAGE_SIZE) long: a fixed buffer, no allocation
// (the 4 bytes after the block read as zero).
void CortexA9::read_code(uint32_t addr, uint32_t size, BlockCode& code) const {
  constexpr uint32_t kMax = arm::A9BlockTiming::kMaxBlockBytes;
  uint8_t* buf = code.small;
  if (size > kMax) {
    code.large.assign(size + 4, 0);
    buf = code.large.data();
  }
  std::memset(buf + size, 0, 4);
  code.bytes = read_virtual(addr, buf, size, fill_regs()) ? buf : nullptr;
}

// Instructions and static cycles of `size` bytes of code at addr in the current instruction set.
arm::BlockCost CortexA9::code_cost(uint32_t addr, uint32_t size, bool* poll_loop) const {
  BlockCode code;
  read_code(addr, size, code);
  return timing_.cost(code.bytes, addr, size, cpsr() & kT, poll_loop);
}

CortexA9::BlockInfo& CortexA9::count_block(uint32_t addr, uint32_t size, const uint8_t* code, bool sev) {
  bool poll = false;
  const bool thumb = cpsr() & kT;
  const arm::BlockCost c = timing_.cost(code, addr, size, thumb, timing_.find_polls() ? &poll : nullptr);
  note_translation_writes(addr, size, code, thumb);
  BlockInfo& b = timing_.enter(addr, size, c, poll, sev);
  if (timing_.find_polls() && !poll) b.poll_body = ends_poll_body(c, addr, size);
  return b;
}

// A block is charged whole when it starts. A stop for the debugger inside it (a breakpoint, the
// end of a single step) leaves its tail from pc unexecuted, and resuming translates a new block
// at pc that charges the tail again: take it back now, so stepping or breaking does not change
// the instruction count or (beyond what an MMIO access has already made visible) the time.
void CortexA9::uncharge_tail(uint32_t pc) {
  // (A stop before a block, at a slice end, charged nothing: block_ is still the previous one.)
  if (stopped_by_block_ || pc < block_->addr || pc >= block_->addr + block_->size) return;
  const arm::BlockCost tail = code_cost(pc, block_->addr + block_->size - pc);
  insns_ -= std::min<uint64_t>(insns_, tail.count);
  units_ = std::max(units_ >= tail.cycles ? units_ - tail.cycles : 0, charged_units_);
  block_ = timing_.no_block();
}

// ---------------------------------------------------------------------------------------------
// Time

void CortexA9::charge_instructions() {
  if (units_ == charged_units_ && exception_cycles_ == charged_exception_cycles_ &&
      stall_cycles_ == charged_stall_cycles_)
    return;
  const sc_core::sc_time t = p_.clock.cycles(cycles());
  qk_.inc(t - charged_time_);
  charged_time_ = t;
  charged_units_ = units_;
  charged_exception_cycles_ = exception_cycles_;
  charged_stall_cycles_ = stall_cycles_;
}

sc_core::sc_time CortexA9::quantum() const {
  if (p_.quantum != sc_core::SC_ZERO_TIME) return p_.quantum;
  const sc_core::sc_time g = tlm::tlm_global_quantum::instance().get();
  return g != sc_core::SC_ZERO_TIME ? g : sc_core::sc_time(1, sc_core::SC_US);
}

// Time units (instructions or cycles) up to the end of the current quantum (at least one
// block).
uint64_t CortexA9::slice_units() const {
  const uint64_t qv = qk_.quantum().value();
  const sc_core::sc_time left = sc_core::sc_time::from_value(qv - qk_.now().value() % qv);
  const sc_core::sc_time local = qk_.get_local_time();
  if (local >= left) return 1;
  const double unit_s = unit_cycles_ / p_.clock.hz();
  return std::max<uint64_t>(1, static_cast<uint64_t>((left - local).to_seconds() / unit_s));
}

void CortexA9::sync() {
  charge_instructions();
  qk_.sync();
}

// A quantum boundary: synchronise, or skip a synchronisation nobody could observe.
bool CortexA9::boundary_sync() {
  if (p_.sync_to_next_event && qk_.skip_sync()) {
    ++syncs_skipped_;
    return false;
  }
  qk_.sync();
  return true;
}

double CortexA9::wall_seconds() const { return wall_; }
double CortexA9::mips() const { return wall_ > 0 ? static_cast<double>(insns_) / wall_ / 1e6 : 0; }

// ---------------------------------------------------------------------------------------------
// The core's thread

void CortexA9::run() {
  qk_.set_quantum(quantum());
  qk_.set_max_ahead(quantum() * 1000);
  qk_.reset();
  map_memory();
  uc_.enter_secure_state();
  uc_.identify_as_zynq_a9();
  if (boot_regs_set_)
    for (unsigned i = 0; i < 3; ++i) set_reg(UC_ARM_REG_R0 + int(i), boot_regs_[i]);
  set_reg(UC_ARM_REG_R15, entry_);  // bit 0 selects Thumb
  // The reset state (registers, CP15, VFP) for a debugger's "monitor reset".
  dbg_.save_reset_state();
  using clock = std::chrono::steady_clock;
  // A debugger: held at reset until one attaches (--gdb-wait), or told where the core starts.
  if (dbg_.agent()) debug_stop(StopReason{StopReason::Attached});
  bool step_after_wake = false;  // a single step ended in WFI: it completes on waking

  while (!exited_ && !halted_) {
    if (dbg_.agent() && dbg_.agent()->poll() && !debug_stop(StopReason{StopReason::Interrupted})) break;
    if (held_) {  // SLCR A9_CPU_RST_CTRL: in reset or clock stopped
      sync();
      while (held_) sc_core::wait(irq_ev_);
      qk_.reset();
      if (reset_on_release_) restart_from_reset();
    }
    const bool was_sleeping = sleeping_;
    if (check_interrupts()) {
      sleeping_ = wfe_ = false;
      dbg_.forget_resume();  // an exception entry: the breakpoint being resumed from was not reached
    }
    if (sleeping_ && wakes_from_sleep()) {  // WFI: any raised line, even masked; WFE: an event
      if (wfe_) event_reg_ = false;
      sleeping_ = wfe_ = false;
    }
    if (was_sleeping && !sleeping_)
      if (Timeline* tl = Timeline::get()) tl->end(timeline_track(tl), local_time());
    if (step_after_wake && !sleeping_) {
      step_after_wake = false;
      if (!debug_stop(StopReason{StopReason::Step})) break;
    }
    if (sleeping_) {
      sync();  // may yield: an interrupt can rise meanwhile, so look again before sleeping
      if (!wakes_from_sleep() && !held_) sc_core::wait(irq_ev_);
      qk_.reset();
      continue;
    }

    slice_end_ = units_ + slice_units();
    stop_at_ = (irq_ || fiq_ || !handler_modes_.empty()) ? 0 : fast_end();
    stop_request_ = false;
    stopped_by_block_ = false;
    fault_ = {};
    fetch_fault_ = false;
    fill_fault_ = {};
    fill_regs_valid_ = false;  // the registers may have been written between the slices
    sctlr_a_ = -1;
    block_ = timing_.no_block();
    if (mem_) refresh_memory_control();
    apply_dropped_translations();  // an I-cache invalidation
    ++slices_started_;
    const uint32_t begin = get_reg(UC_ARM_REG_R15) | ((cpsr() & kT) ? 1u : 0u);
    const auto t0 = clock::now();
    const uc_err e = uc_emu_start(uc_.uc(), begin, kNoExit, 0, (dbg_.agent() && dbg_.single_step()) ? 1 : 0);
    wall_ += std::chrono::duration<double>(clock::now() - t0).count();
    if (dbg_.agent() && (dbg_.stop_pending() || dbg_.single_step()))
      uncharge_tail(get_reg(UC_ARM_REG_R15));
    charge_instructions();

    const uint32_t pc = get_reg(UC_ARM_REG_R15);
    const bool thumb = cpsr() & kT;
    switch (e) {
      case UC_ERR_OK:
        if (fault_.valid) {
          data_abort(find_faulting_pc(), static_cast<uint32_t>(fault_.addr), fault_.write);
        } else if (!exited_ && !stopped_by_block_ && !dbg_.breakpoint_pending()) {
          // Unicorn returns by itself after WFI, with PC on the next instruction (a breakpoint
          // returns too, with PC on it: not a WFI; a watchpoint hit in a block that ends in
          // WFI still sleeps).
          if (hint_before(pc, thumb, Hint::kWfi)) {
            if (loops_for_ever(pc, thumb, true)) halt_for_ever(pc);
            else start_sleep();
          }
        } else if (stopped_by_block_ && !exited_ && !timing_.at_no_block() && block_->addr == pc &&
                   block_->count == 1 && loops_for_ever(pc, thumb, false)) {
          // A slice ended before a one-instruction block that ran last: a branch to itself?
          halt_for_ever(pc);
        }
        break;
      case UC_ERR_INSN_INVALID: {
        // Undefined instructions (PC on the instruction, which ends the current block), and
        // WFE/YIELD, on which Unicorn stops too, with PC after the hint that ended the block.
        const bool after_block_end = block_->addr + block_->size == pc;
        if (!(after_block_end && hint_before(pc, thumb, Hint::kWfeOrYield))) {
          take_exception(kUnd, 0x04, pc + (thumb ? 2 : 4));
        } else if (event_sink_ && hint_before(pc, thumb, Hint::kWfe)) {
          wait_for_event();  // in a cluster; a lone core goes on as before
          if (sleeping_ && Timeline::get()) Timeline::get()->begin(timeline_track(Timeline::get()), "WFE", local_time());
        }
        break;
      }
      case UC_ERR_FETCH_UNMAPPED:
      case UC_ERR_FETCH_PROT: {
        // Instruction fetch outside DDR/OCM: the interconnect answers with an error.
        const uint32_t a = fetch_fault_ ? static_cast<uint32_t>(fetch_fault_addr_) : pc;
        prefetch_abort(a, a, fs::kExternal);
        break;
      }
      case UC_ERR_EXCEPTION:  // a TLB fill refused by the translation
        if (fill_fault_.valid) fill_fault_abort(pc);
        else halt(std::string("Unicorn error: ") + uc_strerror(e) + " at pc " + std::to_string(pc));
        break;
      case UC_ERR_READ_UNMAPPED:
      case UC_ERR_WRITE_UNMAPPED:
      case UC_ERR_READ_PROT:
      case UC_ERR_WRITE_PROT:
        data_abort(pc, 0, e == UC_ERR_WRITE_UNMAPPED || e == UC_ERR_WRITE_PROT);
        break;
      default:
        halt(std::string("Unicorn error: ") + uc_strerror(e) + " at pc " + std::to_string(pc));
        break;
    }
    charge_instructions();
    if (dbg_.agent() && !exited_ && !halted_) {
      if (dbg_.stop_pending()) {
        if (!debug_stop(dbg_.take_stop())) break;
      } else if (dbg_.single_step()) {
        if (sleeping_) step_after_wake = true;
        else if (!debug_stop(StopReason{StopReason::Step})) break;
      }
    }
    if (system_reset_) {
      const std::function<bool()> handler = std::move(system_reset_);
      system_reset_ = nullptr;
      if (!handler()) break;
      reset_core();                    // the reset state saved at the start, PC at the entry
      // The images were placed again behind Unicorn's back: no stale translations of memory.
      for (const DmiRegion& r : dmi_) uc_ctl_remove_cache(uc_.uc(), r.base, r.base + r.size);
      code_pages_.clear();
      handler_modes_.clear();
      continue;
    }
    if (qk_.need_sync()) boundary_sync();
  }

  if (DebugAgent* agent = dbg_.agent()) {
    StopReason end{StopReason::Exited};
    end.status = exit_status_;
    if (!exited_ && !halted_forever_) end.signal = 11;  // a lock-up, an engine error: SIGSEGV
    agent->finished(*this, end);
  }
  sync();
  if (exited_ || halted_forever_) {
    exit_ev_.notify(sc_core::SC_ZERO_TIME);
    if (p_.stop_on_exit) sc_core::sc_stop();
  }
}

}  // namespace zvp
