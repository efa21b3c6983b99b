// The Cortex-A9 core between the cores of a cluster (cortex_a9.h): the event register (WFE,
// SEV), the per-core MPIDR, and the reset/clock-stop hold the SLCR drives.
//
// Unicorn executes SEV as a no-op and returns the same MPIDR on every engine, so both are found
// when a translated block is first costed (its code is read anyway). An MPIDR read, an I-cache
// invalidation, an ACTLR write and a conditional SEV get a code hook at their address; the block
// is then stopped before it runs and translated again with the hooks. An unconditional SEV needs
// no hook: its block sends the event when it starts (its cost, which ends at the SEV's time as
// far as the cluster can tell, is charged whole at the start). Unicorn checks every code hook
// for every instruction it translates, and Linux inlines a SEV in every spin unlock: with a hook
// each, a two-core boot spent a tenth of its host time walking the hooks. Only cores given an
// event sink (SEV), an MPIDR value (MRC p15,0,Rt,c0,c0,5) or a code sink look for them, so a
// single-core platform is unchanged.
#include "cortex_a9.h"

#include <algorithm>
#include <cstring>

#include "core/log.h"
#include "cpu/arm/a9_bits.h"
#include "cpu/arm/arm_decode.h"

namespace zvp {

using namespace arm;  // a9_bits.h

void CortexA9::set_event_sink(std::function<void(const sc_core::sc_time&)> sink) {
  event_sink_ = std::move(sink);
}

void CortexA9::set_code_sink(std::function<void(const CodeInvalidation&)> sink) {
  code_sink_ = std::move(sink);
}

// Another core's invalidation is applied when this core runs next (it is not running now:
// SystemC threads are cooperative). This core's own is looked at at once (it is running: the
// hook of the instruction), and stops the slice only when there is something to drop.
void CortexA9::invalidate_code(const CodeInvalidation& inv, uint64_t others_slices) {
  const bool compare = inv.all && others_slices != others_compared_;
  if (compare) others_compared_ = others_slices;
  if (inv.core != core_) {
    if (compare) check_code_ = true;
    if (!inv.all) drop_pages_.push_back(inv.page);
    return;
  }
  const size_t before = drop_pages_.size();
  if (compare) changed_code_pages(drop_pages_);
  else if (code_pages_.count(inv.page)) drop_pages_.push_back(inv.page);
  if (drop_pages_.size() != before) request_stop();
}

void CortexA9::changed_code_pages(std::vector<uint32_t>& out) const {
  for (const auto& [pa, page] : code_pages_) {
    const uint8_t* now = dmi_ptr(pa, page_size_);
    if (!now || std::memcmp(now, page.bytes.data(), page_size_) != 0) out.push_back(pa);
  }
}

// A fetch fill of Unicorn's TLB (cortex_a9_mmu.cpp) for a page of memory: the page's bytes as
// the blocks about to be translated from it see them.
void CortexA9::register_code_page(uint32_t pa, uint32_t va) {
  const auto it = code_pages_.find(pa);
  if (it != code_pages_.end()) {
    std::vector<uint32_t>& vas = it->second.vas;
    if (std::find(vas.begin(), vas.end(), va) == vas.end()) vas.push_back(va);
    return;
  }
  const uint8_t* p = dmi_ptr(pa, page_size_);
  if (p) code_pages_.emplace(pa, CodePage{std::vector<uint8_t>(p, p + page_size_), {va}});
}

// Unicorn drops the blocks of a range given by virtual address (UC_CTL_TB_REMOVE_CACHE
// translates the first page through the TLB, then invalidates that physical range). With the
// TLB empty and the fill hook answering PA = VA meanwhile, the address given is the physical
// one, whatever the MMU maps; the TLB is emptied again afterwards, so that the next fetch from
// a dropped page fills (and registers) it again.
void CortexA9::drop_code_pages(const std::vector<uint32_t>& pages) {
  uc_ctl_flush_tlb(uc_.uc());
  identity_fill_ = true;
  for (uint32_t pa : pages) {
    uc_ctl_remove_cache(uc_.uc(), pa, pa + page_size_);
    const auto it = code_pages_.find(pa);
    if (it == code_pages_.end()) continue;
    for (uint32_t va : it->second.vas) timing_.forget_blocks(va, page_size_);
    code_pages_.erase(it);
  }
  identity_fill_ = false;
  uc_ctl_flush_tlb(uc_.uc());
  code_pages_dropped_ += pages.size();
  block_ = timing_.no_block();
}

// Before the core runs again after an I-cache invalidation: the pages ICIMVAU named, and with
// another core's ICIALLU(IS) every page whose bytes changed since this engine translated from
// it, lose their translations and the costs of the blocks at the virtual addresses this core
// fetched them through. Pages whose bytes did not change keep both: Linux invalidates the whole
// I-cache each time it maps an executable page, and translating everything again each time
// (uc_ctl_flush_tb) cost more host time than the rest of a two-core boot; forgetting every block
// cost each time (as the first version did) made the other core cost every block it ran again,
// half of the blocks a two-core boot costs.
void CortexA9::apply_dropped_translations() {
  if (!drops_pending()) return;
  std::vector<uint32_t> drop;
  for (uint32_t pa : drop_pages_)
    if (code_pages_.count(pa)) drop.push_back(pa);
  drop_pages_.clear();
  if (check_code_) changed_code_pages(drop);
  check_code_ = false;
  if (!drop.empty()) {
    std::sort(drop.begin(), drop.end());
    drop.erase(std::unique(drop.begin(), drop.end()), drop.end());
    drop_code_pages(drop);
  }
}

void CortexA9::set_mpidr(uint32_t v) {
  mpidr_ = v;
  mpidr_set_ = true;
}

// The time is this core's, charged up to the end of the block being executed (a block is charged
// whole when it starts): the SEV's own, as far as another core can observe it.
void CortexA9::send_event() {
  ++sev_count_;
  charge_instructions();
  event_sink_(qk_.get_local_time());
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
  // Code may have been placed by another core behind this engine's back (the MMU is off now).
  for (const DmiRegion& r : dmi_) uc_ctl_remove_cache(uc_.uc(), r.base, r.base + r.size);
  code_pages_.clear();
  others_compared_ = ~0ull;
  handler_modes_.clear();
  event_reg_ = false;
  actlr_ = 0;
  sleeping_ = wfe_ = false;
  char msg[64];
  std::snprintf(msg, sizeof msg, "released from reset at 0x%08x", reset_pc_);
  log::info(name(), msg);
}

// The instruction at a (Thumb: both halfwords of a 32-bit one in insn, the first in [15:0]).
bool CortexA9::fetch_insn(uint32_t a, bool thumb, uint32_t& insn, unsigned& len) const {
  len = 4;
  if (!thumb) return fetch32(a, insn);
  uint16_t h1 = 0, h2 = 0;
  if (!fetch16(a, h1)) return false;
  len = thumb32_prefix(h1) ? 4 : 2;
  if (len == 4 && !fetch16(a + 2, h2)) return false;
  insn = uint32_t(h1) | (uint32_t(h2) << 16);
  return true;
}

bool CortexA9::hook_instructions(uint32_t addr, uint32_t size, const uint8_t* code, bool& sev) {
  sev = false;
  if (!code) return false;
  // The code here may have changed since it was last scanned: its block-signalled SEVs are found again.
  for (auto it = hooked_insns_.lower_bound(addr); it != hooked_insns_.end() && it->first - addr < size;)
    it = it->second == kSevBlock ? hooked_insns_.erase(it) : std::next(it);
  const bool thumb = cpsr() & kT;
  // Thumb: the instructions an IT makes conditional, at most 4 (also when the block starts inside
  // an IT block: CPSR's ITSTATE). A conditional SEV keeps its hook, which checks the condition.
  unsigned in_it = thumb && (((cpsr() >> 25) & 3u) | ((cpsr() >> 10) & 0x3Fu)) ? 4 : 0;
  bool added = false;
  for (uint32_t off = 0; off + (thumb ? 2 : 4) <= size;) {
    uint32_t insn = 0;
    unsigned len = 4;
    insn_at(code, off, thumb, insn, len);
    const uint32_t a = addr + off;
    const bool conditional = thumb ? in_it > 0 : (insn >> 28) != 0xE;
    if (in_it) --in_it;
    if (thumb && len == 2 && (insn & 0xFF00u) == 0xBF00u && (insn & 0xFu)) in_it = 4;  // IT
    unsigned rt = 0;
    arm::IdRegister id{};
    int kind = 0;  // 0: none; kSevHook, kIcacheHook, kActlrHook - Rt, or id_read(id, Rt)
    if (event_sink_ && is_sev(insn, thumb)) {
      const auto it = hooked_insns_.find(a);
      if (!conditional && (it == hooked_insns_.end() || it->second == kSevBlock)) {  // no hook
        hooked_insns_[a] = kSevBlock;
        sev = true;
        off += len;
        continue;
      }
      kind = kSevHook;
    }
    else if (code_sink_ && is_icache_invalidate(insn, thumb)) kind = kIcacheHook;
    else if (is_id_register_read(insn, thumb, &id, &rt) && (id != arm::IdRegister::kMpidr || mpidr_set_))
      kind = id_read(id, rt);
    else if (mpidr_set_ && is_actlr_write(insn, thumb, &rt)) kind = kActlrHook - int(rt);
    if (kind != 0 && !hooked_insns_.count(a) &&
        uc_.add_hook(UC_HOOK_CODE, reinterpret_cast<void*>(&CortexA9::on_hooked_insn), this, a, a)) {
      hooked_insns_[a] = kind;
      code_hooks_ = true;
      added = true;
    }
    off += len;
  }
  if (added) uc_ctl_remove_cache(uc_.uc(), addr, addr + size);
  return added;
}

// Before the hooked instruction runs: a SEV signals the cluster (the instruction itself is a
// no-op in Unicorn); an I-cache invalidation reaches the other cores (Unicorn keeps it for
// this core's own engine); an ID register read (MPIDR, or one Unicorn's A9 gets wrong) is
// answered here (Rt = the value) and skipped.
// The hook stays at its address when code there is replaced, so the instruction is checked.
void CortexA9::on_hooked_insn(uc_engine*, uint64_t addr, uint32_t, void* self_) {
  auto* self = static_cast<CortexA9*>(self_);
  const auto it = self->hooked_insns_.find(static_cast<uint32_t>(addr));
  if (it == self->hooked_insns_.end()) return;
  const bool thumb = self->cpsr() & kT;
  uint32_t insn = 0;
  unsigned len = 4;
  if (!self->fetch_insn(uint32_t(addr), thumb, insn, len)) return;
  unsigned rt = 0;
  if (!insn_condition_passed(insn, thumb, self->cpsr())) return;  // a conditional one that fails
  if (it->second == kIcacheHook) {
    if (!is_icache_invalidate(insn, thumb)) return;
    ++self->icache_broadcasts_;
    const uint32_t v = thumb ? (((insn & 0xFFFF) << 16) | (insn >> 16)) : insn;
    CodeInvalidation inv;
    inv.core = self->core_;
    if ((v & 0xEF) == 0x25) {  // ICIMVAU: the line's page through this core's translation
      const unsigned r = (v >> 12) & 0xF;
      const arm::A9Translation t = self->translate(self->reg(r));
      if (!t.mapped) return;
      inv.all = false;
      inv.page = t.pa & ~(self->page_size_ - 1);
    }
    self->code_sink_(inv);
    return;
  }
  if (it->second <= kActlrHook) {  // Unicorn then executes the write (ignored: ACTLR is constant)
    if (!is_actlr_write(insn, thumb, &rt) || kActlrHook - int(rt) != it->second) return;
    self->actlr_ = self->get_reg(rt <= 12 ? UC_ARM_REG_R0 + rt : rt == 13 ? UC_ARM_REG_SP : UC_ARM_REG_LR);
    return;
  }
  if (it->second == kSevHook) {
    if (is_sev(insn, thumb)) self->send_event();
    return;
  }
  arm::IdRegister id{};
  if (!is_id_register_read(insn, thumb, &id, &rt) || id_read(id, rt) != it->second) return;
  // ID registers are PL1 only: at PL0 Unicorn executes the MRC, which is undefined there.
  if ((self->cpsr() & 0x1Fu) == 0x10u) return;
  const uint32_t value = id == arm::IdRegister::kMpidr
                             ? self->mpidr_
                             : UnicornA9::id_register(id, self->uc_.cp15(0, 0, 2, 0));  // CSSELR
  self->set_reg(rt <= 12 ? UC_ARM_REG_R0 + rt : rt == 13 ? UC_ARM_REG_SP : UC_ARM_REG_LR, value);
  self->set_reg(UC_ARM_REG_R15, static_cast<uint32_t>(addr) + 4 | (thumb ? 1u : 0u));
}

}  // namespace zvp
