#include "memory/set_assoc_cache.h"

#include <stdexcept>

namespace zvp {

namespace {
bool pow2(uint32_t v) { return v && !(v & (v - 1)); }
uint32_t log2u(uint32_t v) {
  uint32_t n = 0;
  while (v > 1) v >>= 1, ++n;
  return n;
}
}  // namespace

std::string CacheGeometry::check() const {
  if (!pow2(line_bytes) || line_bytes < 4) return "line size must be a power of two of at least 4 bytes";
  if (!pow2(ways) || ways > 32) return "ways must be a power of two up to 32";
  if (!pow2(size_bytes) || size_bytes < ways * line_bytes)
    return "size must be a power of two holding at least one line per way";
  return "";
}

SetAssocCache::SetAssocCache(const CacheGeometry& g) : g_(g) {
  const std::string err = g.check();
  if (!err.empty()) throw std::invalid_argument("cache geometry: " + err);
  sets_ = g.sets();
  line_shift_ = log2u(g.line_bytes);
  lines_.resize(size_t(sets_) * g.ways);
  next_way_.assign(sets_, 0);
}

int SetAssocCache::find(uint32_t addr) const {
  const uint32_t tag = addr >> line_shift_;
  const size_t base = size_t(set_of(addr)) * g_.ways;
  for (uint32_t w = 0; w < g_.ways; ++w) {
    const Line& l = lines_[base + w];
    if (l.valid && l.tag == tag) return int(base + w);
  }
  return -1;
}

SetAssocCache::Result SetAssocCache::access(uint32_t addr, bool write, bool allocate,
                                            uint32_t locked_ways) {
  Result r;
  const int i = find(addr);
  if (i >= 0) {
    ++hits_;
    r.hit = true;
    if (write) lines_[size_t(i)].dirty = true;
    return r;
  }
  ++misses_;
  if (!allocate) return r;
  const uint32_t set = set_of(addr);
  const size_t base = size_t(set) * g_.ways;
  // An invalid way first (no eviction), else the round-robin victim; locked ways never.
  int victim = -1;
  for (uint32_t w = 0; w < g_.ways && victim < 0; ++w)
    if (!(locked_ways >> w & 1u) && !lines_[base + w].valid) victim = int(w);
  if (victim < 0) {
    for (uint32_t k = 0; k < g_.ways && victim < 0; ++k) {
      const uint32_t w = (next_way_[set] + k) % g_.ways;
      if (!(locked_ways >> w & 1u)) victim = int(w);
    }
    if (victim < 0) return r;  // every way locked: the access bypasses the cache
    next_way_[set] = uint8_t((uint32_t(victim) + 1) % g_.ways);
  }
  Line& l = lines_[base + uint32_t(victim)];
  if (l.valid && l.dirty) {
    r.evicted_dirty = true;
    r.evicted_addr = l.tag << line_shift_;
    ++write_backs_;
  }
  l = Line{addr >> line_shift_, true, write};
  r.allocated = true;
  return r;
}

bool SetAssocCache::is_dirty(uint32_t addr) const {
  const int i = find(addr);
  return i >= 0 && lines_[size_t(i)].dirty;
}

bool SetAssocCache::clean(uint32_t addr) {
  const int i = find(addr);
  if (i < 0 || !lines_[size_t(i)].dirty) return false;
  lines_[size_t(i)].dirty = false;
  ++write_backs_;
  return true;
}

bool SetAssocCache::invalidate(uint32_t addr) {
  const int i = find(addr);
  if (i < 0) return false;
  const bool dirty = lines_[size_t(i)].dirty;
  lines_[size_t(i)] = Line{};
  return dirty;
}

bool SetAssocCache::clean_invalidate(uint32_t addr) {
  const bool wb = clean(addr);
  invalidate(addr);
  return wb;
}

bool SetAssocCache::clean_set_way(uint32_t set, uint32_t way, bool invalidate_too) {
  if (set >= sets_ || way >= g_.ways) return false;
  Line& l = lines_[size_t(set) * g_.ways + way];
  const bool wb = l.valid && l.dirty;
  if (wb) ++write_backs_;
  l.dirty = false;
  if (invalidate_too) l = Line{};
  return wb;
}

void SetAssocCache::invalidate_set_way(uint32_t set, uint32_t way) {
  if (set < sets_ && way < g_.ways) lines_[size_t(set) * g_.ways + way] = Line{};
}

uint32_t SetAssocCache::clean_ways(uint32_t way_mask, bool invalidate_too) {
  uint32_t n = 0;
  for (uint32_t s = 0; s < sets_; ++s)
    for (uint32_t w = 0; w < g_.ways; ++w)
      if (way_mask >> w & 1u) n += clean_set_way(s, w, invalidate_too) ? 1 : 0;
  return n;
}

void SetAssocCache::invalidate_ways(uint32_t way_mask) {
  for (uint32_t s = 0; s < sets_; ++s)
    for (uint32_t w = 0; w < g_.ways; ++w)
      if (way_mask >> w & 1u) lines_[size_t(s) * g_.ways + w] = Line{};
}

uint32_t SetAssocCache::lines_valid() const {
  uint32_t n = 0;
  for (const Line& l : lines_) n += l.valid ? 1 : 0;
  return n;
}

}  // namespace zvp
