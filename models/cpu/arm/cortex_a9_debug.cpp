// The Cortex-A9 as a debug target (DebugTarget): registers, memory through the platform's debug
// transport, breakpoints and watchpoints as Unicorn hooks, and the hand-over to the agent.
#include <cstring>

#include "core/debug_access.h"
#include "cpu/arm/cortex_a9.h"

namespace zvp {

namespace {

constexpr uint32_t kThumb = 1u << 5;  // CPSR.T
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

std::string CortexA9::target_xml() const {
  static const std::string xml = make_target_xml();
  return xml;
}

unsigned CortexA9::reg_bytes(unsigned n) const { return (n >= kFirstD && n < kFpscrReg) ? 8 : 4; }

bool CortexA9::read_reg(unsigned n, uint64_t& v) {
  if (n >= kDbgRegs) return false;
  if (n >= kFirstD && n < kFpscrReg) {
    uint64_t d = 0;
    uc_reg_read(uc_, UC_ARM_REG_D0 + int(n - kFirstD), &d);
    v = d;
    return true;
  }
  v = n == kCpsrReg ? cpsr() : n == kFpscrReg ? get_reg(UC_ARM_REG_FPSCR) : get_reg(uc_core_reg(n));
  return true;
}

bool CortexA9::write_reg(unsigned n, uint64_t v) {
  if (n >= kDbgRegs) return false;
  if (n >= kFirstD && n < kFpscrReg) {
    uc_reg_write(uc_, UC_ARM_REG_D0 + int(n - kFirstD), &v);
  } else if (n == kCpsrReg) {
    set_reg(UC_ARM_REG_CPSR, uint32_t(v));
  } else if (n == kFpscrReg) {
    set_reg(UC_ARM_REG_FPSCR, uint32_t(v));
  } else if (n == 15) {
    // The PC keeps the current instruction set (Unicorn takes bit 0 as Thumb).
    set_reg(UC_ARM_REG_R15, (uint32_t(v) & ~1u) | ((cpsr() & kThumb) ? 1u : 0u));
  } else {
    set_reg(uc_core_reg(n), uint32_t(v));
  }
  return true;
}

// Memory as the bus sees it (physical addresses; ZVP's firmware maps flat), through the debug
// transport: devices show their state without side effects (register_bank.h).
size_t CortexA9::read_mem(uint64_t addr, uint8_t* data, size_t n) {
  return debug_transfer_32(false, addr, data, n, [this](uint64_t a, uint8_t* d, unsigned len) {
    return debug_transport(bus, false, a, d, len);
  });
}

size_t CortexA9::write_mem(uint64_t addr, const uint8_t* data, size_t n) {
  const size_t done = debug_transfer_32(true, addr, data, n, [this](uint64_t a, uint8_t* d, unsigned len) {
    return debug_transport(bus, true, a, d, len);
  });
  // Code written by the debugger must be translated again.
  if (done) uc_ctl_remove_cache(uc_, addr, addr + done);
  return done;
}

bool CortexA9::add_breakpoint(uint64_t addr) {
  const uint32_t a = uint32_t(addr) & ~1u;  // gdb may pass a Thumb address with bit 0
  if (addr > 0xFFFFFFFFull) return false;
  if (breakpoints_.count(a)) return true;
  uc_hook h = 0;
  if (uc_hook_add(uc_, &h, UC_HOOK_CODE, reinterpret_cast<void*>(&CortexA9::on_breakpoint), this, a, a) != UC_ERR_OK)
    return false;
  breakpoints_[a] = h;
  uc_ctl_remove_cache(uc_, a, a + 4);  // blocks translated before must call the hook
  return true;
}

bool CortexA9::remove_breakpoint(uint64_t addr) {
  const auto it = breakpoints_.find(uint32_t(addr) & ~1u);
  if (it == breakpoints_.end()) return false;
  uc_hook_del(uc_, it->second);
  uc_ctl_remove_cache(uc_, it->first, it->first + 4);
  breakpoints_.erase(it);
  return true;
}

bool CortexA9::add_watchpoint(uint64_t addr, uint64_t len, WatchKind kind) {
  if (len == 0 || addr > 0xFFFFFFFFull || len > 0x100000000ull - addr) return false;
  const int type = kind == WatchKind::Write  ? UC_HOOK_MEM_WRITE
                   : kind == WatchKind::Read ? UC_HOOK_MEM_READ
                                             : (UC_HOOK_MEM_READ | UC_HOOK_MEM_WRITE);
  uc_hook h = 0;
  if (uc_hook_add(uc_, &h, type, reinterpret_cast<void*>(&CortexA9::on_watch), this, addr, addr + len - 1) != UC_ERR_OK)
    return false;
  watches_.push_back({addr, len, kind, h});
  if (!insn_hook_ &&
      uc_hook_add(uc_, &insn_hook_, UC_HOOK_CODE, reinterpret_cast<void*>(&CortexA9::on_insn), this, 1, 0) != UC_ERR_OK)
    insn_hook_ = 0;
  uc_ctl_flush_tb(uc_);  // translated memory accesses must look at the hooks
  uc_ctl_flush_tlb(uc_);
  return true;
}

bool CortexA9::remove_watchpoint(uint64_t addr, uint64_t len, WatchKind kind) {
  for (auto it = watches_.begin(); it != watches_.end(); ++it) {
    if (it->addr != addr || it->len != len || it->kind != kind) continue;
    uc_hook_del(uc_, it->hook);
    watches_.erase(it);
    if (watches_.empty() && insn_hook_) {
      uc_hook_del(uc_, insn_hook_);
      insn_hook_ = 0;
    }
    uc_ctl_flush_tb(uc_);  // the page goes back to the fast path
    uc_ctl_flush_tlb(uc_);
    return true;
  }
  return false;
}

// The core's reset (not the platform's): every register, CP15 (MMU, caches and VBAR off) and
// VFP back to their state before the first instruction, PC at the entry. Memory and devices
// keep their state, as when only the processor is reset.
void CortexA9::reset_core() {
  if (reset_ctx_) {
    uc_context_restore(uc_, reset_ctx_);
  } else {
    set_reg(UC_ARM_REG_CPSR, 0x1D3);  // SVC mode, IRQ/FIQ/aborts masked, ARM state
  }
  set_reg(UC_ARM_REG_R15, entry_);
  uc_ctl_flush_tlb(uc_);  // translations made with the old MMU settings
  sleeping_ = false;
}

void CortexA9::on_breakpoint(uc_engine* uc, uint64_t addr, uint32_t, void* self_) {
  auto* self = static_cast<CortexA9*>(self_);
  if (uint32_t(addr) == self->bp_skip_) {  // resuming from this breakpoint: execute it once
    self->bp_skip_ = 1;
    return;
  }
  self->bp_skip_ = 1;
  if (self->dbg_stop_.pending) return;
  self->dbg_stop_.pending = true;
  self->dbg_stop_.why = StopReason{StopReason::Breakpoint, addr};
  // Unicorn checks for a stop request right after a code hook: the instruction does not run.
  uc_emu_stop(uc);
}

void CortexA9::on_watch(uc_engine* uc, uc_mem_type type, uint64_t addr, int, int64_t, void* self_) {
  auto* self = static_cast<CortexA9*>(self_);
  if (self->dbg_stop_.pending) return;
  const bool write = type == UC_MEM_WRITE;
  WatchKind kind = write ? WatchKind::Write : WatchKind::Read;
  for (const Watch& w : self->watches_)
    if (addr + 1 > w.addr && addr < w.addr + w.len && w.kind == WatchKind::Access) kind = WatchKind::Access;
  self->dbg_stop_.pending = true;
  self->dbg_stop_.why = StopReason{StopReason::Watchpoint, addr, kind};
  // The access completes and the core stops before the next instruction (on_insn's exit
  // check), PC on it. The A9 reports a watchpoint synchronously, before the access (TRM 10.7.1);
  // gdb treats ARM watchpoints as non-steppable and steps over the reported instruction itself,
  // so the stop shows one instruction after the access rather than at it.
  uc_emu_stop(uc);
}

bool CortexA9::debug_stop(const StopReason& why) {
  charge_instructions();
  const bool go_on = agent_->stopped(*this, why);
  // Resuming at a breakpoint executes its instruction first (the hook would stop again).
  const uint32_t pc = get_reg(UC_ARM_REG_R15);
  bp_skip_ = breakpoints_.count(pc) ? pc : 1u;
  if (!go_on) halted_ = true;  // killed by the debugger
  return go_on;
}

}  // namespace zvp
