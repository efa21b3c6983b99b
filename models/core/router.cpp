#include "router.h"

#include <stdexcept>

namespace zvp {

Router::Router(sc_core::sc_module_name name)
    : sc_core::sc_module(name), target("target"), initiator("initiator"),
      hop_(sc_core::SC_ZERO_TIME), trace_(std::string(this->name()) + ".target") {
  target.register_b_transport(this, &Router::b_transport);
  target.register_nb_transport_fw(this, &Router::nb_transport_fw);
  target.register_get_direct_mem_ptr(this, &Router::get_direct_mem_ptr);
  target.register_transport_dbg(this, &Router::transport_dbg);
  initiator.register_nb_transport_bw(this, &Router::nb_transport_bw);
  initiator.register_invalidate_direct_mem_ptr(this, &Router::invalidate_direct_mem_ptr);
}

void Router::map(uint64_t base, uint64_t size, unsigned port, bool relative,
                 const std::string& label) {
  if (size == 0) throw std::invalid_argument(std::string(name()) + ": empty window");
  for (auto& w : windows_)
    if (base < w.base + w.size && w.base < base + size)
      throw std::invalid_argument(std::string(name()) + ": window " + label + " overlaps " + w.label);
  windows_.push_back({base, size, port, relative, label});
}

const Router::Window* Router::decode(uint64_t addr) const {
  for (auto& w : windows_)
    if (addr >= w.base && addr - w.base < w.size) return &w;
  return nullptr;
}

void Router::b_transport(int, tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
  const uint64_t addr = gp.get_address();
  const Window* w = decode(addr);
  if (!w || addr + gp.get_data_length() - w->base > w->size) {
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    if (trace_.on()) trace_.log(gp, delay);
    return;
  }
  delay += hop_;
  const uint64_t off = w->relative ? w->base : 0;
  gp.set_address(addr - off);
  initiator[w->port]->b_transport(gp, delay);
  gp.set_address(addr);
  if (trace_.on()) trace_.log(gp, delay);
}

tlm::tlm_sync_enum Router::nb_transport_fw(int id, tlm::tlm_generic_payload& gp,
                                           tlm::tlm_phase& ph, sc_core::sc_time& t) {
  if (ph == tlm::BEGIN_REQ) {
    const uint64_t addr = gp.get_address();
    const Window* w = decode(addr);
    if (!w || addr + gp.get_data_length() - w->base > w->size) {
      // Complete at once with an address error: END_REQ + BEGIN_RESP in one return.
      gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
      ph = tlm::BEGIN_RESP;
      t += hop_;
      return tlm::TLM_UPDATED;
    }
    const uint64_t off = w->relative ? w->base : 0;
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
  if (ph == tlm::END_RESP || r == tlm::TLM_COMPLETED) pending_.erase(it);
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
    pending_.erase(it);
  }
  return r;
}

bool Router::get_direct_mem_ptr(int, tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi) {
  const uint64_t addr = gp.get_address();
  const Window* w = decode(addr);
  if (!w) return false;
  const uint64_t off = w->relative ? w->base : 0;
  gp.set_address(addr - off);
  bool ok = initiator[w->port]->get_direct_mem_ptr(gp, dmi);
  gp.set_address(addr);
  if (!ok) return false;
  // Clip to the window and translate back into our address space.
  uint64_t s = dmi.get_start_address() + off, e = dmi.get_end_address() + off;
  if (s < w->base) {
    dmi.set_dmi_ptr(dmi.get_dmi_ptr() + (w->base - s));
    s = w->base;
  }
  if (e > w->base + w->size - 1) e = w->base + w->size - 1;
  dmi.set_start_address(s);
  dmi.set_end_address(e);
  dmi.set_read_latency(dmi.get_read_latency() + hop_);
  dmi.set_write_latency(dmi.get_write_latency() + hop_);
  return true;
}

unsigned Router::transport_dbg(int, tlm::tlm_generic_payload& gp) {
  const uint64_t addr = gp.get_address();
  const Window* w = decode(addr);
  if (!w) {
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return 0;
  }
  const uint64_t off = w->relative ? w->base : 0;
  gp.set_address(addr - off);
  unsigned n = initiator[w->port]->transport_dbg(gp);
  gp.set_address(addr);
  return n;
}

void Router::invalidate_direct_mem_ptr(int id, sc_dt::uint64 start, sc_dt::uint64 end) {
  for (auto& w : windows_) {
    if (int(w.port) != id) continue;
    const uint64_t off = w.relative ? w.base : 0;
    uint64_t s = start + off, e = end + off;
    if (e < w.base || s > w.base + w.size - 1) continue;
    if (s < w.base) s = w.base;
    if (e > w.base + w.size - 1) e = w.base + w.size - 1;
    for (unsigned i = 0; i < target.size(); ++i) target[i]->invalidate_direct_mem_ptr(s, e);
  }
}

}  // namespace zvp
