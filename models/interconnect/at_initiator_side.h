// Initiator (downstream) side of the TLM-2.0 base protocol for a component that forwards
// transactions: per initiator socket index it keeps a queue of requests ready at given times and
// issues BEGIN_REQ only when the previous request on that socket got its END_REQ (the target's
// back-pressure). Responses are taken at once (TLM_COMPLETED on BEGIN_RESP, or END_RESP when
// the target answered TLM_UPDATED/BEGIN_RESP): the forwarding component buffers them (its own
// outstanding limits bound that buffer) and delivers them upstream with its own timing.
#pragma once
#include <systemc>
#include <tlm>

#include <deque>
#include <functional>
#include <utility>
#include <vector>

#include "core/ptr_map.h"
#include "core/timed_queue.h"

namespace zvp {

class AtInitiatorSide : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(AtInitiatorSide);
  using Gp = tlm::tlm_generic_payload;
  struct Hooks {
    // Forward path on initiator socket `idx`.
    std::function<tlm::tlm_sync_enum(unsigned, Gp&, tlm::tlm_phase&, sc_core::sc_time&)> fw;
    // The response of a forwarded transaction arrived at sc_time_stamp().
    std::function<void(unsigned, Gp&)> response;
  };

  AtInitiatorSide(sc_core::sc_module_name name, Hooks hooks);

  // Issue BEGIN_REQ on socket idx no earlier than `delay` from now (FIFO per socket).
  void send(unsigned idx, Gp& gp, const sc_core::sc_time& delay);
  tlm::tlm_sync_enum nb_transport_bw(unsigned idx, Gp& gp, tlm::tlm_phase& ph,
                                     sc_core::sc_time& t);

 private:
  struct Port {
    std::deque<std::pair<sc_core::sc_time, Gp*>> q;
    Gp* req = nullptr;                 // in request phase (END_REQ awaited)
    sc_core::sc_time free_at;          // request channel free again at
  };
  Port& port(unsigned idx);
  void send_method();
  void resp_method();

  Hooks hooks_;
  std::vector<Port> ports_;
  PtrMap<Gp, unsigned> idx_;
  PtrMap<Gp, bool> need_end_resp_;  // a set: present or not
  TimedQueue<Gp> resp_peq_;
  sc_core::sc_event kick_;
};

}  // namespace zvp
