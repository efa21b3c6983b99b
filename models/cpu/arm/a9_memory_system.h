// The Cortex-A9's memory hierarchy as timing: the L1 instruction and data caches, the micro and
// main TLBs with hardware table walks, and the L2 (the PL310, an OuterCache) behind them. Tag
// stores only: the data stays in the memory models (DMI), so an access's cost is decided here
// and its data moves as before. The core (cortex_a9.cpp) feeds it every data access and every
// fetched line when the model is on (`cpu0.caches.enabled`), and the cache/TLB maintenance
// operations the firmware executes (MCR p15 c7/c8) and writes of SCTLR/TTBR0.
//
// Costs, in core cycles on top of the pipeline model (which already counts an L1 hit's
// load-use latency):
//   - load or fetch that misses L1 and hits L2: `l2_hit_cycles`;
//   - L2 miss or L2 disabled: l2_hit_cycles (when enabled) plus a line fill from memory, which
//     the core times as a 32-byte read transaction on its bus (the DDR model's latency and, in
//     `at`, its contention with DMAs);
//   - non-cacheable load (MMU off: data is Strongly-ordered; or a Device/non-cacheable page):
//     a read transaction of the access's size;
//   - stores: no stall (the A9's store buffer and line-fill buffers take them; a write miss
//     allocates, WBWA, without stalling the pipeline);
//   - micro-TLB miss that hits the main TLB: `utlb_miss_cycles`; main-TLB miss: that plus
//     `walk_cycles` plus the descriptor reads (through L2 when TTBR0 marks walks outer
//     cacheable, else from memory);
//   - a maintenance operation that writes back a dirty L1 line: l2_hit_cycles (the line takes the
//     L1-L2 path a fill takes); L2 write-backs go through the PL310's eviction buffer (no stall).
// Sources: Cortex-A9 TRM (DDI 0388: L1 32 KB 4-way 32-byte lines, micro TLBs 32 entries, main
// TLB 128 entries 2-way in the Zynq configuration, hardware walks of the short-descriptor
// format); PL310 TRM (DDI 0246) and UG585 ch. 3 (512 KB, 8-way, lockdown by way and master);
// latencies measured on a Cortex-A9 with a PL310 (7-cpu.com, "ARM Cortex-A9": L1 4 cycles,
// L2 23 cycles = +19, micro-TLB miss +7, main-TLB miss +7 plus the walk's memory reads).
// Two cores (the MPCore): each core has its own instance (its L1s and TLBs); the instances of a
// cluster join one A9ScuTags, the SCU's duplicate copy of every L1 data cache's tags. Data
// stays coherent by construction (one memory, DMI); what the SCU costs is timed:
//   - an L1D read miss whose line another core's L1D holds is a cache-to-cache transfer,
//     `scu_transfer_cycles`, instead of the L2/DDR fill (the other core keeps its copy);
//   - a store to a line other cores hold (hit or miss) invalidates their copies, and the writer
//     pays `scu_invalidate_cycles` once (the snoop's round trip; the store buffer does not hide
//     it: the line must be exclusive before the store retires from it).
// Derivation (no published latency; from the SCU running at the cores' clock, CPU_6x4x, UG585
// ch. 3 "APU" clocking, and the Cortex-A9 TRM's L1 figures): duplicate-tag lookup 1 cycle,
// snoop request to the owning core 1, its L1 data read 4 (the L1 hit latency), the 32-byte
// line over the SCU's 64-bit path 4 beats, response into the requester's line-fill buffer 1:
// 11 cycles. An invalidation is the lookup, the request and the acknowledgement: 3 cycles.
// SCU approximations: every cacheable data line is coherent (ACTLR.SMP and the Shareable attribute
// are not looked at); the instruction caches and TLBs are not snooped (as on the A9: software
// maintains them); the SCU's tag RAM is the L1D itself (the same information).
// Other approximations: round-robin replacement (SCTLR.RR = 1); TTBR1 and TLB maintenance by MVA/ASID
// are treated as TTBR0 and "invalidate all"; no L1 prefetcher; no dirty-line write-back
// traffic on the DDR.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "memory/outer_cache.h"
#include "memory/set_assoc_cache.h"

namespace zvp {
class ParamScope;
}

