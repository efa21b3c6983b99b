// An outer (level-2) cache as the core's memory side sees it: looked up on an L1 miss, an L1
// write-back or a table walk. The PL310 model (models/ps/l2cc) implements it; the Cortex-A9
// model holds a pointer (null: no L2, misses go to memory).
#pragma once
#include <cstdint>

#include "memory/set_assoc_cache.h"

namespace zvp {

class OuterCache {
 public:
  virtual ~OuterCache() = default;
  // False while the controller is disabled (accesses go straight to memory).
  virtual bool outer_enabled() const = 0;
  // A line access by physical address from the CPU (master 0): `instruction` selects the
  // instruction lockdown register instead of the data one.
  virtual SetAssocCache::Result outer_access(uint32_t pa, bool write, bool instruction) = 0;
};

}  // namespace zvp
