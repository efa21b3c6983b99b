// The tag store of a set-associative, write-back cache: which lines are present and dirty, no
// data (the data stays in the memory models, reached through DMI; a cache model decides only what
// an access costs). Used for the Cortex-A9's L1 caches and the PL310 L2 (models/cpu/arm,
// models/ps/l2cc).
//
// Replacement is round-robin per set, over the ways not locked for allocation (the A9's
// SCTLR.RR = 1 policy and the PL310's auxiliary-control bit 25; the pseudo-random policies need
// the chips' LFSRs, which no document gives, and a model must be deterministic).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace zvp {

struct CacheGeometry {
  uint32_t size_bytes = 32 * 1024;
  uint32_t ways = 4;
  uint32_t line_bytes = 32;
  uint32_t sets() const { return size_bytes / (ways * line_bytes); }
  // Empty if valid (powers of two, at least one set); otherwise what is wrong.
  std::string check() const;
};

class SetAssocCache {
 public:
  // Throws std::invalid_argument for a geometry that check() rejects.
  explicit SetAssocCache(const CacheGeometry& g);

  struct Result {
    bool hit = false;
    bool allocated = false;    // a miss that took a way
    bool evicted_dirty = false;  // ... whose previous line was dirty (a write-back)
    uint32_t evicted_addr = 0;   // that line's address
  };
  // A read or write of the line holding `addr`. A miss allocates when `allocate` is set and a
  // way outside `locked_ways` (bit n = way n may not be allocated) is left. A write marks the
  // line dirty (write-back).
  Result access(uint32_t addr, bool write, bool allocate = true, uint32_t locked_ways = 0);

  bool contains(uint32_t addr) const { return find(addr) >= 0; }
  bool is_dirty(uint32_t addr) const;

  // Maintenance by address: true if a dirty line was written back (clean) / dropped.
  bool clean(uint32_t addr);
  bool invalidate(uint32_t addr);            // drops the line, dirty or not (no write-back)
  bool clean_invalidate(uint32_t addr);      // write-back if dirty, then drop
  // By set and way (the ARMv7 set/way operations, the PL310's index/way operations).
  bool clean_set_way(uint32_t set, uint32_t way, bool invalidate_too);
  void invalidate_set_way(uint32_t set, uint32_t way);
  // Whole ways (bit n = way n); return the number of dirty lines written back.
  uint32_t clean_ways(uint32_t way_mask, bool invalidate_too);
  void invalidate_ways(uint32_t way_mask);
  void invalidate_all() { invalidate_ways(~0u); }

  const CacheGeometry& geometry() const { return g_; }
  uint32_t set_of(uint32_t addr) const { return (addr >> line_shift_) & (sets_ - 1); }
  uint32_t lines_valid() const;

  uint64_t hits() const { return hits_; }
  uint64_t misses() const { return misses_; }
  uint64_t write_backs() const { return write_backs_; }  // evictions and cleans of dirty lines

 private:
  int find(uint32_t addr) const;  // index into lines_, or -1
  struct Line {
    uint32_t tag = 0;  // line address (addr >> line_shift_)
    bool valid = false, dirty = false;
  };
  CacheGeometry g_;
  uint32_t sets_, line_shift_;
  std::vector<Line> lines_;       // sets_ x ways
  std::vector<uint8_t> next_way_; // round-robin pointer per set
  uint64_t hits_ = 0, misses_ = 0, write_backs_ = 0;
};

}  // namespace zvp
