// Target (upstream) side of the TLM-2.0 base protocol (4-phase nb_transport), shared by every
// memory-path component in `at` mode. It owns the per-initiator rules so components only decide
// *whether* a request may enter (admit), *what* to do with it (accept) and *when* to answer
// (respond):
//  - BEGIN_REQ is accepted through a PEQ at its annotated time; END_REQ is sent on the backward
//    path only when admit() allows it. Withholding END_REQ is the back-pressure of the base
//    protocol (the initiator may not issue another request on that socket meanwhile).
//  - Responses are queued per initiator and sent in ready-time order (stable for equal times);
//    a new BEGIN_RESP waits for the END_RESP of the previous one on the same socket.
//  - When capacity frees, withheld requests of different initiators are admitted round robin.
//  - b_transport callers (CPU MMIO, simple test initiators) in `at` mode enter the same queues
//    through b_transport(): their transaction is arbitrated like any other and the caller's
//    thread waits for its response (so it must be called from an SC_THREAD).
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

// True when the caller may wait(): b_transport in `at` then goes through the at queues; from
// elsewhere (an SC_METHOD, elaboration, a loader) components fall back to their lt timing
// instead of failing, so no caller can crash the simulator by using the wrong context.
inline bool caller_can_wait() {
  const auto h = sc_core::sc_get_current_process_handle();
  return h.valid() && (h.proc_kind() == sc_core::SC_THREAD_PROC_ ||
                       h.proc_kind() == sc_core::SC_CTHREAD_PROC_);
}

class AtTargetSide : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(AtTargetSide);
  using Gp = tlm::tlm_generic_payload;
  struct Hooks {
    // Backward path to initiator `id` (socket[id]->nb_transport_bw).
    std::function<tlm::tlm_sync_enum(int, Gp&, tlm::tlm_phase&, sc_core::sc_time&)> bw;
    // May this request enter now? (outstanding limits, queue depth)
    std::function<bool(int, Gp&)> admit;
    // The request entered at sc_time_stamp() (END_REQ has been sent).
    std::function<void(int, Gp&)> accept;
    // The response phase of a transaction finished; its slot is free again.
    std::function<void(int, Gp&)> done;
  };

  AtTargetSide(sc_core::sc_module_name name, Hooks hooks);

  tlm::tlm_sync_enum nb_transport_fw(int id, Gp& gp, tlm::tlm_phase& ph, sc_core::sc_time& t);
  // Blocking adapter: the transaction goes through the same admission/arbitration path.
  void b_transport(int id, Gp& gp, sc_core::sc_time& delay);
  // Queue the response of an accepted transaction, ready `delay` from now.
  void respond(int id, Gp& gp, const sc_core::sc_time& delay);
  // Re-evaluate withheld requests (call after capacity was freed).
  void retry();

  unsigned waiting(int id) const;  // requests whose END_REQ is being withheld

 private:
  struct Port {
    std::deque<Gp*> waiting;                              // END_REQ withheld
    std::deque<std::pair<sc_core::sc_time, Gp*>> resp;    // sorted by ready time
    Gp* in_resp = nullptr;                                // BEGIN_RESP sent, END_RESP awaited
  };
  Port& port(int id);
  void req_method();
  void resp_method();
  void finish(int id, Gp& gp);
  void admit_waiting();

  Hooks hooks_;
  TimedQueue<Gp> req_peq_;
  PtrMap<Gp, int> ids_;
  PtrMap<Gp, sc_core::sc_event*> blocking_;
  std::vector<Port> ports_;
  sc_core::sc_event kick_;
  bool in_admit_ = false;
  size_t rr_ = 0;  // initiator checked first when a slot frees (rotates: fairness)
};

}  // namespace zvp
