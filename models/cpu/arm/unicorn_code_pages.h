#pragma once

#include <cstdint>

namespace zvp::arm {

// True when translations mark their code pages not-dirty by looking at the few TLB entries that
// can hold the pages (unicorn_code_pages.cpp), false when Unicorn's own function visits its
// whole TLB (another Unicorn version or host). The outcome is the same either way.
bool code_page_marking_is_direct();

// How many translations' code pages this process marked through the direct look-up: zero if the
// executable does not export the replacement (the library then keeps its own).
uint64_t code_page_markings_done_directly();

}  // namespace zvp::arm
