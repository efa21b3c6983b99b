// The Cortex-A9 core's address translation (cortex_a9.h, a9_translation.h): Unicorn's TLB
// filled by the model's own short-descriptor walk (UC_TLB_VIRTUAL + UC_HOOK_TLB_FILL), the
// aborts a refused fill raises with their exact status, the core's own reads of guest memory
// through the same translation, and the detection of a core halted for ever.
//
// Unicorn 2.1.1 (qemu/softmmu/unicorn_vtlb.c): the fill hook gets the page's virtual address
// and the access kind (read, write, fetch), not the MMU index; the privilege is CPSR's mode at
// the time of the fill, which is the executing instruction's (LDRT/STRT, which access as
// user from a privileged mode, are checked with the privileged rights). Unicorn's TLB keeps
// separate entries per MMU index (user and privileged), and its ARM code flushes them on
// SCTLR, DACR and CONTEXTIDR changes and on the TLB maintenance operations, so the rights
// returned for a page hold until the guest changes them. A refused fill ends the run with
// UC_ERR_EXCEPTION and PC restored to the faulting instruction (cpu_loop_exit_restore); probe
// fills (no exception) cannot be told apart, so the fault recorded here is only used when the
// run ends that way.
#include <cstring>

#include "core/log.h"
#include "cpu/arm/a9_bits.h"
#include "cpu/arm/arm_decode.h"
#include "cpu/arm/cortex_a9.h"

