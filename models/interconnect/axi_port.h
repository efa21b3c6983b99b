// An AXI port of the Zynq PS (M_AXI_GP0/1: 32 bit, S_AXI_HP0-3: 64 bit behind the AFI FIFOs,
// S_AXI_ACP, ...): a data width and a clock, a clock-domain crossing latency and the maximum
// number of outstanding reads and writes. The read and write channels are independent (AXI).
//
// Timing (both modes, derived from the parameters):
//   a burst of N bytes occupies its channel for ceil(N / width) beats at the port clock,
//   from `start` = max(arrival, channel free); the request crosses the clock domain in
//   `crossing_cycles` port cycles and goes on at start + crossing (cut-through: the burst
//   streams while the downstream works); the response is back at
//   max(downstream done, start + crossing + beats) + crossing. Same formula in lt and at.
// lt: b_transport with annotated delays; the channels keep a busy-until time so two masters
//     sharing a port share its bandwidth.
// at: 4-phase base protocol; up to max_reads / max_writes transactions in flight (END_REQ is
//     withheld beyond that), requests pipelined downstream.
// Both modes accept both interfaces (b_transport in at goes through the at queues; nb_transport
// in lt completes at once with the lt delay). DMI and debug accesses pass through.
#pragma once
#include "core/params.h"
#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <tlm_utils/simple_initiator_socket.h>

#include <cstdint>
#include <string>

#include "core/clock.h"
#include "core/ptr_map.h"
#include "core/stats.h"
#include "core/timeline.h"
#include "core/timing_mode.h"
#include "core/tx_trace.h"
#include "interconnect/at_initiator_side.h"
#include "interconnect/at_target_side.h"

namespace zvp {

struct AxiPortConfig {
  Clock clock{"fclk", 150e6};
  unsigned width_bytes = 8;       // 8 for HP/ACP, 4 for GP
  unsigned crossing_cycles = 2;   // clock-domain crossing, per direction, in port cycles
  unsigned max_reads = 8;         // outstanding read transactions
  unsigned max_writes = 8;        // outstanding write transactions
  TimingMode mode = TimingMode::LT;

  // Parameters (the clock and width are set by the platform from the PL clock and the port kind).
  void declare(ParamScope& p) {
    p.add("crossing_cycles", crossing_cycles, "cycles", "clock-domain crossing latency per direction (port clock)", 0, 64);
    p.add("max_reads", max_reads, "transactions", "outstanding read transactions accepted", 1, 64);
    p.add("max_writes", max_writes, "transactions", "outstanding write transactions accepted", 1, 64);
  }
};

class AxiPort : public sc_core::sc_module {
 public:
  tlm_utils::multi_passthrough_target_socket<AxiPort> target;   // masters bind here
  tlm_utils::simple_initiator_socket<AxiPort> initiator;         // towards DDRC/OCM/PL

  AxiPort(sc_core::sc_module_name name, const AxiPortConfig& cfg);

  const AxiPortConfig& config() const { return cfg_; }
  // Switch the timing mode between runs (no at transaction may be in flight).
  void set_timing_mode(TimingMode m) { cfg_.mode = m; }
  // Occupancy of a burst of len bytes on one channel.
  sc_core::sc_time burst_time(unsigned len) const;
  // Theoretical bandwidth of one direction in bytes per second (width x clock).
  double peak_bytes_per_s() const { return cfg_.width_bytes * cfg_.clock.hz(); }

  unsigned reads_in_flight() const { return reads_; }
  unsigned writes_in_flight() const { return writes_; }
  unsigned max_reads_seen() const { return max_reads_seen_; }
  unsigned max_writes_seen() const { return max_writes_seen_; }
  uint64_t bytes_read() const { return bytes_read_; }
  uint64_t bytes_written() const { return bytes_written_; }
  void dump_stats(Stats& s) const;

 private:
  using Gp = tlm::tlm_generic_payload;
  void b_transport(int id, Gp& gp, sc_core::sc_time& delay);
  void lt_transport(Gp& gp, sc_core::sc_time& delay);
  tlm::tlm_sync_enum nb_transport_fw(int id, Gp& gp, tlm::tlm_phase& ph, sc_core::sc_time& t);
  tlm::tlm_sync_enum nb_transport_bw(Gp& gp, tlm::tlm_phase& ph, sc_core::sc_time& t);
  bool get_direct_mem_ptr(int id, Gp& gp, tlm::tlm_dmi& dmi);
  unsigned transport_dbg(int id, Gp& gp);
  void invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end);

  bool at_admit(int id, Gp& gp);
  void at_accept(int id, Gp& gp);
  void at_response(Gp& gp);
  void at_done(int id, Gp& gp);
  void count(const Gp& gp, const sc_core::sc_time& end);
  void timeline_outstanding();

  AxiPortConfig cfg_;
  sc_core::sc_time crossing_;
  sc_core::sc_time r_busy_, w_busy_;  // channel busy-until (both modes)
  unsigned reads_ = 0, writes_ = 0, max_reads_seen_ = 0, max_writes_seen_ = 0;
  uint64_t bytes_read_ = 0, bytes_written_ = 0;
  struct InFlight {
    int id;
    sc_core::sc_time data_end;  // last beat through the port
  };
  PtrMap<Gp, InFlight> origin_;
  TxTrace trace_;  // declared before up_/down_: hooks may log
  // The timeline (--perfetto): bandwidth per 10 us window of each channel, and (at) the
  // transactions outstanding.
  TimelineBandwidth tl_read_, tl_write_;
  AtTargetSide up_;
  AtInitiatorSide down_;
};

}  // namespace zvp
