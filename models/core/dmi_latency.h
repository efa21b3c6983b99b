// The project's DMI latency convention. A tlm_dmi read or write latency is the time one
// uncontended access of the target's data width takes over the path that granted the pointer,
// as b_transport would charge it: a memory reports its access time, every bus stage on the way
// adds what its b_transport adds to an uncontended access (dmi_through_stage). A DMI user can then time
// an access as the transaction would be timed (the Zero-riscy's loads and stores to its L2 BRAM
// cost the same with and without DMI: tests/models/cpu/riscv/zero_riscy_test.cpp).
// It is not a per-byte rate: with one, a router's per-access hop was multiplied by the access
// size (a 1-cycle hop made every word access from L2 four cycles longer).
#pragma once
#include <systemc>
#include <tlm>

#include <algorithm>


namespace zvp {

// A bus stage on the DMI path: an uncontended access occupies it at least `occupancy` (its data
// through the stage; zero for a stage that only decodes) and the stage adds `hops` on top, as
// its b_transport times the access.
inline void dmi_through_stage(tlm::tlm_dmi& d, const sc_core::sc_time& occupancy, const sc_core::sc_time& hops) {
  d.set_read_latency(std::max(d.get_read_latency(), occupancy) + hops);
  d.set_write_latency(std::max(d.get_write_latency(), occupancy) + hops);
}

}  // namespace zvp
