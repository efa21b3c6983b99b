// Alignment faults for every load/store class (CortexA9Params::alignment_checks). Unicorn 2.1.1
// (QEMU 5.0's ARM front end) checks alignment for the exclusive loads and stores only: it lets an
// unaligned LDM, LDRD or VLDR through, and ignores SCTLR.A. With the checks on, one code hook sees
// every instruction before it runs; the instruction's rule (arm_alignment.h) is kept per address,
// and a load/store whose rule applies gets its lowest address from the registers
// (arm::decode_mem) and, if misaligned, takes the data abort instead of running: DFSR FS = 0x1
// (alignment), WnR for stores, DFAR = that address.
#include <cstring>

#include "cpu/arm/a9_bits.h"
#include "cpu/arm/arm_decode.h"
#include "cpu/arm/cortex_a9.h"

namespace zvp {

using namespace arm;

void CortexA9::on_alignment_check(uc_engine*, uint64_t addr64, uint32_t, void* self_) {
  auto* self = static_cast<CortexA9*>(self_);
  const uint32_t pc = static_cast<uint32_t>(addr64);
  AlignSeen& e = self->align_seen_[(pc >> 1) & (kAlignSeen - 1)];
  // The usual case: an instruction seen before, unchanged, that has no rule. (Its state, ARM or
  // Thumb, is compared only for those with a rule: the same bytes run in both states would be
  // a program that jumps into data.)
  uint32_t now = 0;
  if (!(e.pc == pc && e.generation == self->code_generation_ && e.host &&
        (std::memcpy(&now, e.host, e.len), now == e.insn)))
    self->decode_alignment(pc, (self->cpsr() & kT) != 0, e);
  // SCTLR may change once this instruction has run: read it again at the next check.
  if (e.cp15_write) self->sctlr_a_ = -1;
  if (e.rule.any()) self->check_alignment(pc, e);
}

void CortexA9::decode_alignment(uint32_t pc, bool thumb, AlignSeen& e) {
  e = AlignSeen{};
  uint32_t insn = 0;
  unsigned len = 4;
  if (!fetch_insn(pc, thumb, insn, len)) return;  // not readable: Unicorn aborts the fetch itself
  e.pc = pc;
  e.insn = len == 2 ? (insn & 0xFFFFu) : insn;
  e.len = static_cast<uint8_t>(len);
  e.thumb = thumb;
  e.generation = code_generation_;
  e.rule = alignment_rule(insn, thumb);
  e.regs = mem_address_regs(insn, thumb);
  e.cp15_write = writes_translation_reg(insn, thumb);
  const A9Translation t = translate(pc);
  if (t.mapped && ((t.pa & (page_size_ - 1)) + len) <= page_size_) e.host = dmi_ptr(t.pa, len);
}

void CortexA9::check_alignment(uint32_t pc, AlignSeen& e) {
  const uint32_t c = cpsr();
  const bool thumb = (c & kT) != 0;
  if (thumb != e.thumb) {
    decode_alignment(pc, thumb, e);
    if (!e.rule.any()) return;
  }
  if (e.rule.strict > e.rule.always && sctlr_a_ < 0) sctlr_a_ = (fill_regs().sctlr & kSctlrA) ? 1 : 0;
  const unsigned need = e.rule.required(sctlr_a_ > 0);
  if (need <= 1 || !insn_condition_passed(e.insn, thumb, c)) return;
  // Only the registers the address is made of (uc_reg_read of r0-r14 costs a switch each).
  uint32_t regs[16] = {};
  for (uint32_t m = e.regs; m; m &= m - 1) regs[__builtin_ctz(m)] = reg(__builtin_ctz(m));
  const MemAccess m = decode_mem(pc, e.insn, thumb, regs);
  if (!m.range_known || (m.lo & (need - 1)) == 0) return;
  ++alignment_faults_;
  data_abort(pc, m.lo, !m.is_load, fs::kAlignment);  // sets PC: the instruction does not run
}

// A virtual code page that now maps to another physical page may hold other code: the rules
// seen are dropped (a new generation).
void CortexA9::note_code_mapping(uint32_t va_page, uint32_t pa_page) {
  const auto [it, added] = code_pa_.emplace(va_page, pa_page);
  if (!added && it->second != pa_page) {
    it->second = pa_page;
    ++code_generation_;
  }
}

}  // namespace zvp
