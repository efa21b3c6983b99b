#include "cortex_a9.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "core/config_error.h"
#include "core/debug_access.h"
#include "core/log.h"
#include "core/timeline.h"
#include "core/tx_trace.h"
#include "cpu/arm/arm_decode.h"
#include "cpu/arm/poll_loop.h"

namespace zvp {

namespace {

// QEMU exception numbers as Unicorn reports them to UC_HOOK_INTR (target/arm/cpu.h).
constexpr uint32_t kExcpUdef = 1, kExcpSwi = 2, kExcpPrefetchAbort = 3, kExcpDataAbort = 4,
                   kExcpBkpt = 7, kExcpHvc = 11, kExcpSmc = 13;

// CPSR bits.
constexpr uint32_t kModeMask = 0x1F, kT = 1u << 5, kF = 1u << 6, kI = 1u << 7, kA = 1u << 8,
                   kE = 1u << 9, kJ = 1u << 24, kItBits = 0x0600FC00u;
// SCTLR bits.
constexpr uint32_t kSctlrV = 1u << 13, kSctlrEE = 1u << 25, kSctlrTE = 1u << 30;
// Short-descriptor fault status: synchronous external abort, debug event; DFSR.WnR.
constexpr uint32_t kFsExternal = 0x8, kFsDebug = 0x2, kFsAlignment = 0x1, kDfsrWnR = 1u << 11;

constexpr uint64_t kAddressSpace = 1ull << 32;
constexpr uint64_t kPage = 0x1000;
// uc_emu_start's "until" (ignored: exits come from the empty exit set, see the constructor).
constexpr uint64_t kNoExit = 0xFFFFFFFFull;

// Semihosting's view of memory: the core's, through its engine (MMU translation included).
class UcMemory : public SemihostMemory {
 public:
  explicit UcMemory(arm::UnicornA9& uc) : uc_(uc) {}
  bool read(uint32_t addr, void* dst, uint32_t len) override { return uc_.read(addr, dst, len); }
  bool write(uint32_t addr, const void* src, uint32_t len) override { return uc_.write(addr, src, len); }