namespace zvp::arm {

struct A9CacheParams {
  bool enabled = false;
  unsigned l1_kb = 32, l1_ways = 4;  // each of L1I and L1D
  unsigned l2_hit_cycles = 19;
  unsigned utlb_miss_cycles = 7;
  unsigned walk_cycles = 7;
  unsigned utlb_entries = 32, main_tlb_entries = 128, main_tlb_ways = 2;
  unsigned scu_transfer_cycles = 11, scu_invalidate_cycles = 3;  // SCU snoops (header comment)
  void declare(ParamScope& p);
  // Empty if the geometry is buildable; otherwise what is wrong, naming the parameter.
  std::string check() const;
};

// One level of TLB: entries of any page size (4 KB, 64 KB, 1 MB, 16 MB), `ways`-way
// set-associative over entries/ways sets (ways == entries: fully associative), round-robin.
class A9Tlb {
 public:
  struct Entry {
    uint32_t va = 0, mask = 0;  // va & ~mask is the page; mask = size - 1
    uint32_t pa = 0;
    bool cacheable = false, valid = false;
  };
  A9Tlb(unsigned entries, unsigned ways);
  const Entry* lookup(uint32_t va);
  void insert(const Entry& e);
  void invalidate_all();

 private:
  unsigned set_of(uint32_t va, uint32_t mask) const;
  unsigned sets_, ways_;
  std::vector<Entry> e_;
  std::vector<unsigned> next_;
  const Entry* last_ = nullptr;
};

class A9MemorySystem;

// The SCU's duplicate tags: the L1 data caches of the cluster's cores, looked up on a core's
// L1D miss and on its stores (see the header comment). The platform owns one per cluster.
class A9ScuTags {
 public:
  void join(A9MemorySystem* core) { cores_.push_back(core); }
  // Another core's L1D holds the line of pa: the SCU can transfer it.
  bool held_by_other(const A9MemorySystem* self, uint32_t pa) const;
  // Drops the line of pa from every other core's L1D; true if one held it.
  bool invalidate_others(const A9MemorySystem* self, uint32_t pa);

 private:
  std::vector<A9MemorySystem*> cores_;
};

class A9MemorySystem {
 public:
  // Reads a 32-bit word of physical memory (translation-table descriptors); false if none.
  using PhysRead = std::function<bool(uint32_t pa, uint32_t& v)>;
  A9MemorySystem(const A9CacheParams& p, PhysRead read);

  void set_outer(OuterCache* l2) { l2_ = l2; }
  // Joins the cluster's SCU (null: a core alone, nothing snooped).
  void set_scu(A9ScuTags* scu) {
    scu_ = scu;
    if (scu) scu->join(this);
  }
  // SCTLR (M bit 0, C bit 2, I bit 12) and TTBR0; a change of either flushes the TLBs' view.
  void set_control(uint32_t sctlr, uint32_t ttbr0);
  uint32_t sctlr() const { return sctlr_; }

  // What an access costs: core cycles, and the memory reads (address, bytes) it needs, which
  // the core times on its bus.
  struct Cost {
    uint32_t cycles = 0;
    unsigned reads = 0;
    uint32_t read_addr[3] = {0, 0, 0};
    uint32_t read_bytes[3] = {0, 0, 0};
    void read(uint32_t a, uint32_t n) {
      if (reads < 3) read_addr[reads] = a, read_bytes[reads++] = n;
    }
  };
  Cost data(uint32_t va, unsigned size, bool write);
  Cost fetch_line(uint32_t va);  // one instruction-cache line holding va
  // MCR p15, 0, <value>, c<crn>, c<crm>, <opc2>: cache (c7) and TLB (c8) maintenance.
  Cost maintain(unsigned crn, unsigned crm, unsigned opc2, uint32_t value);

  struct Counters {
    uint64_t l1i_hits = 0, l1i_misses = 0, l1d_hits = 0, l1d_misses = 0;
    uint64_t l2_hits = 0, l2_misses = 0;  // CPU lookups (fills, walks) in an enabled L2
    uint64_t uncached_reads = 0, utlb_misses = 0, walks = 0, l1_write_backs = 0, maintenance = 0;
    uint64_t scu_transfers = 0, scu_invalidations = 0;  // snoops this core caused
  };
  const Counters& counters() const { return n_; }
  const SetAssocCache& l1i() const { return l1i_; }
  const SetAssocCache& l1d() const { return l1d_; }

 private:
  struct Translation {
    uint32_t pa = 0;
    bool cacheable = false;
  };
  Translation translate(uint32_t va, bool instruction, Cost& c);
  bool walk(uint32_t va, A9Tlb::Entry& e, Cost& c);
  void descriptor_read(uint32_t pa, Cost& c);
  void outer_fill(uint32_t pa, bool instruction, Cost& c);
  void write_back(uint32_t pa, Cost& c);
  void snoop_store(uint32_t pa, Cost& c);
  friend class A9ScuTags;  // invalidates this core's L1D lines

  A9CacheParams p_;
  PhysRead read_;
  OuterCache* l2_ = nullptr;
  A9ScuTags* scu_ = nullptr;
  SetAssocCache l1i_, l1d_;
  A9Tlb utlb_i_, utlb_d_, main_;
  uint32_t sctlr_ = 0, ttbr0_ = 0;
  Counters n_;
};

}  // namespace zvp::arm
