// The project's DMI latency convention. A tlm_dmi read or write latency is the time one
// uncontended access of the target's data width takes over the path that granted the pointer,
// as b_transport would charge it: a memory reports its access time (first-beat latency plus one
// beat), every router and interconnect on the way adds its hops once. A DMI user can then time
// an access as the transaction would be timed (the Zero-riscy's loads and stores to its L2 BRAM
// cost the same with and without DMI: tests/models/cpu/riscv/zero_riscy_test.cpp).
// It is not a per-byte rate: with one, a router's per-access hop was multiplied by the access
// size (a 1-cycle hop made every word access from L2 four cycles longer).
#pragma once
#include <systemc>

#include <cstdint>

#include "core/clock.h"

namespace zvp {

// Whole cycles of `clk` an access of DMI latency `t` occupies, rounded up.
inline uint64_t dmi_access_cycles(const sc_core::sc_time& t, const Clock& clk) {
  uint64_t n = clk.to_cycles(t);
  if (clk.cycles(n) < t) ++n;
  return n;
}

}  // namespace zvp
