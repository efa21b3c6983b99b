// An L2 for the memory-system tests: the project's tag store with the PL310's geometry behind
// the OuterCache interface, enabled unless `on` is cleared (the PL310 model needs its register
// bus for that; these tests only need the lookups).
#pragma once
#include "memory/outer_cache.h"
#include "memory/set_assoc_cache.h"

namespace zvp::test {

class FakeL2 : public OuterCache {
 public:
  SetAssocCache tags{CacheGeometry{512 * 1024, 8, 32}};
  bool on = true;
  bool outer_enabled() const override { return on; }
  SetAssocCache::Result outer_access(uint32_t pa, bool write, bool) override { return tags.access(pa, write); }
};

}  // namespace zvp::test
