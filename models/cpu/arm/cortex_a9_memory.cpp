// The Cortex-A9's memory-system model wired into the core (see a9_memory_system.h): the
// Unicorn hooks that feed it, and how its costs become time. Only installed with
// caches.enabled; without it none of this runs and memory stays on Unicorn's direct path.
#include <algorithm>
#include <cstring>

#include "core/log.h"
#include "cpu/arm/a9_bits.h"
#include "cpu/arm/arm_decode.h"
#include "cpu/arm/cortex_a9.h"

namespace zvp {

namespace {
using arm::kT;

// MCR p15, 0, Rt, CRn, CRm, opc2 with CRn in {1, 2, 7, 8}: fields, or false.
struct Mcr {
  unsigned rt, crn, crm, opc2;
};
bool arm_mcr(uint32_t w, Mcr& m) {
  if ((w & 0x0FF00F10u) != 0x0E000F10u || (w >> 28) == 0xF) return false;  // MCR p15, opc1 0
  m = {(w >> 12) & 15u, (w >> 16) & 15u, w & 15u, (w >> 5) & 7u};
  return m.rt != 15 && (m.crn == 1 || m.crn == 2 || m.crn == 7 || m.crn == 8);
}
bool thumb_mcr(uint16_t h1, uint16_t h2, Mcr& m) {
  if ((h1 & 0xFFF0u) != 0xEE00u || (h2 & 0x0F10u) != 0x0F10u) return false;
  m = {(h2 >> 12) & 15u, h1 & 15u, h2 & 15u, (h2 >> 5) & 7u};
  return m.rt != 15 && (m.crn == 1 || m.crn == 2 || m.crn == 7 || m.crn == 8);
}
}  // namespace

void CortexA9::set_outer_cache(OuterCache* l2) {
  if (mem_) mem_->set_outer(l2);
}

void CortexA9::set_scu_tags(arm::A9ScuTags* scu) {
  if (mem_) mem_->set_scu(scu);
}

void CortexA9::watch_maintenance(const ElfImage& image) {
  if (!mem_) return;
  unsigned n = 0;
  for (const ElfSegment& s : image.segments) {
    if (!s.exec) continue;
    const auto& d = s.data;
    for (size_t off = 0; off + 4 <= d.size(); off += 2) {
      const uint16_t h1 = uint16_t(d[off] | d[off + 1] << 8), h2 = uint16_t(d[off + 2] | d[off + 3] << 8);
      Mcr m;
      const bool hit = (off % 4 == 0 && arm_mcr(uint32_t(h1) | uint32_t(h2) << 16, m)) || thumb_mcr(h1, h2, m);
      if (!hit) continue;
      const uint64_t a = s.vaddr + off;
      if (uc_.add_hook(UC_HOOK_CODE, reinterpret_cast<void*>(&CortexA9::on_maintenance), this, a, a)) {
        ++n;
        code_hooks_ = true;
      }
    }
  }
  log::info(name(), "memory-system model: " + std::to_string(n) + " cache/TLB/MMU control instructions watched");
}

void CortexA9::refresh_memory_control() {
  mem_->set_control(cp15(1, 0, 0, 0), cp15(2, 0, 0, 0));
}

// Cycles stall the core; memory reads are transactions on its bus at its current time.
void CortexA9::apply(const arm::A9MemorySystem::Cost& c) {
  if (c.cycles) {
    if (p_.cpi > 0) stall_cycles_ += c.cycles;
    else units_ += c.cycles;
  }
  for (unsigned i = 0; i < c.reads; ++i) timed_read(c.read_addr[i], c.read_bytes[i]);
}

// A line fill, descriptor read or uncached load, timed by the memory system below the core
// (interconnect, DDR controller: its latency and, in `at`, the other masters' traffic). The data
// itself comes through DMI as before; this transaction's bytes are discarded. Only memory is
// read this way: a page table may map a memory address to a device, and a timing read there
// would have the device's read side effects (the access itself went to memory, through DMI).
void CortexA9::timed_read(uint32_t addr, uint32_t bytes) {
  const bool memory = std::any_of(dmi_.begin(), dmi_.end(), [&](const DmiRegion& r) {
    return r.ptr && addr >= r.base && addr - r.base + bytes <= r.size;
  });
  if (!memory) return;
  uint8_t buf[32];
  bytes = std::min<uint32_t>(bytes, sizeof buf);
  charge_instructions();
  fill_gp_.set_command(tlm::TLM_READ_COMMAND);
  fill_gp_.set_address(addr);
  fill_gp_.set_data_ptr(buf);
  fill_gp_.set_data_length(bytes);
  fill_gp_.set_streaming_width(bytes);
  fill_gp_.set_byte_enable_ptr(nullptr);
  fill_gp_.set_byte_enable_length(0);
  fill_gp_.set_dmi_allowed(false);
  fill_gp_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  qk_.catch_up();
  sc_core::sc_time delay = qk_.get_local_time();
  bus->b_transport(fill_gp_, delay);
  qk_.set(delay);
  if (qk_.need_sync()) request_stop();
}

void CortexA9::on_mem_access(uc_engine*, uc_mem_type type, uint64_t addr, int size, int64_t, void* self_) {
  auto* self = static_cast<CortexA9*>(self_);
  const bool write = type == UC_MEM_WRITE;
  self->apply(self->mem_->data(static_cast<uint32_t>(addr), static_cast<unsigned>(size), write));
}

// Every line of the block about to execute is fetched (a block is straight-line code).
void CortexA9::on_fetch_block(uc_engine*, uint64_t addr, uint32_t size, void* self_) {
  auto* self = static_cast<CortexA9*>(self_);
  const uint32_t first = static_cast<uint32_t>(addr) & ~31u;
  const uint32_t last = static_cast<uint32_t>(addr + (size ? size : 1) - 1) & ~31u;
  for (uint32_t line = first;; line += 32) {
    self->apply(self->mem_->fetch_line(line));
    if (line == last) break;
  }
}

// A watched MCR is about to execute: its operand is in Rt now.
void CortexA9::on_maintenance(uc_engine*, uint64_t addr, uint32_t, void* self_) {
  auto* self = static_cast<CortexA9*>(self_);
  const uint32_t a = static_cast<uint32_t>(addr);
  const uint32_t cpsr = self->cpsr();
  Mcr m;
  if (cpsr & kT) {
    uint16_t h1 = 0, h2 = 0;
    if (!self->fetch16(a, h1) || !self->fetch16(a + 2, h2) || !thumb_mcr(h1, h2, m)) return;
  } else {
    uint32_t w = 0;
    if (!self->fetch32(a, w) || !arm_mcr(w, m) || !arm::condition_passed(w >> 28, cpsr)) return;
  }
  const uint32_t v = self->reg(m.rt);
  arm::A9MemorySystem& mem = *self->mem_;
  if (m.crn == 1 && m.crm == 0 && m.opc2 == 0) {
    mem.set_control(v, self->cp15(2, 0, 0, 0));  // SCTLR
  } else if (m.crn == 2 && m.crm == 0 && m.opc2 == 0) {
    mem.set_control(mem.sctlr(), v);  // TTBR0
  } else if (m.crn == 7 || m.crn == 8) {
    self->apply(mem.maintain(m.crn, m.crm, m.opc2, v));
  }
}

}  // namespace zvp
