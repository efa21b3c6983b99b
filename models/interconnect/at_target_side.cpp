#include "at_target_side.h"

#include <algorithm>

namespace zvp {

using sc_core::sc_time;
using sc_core::sc_time_stamp;
using sc_core::SC_ZERO_TIME;

AtTargetSide::AtTargetSide(sc_core::sc_module_name name, Hooks hooks)
    : sc_core::sc_module(name), hooks_(std::move(hooks)), req_peq_("req_peq") {
  SC_METHOD(req_method);
  sensitive << req_peq_.get_event();
  dont_initialize();
  SC_METHOD(resp_method);
  sensitive << kick_;
  dont_initialize();
}

AtTargetSide::Port& AtTargetSide::port(int id) {
  if (id < 0) id = 0;
  if (size_t(id) >= ports_.size()) ports_.resize(size_t(id) + 1);
  return ports_[size_t(id)];
}

unsigned AtTargetSide::waiting(int id) const {
  return size_t(id) < ports_.size() ? unsigned(ports_[size_t(id)].waiting.size()) : 0u;
}

tlm::tlm_sync_enum AtTargetSide::nb_transport_fw(int id, Gp& gp, tlm::tlm_phase& ph,
                                                 sc_time& t) {
  if (ph == tlm::BEGIN_REQ) {
    ids_[&gp] = id;
    port(id);
    req_peq_.notify(gp, t);
    return tlm::TLM_ACCEPTED;
  }
  if (ph == tlm::END_RESP) {
    Port& p = port(id);
    if (p.in_resp == &gp) {
      p.in_resp = nullptr;
      finish(id, gp);
      kick_.notify(SC_ZERO_TIME);
    }
    return tlm::TLM_COMPLETED;
  }
  // END_REQ / BEGIN_RESP never travel forward in the base protocol: ignore.
  return tlm::TLM_ACCEPTED;
}

void AtTargetSide::b_transport(int id, Gp& gp, sc_time& delay) {
  sc_core::sc_event done;
  blocking_[&gp] = &done;
  ids_[&gp] = id;
  port(id);
  req_peq_.notify(gp, delay);
  delay = SC_ZERO_TIME;
  sc_core::wait(done);
}

void AtTargetSide::req_method() {
  while (Gp* gp = req_peq_.get_next_transaction()) port(ids_[gp]).waiting.push_back(gp);
  admit_waiting();
}

void AtTargetSide::retry() { admit_waiting(); }

void AtTargetSide::admit_waiting() {
  if (in_admit_) return;  // accept() may call respond()/retry(): no recursion
  in_admit_ = true;
  bool progress = true;
  while (progress) {
    progress = false;
    const size_t n = ports_.size();
    for (size_t k = 0; k < n; ++k) {
      const size_t id = (rr_ + k) % n;
      Port& p = ports_[id];
      // In order per initiator: only the oldest withheld request may enter.
      if (p.waiting.empty() || !hooks_.admit(int(id), *p.waiting.front())) continue;
      Gp* gp = p.waiting.front();
      p.waiting.pop_front();
      if (!blocking_.count(gp)) {
        tlm::tlm_phase ph = tlm::END_REQ;
        sc_time t = SC_ZERO_TIME;
        hooks_.bw(int(id), *gp, ph, t);
      }
      hooks_.accept(int(id), *gp);
      rr_ = (id + 1) % n;
      progress = true;
      break;
    }
  }
  in_admit_ = false;
}

void AtTargetSide::respond(int id, Gp& gp, const sc_time& delay) {
  Port& p = port(id);
  const sc_time ready = sc_time_stamp() + delay;
  auto it = std::upper_bound(p.resp.begin(), p.resp.end(), ready,
                             [](const sc_time& r, const std::pair<sc_time, Gp*>& e) {
                               return r < e.first;
                             });
  p.resp.insert(it, {ready, &gp});
  kick_.notify(delay);
}

void AtTargetSide::finish(int id, Gp& gp) {
  ids_.erase(&gp);
  hooks_.done(id, gp);
}

void AtTargetSide::resp_method() {
  const sc_time now = sc_time_stamp();
  bool rearm = false;
  sc_time next;
  for (size_t id = 0; id < ports_.size(); ++id) {
    Port& p = ports_[id];
    while (!p.in_resp && !p.resp.empty() && p.resp.front().first <= now) {
      Gp* gp = p.resp.front().second;
      p.resp.pop_front();
      auto b = blocking_.find(gp);
      if (b != blocking_.end()) {
        b->second->notify();  // the blocked caller resumes in this delta
        blocking_.erase(b);
        finish(int(id), *gp);
        continue;
      }
      tlm::tlm_phase ph = tlm::BEGIN_RESP;
      sc_time t = SC_ZERO_TIME;
      auto r = hooks_.bw(int(id), *gp, ph, t);
      if (r == tlm::TLM_COMPLETED || (r == tlm::TLM_UPDATED && ph == tlm::END_RESP)) {
        finish(int(id), *gp);
      } else {
        p.in_resp = gp;  // END_RESP will come on the forward path
      }
    }
    if (!p.in_resp && !p.resp.empty()) {
      const sc_time r = p.resp.front().first;
      if (!rearm || r < next) next = r;
      rearm = true;
    }
  }
  if (rearm) kick_.notify(next > now ? next - now : SC_ZERO_TIME);
}

}  // namespace zvp