namespace zvp {

using namespace arm;  // a9_bits.h

uint8_t* CortexA9::dmi_ptr(uint32_t pa, uint32_t len) const {
  for (const DmiRegion& r : dmi_)
    if (r.ptr && pa >= r.base && uint64_t(pa) - r.base + len <= r.size) return r.ptr + (pa - r.base);
  return nullptr;
}

A9Translation CortexA9::translate(uint32_t va) const { return translate(va, uc_.mmu_regs()); }

A9Translation CortexA9::translate(uint32_t va, const A9MmuRegs& regs) const {
  const bool privileged = (cpsr() & kModeMask) != 0x10;
  return a9_translate(va, regs, privileged, [this](uint32_t pa, uint32_t& w) {
    const uint8_t* p = (pa & 3) ? nullptr : dmi_ptr(pa, 4);
    if (p) std::memcpy(&w, p, 4);
    return p != nullptr;
  });
}

bool CortexA9::read_virtual(uint32_t va, void* dst, uint32_t len) const {
  return read_virtual(va, dst, len, uc_.mmu_regs());  // each read is a CP15 lookup in Unicorn: once
}

bool CortexA9::read_virtual(uint32_t va, void* dst, uint32_t len, const A9MmuRegs& regs) const {
  auto* out = static_cast<uint8_t*>(dst);
  while (len) {
    const uint32_t chunk = std::min<uint32_t>(len, 0x1000 - (va & 0xFFF));
    uint32_t pa = va;
    if (regs.mmu_on()) {
      const A9Translation t = translate(va, regs);
      if (!t.mapped) return false;
      pa = t.pa;
    }
    const uint8_t* p = dmi_ptr(pa, chunk);
    if (!p) return false;
    std::memcpy(out, p, chunk);
    out += chunk;
    va += chunk;
    len -= chunk;
  }
  return true;
}

// Through Unicorn's physical write, so that code translated from the bytes is dropped.
bool CortexA9::write_virtual(uint32_t va, const void* src, uint32_t len) {
  const auto* in = static_cast<const uint8_t*>(src);
  while (len) {
    const uint32_t chunk = std::min<uint32_t>(len, 0x1000 - (va & 0xFFF));
    const A9Translation t = translate(va);
    if (!t.mapped || !dmi_ptr(t.pa, chunk) || !uc_.write(t.pa, in, chunk)) return false;
    in += chunk;
    va += chunk;
    len -= chunk;
  }
  return true;
}

bool CortexA9::on_tlb_fill(uc_engine*, uint64_t vaddr, uc_mem_type type, uc_tlb_entry* e, void* self_) {
  auto* self = static_cast<CortexA9*>(self_);
  const uint32_t va = static_cast<uint32_t>(vaddr);
  if (self->identity_fill_) {  // drop_code_pages: the physical page itself
    e->paddr = va & ~(self->page_size_ - 1);
    e->perms = UC_PROT_ALL;
    return true;
  }
  const Access kind = type == UC_MEM_FETCH ? Access::kFetch : type == UC_MEM_WRITE ? Access::kWrite : Access::kRead;
  const A9Translation t = self->translate(va, self->fill_regs());
  uint32_t status = t.status(kind);
  // Code runs from memory only: a fetch from a device is answered with an error (as before).
  const bool memory = t.mapped && self->dmi_ptr(t.pa & ~(self->page_size_ - 1), self->page_size_);
  if (!status && kind == Access::kFetch && !memory) status = fs::kExternal;
  if (status) {
    self->fill_fault_ = {true, va, kind, status};
    return false;
  }
  e->paddr = t.pa & ~(self->page_size_ - 1);
  if (kind == Access::kFetch && !self->align_seen_.empty())
    self->note_code_mapping(va & ~(self->page_size_ - 1), static_cast<uint32_t>(e->paddr));
  uint32_t perms = memory ? t.perms : (t.perms & ~kPermX);  // same bits as UC_PROT_*
  // In a cluster a data fill does not grant execution, so that a block is translated only from a
  // page that had a fetch fill, which registers it (invalidations compare its bytes).
  if (self->code_sink_) {
    if (kind == Access::kFetch && memory) self->register_code_page(e->paddr, va & ~(self->page_size_ - 1));
    else perms &= ~kPermX;
  }
  e->perms = static_cast<uc_prot>(perms);
  return true;
}

// The registers the walk reads (SCR for the bank, SCTLR, TTBR0, TTBR1, TTBCR, DACR) cost a
// lookup in Unicorn's CP15 hash table each (six per fill; a Linux boot makes about 200,000
// fills, a few percent of its host time), so the fills share one reading while the guest
// cannot have changed them: it is dropped at each slice start (the model's own CP15 writes
// happen between slices) and not kept while the executing block (block_, set by the block hook
// before the block's first instruction) is one whose code has an MCR/MCRR that may write them.
// Unicorn ends a translated block after every CP15 write (target/arm/translate.c,
// do_coproc_insn), so fills after such a write and before the next block hook (including the
// next block's fetch, filled before its hook runs) are within that block's tenure and read the
// registers afresh. The block hook's reads of a new block's code (read_code) use the same
// reading. A block's code is decoded when the block is first seen (count_block); its
// start address stays marked for good (another block at the same address can only add).
const A9MmuRegs& CortexA9::fill_regs() const {
  const bool writer = translation_writers_.count(block_->addr) != 0;
  if (!fill_regs_valid_ || writer) {
    fill_regs_ = uc_.mmu_regs();
    fill_regs_valid_ = !writer;
  }
  return fill_regs_;
}

void CortexA9::note_translation_writes(uint32_t addr, uint32_t size, const uint8_t* code, bool thumb) {
  bool writes = code == nullptr;  // unreadable: assume it does
  for (uint32_t off = 0; !writes && off + (thumb ? 2u : 4u) <= size;) {
    uint32_t insn = 0;
    unsigned len = 4;
    insn_at(code, off, thumb, insn, len);
    writes = writes_translation_reg(insn, thumb);
    off += len;
  }
  if (writes) translation_writers_.insert(addr);
}

// The run ended on a refused fill: the abort, with the fault from the walk. A fetch's IFAR is
// PC, or the next page's start when the faulting page is the one after PC's (an instruction
// straddling two pages); a data access's DFAR is the first byte it touches in the page.
void CortexA9::fill_fault_abort(uint32_t pc) {
  const FillFault f = fill_fault_;
  fill_fault_ = {};
  if (f.kind == Access::kFetch) {
    // The IFSR has no domain field (ARM ARM B4.1.96): bits [7:4] read as zero.
    prefetch_abort(pc, (pc & ~(page_size_ - 1)) == f.page ? pc : f.page, f.status & ~0xF0u);
    return;
  }
  const uint32_t addr = fault_address(pc, f.page, nullptr);
  data_abort(pc, addr, f.kind == Access::kWrite, f.status);
}

uint32_t CortexA9::fault_address(uint32_t pc, uint32_t page, bool* write, bool any_page) {
  const bool thumb = cpsr() & kT;
  uint32_t insn = 0;
  if (thumb) {
    uint16_t h1 = 0, h2 = 0;
    fetch16(pc, h1);
    if (thumb32_prefix(h1)) fetch16(pc + 2, h2);
    insn = h1 | (uint32_t(h2) << 16);
  } else {
    fetch32(pc, insn);
  }
  uint32_t regs[16];
  for (unsigned i = 0; i < 15; ++i) regs[i] = reg(i);
  regs[15] = 0;
  const MemAccess m = decode_mem(pc, insn, thumb, regs);
  if (m.is_mem && write) *write = !m.is_load;
  if (!m.range_known) return page;
  if (any_page) return m.lo;
  const uint64_t lo = m.lo, hi = m.lo <= m.hi ? m.hi : (1ull << 32), end = uint64_t(page) + page_size_;
  if (hi <= page || lo >= end) return page;  // not this page (decoding failed): its start
  return lo > page ? m.lo : page;
}

// The target of an unconditional direct branch at pc (ARM B, Thumb B T2/T4), or false.
bool CortexA9::branch_target(uint32_t pc, bool thumb, uint32_t& target) const {
  if (!thumb) {
    uint32_t w = 0;
    return fetch32(pc, w) && arm::arm_branch_target(w, pc, &target);
  }
  uint16_t h1 = 0, h2 = 0;
  unsigned len = 0;
  if (!fetch16(pc, h1)) return false;
  if (thumb32_prefix(h1) && !fetch16(pc + 2, h2)) return false;
  return arm::thumb_branch_target(h1, h2, pc, &target, &len);
}

// A branch to itself, or (after_wfi) a branch back to the WFI just executed, with IRQs masked
// and FIQs masked or not raised.
bool CortexA9::loops_for_ever(uint32_t pc, bool thumb, bool after_wfi) const {
  const uint32_t c = cpsr();
  if (!(c & kI) || (!(c & kF) && fiq_)) return false;
  uint32_t target = 0;
  if (!branch_target(pc, thumb, target)) return false;
  if (!after_wfi) return target == pc;
  uint16_t h = 0;
  const uint32_t wfi = !thumb ? pc - 4 : (fetch16(pc - 2, h) && h == 0xBF30) ? pc - 2 : pc - 4;
  return target == wfi;
}

}  // namespace zvp