 private:
  arm::UnicornA9& uc_;
};

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
      timing_(p_.timing, p_.cpi, p_.forward_polls, this->name()),
      dbg_(uc_, bus),
      unit_cycles_(p_.cpi > 0 ? p_.cpi : 1.0) {
  steady_ = new SteadyRead;
  gp_.set_extension(steady_);
  uc_.add_hook(UC_HOOK_BLOCK, reinterpret_cast<void*>(&CortexA9::on_block), this);
  uc_.add_hook(UC_HOOK_INTR, reinterpret_cast<void*>(&CortexA9::on_interrupt), this);
  uc_.add_hook(UC_HOOK_MEM_FETCH_UNMAPPED | UC_HOOK_MEM_FETCH_PROT,
               reinterpret_cast<void*>(&CortexA9::on_fetch_fault), this);
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

bool CortexA9::interrupt_deliverable() const {
  const uint32_t c = cpsr();
  return (fiq_ && !(c & kF)) || (irq_ && !(c & kI));
}

void CortexA9::set_heap_info(const SemihostHeapInfo& h) {
  semi_.set_heap_info(h);
  heap_info_set_ = true;
}

bool CortexA9::load_image_dbg(tlm::tlm_fw_transport_if<>& target, const ElfImage& image,
                              std::string* err) {
  tlm::tlm_fw_transport_if<>* port = &target;
  auto xfer = [&](uint64_t addr, uint8_t* data, unsigned len) {
    return debug_transport(port, true, addr, data, len) == len;
  };
  constexpr unsigned kChunk = 1u << 16;
  std::vector<uint8_t> zeros(kChunk, 0);
  for (size_t i = 0; i < image.segments.size(); ++i) {
    const ElfSegment& s = image.segments[i];
    bool ok = true;
    for (uint64_t off = 0; ok && off < s.memsz; off += kChunk) {
      const unsigned len = static_cast<unsigned>(std::min<uint64_t>(kChunk, s.memsz - off));
      if (off + len <= s.data.size()) {
        ok = xfer(s.paddr + off, const_cast<uint8_t*>(s.data.data() + off), len);
      } else {
        // Mixed chunk: file bytes then zeros (.bss).
        std::vector<uint8_t> buf(len, 0);
        if (off < s.data.size()) std::memcpy(buf.data(), s.data.data() + off, s.data.size() - off);
        ok = xfer(s.paddr + off, buf.data(), len);
      }
    }
    if (!ok) {
      if (err) {
        char msg[160];
        std::snprintf(msg, sizeof msg, "segment %zu [0x%08llx, 0x%08llx) is not in memory", i,
                      static_cast<unsigned long long>(s.paddr),
                      static_cast<unsigned long long>(s.paddr + s.memsz));
        *err = image.path + ": " + msg;
      }
      return false;
    }
  }
  return true;
}

void CortexA9::map_memory() {
  std::vector<DmiRegion> mapped;
  for (auto& r : dmi_) {
    tlm::tlm_generic_payload gp;
    gp.set_command(tlm::TLM_READ_COMMAND);
    gp.set_address(r.base);
    tlm::tlm_dmi dmi;
    const bool ok = bus->get_direct_mem_ptr(gp, dmi) && dmi.is_read_write_allowed() &&
                    dmi.get_start_address() <= r.base &&
                    dmi.get_end_address() >= r.base + r.size - 1;
    if (!ok) {
      log::warn(name(), "no DMI for region at " + std::to_string(r.base) +
                            ": reached through bus transactions");
      continue;
    }
    r.ptr = dmi.get_dmi_ptr() + (r.base - dmi.get_start_address());
    if (!uc_.map_ram(r.base, r.size, r.ptr)) {
      log::warn(name(), "cannot map DMI region (overlap?): reached through bus transactions");
      r.ptr = nullptr;
      continue;
    }
    mapped.push_back(r);
    if (mem_)  // the memory-system model sees every access to memory (not to devices)
      uc_.add_hook(UC_HOOK_MEM_READ | UC_HOOK_MEM_WRITE, reinterpret_cast<void*>(&CortexA9::on_mem_access),
                   this, r.base, r.base + r.size - 1);
  }
  std::sort(mapped.begin(), mapped.end(),
            [](const DmiRegion& a, const DmiRegion& b) { return a.base < b.base; });
  // Everything else is MMIO, one window per gap.
  auto map_mmio = [&](uint64_t base, uint64_t size) {
    if (!uc_.map_mmio(base, size, this))
      log::error(name(), "cannot map the MMIO window at " + std::to_string(base));
  };
  uint64_t cur = 0;
  for (auto& r : mapped) {
    if (r.base > cur) map_mmio(cur, r.base - cur);
    cur = r.base + r.size;
  }
  if (cur < kAddressSpace) map_mmio(cur, kAddressSpace - cur);

  if (!heap_info_set_ && !mapped.empty()) {
    const DmiRegion& d = dmi_.front().ptr ? dmi_.front() : mapped.front();
    const uint32_t top = static_cast<uint32_t>(d.base + d.size - 4);
    const uint32_t stack = std::min<uint32_t>(p_.stack_size, static_cast<uint32_t>(d.size / 2));
    SemihostHeapInfo h;
    h.heap_base = 0;  // unknown: the C library starts its heap after .bss
    h.heap_limit = top - stack;
    h.stack_base = top;
    h.stack_limit = top - stack;
    semi_.set_heap_info(h);
  }
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
  const bool wfi = hint == Hint::kWfi;
  if (!thumb) {
    uint32_t w = 0;
    return fetch32(pc - 4, w) && (wfi ? arm::arm_is_wfi(w) : arm::arm_is_wfe_or_yield(w));
  }
  auto is = [wfi](uint16_t h1, uint16_t h2) {
    return wfi ? arm::thumb_is_wfi(h1, h2) : arm::thumb_is_wfe_or_yield(h1, h2);
  };
  uint16_t h1 = 0, h2 = 0;
  return (fetch16(pc - 2, h1) && is(h1, 0)) || (fetch16(pc - 4, h1) && fetch16(pc - 2, h2) && is(h1, h2));
}

void CortexA9::start_sleep() {
  sleeping_ = true;
  ++wfi_count_;
  if (Timeline* tl = Timeline::get()) tl->begin(timeline_track(tl), "WFI", local_time());
}

// ---------------------------------------------------------------------------------------------
// Exceptions

// AArch32 exception entry (ARM ARM B1.8): SPSR_<mode> = CPSR, LR_<mode> = lr, mode switch with
// IRQs masked (FIQs too for FIQ; asynchronous aborts for abort/IRQ/FIQ), IT state cleared,
// instruction set and endianness from SCTLR.TE/EE, PC = vector base + offset.
void CortexA9::take_exception(uint32_t mode, uint32_t vector_offset, uint32_t lr) {
  const uint32_t old = cpsr();
  const uint32_t sctlr = cp15(1, 0, 0, 0);
  const uint32_t base = (sctlr & kSctlrV) ? 0xFFFF0000u : (cp15(12, 0, 0, 0) & ~0x1Fu);
  uint32_t cpsr_new = old & ~(kModeMask | kT | kJ | kItBits | kE);
  cpsr_new |= mode | kI;
  if (mode == kFiq) cpsr_new |= kF;
  if (mode == kFiq || mode == kIrq || mode == kAbt) cpsr_new |= kA;
  if (sctlr & kSctlrTE) cpsr_new |= kT;
  if (sctlr & kSctlrEE) cpsr_new |= kE;
  set_reg(UC_ARM_REG_CPSR, cpsr_new);  // switches the register bank
  set_reg(UC_ARM_REG_SPSR, old);
  set_reg(UC_ARM_REG_R14, lr);
  set_reg(UC_ARM_REG_R15, (base + vector_offset) | ((sctlr & kSctlrTE) ? 1u : 0u));
  // Entry flushes the pipeline: charge it so that a core stuck in an exception loop still
  // advances simulated time.
  exception_cycles_ += p_.exception_entry_cycles;
  if (Timeline* tl = Timeline::get()) {
    static const char* const kinds[] = {"reset", "undefined instruction", "SVC", "prefetch abort",
                                        "data abort", "?", "IRQ", "FIQ"};
    tl->instant(timeline_track(tl), kinds[(vector_offset >> 2) & 7], block_time());
    if (handler_track_ >= 0) {
      tl->begin(handler_track_, kinds[(vector_offset >> 2) & 7], block_time());
      handler_modes_.push_back(mode);
      stop_at_ = 0;  // every block of the handler takes the slow path, which sees the return
    }
  }
}

sc_core::sc_time CortexA9::block_time() const {
  return local_time() + (p_.clock.cycles(cycles()) - charged_time_);
}

// A handler ends when the core leaves its mode (the return, LIFO for nested ones); a handler
// that switches modes itself (nested-interrupt schemes) shows as ending at that switch.
void CortexA9::handler_returns() {
  Timeline* tl = Timeline::get();
  if (!tl || tl != tl_owner_) {  // the timeline closed its slices
    handler_modes_.clear();
    return;
  }
  const uint32_t mode = cpsr() & kModeMask;
  while (!handler_modes_.empty() && handler_modes_.back() != mode) {
    tl->end(handler_track_, block_time());
    handler_modes_.pop_back();
  }
  if (handler_modes_.empty()) stop_at_ = (irq_ || fiq_ || stop_request_) ? 0 : fast_end();
}

int CortexA9::timeline_track(Timeline* tl) {
  if (tl != tl_owner_) {
    tl_owner_ = tl;
    tl_track_ = tl->track("PS CPU", name());
    handler_track_ = tl->track("PS CPU", std::string(name()) + " handlers");
  }
  return tl_track_;
}

bool CortexA9::check_interrupts() {
  if (!irq_ && !fiq_) return false;
  const uint32_t c = cpsr();
  const uint32_t pc = get_reg(UC_ARM_REG_R15);
  // LR = address of the next instruction to execute + 4, in ARM and Thumb state alike.
  if (fiq_ && !(c & kF)) {
    take_exception(kFiq, 0x1C, pc + 4);
    ++irqs_taken_;
    return true;
  }
  if (irq_ && !(c & kI)) {
    take_exception(kIrq, 0x18, pc + 4);
    ++irqs_taken_;
    return true;
  }
  return false;
}

void CortexA9::data_abort(uint32_t pc, uint32_t addr, bool write, uint32_t fsr) {
  dbg_.fault(addr);  // the debugger sees it (SIGSEGV)
  uc_.write_cp15(5, 0, 0, 0, fsr | (write ? kDfsrWnR : 0));          // DFSR
  uc_.write_cp15(6, 0, 0, 0, addr);                                   // DFAR
  take_exception(kAbt, 0x10, pc + 8);
  ++aborts_taken_;
}

// Unicorn raises MMU and alignment aborts without telling the fault address or status, so
// they are recomputed: the address from the faulting instruction and its registers, the status
// from SCTLR and a walk of the short-descriptor translation table (TTBR0, TTBCR.N = 0), in the
// architecture's priority order (alignment, translation, domain, permission).
void CortexA9::mmu_data_abort(uint32_t pc) {
  const bool thumb = cpsr() & kT;
  uint32_t insn = 0;
  if (thumb) {
    uint16_t h1 = 0, h2 = 0;
    fetch16(pc, h1);
    if (arm::thumb32_prefix(h1)) fetch16(pc + 2, h2);
    insn = h1 | (uint32_t(h2) << 16);
  } else {
    fetch32(pc, insn);
  }
  uint32_t regs[16];
  for (unsigned i = 0; i < 15; ++i) regs[i] = reg(i);
  regs[15] = 0;
  const arm::MemAccess m = arm::decode_mem(pc, insn, thumb, regs);
  const uint32_t addr = m.range_known ? m.lo : 0;
  const bool write = m.is_mem && !m.is_load;
  const uint32_t sctlr = cp15(1, 0, 0, 0);
  uint32_t fsr = kFsExternal;
  const unsigned size = m.range_known ? m.hi - m.lo : 1;
  if ((sctlr & 2u) && size > 1 && (size == 2 || size == 4 || size == 8) && (addr & (size - 1))) {
    fsr = kFsAlignment;
  } else if (sctlr & 1u) {
    const uint32_t ttb = cp15(2, 0, 0, 0) & ~0x3FFFu;
    uint32_t l1 = 0;
    uc_.read(ttb + (addr >> 20) * 4, &l1, 4);
    const uint32_t domain = (l1 >> 5) & 0xF;
    const uint32_t dacr = cp15(3, 0, 0, 0);
    const uint32_t dom_access = (dacr >> (2 * domain)) & 3;
    bool page = false;
    if ((l1 & 3) == 1) {  // coarse page table
      uint32_t l2 = 0;
      uc_.read((l1 & ~0x3FFu) + ((addr >> 12) & 0xFF) * 4, &l2, 4);
      page = true;
      if ((l2 & 3) == 0) fsr = 0x7;  // page translation fault
    } else if ((l1 & 3) == 0 || (l1 & 3) == 3) {
      fsr = 0x5;  // section translation fault
    }
    if (fsr == kFsExternal) {
      if (dom_access == 0) fsr = page ? 0xB : 0x9;           // domain fault
      else if (dom_access == 1) fsr = page ? 0xF : 0xD;      // permission fault (client)
    }
    fsr |= domain << 4;
  }
  data_abort(pc, addr, write, fsr);
}

void CortexA9::prefetch_abort(uint32_t pc, uint32_t addr, uint32_t fsr) {
  dbg_.fault(addr);
  const uint32_t sctlr = cp15(1, 0, 0, 0);
  const uint32_t base = (sctlr & kSctlrV) ? 0xFFFF0000u : (cp15(12, 0, 0, 0) & ~0x1Fu);
  if ((addr & ~1u) == base + 0x0C) {
    // The prefetch-abort vector itself cannot be fetched: the chip would abort on it for ever
    // without executing an instruction. Stop the core (time runs on to the limit) and say so.
    exception_cycles_ += p_.exception_entry_cycles;
    ++aborts_taken_;
    locked_up_ = true;
    char msg[160];
    std::snprintf(msg, sizeof msg,
                  "lock-up: prefetch abort on fetching the prefetch-abort vector at 0x%08x "
                  "(VBAR 0x%08x, MMU %s)", base + 0x0C, base, (sctlr & 1u) ? "on" : "off");
    halt(msg);
    uc_emu_stop(uc_.uc());
    return;
  }
  uc_.write_cp15(5, 0, 0, 1, fsr);   // IFSR
  uc_.write_cp15(6, 0, 0, 2, addr);  // IFAR
  take_exception(kAbt, 0x0C, pc + 4);
  ++aborts_taken_;
}

// Unicorn stops right after the failing MMIO access but reports the PC of the start of the
// translated block. The block is straight-line code, so the failing instruction is a load or
// store of the right direction in it: the first whose address (from the registers, which still
// hold the values it used) covers the faulting address.
uint32_t CortexA9::find_faulting_pc() {
  const bool thumb = cpsr() & kT;
  uint32_t regs[16];
  for (unsigned i = 0; i < 15; ++i) regs[i] = reg(i);
  regs[15] = 0;
  uint32_t first_unknown = 0, last = 0;
  bool have_unknown = false, have_last = false;
  if (timing_.at_no_block()) return get_reg(UC_ARM_REG_R15);
  const uint32_t start = block_->addr, end = block_->addr + block_->size;
  for (uint32_t pc = start; pc < end;) {
    uint32_t insn = 0;
    unsigned len = 4;
    if (thumb) {
      uint16_t h1 = 0, h2 = 0;
      if (!fetch16(pc, h1)) break;
      len = 2;
      if (arm::thumb32_prefix(h1)) {
        fetch16(pc + 2, h2);
        len = 4;
      }
      insn = h1 | (uint32_t(h2) << 16);
    } else if (!fetch32(pc, insn)) {
      break;
    }
    const arm::MemAccess m = arm::decode_mem(pc, insn, thumb, regs);
    if (m.is_mem && m.is_load != fault_.write) {
      if (m.range_known && fault_.addr >= m.lo && fault_.addr < m.hi) return pc;
      if (!m.range_known && !have_unknown) {
        first_unknown = pc;
        have_unknown = true;
      }
      last = pc;
      have_last = true;
    }
    pc += len;
  }
  if (have_unknown) return first_unknown;
  return have_last ? last : start;
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
  BlockInfo& b = timing_.slot(addr);
  BlockInfo& nb = (b.addr == addr && b.size == size) ? b : count_block(addr, size);
  insns_ += nb.count;
  units_ += nb.units;
  block_ = &nb;
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

// Instructions and static cycles of `size` bytes of code at addr in the current instruction set.
arm::BlockCost CortexA9::code_cost(uint32_t addr, uint32_t size, bool* poll_loop) const {
  constexpr uint32_t kMax = arm::A9BlockTiming::kMaxBlockBytes;
  // A translated block is at most a page (TARGET_PAGE_SIZE) long: a fixed buffer, no allocation.
  uint8_t small[kMax + 4] = {};
  std::vector<uint8_t> large;
  uint8_t* code = small;
  if (size > kMax) {
    large.assign(size + 4, 0);
    code = large.data();
  }
  const bool readable = uc_.read(addr, code, size);
  return timing_.cost(readable ? code : nullptr, addr, size, cpsr() & kT, poll_loop);
}

CortexA9::BlockInfo& CortexA9::count_block(uint32_t addr, uint32_t size) {
  bool poll = false;
  const arm::BlockCost c = code_cost(addr, size, timing_.find_polls() ? &poll : nullptr);
  return timing_.enter(addr, size, c, poll);
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

void CortexA9::on_interrupt(uc_engine*, uint32_t intno, void* self_) {
  auto* self = static_cast<CortexA9*>(self_);
  const uint32_t pc = self->get_reg(UC_ARM_REG_R15);
  switch (intno) {
    case kExcpSwi:
      self->handle_svc();
      break;
    case kExcpBkpt:  // PC is the BKPT instruction: a debug event with no debugger attached
      self->prefetch_abort(pc, pc, kFsDebug);
      break;
    case kExcpPrefetchAbort:
      self->prefetch_abort(pc, pc, kFsExternal);
      break;
    case kExcpDataAbort:  // raised by Unicorn itself (MMU, alignment): PC is the insn
      self->mmu_data_abort(pc);
      break;
    case kExcpHvc:
    case kExcpSmc:
    case kExcpUdef:
    default:  // not implemented by this core model: undefined instruction; PC is the next one
      self->take_exception(kUnd, 0x04, pc);
      break;
  }
  // Two aborts/undefs with no block executed between them (e.g. a vector that cannot be
  // fetched): Unicorn would keep raising them inside this uc_emu_start, and the block hook that
  // ends slices never runs. Return to run() so the entries are charged and time advances.
  if (intno != kExcpSwi) {
    if (self->units_ == self->units_at_exception_ || self->halted_) uc_emu_stop(self->uc_.uc());
    self->units_at_exception_ = self->units_;
  }
  // An abort with a debugger attached stops at once, on the vector (as a vector catch does):
  // the exception entry has set PC, so Unicorn resumes there.
  if (self->dbg_.stop_pending()) uc_emu_stop(self->uc_.uc());
}

void CortexA9::handle_svc() {
  const bool thumb = cpsr() & kT;
  const uint32_t next = get_reg(UC_ARM_REG_R15);  // Unicorn reports the instruction after SVC
  uint32_t imm = 0;
  if (thumb) {
    uint16_t hw = 0;
    fetch16(next - 2, hw);
    imm = hw & 0xFF;
  } else {
    uint32_t w = 0;
    fetch32(next - 4, w);
    imm = w & 0xFFFFFF;
  }
  if (p_.semihosting && imm == (thumb ? 0xABu : 0x123456u)) {
    charge_instructions();
    UcMemory mem(uc_);
    qk_.catch_up();  // the host call happens at the kernel's time (console order, exit time)
    const Semihosting::Result r =
        semi_.call(get_reg(UC_ARM_REG_R0), get_reg(UC_ARM_REG_R1), mem, local_time().to_seconds());
    if (r.exit) {
      exited_ = true;
      exit_status_ = r.status;
      uc_emu_stop(uc_.uc());
    } else {
      set_reg(UC_ARM_REG_R0, r.r0);
    }
    if (r.marker >= 0)
      if (Timeline* tl = Timeline::get()) {
        const int t = tl->track("Firmware", std::string(name()) + " markers");
        if (r.marker) tl->begin(t, r.marker_name, local_time());
        else tl->end(t, local_time());
      }
    return;
  }
  take_exception(kSvc, 0x08, next);
}

bool CortexA9::on_fetch_fault(uc_engine*, uc_mem_type, uint64_t addr, int, int64_t, void* self_) {
  auto* self = static_cast<CortexA9*>(self_);
  self->fetch_fault_ = true;
  self->fetch_fault_addr_ = addr;
  return false;
}

uint64_t CortexA9::mmio_access(uint64_t addr, unsigned size, bool write, uint64_t value) {
  if (fault_.valid || size == 0 || size > 8) return 0;  // rest of an aborted LDM/STM
  charge_instructions();  // the access happens at the core's current local time
  uint8_t buf[8];
  std::memcpy(buf, &value, sizeof buf);
  gp_.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
  gp_.set_address(addr);
  gp_.set_data_ptr(buf);
  gp_.set_data_length(size);
  gp_.set_streaming_width(size);
  gp_.set_byte_enable_ptr(nullptr);
  gp_.set_byte_enable_length(0);
  gp_.set_dmi_allowed(false);
  gp_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  steady_->steady = false;
  qk_.catch_up();  // other processes see the access at the time they would have
  const sc_core::sc_time issued = qk_.get_local_time();
  sc_core::sc_time delay = issued;
  // While nothing is traced, the buses' b_transport only decode, add their hop latency and
  // offset the address: the resolved route does the same in one step (a UART-polling run makes
  // a million device reads).
  const Route* route = TxTrace::any_on() ? nullptr : routes_.find(addr, size);
  if (route) RouteCache::transport(*route, gp_, delay);
  else bus->b_transport(gp_, delay);
  qk_.set(delay);
  ++mmio_accesses_;
  if (gp_.is_response_error()) {
    // Stop at once: Unicorn leaves the block right after this access, so no later
    // instruction executes; run() then takes the Data Abort.
    fault_ = {true, addr, write};
    uc_emu_stop(uc_.uc());
    return 0;
  }
  uint64_t v = 0;
  if (!write) {
    std::memcpy(&v, buf, size);
    // Only on a resolved route: a traced access must be made (and logged) every time.
    if (steady_->steady && route && block_->poll) forward_poll(addr, size, v, delay - issued);
  }
  if (qk_.need_sync()) request_stop();  // e.g. a polling loop: let the device's time run
  return v;
}

// Polling loops (README.md, "Polling loops"). The read just made, of a steady register, is
// the same (address, value, latency) as the one the same loop block made in the iteration
// before, with nothing else run in between. The block's effects depend only on that value and
// on registers it does not write (arm::is_poll_loop), and the register reads the same until
// the core synchronises or writes (no other process runs meanwhile): so every further
// iteration up to the next synchronisation would repeat this one exactly. Those iterations are
// accounted here as the block hook and bus_access would account them, up to before the first
// that would leave the hook's fast path (a slice end) or whose read would need a
// synchronisation: Unicorn then runs that one itself.
void CortexA9::forward_poll(uint64_t addr, unsigned size, uint64_t value,
                            const sc_core::sc_time& latency) {
  BlockInfo& b = *block_;
  // (The same cache slot and start address, and exactly this block's instructions in between:
  // the block itself ran twice in a row, looping back with this value the first time.)
  const bool again = poll_.block == &b && poll_.pc == b.addr && poll_.addr == addr &&
                     poll_.size == size && poll_.value == value && poll_.latency == latency &&
                     poll_.insns + b.count == insns_;
  poll_ = {&b, b.addr, addr, value, insns_, size, latency};
  if (!again || dbg_.agent() || mem_ || code_hooks_) return;
  // The branch back must be a predicted hit that leaves the predictor as it is: an unconditional
  // branch, or a conditional one whose counter is saturated at "taken" under an all-taken
  // history (the iteration then leaves both as they are).
  const arm::BlockHookState& h = timing_.hook_state();
  if (b.end == arm::BlockEnd::kCondDirect &&
      (!b.predicts || (h.history & h.ghb_mask) != h.ghb_mask ||
       h.ghb[arm::A9BlockTiming::ghb_index(h, b)] != 3))
    return;
  // The k-th iteration from now starts on the hook's fast path if units_ + (k-1) * cost is
  // below stop_at_, and its read ends at local(k) = local + (time of the cycles then - time
  // charged now) + k * latency, which must stay before the next synchronisation. local(k) grows
  // with k: the largest k passing both is found by bisection (the same k as trying them in turn).
  const uint64_t u0 = units_, cost = b.units;
  const uint64_t fast = u0 < stop_at_ ? (stop_at_ - u0 - 1) / cost + 1 : 0;
  const sc_core::sc_time now = qk_.now(), local0 = qk_.get_local_time(), t0 = charged_time_;
  auto read_end = [&](uint64_t k, sc_core::sc_time& t) {
    t = p_.clock.cycles(cycles_at(u0 + k * cost));
    return local0 + (t - t0) + sc_core::sc_time::from_value(latency.value() * k);
  };
  sc_core::sc_time t;
  uint64_t lo = 0, hi = fast;
  while (lo < hi) {
    const uint64_t mid = lo + (hi - lo + 1) / 2;
    if (now + read_end(mid, t) < qk_.next_sync()) lo = mid;
    else hi = mid - 1;
  }
  const uint64_t n = lo;
  if (n == 0) return;
  qk_.set(read_end(n, t));
  units_ = u0 + n * cost;
  insns_ += n * b.count;
  charged_time_ = t;
  charged_units_ = units_;
  mmio_accesses_ += n;
  polls_forwarded_ += n;
  poll_.insns = insns_;
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
  set_reg(UC_ARM_REG_R15, entry_);  // bit 0 selects Thumb
  // The reset state (registers, CP15, VFP) for a debugger's "monitor reset".
  dbg_.save_reset_state();
  using clock = std::chrono::steady_clock;
  // A debugger: held at reset until one attaches (--gdb-wait), or told where the core starts.
  if (dbg_.agent()) debug_stop(StopReason{StopReason::Attached});
  bool step_after_wake = false;  // a single step ended in WFI: it completes on waking

  while (!exited_ && !halted_) {
    if (dbg_.agent() && dbg_.agent()->poll() && !debug_stop(StopReason{StopReason::Interrupted})) break;
    const bool was_sleeping = sleeping_;
    if (check_interrupts()) {
      sleeping_ = false;
      dbg_.forget_resume();  // an exception entry: the breakpoint being resumed from was not reached
    }
    if (sleeping_ && (irq_ || fiq_)) sleeping_ = false;  // WFI wakes on a pending interrupt even when CPSR masks it
    if (was_sleeping && !sleeping_)
      if (Timeline* tl = Timeline::get()) tl->end(timeline_track(tl), local_time());
    if (step_after_wake && !sleeping_) {
      step_after_wake = false;
      if (!debug_stop(StopReason{StopReason::Step})) break;
    }
    if (sleeping_) {
      sync();  // may yield: an interrupt can rise meanwhile, so look again before sleeping
      if (!irq_ && !fiq_) sc_core::wait(irq_ev_);
      qk_.reset();
      continue;
    }

    slice_end_ = units_ + slice_units();
    stop_at_ = (irq_ || fiq_ || !handler_modes_.empty()) ? 0 : fast_end();
    stop_request_ = false;
    stopped_by_block_ = false;
    fault_ = {};
    fetch_fault_ = false;
    block_ = timing_.no_block();
    if (mem_) refresh_memory_control();
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
          if (hint_before(pc, thumb, Hint::kWfi)) start_sleep();
        }
        break;
      case UC_ERR_INSN_INVALID: {
        // Undefined instructions (PC on the instruction, which ends the current block), and
        // WFE/YIELD, on which Unicorn stops too, with PC after the hint that ended the block.
        const bool after_block_end = block_->addr + block_->size == pc;
        if (!(after_block_end && hint_before(pc, thumb, Hint::kWfeOrYield))) take_exception(kUnd, 0x04, pc + (thumb ? 2 : 4));
        break;
      }
      case UC_ERR_FETCH_UNMAPPED:
      case UC_ERR_FETCH_PROT: {
        // Instruction fetch outside DDR/OCM: the interconnect answers with an error.
        const uint32_t a = fetch_fault_ ? static_cast<uint32_t>(fetch_fault_addr_) : pc;
        prefetch_abort(a, a, kFsExternal);
        break;
      }
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
    if (qk_.need_sync()) boundary_sync();
  }

  if (DebugAgent* agent = dbg_.agent()) {
    StopReason end{StopReason::Exited};
    end.status = exit_status_;
    if (!exited_) end.signal = 11;  // halted (a lock-up, an engine error): SIGSEGV
    agent->finished(*this, end);
  }
  sync();
  if (exited_) {
    exit_ev_.notify(sc_core::SC_ZERO_TIME);
    if (p_.stop_on_exit) sc_core::sc_stop();
  }
}

}  // namespace zvp
