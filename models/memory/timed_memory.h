// Base of the memory targets of the memory path (DDR controller, OCM, BRAM): DMI-capable
// storage behind N target ports (a multi-passthrough socket: port index = binding order) and
// the mechanics of both timing modes. A subclass only says how long an access takes given the
// state of the device (service()).
//
// lt: b_transport computes the access time with service() at the arrival time (now + annotated
//     delay); the device state (busy-until, open rows ...) makes masters contend.
// at: 4-phase base protocol. Each port has a request queue of `queue_depth` transactions (queued
//     or being served, until their response completes); a full queue withholds END_REQ
//     (back-pressure). A scheduler picks the next transaction among the heads of the port queues
//     - round robin (default) or fixed priority (lower port index wins) - at the time the device
//     can take it (service() tells when), so responses of one port come back in order.
// Both interfaces work in both modes; data are identical (functional access at service time).
// Out-of-range accesses answer TLM_ADDRESS_ERROR_RESPONSE.
#pragma once
#include "core/params.h"
#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_target_socket.h>

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "core/stats.h"
#include "core/timing_mode.h"
#include "core/tx_trace.h"
#include "interconnect/at_target_side.h"

namespace zvp {

enum class Arbitration { RoundRobin, FixedPriority };

struct MemoryPortConfig {
  TimingMode mode = TimingMode::LT;
  unsigned queue_depth = 8;                     // per port (at)
  Arbitration arbitration = Arbitration::RoundRobin;
  bool dmi = true;

  void declare(ParamScope& p) {
    p.add("queue_depth", queue_depth, "requests", "request queue depth per port (at)", 1, 256);
    p.choice("arbitration", arbitration,
             {{"round_robin", Arbitration::RoundRobin}, {"fixed_priority", Arbitration::FixedPriority}},
             "arbitration between the ports' queued requests (at; fixed_priority: lowest port first)");
  }
};

class TimedMemory : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(TimedMemory);
  tlm_utils::multi_passthrough_target_socket<TimedMemory> socket;

  TimedMemory(sc_core::sc_module_name name, uint64_t size, const MemoryPortConfig& ports);
  ~TimedMemory() override;

  uint64_t size() const { return size_; }
  uint8_t* data() { return mem_.get(); }
  // Refusing DMI also invalidates the pointers handed out so far.
  void set_dmi(bool allowed);
  // Switch the timing mode between runs (no at transaction may be in flight).
  void set_timing_mode(TimingMode m) { ports_.mode = m; }
  TimingMode timing_mode() const { return ports_.mode; }
  // Backdoor for loaders and tests (no time). false if out of range.
  bool load(uint64_t offset, const void* src, uint64_t len);
  bool peek(uint64_t offset, void* dst, uint64_t len) const;

  // Observability (tests, stats): transactions of a port in the controller now / at most.
  unsigned in_queue(unsigned port) const;
  unsigned max_in_queue_seen() const { return max_seen_; }
  uint64_t served(unsigned port) const;
  // Publish counters into a Stats object under this module's name.
  virtual void dump_stats(Stats& s) const;

 protected:
  struct Slot {
    sc_core::sc_time done;        // response ready
    sc_core::sc_time next_issue;  // earliest time the scheduler may start the next one
  };
  // Timing of one in-range access from `port` starting no earlier than `start`; updates the
  // device state.
  virtual Slot service(const tlm::tlm_generic_payload& gp, unsigned port,
                       const sc_core::sc_time& start) = 0;
  // DMI latency (core/dmi_latency.h): the time an uncontended access of the device's width takes,
  // as b_transport would charge it.
  virtual sc_core::sc_time dmi_access_time(bool write) const = 0;

 private:
  using Gp = tlm::tlm_generic_payload;
  void b_transport(int id, Gp& gp, sc_core::sc_time& delay);
  tlm::tlm_sync_enum nb_transport_fw(int id, Gp& gp, tlm::tlm_phase& ph, sc_core::sc_time& t);
  bool get_direct_mem_ptr(int id, Gp& gp, tlm::tlm_dmi& dmi);
  unsigned transport_dbg(int id, Gp& gp);
  void lt_transport(unsigned port, Gp& gp, sc_core::sc_time& delay);
  bool in_range(const Gp& gp) const;
  void access(Gp& gp);
  void scheduler();
  int pick();

  struct Port {
    std::deque<Gp*> q;     // accepted, not yet served
    unsigned count = 0;    // accepted, response not finished
    uint64_t served = 0;
  };
  Port& port(unsigned id);

  uint64_t size_;
  std::unique_ptr<uint8_t, void (*)(void*)> mem_;
  MemoryPortConfig ports_;
  std::vector<Port> port_;
  unsigned rr_last_ = 0;
  unsigned max_seen_ = 0;
  sc_core::sc_time next_issue_;
  sc_core::sc_event work_ev_;
  TxTrace trace_;  // declared before up_/down_: hooks may log
  AtTargetSide up_;
};

}  // namespace zvp
