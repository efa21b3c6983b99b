#include "cpu/arm/a9_memory_system.h"

#include <stdexcept>

#include "core/params.h"

namespace zvp::arm {

void A9CacheParams::declare(ParamScope& p) {
  p.add("enabled", enabled,
        "model the L1 caches, TLBs and the L2 (PL310) as timing; off: every access is an L1 hit "
        "(faster: the core's memory accesses then stay on Unicorn's direct path)");
  p.add("l1_kb", l1_kb, "KB", "size of each L1 cache (instruction, data)", 1, 1024);
  p.add("l1_ways", l1_ways, "ways", "associativity of each L1 cache", 1, 32);
  p.add("l2_hit_cycles", l2_hit_cycles, "cycles", "an L1 miss served by the L2 (beyond the L1 hit latency)", 0, 1000);
  p.add("utlb_miss_cycles", utlb_miss_cycles, "cycles", "a micro-TLB miss that hits the main TLB", 0, 1000);
  p.add("walk_cycles", walk_cycles, "cycles", "a main-TLB miss: the walk's own cycles (its descriptor reads come on top)", 0, 1000);
  p.add("utlb_entries", utlb_entries, "entries", "entries of each micro TLB (instruction, data), fully associative", 1, 1024);
  p.add("main_tlb_entries", main_tlb_entries, "entries", "entries of the main TLB", 1, 4096);
  p.add("main_tlb_ways", main_tlb_ways, "ways", "associativity of the main TLB", 1, 4096);
  p.add("scu_transfer_cycles", scu_transfer_cycles, "cycles", "an L1 data miss served from the other core's L1 through the SCU (instead of L2/DDR)", 0, 1000);
  p.add("scu_invalidate_cycles", scu_invalidate_cycles, "cycles", "a store to a line the other core holds: the SCU invalidates it there (charged to the writer)", 0, 1000);
}

std::string A9CacheParams::check() const {
  const std::string g = CacheGeometry{l1_kb * 1024, l1_ways, 32}.check();
  if (!g.empty()) return "l1_kb / l1_ways: " + g;
  const unsigned sets = main_tlb_ways ? main_tlb_entries / main_tlb_ways : 0;
  if (!main_tlb_ways || main_tlb_entries % main_tlb_ways || !sets || (sets & (sets - 1)))
    return "main_tlb_entries must be a multiple of main_tlb_ways with a power-of-two quotient (sets)";
  return "";
}

// ---------------------------------------------------------------------------------------------
// TLB

A9Tlb::A9Tlb(unsigned entries, unsigned ways) {
  if (ways == 0 || entries == 0 || entries % ways || ((entries / ways) & (entries / ways - 1)))
    throw std::invalid_argument("TLB: entries must be a multiple of the ways, with a power-of-two number of sets");
  ways_ = ways;
  sets_ = entries / ways;
  e_.resize(entries);
  next_.assign(sets_, 0);
}

unsigned A9Tlb::set_of(uint32_t va, uint32_t mask) const {
  unsigned shift = 12;
  while (shift < 24 && ((mask >> shift) & 1u)) shift += 4;  // 4 KB, 64 KB, 1 MB, 16 MB
  return (va >> shift) & (sets_ - 1);
}

const A9Tlb::Entry* A9Tlb::lookup(uint32_t va) {
  if (last_ && last_->valid && (va & ~last_->mask) == last_->va) return last_;
  auto scan = [&](unsigned set, uint32_t mask) -> const Entry* {
    for (unsigned w = 0; w < ways_; ++w) {
      const Entry& e = e_[set * ways_ + w];
      if (e.valid && (mask == 0 || e.mask == mask) && (va & ~e.mask) == e.va) return &e;
    }
    return nullptr;
  };
  const Entry* hit = nullptr;
  if (sets_ == 1) {
    hit = scan(0, 0);
  } else {
    for (uint32_t mask : {0xFFFu, 0xFFFFu, 0xFFFFFu, 0xFFFFFFu})
      if ((hit = scan(set_of(va, mask), mask))) break;
  }
  if (hit) last_ = hit;
  return hit;
}

void A9Tlb::insert(const Entry& e) {
  const unsigned set = set_of(e.va, e.mask);
  unsigned way = next_[set];
  for (unsigned w = 0; w < ways_; ++w)
    if (!e_[set * ways_ + w].valid) {
      way = w;
      break;
    }
  if (way == next_[set]) next_[set] = (next_[set] + 1) % ways_;
  e_[set * ways_ + way] = e;
  last_ = &e_[set * ways_ + way];
}

void A9Tlb::invalidate_all() {
  for (Entry& e : e_) e = Entry{};
  last_ = nullptr;
}

// ---------------------------------------------------------------------------------------------
// SCU duplicate tags

bool A9ScuTags::held_by_other(const A9MemorySystem* self, uint32_t pa) const {
  for (const A9MemorySystem* c : cores_)
    if (c != self && c->l1d_.contains(pa)) return true;
  return false;
}

bool A9ScuTags::invalidate_others(const A9MemorySystem* self, uint32_t pa) {
  bool any = false;
  for (A9MemorySystem* c : cores_)
    if (c != self && c->l1d_.contains(pa)) {
      c->l1d_.invalidate(pa);  // a dirty copy migrates to the writer: no write-back
      any = true;
    }
  return any;
}

// ---------------------------------------------------------------------------------------------
// Memory system

namespace {
constexpr uint32_t kSctlrM = 1u << 0, kSctlrC = 1u << 2, kSctlrI = 1u << 12;
constexpr uint32_t kLine = 32;

CacheGeometry l1_geometry(const A9CacheParams& p) {
  return CacheGeometry{p.l1_kb * 1024, p.l1_ways, kLine};
}

// Inner cacheability of a short-descriptor mapping with TEX remap off (ARMv7-A ARM B3.8.2).
bool inner_cacheable(uint32_t tex, bool c, bool b) {
  if (tex & 4u) return (c || b);                   // TEX[2] = 1: inner policy in C,B (00 = NC)
  if (tex == 0) return c;                          // write-through / write-back, no allocate
  if (tex == 1) return c && b;                     // write-back write-allocate (00: NC normal)
  return false;                                    // device, reserved
}
}  // namespace

A9MemorySystem::A9MemorySystem(const A9CacheParams& p, PhysRead read)
    : p_(p), read_(std::move(read)), l1i_(l1_geometry(p)), l1d_(l1_geometry(p)),
      utlb_i_(p.utlb_entries, p.utlb_entries), utlb_d_(p.utlb_entries, p.utlb_entries),
      main_(p.main_tlb_entries, p.main_tlb_ways) {}

void A9MemorySystem::set_control(uint32_t sctlr, uint32_t ttbr0) {
  if (((sctlr ^ sctlr_) & kSctlrM) || ttbr0 != ttbr0_) {
    utlb_i_.invalidate_all();
    utlb_d_.invalidate_all();
    main_.invalidate_all();
  }
  sctlr_ = sctlr;
  ttbr0_ = ttbr0;
}

void A9MemorySystem::descriptor_read(uint32_t pa, Cost& c) {
  // TTBR0.RGN (bits 4:3): outer cacheability of the walk's reads; 0 = non-cacheable.
  if (((ttbr0_ >> 3) & 3u) != 0 && l2_ && l2_->outer_enabled()) {
    c.cycles += p_.l2_hit_cycles;
    if (l2_->outer_access(pa, false, false).hit) {
      ++n_.l2_hits;
      return;
    }
    ++n_.l2_misses;
  }
  c.read(pa & ~3u, 4);
}

bool A9MemorySystem::walk(uint32_t va, A9Tlb::Entry& e, Cost& c) {
  ++n_.walks;
  c.cycles += p_.walk_cycles;
  const uint32_t l1_addr = (ttbr0_ & 0xFFFFC000u) | ((va >> 20) << 2);
  uint32_t d = 0;
  descriptor_read(l1_addr, c);
  if (!read_(l1_addr, d)) return false;
  uint32_t tex = 0;
  bool cb = false, bb = false;
  // A mapping of size mask + 1 from descriptor v: base address, TEX at tex_shift, C bit 3, B bit 2.
  auto map = [&](uint32_t v, uint32_t mask, unsigned tex_shift) {
    e.mask = mask;
    e.pa = v & ~mask;
    tex = (v >> tex_shift) & 7u;
    cb = v & 8u;
    bb = v & 4u;
  };
  switch (d & 3u) {
    case 2:  // section (1 MB) or supersection (16 MB)
      map(d, (d & (1u << 18)) ? 0xFFFFFFu : 0xFFFFFu, 12);
      break;
    case 1: {  // second-level table
      const uint32_t l2_addr = (d & 0xFFFFFC00u) | (((va >> 12) & 0xFFu) << 2);
      uint32_t s = 0;
      descriptor_read(l2_addr, c);
      if (!read_(l2_addr, s) || (s & 3u) == 0) return false;
      if ((s & 3u) == 1) map(s, 0xFFFFu, 12);  // large page, 64 KB
      else map(s, 0xFFFu, 6);                  // small page, 4 KB
      break;
    }
    default:
      return false;  // translation fault: Unicorn raises the abort; nothing to cache
  }
  e.va = va & ~e.mask;
  e.cacheable = inner_cacheable(tex, cb, bb);
  e.valid = true;
  return true;
}

A9MemorySystem::Translation A9MemorySystem::translate(uint32_t va, bool instruction, Cost& c) {
  // MMU off: flat; instruction fetches are cacheable (SCTLR.I decides), data is Strongly-ordered.
  if (!(sctlr_ & kSctlrM)) return {va, instruction};
  A9Tlb& micro = instruction ? utlb_i_ : utlb_d_;
  const A9Tlb::Entry* e = micro.lookup(va);
  if (!e) {
    ++n_.utlb_misses;
    c.cycles += p_.utlb_miss_cycles;
    e = main_.lookup(va);
    if (!e) {
      A9Tlb::Entry w;
      if (!walk(va, w, c)) return {va, false};
      main_.insert(w);
      e = main_.lookup(va);
    }
    micro.insert(*e);
  }
  return {e->pa | (va & e->mask), e->cacheable};
}

void A9MemorySystem::outer_fill(uint32_t pa, bool instruction, Cost& c) {
  const uint32_t line = pa & ~(kLine - 1);
  if (l2_ && l2_->outer_enabled()) {
    c.cycles += p_.l2_hit_cycles;
    if (l2_->outer_access(line, false, instruction).hit) {
      ++n_.l2_hits;
      return;
    }
    ++n_.l2_misses;
  }
  c.read(line, kLine);
}

void A9MemorySystem::write_back(uint32_t pa, Cost& c) {
  ++n_.l1_write_backs;
  if (l2_ && l2_->outer_enabled()) l2_->outer_access(pa, true, false);
  (void)c;
}

// A store makes its line exclusive: the SCU drops the other cores' copies, at the writer's cost.
void A9MemorySystem::snoop_store(uint32_t pa, Cost& c) {
  if (!scu_ || !scu_->invalidate_others(this, pa)) return;
  ++n_.scu_invalidations;
  c.cycles += p_.scu_invalidate_cycles;
}

A9MemorySystem::Cost A9MemorySystem::data(uint32_t va, unsigned size, bool write) {
  Cost c;
  const Translation t = translate(va, false, c);
  if (!t.cacheable || !(sctlr_ & kSctlrC)) {
    if (!write) {
      ++n_.uncached_reads;
      c.read(t.pa, size ? size : 4);
    }
    return c;
  }
  if (write) snoop_store(t.pa, c);
  const bool elsewhere = !write && scu_ && scu_->held_by_other(this, t.pa);
  const SetAssocCache::Result r = l1d_.access(t.pa, write);
  if (r.hit) {
    ++n_.l1d_hits;
    return c;
  }
  ++n_.l1d_misses;
  if (r.evicted_dirty) write_back(r.evicted_addr, c);
  if (elsewhere) {  // cache-to-cache transfer through the SCU: no L2 lookup, no DDR read
    ++n_.scu_transfers;
    c.cycles += p_.scu_transfer_cycles;
    return c;
  }
  if (write) {
    // Write-allocate through the line-fill buffers: the store does not wait; the L2 sees the fill.
    if (l2_ && l2_->outer_enabled()) {
      if (l2_->outer_access(t.pa & ~(kLine - 1), false, false).hit) ++n_.l2_hits;
      else ++n_.l2_misses;
    }
    return c;
  }
  outer_fill(t.pa, false, c);
  return c;
}

A9MemorySystem::Cost A9MemorySystem::fetch_line(uint32_t va) {
  Cost c;
  const Translation t = translate(va, true, c);
  if (!t.cacheable || !(sctlr_ & kSctlrI)) {
    ++n_.uncached_reads;
    c.read(t.pa & ~(kLine - 1), kLine);
    return c;
  }
  if (l1i_.access(t.pa, false).hit) {
    ++n_.l1i_hits;
    return c;
  }
  ++n_.l1i_misses;
  outer_fill(t.pa, true, c);
  return c;
}

A9MemorySystem::Cost A9MemorySystem::maintain(unsigned crn, unsigned crm, unsigned opc2, uint32_t v) {
  Cost c;
  ++n_.maintenance;
  if (crn == 8) {  // TLB maintenance: all forms invalidate everything (see the header)
    utlb_i_.invalidate_all();
    utlb_d_.invalidate_all();
    main_.invalidate_all();
    return c;
  }
  if (crn != 7) return c;
  // Set/way operand: way in the top log2(ways) bits, set from bit 5 (ARMv7-A ARM B4.2.1).
  const uint32_t ways = l1d_.geometry().ways;
  unsigned way_bits = 0;
  while ((1u << way_bits) < ways) ++way_bits;
  const uint32_t way = way_bits ? v >> (32 - way_bits) : 0;
  const uint32_t set = (v >> 5) & (l1d_.geometry().sets() - 1);
  auto by_mva = [&](bool instruction) { return translate(v, instruction, c).pa; };
  // A dirty line written back costs the L1-L2 transfer; by set/way the line's address is not
  // known here, so the L2's state is left as it is (its copy stays, as a clean line would).
  auto wb = [&](bool written, const uint32_t* pa) {
    if (!written) return;
    if (pa) write_back(*pa, c);
    else ++n_.l1_write_backs;
    c.cycles += p_.l2_hit_cycles;
  };
  switch (crm * 8 + opc2) {
    case 5 * 8 + 0: l1i_.invalidate_all(); break;                         // ICIALLU
    case 5 * 8 + 1: l1i_.invalidate(by_mva(true)); break;                 // ICIMVAU
    case 6 * 8 + 1: l1d_.invalidate(by_mva(false)); break;                // DCIMVAC
    case 6 * 8 + 2: l1d_.invalidate_set_way(set, way); break;             // DCISW
    case 10 * 8 + 1: case 11 * 8 + 1: {                                   // DCCMVAC, DCCMVAU
      const uint32_t pa = by_mva(false);
      wb(l1d_.clean(pa), &pa);
      break;
    }
    case 10 * 8 + 2: wb(l1d_.clean_set_way(set, way, false), nullptr); break;   // DCCSW
    case 14 * 8 + 1: {                                                    // DCCIMVAC
      const uint32_t pa = by_mva(false);
      wb(l1d_.clean_invalidate(pa), &pa);
      break;
    }
    case 14 * 8 + 2: wb(l1d_.clean_set_way(set, way, true), nullptr); break;   // DCCISW
    default: break;  // branch predictor, barriers (CP15 DSB/ISB/DMB), PAR operations
  }
  return c;
}

}  // namespace zvp::arm
