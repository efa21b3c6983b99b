#include "interconnect.h"

#include "core/dmi_latency.h"
#include "core/steady_read.h"

#include <algorithm>

namespace zvp {

using sc_core::sc_time;
using sc_core::sc_time_stamp;
using sc_core::SC_ZERO_TIME;

Interconnect::Interconnect(sc_core::sc_module_name name, const InterconnectConfig& cfg)
    : sc_core::sc_module(name), target("target"), initiator("initiator"), cfg_(cfg),
      map_(this->name()), trace_(std::string(this->name()) + ".target"),
      up_("up", {[this](int id, Gp& gp, tlm::tlm_phase& ph, sc_time& t) {
                   return target[id]->nb_transport_bw(gp, ph, t);
                 },
                 [this](int id, Gp& gp) { return at_admit(id, gp); },
                 [this](int id, Gp& gp) { at_accept(id, gp); },
                 [this](int id, Gp& gp) { at_done(id, gp); }}),
      down_("down", {[this](unsigned idx, Gp& gp, tlm::tlm_phase& ph, sc_time& t) {
                       return initiator[idx]->nb_transport_fw(gp, ph, t);
                     },
                     [this](unsigned, Gp& gp) { at_response(gp); }}) {
  if (cfg_.width_bytes == 0) cfg_.width_bytes = 1;
  if (cfg_.max_outstanding == 0) cfg_.max_outstanding = 1;
  hop_ = cfg_.clock.cycles(uint64_t{cfg_.hop_cycles});
  target.register_b_transport(this, &Interconnect::b_transport);
  target.register_nb_transport_fw(this, &Interconnect::nb_transport_fw);
  target.register_get_direct_mem_ptr(this, &Interconnect::get_direct_mem_ptr);
  target.register_transport_dbg(this, &Interconnect::transport_dbg);
  initiator.register_nb_transport_bw(this, &Interconnect::nb_transport_bw);
  initiator.register_invalidate_direct_mem_ptr(this, &Interconnect::invalidate_direct_mem_ptr);
  SC_METHOD(arbitrate);
  sensitive << arb_ev_;
  dont_initialize();
}

sc_time Interconnect::path_time(unsigned len) const {
  uint64_t beats = (uint64_t(len) + cfg_.width_bytes - 1) / cfg_.width_bytes;
  return cfg_.clock.cycles(beats ? beats : uint64_t{1});
}

// AXI read and write data move on independent channels: a target has a read path and a write
// path, each one transfer per clock (reads and writes to one target overlap; masters going the
// same direction share it).
unsigned Interconnect::path_index(unsigned port, const Gp& gp) {
  return 2 * port + (gp.is_write() ? 1u : 0u);
}

Interconnect::Path& Interconnect::path(unsigned index) {
  if (index >= paths_.size()) paths_.resize(index + 1);
  return paths_[index];
}

unsigned& Interconnect::out(unsigned master) {
  if (master >= out_.size()) {
    out_.resize(master + 1, 0);
    grants_.resize(master + 1, 0);
  }
  return out_[master];
}

void Interconnect::dump_stats(Stats& s) const {
  const std::string n = name();
  for (unsigned m = 0; m < grants_.size(); ++m)
    s.counter(n + ".master" + std::to_string(m) + ".grants") = grants_[m];
  s.counter(n + ".max_in_flight") = max_seen_;
}

// ---- lt ---------------------------------------------------------------------------------

void Interconnect::lt_transport(Gp& gp, sc_time& delay) {
  const uint64_t addr = gp.get_address();
  const Window* w = decode(addr, gp.get_data_length());
  if (!w) {
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    delay += hop_ + hop_;
    if (trace_.on()) trace_.log(gp, delay);
    return;
  }
  Path& p = path(path_index(w->port, gp));
  const sc_time start = std::max(sc_time_stamp() + delay, p.busy);
  const sc_time occ = path_time(gp.get_data_length());
  p.busy = start + occ;
  const uint64_t off = w->offset();
  gp.set_address(addr - off);
  sc_time d = start + hop_ - sc_time_stamp();
  initiator[w->port]->b_transport(gp, d);
  gp.set_address(addr);
  const sc_time end = std::max(sc_time_stamp() + d, start + hop_ + occ) + hop_;
  delay = end - sc_time_stamp();
  if (trace_.on()) trace_.log(gp, delay);
}

void Interconnect::b_transport(int id, Gp& gp, sc_time& delay) {
  if (cfg_.mode == TimingMode::AT && caller_can_wait()) up_.b_transport(id, gp, delay);
  else lt_transport(gp, delay);
  not_steady(gp);  // the latency here depends on when the access arrives
}

tlm::tlm_sync_enum Interconnect::nb_transport_fw(int id, Gp& gp, tlm::tlm_phase& ph,
                                                 sc_time& t) {
  if (cfg_.mode == TimingMode::AT) return up_.nb_transport_fw(id, gp, ph, t);
  if (ph == tlm::BEGIN_REQ) lt_transport(gp, t);
  return tlm::TLM_COMPLETED;
}

// ---- at ---------------------------------------------------------------------------------

bool Interconnect::at_admit(int id, Gp&) { return out(unsigned(id)) < cfg_.max_outstanding; }

void Interconnect::at_accept(int id, Gp& gp) {
  const unsigned m = unsigned(id);
  max_seen_ = std::max(max_seen_, ++out(m));
  const uint64_t addr = gp.get_address();
  const Window* w = decode(addr, gp.get_data_length());
  if (!w) {  // DECERR from the interconnect itself, after the decode hop
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    if (trace_.on()) trace_.log(gp, hop_ + hop_, "at");
    up_.respond(id, gp, hop_ + hop_);
    return;
  }
  const uint64_t off = w->offset();
  pending_[&gp] = {id, off};
  gp.set_address(addr - off);
  Path& p = path(path_index(w->port, gp));
  if (p.from.size() <= m) p.from.resize(m + 1);
  p.from[m].push_back(&gp);
  arb_ev_.notify(SC_ZERO_TIME);
}

void Interconnect::arbitrate() {
  const sc_time now = sc_time_stamp();
  bool rearm = false;
  sc_time next;
  for (unsigned pi = 0; pi < paths_.size(); ++pi) {
    Path& p = paths_[pi];
    const unsigned port = pi / 2;  // paths_ holds [2 * port + is_write]
    const unsigned n = unsigned(p.from.size());
    if (n == 0) continue;
    bool any = false;
    for (auto& q : p.from) any = any || !q.empty();
    if (!any) continue;
    if (p.busy > now) {  // path occupied: come back when it frees
      if (!rearm || p.busy < next) next = p.busy;
      rearm = true;
      continue;
    }
    // Round robin: the first master after the last one granted that has a request.
    for (unsigned k = 1; k <= n; ++k) {
      const unsigned m = (p.last + k) % n;
      if (p.from[m].empty()) continue;
      Gp* gp = p.from[m].front();
      p.from[m].pop_front();
      p.last = m;
      ++grants_[m];
      p.busy = now + path_time(gp->get_data_length());
      down_.send(port, *gp, hop_);
      break;
    }
    for (auto& q : p.from)
      if (!q.empty()) {
        if (!rearm || p.busy < next) next = p.busy;
        rearm = true;
        break;
      }
  }
  if (rearm) arb_ev_.notify(next > now ? next - now : SC_ZERO_TIME);
}

void Interconnect::at_response(Gp& gp) {
  auto it = pending_.find(&gp);
  if (it == pending_.end()) return;
  gp.set_address(gp.get_address() + it->second.offset);
  const int id = it->second.from;
  pending_.erase(it);
  if (trace_.on()) trace_.log(gp, hop_, "at");
  up_.respond(id, gp, hop_);
}

void Interconnect::at_done(int id, Gp&) {
  unsigned& o = out(unsigned(id));
  if (o) --o;
  up_.retry();
}

tlm::tlm_sync_enum Interconnect::nb_transport_bw(int id, Gp& gp, tlm::tlm_phase& ph,
                                                 sc_time& t) {
  return down_.nb_transport_bw(unsigned(id), gp, ph, t);
}

// ---- DMI / debug ------------------------------------------------------------------------

bool Interconnect::get_direct_mem_ptr(int, Gp& gp, tlm::tlm_dmi& dmi) {
  const uint64_t addr = gp.get_address();
  const Window* w = decode(addr);
  if (!w) return false;
  const uint64_t off = w->offset();
  gp.set_address(addr - off);
  const bool ok = initiator[w->port]->get_direct_mem_ptr(gp, dmi);
  gp.set_address(addr);
  if (!ok) return false;
  AddressMap::to_bus(*w, dmi);
  // As its lt path times an uncontended access of one beat: at least the data through the path,
  // plus the decode hop there and back (core/dmi_latency.h).
  dmi_through_stage(dmi, path_time(1), hop_ + hop_);
  return true;
}

unsigned Interconnect::transport_dbg(int, Gp& gp) {
  const uint64_t addr = gp.get_address();
  const Window* w = decode(addr, gp.get_data_length());
  if (!w) {
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return 0;
  }
  const uint64_t off = w->offset();
  gp.set_address(addr - off);
  const unsigned n = initiator[w->port]->transport_dbg(gp);
  gp.set_address(addr);
  return n;
}

void Interconnect::invalidate_direct_mem_ptr(int id, sc_dt::uint64 start, sc_dt::uint64 end) {
  map_.for_each_invalidated(unsigned(id), start, end, [this](uint64_t s, uint64_t e) {
    for (unsigned i = 0; i < target.size(); ++i) target[i]->invalidate_direct_mem_ptr(s, e);
  });
}

}  // namespace zvp
