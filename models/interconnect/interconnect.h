// The PS central interconnect: N slave ports (masters such as the DMAC, DevC, the GP/HP
// paths bind `target` in order) and M master ports (`initiator`, each attached with its address
// window: DDRC port, OCM, M_AXI_GP0/1, peripherals ...), the same AddressMap as zvp::Router
// (unmapped or straddling -> TLM_ADDRESS_ERROR_RESPONSE; relative or absolute windows), a data
// width and a clock (64 bit at cpu_2x on the Zynq).
//
// Timing: each transaction costs `hop_cycles` interconnect cycles each way (decode + register
// slices) and occupies the path to its target for ceil(len / width) cycles. As in AXI, the read
// and write data channels are independent: each target has a read path and a write path;
// transactions in one direction to one target are serialized on that path (two masters share
// its bandwidth), a read and a write to the same target overlap.
// lt: busy-until per target path, annotated delays.
// at: per target path, round-robin arbitration between masters with a request waiting for
//     that target and direction (one grant per path slot); each master may have
//     `max_outstanding` transactions in flight (END_REQ withheld beyond). Requests are
//     pipelined to the targets.
#pragma once
#include "core/params.h"
#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/multi_passthrough_target_socket.h>

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "core/address_map.h"
#include "core/clock.h"
#include "core/ptr_map.h"
#include "core/stats.h"
#include "core/timing_mode.h"
#include "core/tx_trace.h"
#include "interconnect/at_initiator_side.h"
#include "interconnect/at_target_side.h"

namespace zvp {

// Clock: the central interconnect's switches run on cpu_2x. The CPU clocks are cpu_6x4x :
// cpu_3x2x : cpu_2x : cpu_1x = 6:3:2:1 ("6:2:1" mode) or 4:2:2:1 ("4:2:1"), so on a 667 MHz
// part in 6:2:1 cpu_2x = 222 MHz (the DMAC's 64 bit @ 222 MHz = 1,776 MB/s of REFERENCE.md),
// and 267 MHz for 533 MHz in 4:2:1. The platform passes the board's value.
struct InterconnectConfig {
  Clock clock{"cpu_2x", 222.222222e6};
  unsigned width_bytes = 8;
  unsigned hop_cycles = 2;         // per direction
  unsigned max_outstanding = 8;    // per master (slave port)
  TimingMode mode = TimingMode::LT;

  void declare(ParamScope& p) {
    p.add("width_bytes", width_bytes, "bytes", "data path width", 1, 128);
    p.add("hop_cycles", hop_cycles, "cycles", "latency per direction through the switch", 0, 64);
    p.add("max_outstanding", max_outstanding, "transactions", "outstanding transactions per master", 1, 64);
  }
};

class Interconnect : public sc_core::sc_module, public AttachesSlaves<Interconnect> {
  friend class AttachesSlaves<Interconnect>;

 public:
  SC_HAS_PROCESS(Interconnect);
  tlm_utils::multi_passthrough_target_socket<Interconnect> target;
  tlm_utils::multi_passthrough_initiator_socket<Interconnect> initiator;

  Interconnect(sc_core::sc_module_name name, const InterconnectConfig& cfg);

  // attach(), attach_unmapped(), map(): AttachesSlaves (address_map.h).
  using Window = AddressMap::Window;
  const Window* decode(uint64_t addr, uint64_t len = 1) const { return map_.decode(addr, len); }
  const InterconnectConfig& config() const { return cfg_; }
  // Switch the timing mode between runs (no at transaction may be in flight).
  void set_timing_mode(TimingMode m) { cfg_.mode = m; }
  sc_core::sc_time path_time(unsigned len) const;  // occupancy of one transaction
  double peak_bytes_per_s() const { return cfg_.width_bytes * cfg_.clock.hz(); }

  unsigned in_flight(unsigned master) const {
    return master < out_.size() ? out_[master] : 0u;
  }
  unsigned max_in_flight_seen() const { return max_seen_; }
  void dump_stats(Stats& s) const;
  uint64_t grants(unsigned master) const {
    return master < grants_.size() ? grants_[master] : 0u;
  }

 private:
  using Gp = tlm::tlm_generic_payload;
  void b_transport(int id, Gp& gp, sc_core::sc_time& delay);
  void lt_transport(Gp& gp, sc_core::sc_time& delay);
  tlm::tlm_sync_enum nb_transport_fw(int id, Gp& gp, tlm::tlm_phase& ph, sc_core::sc_time& t);
  tlm::tlm_sync_enum nb_transport_bw(int id, Gp& gp, tlm::tlm_phase& ph, sc_core::sc_time& t);
  bool get_direct_mem_ptr(int id, Gp& gp, tlm::tlm_dmi& dmi);
  unsigned transport_dbg(int id, Gp& gp);
  void invalidate_direct_mem_ptr(int id, sc_dt::uint64 start, sc_dt::uint64 end);

  bool at_admit(int id, Gp& gp);
  void at_accept(int id, Gp& gp);
  void at_response(Gp& gp);
  void at_done(int id, Gp& gp);
  void arbitrate();

  struct Path {  // one direction (read or write) to one target (master port)
    std::vector<std::deque<Gp*>> from;  // per master, waiting for a grant
    unsigned last = 0;                  // last master granted (round robin)
    sc_core::sc_time busy;              // path busy-until
  };
  static unsigned path_index(unsigned port, const Gp& gp);  // 2 * port + is_write
  Path& path(unsigned index);
  unsigned& out(unsigned master);

  InterconnectConfig cfg_;
  sc_core::sc_time hop_;
  AddressMap map_;
  std::vector<Path> paths_;  // [path_index(port, gp)]
  std::vector<unsigned> out_;
  std::vector<uint64_t> grants_;
  unsigned max_seen_ = 0;
  struct Pending {
    int from;
    uint64_t offset;
  };
  PtrMap<Gp, Pending> pending_;
  sc_core::sc_event arb_ev_;
  TxTrace trace_;  // declared before up_/down_: hooks may log
  AtTargetSide up_;
  AtInitiatorSide down_;
};

}  // namespace zvp
