#include "at_initiator_side.h"

namespace zvp {

using sc_core::sc_time;
using sc_core::sc_time_stamp;
using sc_core::SC_ZERO_TIME;

AtInitiatorSide::AtInitiatorSide(sc_core::sc_module_name name, Hooks hooks)
    : sc_core::sc_module(name), hooks_(std::move(hooks)), resp_peq_("resp_peq") {
  SC_METHOD(send_method);
  sensitive << kick_;
  dont_initialize();
  SC_METHOD(resp_method);
  sensitive << resp_peq_.get_event();
  dont_initialize();
}

AtInitiatorSide::Port& AtInitiatorSide::port(unsigned idx) {
  if (idx >= ports_.size()) ports_.resize(idx + 1);
  return ports_[idx];
}

void AtInitiatorSide::send(unsigned idx, Gp& gp, const sc_time& delay) {
  Port& p = port(idx);
  const sc_time ready = sc_time_stamp() + delay;
  // Requests leave in the order they were handed over (AXI keeps order per port); a request
  // handed over later is never sent before an earlier one.
  const sc_time at = (!p.q.empty() && p.q.back().first > ready) ? p.q.back().first : ready;
  p.q.push_back({at, &gp});
  idx_[&gp] = idx;
  kick_.notify(at - sc_time_stamp());
}

void AtInitiatorSide::send_method() {
  const sc_time now = sc_time_stamp();
  bool rearm = false;
  sc_time next;
  for (unsigned i = 0; i < ports_.size(); ++i) {
    Port& p = ports_[i];
    while (!p.req && p.free_at <= now && !p.q.empty() && p.q.front().first <= now) {
      Gp* gp = p.q.front().second;
      p.q.pop_front();
      tlm::tlm_phase ph = tlm::BEGIN_REQ;
      sc_time t = SC_ZERO_TIME;
      auto r = hooks_.fw(i, *gp, ph, t);
      if (r == tlm::TLM_ACCEPTED) {
        p.req = gp;
      } else if (r == tlm::TLM_UPDATED && ph == tlm::END_REQ) {
        p.free_at = now + t;
      } else if (r == tlm::TLM_UPDATED && ph == tlm::BEGIN_RESP) {
        p.free_at = now + t;
        need_end_resp_[gp] = true;
        resp_peq_.notify(*gp, t);
      } else {  // TLM_COMPLETED
        p.free_at = now + t;
        resp_peq_.notify(*gp, t);
      }
    }
    if (!p.req && !p.q.empty()) {
      sc_time r = p.q.front().first;
      if (p.free_at > r) r = p.free_at;
      if (!rearm || r < next) next = r;
      rearm = true;
    }
  }
  if (rearm) kick_.notify(next > now ? next - now : SC_ZERO_TIME);
}

tlm::tlm_sync_enum AtInitiatorSide::nb_transport_bw(unsigned idx, Gp& gp, tlm::tlm_phase& ph,
                                                    sc_time& t) {
  Port& p = port(idx);
  if (ph == tlm::END_REQ) {
    if (p.req == &gp) {
      p.req = nullptr;
      p.free_at = sc_time_stamp() + t;
      kick_.notify(t);
    }
    return tlm::TLM_ACCEPTED;
  }
  if (ph == tlm::BEGIN_RESP) {
    if (p.req == &gp) {  // BEGIN_RESP implies END_REQ
      p.req = nullptr;
      p.free_at = sc_time_stamp() + t;
      kick_.notify(t);
    }
    resp_peq_.notify(gp, t);
    return tlm::TLM_COMPLETED;  // taken into our buffer: no END_RESP needed
  }
  return tlm::TLM_ACCEPTED;
}

void AtInitiatorSide::resp_method() {
  while (Gp* gp = resp_peq_.get_next_transaction()) {
    const unsigned idx = idx_[gp];
    idx_.erase(gp);
    if (need_end_resp_.erase(gp)) {
      tlm::tlm_phase ph = tlm::END_RESP;
      sc_time t = SC_ZERO_TIME;
      hooks_.fw(idx, *gp, ph, t);
    }
    hooks_.response(idx, *gp);
  }
}

}  // namespace zvp
