// The Cortex-A9 core's exceptions (cortex_a9.h): the AArch32 exception entry Unicorn does not
// make itself (interrupts between slices; SVC, undefined instructions, BKPT and aborts reported
// by Unicorn), the fault address and status of aborts Unicorn does not report, semihosting
// calls, and the handlers' slices on the timeline.
#include <cstdio>
#include <functional>
#include <string>

#include "core/log.h"
#include "core/timeline.h"
#include "cpu/arm/a9_bits.h"
#include "cpu/arm/arm_decode.h"
#include "cpu/arm/cortex_a9.h"

namespace zvp {

using namespace arm;  // a9_bits.h

namespace {

// Semihosting's view of memory: the core's, through its translation (memory only).
class CoreMemory : public SemihostMemory {
 public:
  using Read = std::function<bool(uint32_t, void*, uint32_t)>;
  using Write = std::function<bool(uint32_t, const void*, uint32_t)>;
  CoreMemory(Read r, Write w) : read_(std::move(r)), write_(std::move(w)) {}
  bool read(uint32_t addr, void* dst, uint32_t len) override { return read_(addr, dst, len); }
  bool write(uint32_t addr, const void* src, uint32_t len) override { return write_(addr, src, len); }

 private:
  Read read_;
  Write write_;
};

}  // namespace

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

// Data aborts Unicorn raises itself (EXCP_DATA_ABORT) are alignment faults: translation and
// permission faults come from the model's own TLB fills (cortex_a9_mmu.cpp). Unicorn does not
// tell the address, so DFAR comes from the faulting instruction and its registers.
void CortexA9::mmu_data_abort(uint32_t pc) {
  bool write = false;
  const uint32_t addr = fault_address(pc, 0, &write, true);
  data_abort(pc, addr, write, fs::kAlignment);
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
      self->prefetch_abort(pc, pc, fs::kExternal);
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
    CoreMemory mem([this](uint32_t a, void* d, uint32_t n) { return read_virtual(a, d, n); },
                   [this](uint32_t a, const void* d, uint32_t n) { return write_virtual(a, d, n); });
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

}  // namespace zvp
