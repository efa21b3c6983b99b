// The Cortex-A9's debug view (cortex_a9_debug.h): registers, memory through the core's debug
// transport, breakpoints and watchpoints as Unicorn hooks, the reset state.
#include "cpu/arm/cortex_a9_debug.h"

#include <algorithm>

#include "core/debug_access.h"
#include "cpu/arm/a9_bits.h"

namespace zvp::arm {

namespace {

constexpr unsigned kCpsrReg = 16, kFirstD = 17, kFpscrReg = 49;

// The GDB target description: the core and VFPv3-D32 features, in regnum order (r0..pc are
// 0..15, cpsr 16, d0..d31 17..48, fpscr 49; no gaps, so 'g' carries exactly these).
std::string make_target_xml() {
  std::string x =
      "<?xml version=\"1.0\"?>\n<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n<target version=\"1.0\">\n"
      "<architecture>arm</architecture>\n<feature name=\"org.gnu.gdb.arm.core\">\n";
  for (int i = 0; i <= 12; ++i)
    x += "<reg name=\"r" + std::to_string(i) + "\" bitsize=\"32\" type=\"uint32\"/>\n";
  x += "<reg name=\"sp\" bitsize=\"32\" type=\"data_ptr\"/>\n"
       "<reg name=\"lr\" bitsize=\"32\"/>\n"
       "<reg name=\"pc\" bitsize=\"32\" type=\"code_ptr\"/>\n"
       "<reg name=\"cpsr\" bitsize=\"32\"/>\n</feature>\n"
       "<feature name=\"org.gnu.gdb.arm.vfp\">\n";
  for (int i = 0; i < 32; ++i)
    x += "<reg name=\"d" + std::to_string(i) + "\" bitsize=\"64\" type=\"ieee_double\"/>\n";
  x += "<reg name=\"fpscr\" bitsize=\"32\" type=\"int\" group=\"float\"/>\n</feature>\n</target>\n";
  return x;
}

int uc_core_reg(unsigned n) {
  if (n <= 12) return UC_ARM_REG_R0 + int(n);
  return n == 13 ? UC_ARM_REG_R13 : n == 14 ? UC_ARM_REG_R14 : UC_ARM_REG_R15;
}

}  // namespace

std::string A9DebugView::target_xml() const {
  static const std::string xml = make_target_xml();
  return xml;
}

unsigned A9DebugView::reg_bytes(unsigned n) const { return (n >= kFirstD && n < kFpscrReg) ? 8 : 4; }

bool A9DebugView::read_reg(unsigned n, uint64_t& v) const {
  if (n >= kRegs) return false;
  if (n >= kFirstD && n < kFpscrReg) {
    uint64_t d = 0;
    uc_reg_read(uc_.uc(), UC_ARM_REG_D0 + int(n - kFirstD), &d);
    v = d;
    return true;
  }
  v = n == kCpsrReg ? uc_.cpsr() : n == kFpscrReg ? uc_.get(UC_ARM_REG_FPSCR) : uc_.get(uc_core_reg(n));
  return true;
}

bool A9DebugView::write_reg(unsigned n, uint64_t v) {
  if (n >= kRegs) return false;
  if (n >= kFirstD && n < kFpscrReg) {
    uc_reg_write(uc_.uc(), UC_ARM_REG_D0 + int(n - kFirstD), &v);
  } else if (n == kCpsrReg) {
    uc_.set(UC_ARM_REG_CPSR, uint32_t(v));
  } else if (n == kFpscrReg) {
    uc_.set(UC_ARM_REG_FPSCR, uint32_t(v));
  } else if (n == 15) {
    // The PC keeps the current instruction set (Unicorn takes bit 0 as Thumb).
    uc_.set(UC_ARM_REG_R15, (uint32_t(v) & ~1u) | ((uc_.cpsr() & kT) ? 1u : 0u));
  } else {
    uc_.set(uc_core_reg(n), uint32_t(v));
  }
  return true;
}

// Memory as the core sees it: virtual addresses through the core's translation (the MMU
// when it is on), then the debug transport: devices show their state without side effects
// (register_bank.h). A page that is not mapped ends the transfer.
size_t A9DebugView::transfer(bool write, uint64_t addr, uint8_t* data, size_t n) {
  size_t done = 0;
  while (done < n) {
    const uint64_t va = addr + done;
    if (va > 0xFFFFFFFFull) break;
    const size_t chunk = std::min<size_t>(n - done, 0x1000 - (va & 0xFFF));
    uint32_t pa = uint32_t(va);
    if (translate_ && !translate_(uint32_t(va), pa)) break;
    const size_t got = debug_transfer_32(write, pa, data + done, chunk, [this, write](uint64_t a, uint8_t* d, unsigned len) {
      return debug_transport(bus_, write, a, d, len);
    });
    done += got;
    if (got < chunk) break;
  }
  return done;
}

// Drops Unicorn's translations of [begin, end). Only once the core has mapped its memory (its
// thread has started): before that nothing is translated, and asking Unicorn then makes the
// core's own mapping of memory fail later (a debugger sets breakpoints in every core at attach,
// before a second core's thread has run).
void A9DebugView::forget_translations(uint64_t begin, uint64_t end) {
  uc_mem_region* regions = nullptr;
  uint32_t count = 0;
  if (uc_mem_regions(uc_.uc(), &regions, &count) == UC_ERR_OK) uc_free(regions);
  if (count > 0) uc_ctl_remove_cache(uc_.uc(), begin, end);
}

size_t A9DebugView::read_mem(uint64_t addr, uint8_t* data, size_t n) { return transfer(false, addr, data, n); }

size_t A9DebugView::write_mem(uint64_t addr, const uint8_t* data, size_t n) {
  const size_t done = transfer(true, addr, const_cast<uint8_t*>(data), n);
  // Code written by the debugger must be translated again.
  if (done) forget_translations(addr, addr + done);
  return done;
}

bool A9DebugView::add_breakpoint(uint64_t addr) {
  const uint32_t a = uint32_t(addr) & ~1u;  // gdb may pass a Thumb address with bit 0
  if (addr > 0xFFFFFFFFull) return false;
  if (breakpoints_.count(a)) return true;
  uc_hook h = 0;
  if (uc_hook_add(uc_.uc(), &h, UC_HOOK_CODE, reinterpret_cast<void*>(&A9DebugView::on_breakpoint), this, a, a) != UC_ERR_OK)
    return false;
  breakpoints_[a] = h;
  forget_translations(a, a + 4);  // blocks translated before must call the hook
  return true;
}

bool A9DebugView::remove_breakpoint(uint64_t addr) {
  const auto it = breakpoints_.find(uint32_t(addr) & ~1u);
  if (it == breakpoints_.end()) return false;
  uc_hook_del(uc_.uc(), it->second);
  forget_translations(it->first, it->first + 4);
  breakpoints_.erase(it);
  return true;
}

bool A9DebugView::add_watchpoint(uint64_t addr, uint64_t len, WatchKind kind) {
  if (len == 0 || addr > 0xFFFFFFFFull || len > 0x100000000ull - addr) return false;
  const int type = kind == WatchKind::Write  ? UC_HOOK_MEM_WRITE
                   : kind == WatchKind::Read ? UC_HOOK_MEM_READ
                                             : (UC_HOOK_MEM_READ | UC_HOOK_MEM_WRITE);
  uc_hook h = 0;
  if (uc_hook_add(uc_.uc(), &h, type, reinterpret_cast<void*>(&A9DebugView::on_watch), this, addr, addr + len - 1) != UC_ERR_OK)
    return false;
  watches_.push_back({addr, len, kind, h});
  if (!insn_hook_ &&
      uc_hook_add(uc_.uc(), &insn_hook_, UC_HOOK_CODE, reinterpret_cast<void*>(&A9DebugView::on_insn), this, 1, 0) != UC_ERR_OK)
    insn_hook_ = 0;
  uc_ctl_flush_tb(uc_.uc());  // translated memory accesses must look at the hooks
  uc_ctl_flush_tlb(uc_.uc());
  return true;
}

bool A9DebugView::remove_watchpoint(uint64_t addr, uint64_t len, WatchKind kind) {
  for (auto it = watches_.begin(); it != watches_.end(); ++it) {
    if (it->addr != addr || it->len != len || it->kind != kind) continue;
    uc_hook_del(uc_.uc(), it->hook);
    watches_.erase(it);
    if (watches_.empty() && insn_hook_) {
      uc_hook_del(uc_.uc(), insn_hook_);
      insn_hook_ = 0;
    }
    uc_ctl_flush_tb(uc_.uc());  // the page goes back to the fast path
    uc_ctl_flush_tlb(uc_.uc());
    return true;
  }
  return false;
}

A9DebugView::~A9DebugView() {
  if (reset_ctx_) uc_context_free(reset_ctx_);
}

void A9DebugView::save_reset_state() {
  if (!reset_ctx_ && uc_context_alloc(uc_.uc(), &reset_ctx_) == UC_ERR_OK)
    uc_context_save(uc_.uc(), reset_ctx_);
}

// Every register, CP15 (MMU, caches and VBAR off) and VFP back to their state before the first
// instruction, PC at the entry. Memory and devices keep their state, as when only the processor
// is reset.
void A9DebugView::reset(uint32_t entry) {
  if (reset_ctx_) {
    uc_context_restore(uc_.uc(), reset_ctx_);
  } else {
    uc_.set(UC_ARM_REG_CPSR, 0x1D3);  // SVC mode, IRQ/FIQ/aborts masked, ARM state
  }
  uc_.set(UC_ARM_REG_R15, entry);
  uc_ctl_flush_tlb(uc_.uc());  // translations made with the old MMU settings
}

void A9DebugView::on_breakpoint(uc_engine* uc, uint64_t addr, uint32_t, void* self_) {
  auto* self = static_cast<A9DebugView*>(self_);
  if (uint32_t(addr) == self->bp_skip_) {  // resuming from this breakpoint: execute it once
    self->bp_skip_ = 1;
    return;
  }
  self->bp_skip_ = 1;
  if (self->pending_) return;
  self->pending_ = true;
  self->why_ = StopReason{StopReason::Breakpoint, addr};
  // Unicorn checks for a stop request right after a code hook: the instruction does not run.
  uc_emu_stop(uc);
}

void A9DebugView::on_watch(uc_engine* uc, uc_mem_type type, uint64_t addr, int, int64_t, void* self_) {
  auto* self = static_cast<A9DebugView*>(self_);
  if (self->pending_) return;
  const bool write = type == UC_MEM_WRITE;
  WatchKind kind = write ? WatchKind::Write : WatchKind::Read;
  for (const Watch& w : self->watches_)
    if (addr + 1 > w.addr && addr < w.addr + w.len && w.kind == WatchKind::Access) kind = WatchKind::Access;
  self->pending_ = true;
  self->why_ = StopReason{StopReason::Watchpoint, addr, kind};
  // The access completes and the core stops before the next instruction (on_insn's exit
  // check), PC on it. The A9 reports a watchpoint synchronously, before the access (TRM 10.7.1);
  // gdb treats ARM watchpoints as non-steppable and steps over the reported instruction itself,
  // so the stop shows one instruction after the access rather than at it.
  uc_emu_stop(uc);
}

}  // namespace zvp::arm
