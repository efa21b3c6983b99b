#include "router.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "dmi_latency.h"

namespace zvp {

Router::Router(sc_core::sc_module_name name)
    : sc_core::sc_module(name), target("target"), initiator("initiator"),
      map_(this->name()), hop_(sc_core::SC_ZERO_TIME), trace_(std::string(this->name()) + ".target") {
  target.register_b_transport(this, &Router::b_transport);
  target.register_nb_transport_fw(this, &Router::nb_transport_fw);
  target.register_get_direct_mem_ptr(this, &Router::get_direct_mem_ptr);
  target.register_transport_dbg(this, &Router::transport_dbg);
  initiator.register_nb_transport_bw(this, &Router::nb_transport_bw);
  initiator.register_invalidate_direct_mem_ptr(this, &Router::invalidate_direct_mem_ptr);
}

void Router::b_transport(int, tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
  const uint64_t addr = gp.get_address();
  const Window* w = decode(addr, gp.get_data_length());
  if (!w) {
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    if (trace_.on()) trace_.log(gp, delay);
    return;
  }
  delay += hop_;
  const uint64_t off = w->offset();
  gp.set_address(addr - off);
  initiator[w->port]->b_transport(gp, delay);
  gp.set_address(addr);
  if (TxTrace::any_on()) {
    if (trace_.on()) trace_.log(gp, delay);
    log_window(w, gp, delay);
  }
}

void Router::set_hop_latency(const sc_core::sc_time& t) {
  if (routes_resolved_ && t != hop_)
    throw std::logic_error(std::string(name()) +
                           ": hop latency changed after a master resolved a route through the bus");
  hop_ = t;
}

bool Router::resolve(uint64_t addr, Route& r) {
  const Window* w = decode(addr);
  if (!w) return false;
  routes_resolved_ = true;
  // The window in the master's addresses: this bus's plus what the buses in front subtracted.
  r.lo = std::max(r.lo, w->base + r.offset);
  r.hi = std::min(r.hi, w->last() + r.offset);
  r.delay += hop_;
  r.offset += w->offset();
  if (RouteResolver* next = next_resolver(w->port)) return next->resolve(addr - w->offset(), r);
  r.target = initiator[w->port];
  return true;
}

void Router::end_of_elaboration() {
  // One trace per window label; windows sharing a label share it.
  for (const Window& w : windows()) {
    auto& t = window_traces_[w.label];
    if (!t) t = std::make_unique<TxTrace>(std::string(name()) + "." + w.label);
    window_trace_.push_back(t.get());
  }
}

void Router::log_window(const Window* w, const tlm::tlm_generic_payload& gp, const sc_core::sc_time& delay,
                        const char* phase) {
  const size_t i = static_cast<size_t>(w - windows().data());
  if (i < window_trace_.size() && window_trace_[i]->on()) window_trace_[i]->log(gp, delay, phase);
}

tlm::tlm_sync_enum Router::nb_transport_fw(int id, tlm::tlm_generic_payload& gp,
                                           tlm::tlm_phase& ph, sc_core::sc_time& t) {
  if (ph == tlm::BEGIN_REQ) {
    const uint64_t addr = gp.get_address();
    const Window* w = decode(addr, gp.get_data_length());
    if (!w) {
      // Complete at once with an address error: END_REQ + BEGIN_RESP in one return.
      gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
      ph = tlm::BEGIN_RESP;
      t += hop_;
      return tlm::TLM_UPDATED;
    }
    if (TxTrace::any_on()) log_window(w, gp, t, "req");
    const uint64_t off = w->offset();
    pending_[&gp] = {id, off};
    gp.set_address(addr - off);
    t += hop_;
    auto r = initiator[w->port]->nb_transport_fw(gp, ph, t);
    if (r == tlm::TLM_COMPLETED || (r == tlm::TLM_UPDATED && ph == tlm::BEGIN_RESP)) {
      gp.set_address(addr);
      if (r == tlm::TLM_COMPLETED) pending_.erase(&gp);
    }
    return r;
  }
  // END_RESP (or other phases): forward to whichever target holds it.
  auto it = pending_.find(&gp);
  if (it == pending_.end()) return tlm::TLM_COMPLETED;
  const uint64_t orig = gp.get_address();
  gp.set_address(orig - it->second.offset);
  const Window* w = decode(orig);
  tlm::tlm_sync_enum r = tlm::TLM_COMPLETED;
  if (w) r = initiator[w->port]->nb_transport_fw(gp, ph, t);
  gp.set_address(orig);
  // By key: the call may have changed the map (PtrMap moves elements).
  if (ph == tlm::END_RESP || r == tlm::TLM_COMPLETED) pending_.erase(&gp);
  return r;
}

tlm::tlm_sync_enum Router::nb_transport_bw(int, tlm::tlm_generic_payload& gp, tlm::tlm_phase& ph,
                                           sc_core::sc_time& t) {
  auto it = pending_.find(&gp);
  if (it == pending_.end()) return tlm::TLM_COMPLETED;
  const Pending p = it->second;
  gp.set_address(gp.get_address() + p.offset);
  auto r = target[p.from]->nb_transport_bw(gp, ph, t);
  if (ph != tlm::BEGIN_RESP && r != tlm::TLM_COMPLETED) {
    gp.set_address(gp.get_address() - p.offset);  // still in flight towards the target side
  } else if (r == tlm::TLM_COMPLETED) {
    pending_.erase(&gp);  // by key: the call may have changed the map
  }
  return r;
}

bool Router::get_direct_mem_ptr(int, tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi) {
  const uint64_t addr = gp.get_address();
  const Window* w = decode(addr);
  if (!w) return false;
  const uint64_t off = w->offset();
  gp.set_address(addr - off);
  bool ok = initiator[w->port]->get_direct_mem_ptr(gp, dmi);
  gp.set_address(addr);
  if (!ok) return false;
  AddressMap::to_bus(*w, dmi);
  // Its hop, once per access as b_transport charges it (core/dmi_latency.h).
  dmi_through_stage(dmi, sc_core::SC_ZERO_TIME, hop_);
  return true;
}

unsigned Router::transport_dbg(int, tlm::tlm_generic_payload& gp) {
  const uint64_t addr = gp.get_address();
  const Window* w = decode(addr);
  if (!w) {
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return 0;
  }
  const uint64_t off = w->offset();
  gp.set_address(addr - off);
  unsigned n = initiator[w->port]->transport_dbg(gp);
  gp.set_address(addr);
  return n;
}

void Router::invalidate_direct_mem_ptr(int id, sc_dt::uint64 start, sc_dt::uint64 end) {
  map_.for_each_invalidated(unsigned(id), start, end, [this](uint64_t s, uint64_t e) {
    for (unsigned i = 0; i < target.size(); ++i) target[i]->invalidate_direct_mem_ptr(s, e);
  });
}

}  // namespace zvp
