// The Cortex-A9 core between the cores of a cluster (cortex_a9.h): the event register (WFE,
// SEV), the per-core MPIDR, and the reset/clock-stop hold the SLCR drives.
//
// Unicorn executes SEV as a no-op and returns the same MPIDR on every engine, so both are found
// when a translated block is first costed (its code is read anyway) and get a code hook at their
// address; the block is then stopped before it runs and translated again with the hooks. Only
// cores given an event sink (SEV) or an MPIDR value (MRC p15,0,Rt,c0,c0,5) look for them, so a
// single-core platform is unchanged.
#include "cortex_a9.h"

#include "core/log.h"
#include "cpu/arm/a9_bits.h"
#include "cpu/arm/arm_decode.h"

namespace zvp {

using namespace arm;  // a9_bits.h

void CortexA9::set_event_sink(std::function<void(const sc_core::sc_time&)> sink) {
  event_sink_ = std::move(sink);
}

void CortexA9::set_mpidr(uint32_t v) {
  mpidr_ = v;
  mpidr_set_ = true;
}

void CortexA9::signal_event(const sc_core::sc_time& delay) {
  event_reg_ = true;
  if (sleeping_ && wfe_) request_stop();
  if (sc_core::sc_is_running()) irq_ev_.notify(delay);
}

void CortexA9::set_held(bool held, bool reset, const sc_core::sc_time& delay, uint32_t reset_pc) {
  if (reset) {
    reset_on_release_ = true;
    reset_pc_ = reset_pc;
  }
  if (held == held_) return;
  held_ = held;
  if (held) {
    request_stop();
    uc_emu_stop(uc_.uc());
  }
  if (sc_core::sc_is_running()) irq_ev_.notify(delay);
}

// WFE (ARM ARM B1.8.13): a set event register is cleared and the core goes on; otherwise it
// sleeps until a SEV (any core), or an IRQ/FIQ not masked by CPSR.
void CortexA9::wait_for_event() {
  ++wfe_count_;
  if (event_reg_) {
    event_reg_ = false;
    return;
  }
  if (interrupt_deliverable()) return;
  sleeping_ = true;
  wfe_ = true;
}

// A sleeping core wakes: WFI on any raised interrupt line (even masked), WFE on an event (which
// it consumes) or on an interrupt CPSR does not mask.
bool CortexA9::wakes_from_sleep() const {
  if (!wfe_) return irq_ || fiq_;
  return event_reg_ || interrupt_deliverable();
}

void CortexA9::restart_from_reset() {
  reset_on_release_ = false;
  entry_ = reset_pc_;
  reset_core();
  // Code may have been placed by another core behind this engine's back.
  for (const DmiRegion& r : dmi_) uc_ctl_remove_cache(uc_.uc(), r.base, r.base + r.size);
  handler_modes_.clear();
  event_reg_ = false;
  sleeping_ = wfe_ = false;
  char msg[64];
  std::snprintf(msg, sizeof msg, "released from reset at 0x%08x", reset_pc_);
  log::info(name(), msg);
}

bool CortexA9::hook_smp_instructions(uint32_t addr, uint32_t size) {
  if (!event_sink_ && !mpidr_set_) return false;
  const bool thumb = cpsr() & kT;
  bool added = false;
  for (uint32_t off = 0; off + (thumb ? 2 : 4) <= size;) {
    uint32_t insn = 0;
    unsigned len = 4;
    if (thumb) {
      uint16_t h1 = 0, h2 = 0;
      if (!fetch16(addr + off, h1)) break;
      len = thumb32_prefix(h1) ? 4 : 2;
      if (len == 4 && !fetch16(addr + off + 2, h2)) break;
      insn = uint32_t(h1) | (uint32_t(h2) << 16);
    } else if (!fetch32(addr + off, insn)) {
      break;
    }
    const uint32_t a = addr + off;
    unsigned rt = 0;
    int kind = 0;  // 0: neither; -1: SEV; Rt + 1: an MPIDR read
    if (event_sink_ && is_sev(insn, thumb)) kind = -1;
    else if (mpidr_set_ && is_mpidr_read(insn, thumb, &rt)) kind = int(rt) + 1;
    if (kind != 0 && !smp_insns_.count(a) &&
        uc_.add_hook(UC_HOOK_CODE, reinterpret_cast<void*>(&CortexA9::on_smp_insn), this, a, a)) {
      smp_insns_[a] = kind < 0 ? -1 : kind - 1;
      code_hooks_ = true;
      added = true;
    }
    off += len;
  }
  if (added) uc_ctl_remove_cache(uc_.uc(), addr, addr + size);
  return added;
}

// Before the hooked instruction runs: a SEV signals the cluster (the instruction itself is a
// no-op in Unicorn); an MPIDR read is done here (Rt = this core's MPIDR) and skipped.
void CortexA9::on_smp_insn(uc_engine*, uint64_t addr, uint32_t, void* self_) {
  auto* self = static_cast<CortexA9*>(self_);
  const auto it = self->smp_insns_.find(static_cast<uint32_t>(addr));
  if (it == self->smp_insns_.end()) return;
  if (it->second < 0) {
    ++self->sev_count_;
    self->charge_instructions();
    self->event_sink_(self->qk_.get_local_time());
    return;
  }
  const bool thumb = self->cpsr() & kT;
  const int rt = it->second;
  self->set_reg(rt <= 12 ? UC_ARM_REG_R0 + rt : rt == 13 ? UC_ARM_REG_SP : UC_ARM_REG_LR, self->mpidr_);
  self->set_reg(UC_ARM_REG_R15, static_cast<uint32_t>(addr) + 4 | (thumb ? 1u : 0u));
}

}  // namespace zvp
