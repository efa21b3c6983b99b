#include "axi_port.h"

#include "core/dmi_latency.h"
#include "core/steady_read.h"

#include <algorithm>

namespace zvp {

using sc_core::sc_time;
using sc_core::sc_time_stamp;
using sc_core::SC_ZERO_TIME;

AxiPort::AxiPort(sc_core::sc_module_name name, const AxiPortConfig& cfg)
    : sc_core::sc_module(name), target("target"), initiator("initiator"), cfg_(cfg),
      trace_(std::string(this->name()) + ".target"),
      tl_read_("PS AXI ports", this->name(), std::string(this->name()) + " read MB/s"),
      tl_write_("PS AXI ports", this->name(), std::string(this->name()) + " write MB/s"),
      up_("up", {[this](int id, Gp& gp, tlm::tlm_phase& ph, sc_time& t) {
                   return target[id]->nb_transport_bw(gp, ph, t);
                 },
                 [this](int id, Gp& gp) { return at_admit(id, gp); },
                 [this](int id, Gp& gp) { at_accept(id, gp); },
                 [this](int id, Gp& gp) { at_done(id, gp); }}),
      down_("down", {[this](unsigned, Gp& gp, tlm::tlm_phase& ph, sc_time& t) {
                       return initiator->nb_transport_fw(gp, ph, t);
                     },
                     [this](unsigned, Gp& gp) { at_response(gp); }}) {
  if (cfg_.width_bytes == 0) cfg_.width_bytes = 1;
  if (cfg_.max_reads == 0) cfg_.max_reads = 1;
  if (cfg_.max_writes == 0) cfg_.max_writes = 1;
  crossing_ = cfg_.clock.cycles(uint64_t{cfg_.crossing_cycles});
  target.register_b_transport(this, &AxiPort::b_transport);
  target.register_nb_transport_fw(this, &AxiPort::nb_transport_fw);
  target.register_get_direct_mem_ptr(this, &AxiPort::get_direct_mem_ptr);
  target.register_transport_dbg(this, &AxiPort::transport_dbg);
  initiator.register_nb_transport_bw(this, &AxiPort::nb_transport_bw);
  initiator.register_invalidate_direct_mem_ptr(this, &AxiPort::invalidate_direct_mem_ptr);
}

sc_time AxiPort::burst_time(unsigned len) const {
  uint64_t beats = (uint64_t(len) + cfg_.width_bytes - 1) / cfg_.width_bytes;
  return cfg_.clock.cycles(beats ? beats : uint64_t{1});
}

void AxiPort::count(const Gp& gp, const sc_time& end) {
  if (gp.get_response_status() != tlm::TLM_OK_RESPONSE) return;
  if (gp.is_read()) {
    bytes_read_ += gp.get_data_length();
    tl_read_.add(gp.get_data_length(), end);
  }
  if (gp.is_write()) {
    bytes_written_ += gp.get_data_length();
    tl_write_.add(gp.get_data_length(), end);
  }
}

// at: the outstanding transactions of each channel as timeline counters, when they change.
void AxiPort::timeline_outstanding() {
  Timeline* tl = Timeline::get();
  if (!tl) return;
  const int t = tl->track("PS AXI ports", name());
  tl->counter(t, std::string(name()) + " reads outstanding", sc_time_stamp(), reads_);
  tl->counter(t, std::string(name()) + " writes outstanding", sc_time_stamp(), writes_);
}

void AxiPort::dump_stats(Stats& s) const {
  const std::string n = name();
  s.counter(n + ".bytes_read") = bytes_read_;
  s.counter(n + ".bytes_written") = bytes_written_;
  s.counter(n + ".max_reads_in_flight") = max_reads_seen_;
  s.counter(n + ".max_writes_in_flight") = max_writes_seen_;
}

// ---- lt ---------------------------------------------------------------------------------

void AxiPort::lt_transport(Gp& gp, sc_time& delay) {
  const sc_time arrival = sc_time_stamp() + delay;
  const sc_time xfer = burst_time(gp.get_data_length());
  const bool wr = gp.is_write();
  sc_time& busy = wr ? w_busy_ : r_busy_;
  const sc_time start = std::max(arrival, busy);
  busy = start + xfer;
  sc_time d = start + crossing_ - sc_time_stamp();
  initiator->b_transport(gp, d);
  const sc_time down_end = sc_time_stamp() + d;
  // The data streams through the port at its width: never faster than the port.
  const sc_time end = std::max(down_end, start + crossing_ + xfer) + crossing_;
  delay = end - sc_time_stamp();
  count(gp, end);
  if (trace_.on()) trace_.log(gp, delay);
}

void AxiPort::b_transport(int id, Gp& gp, sc_time& delay) {
  if (cfg_.mode == TimingMode::AT && caller_can_wait()) up_.b_transport(id, gp, delay);
  else lt_transport(gp, delay);
  not_steady(gp);  // the latency here depends on when the access arrives
}

tlm::tlm_sync_enum AxiPort::nb_transport_fw(int id, Gp& gp, tlm::tlm_phase& ph, sc_time& t) {
  if (cfg_.mode == TimingMode::AT) return up_.nb_transport_fw(id, gp, ph, t);
  // lt: complete at once with the lt delay (blocking-to-nonblocking adapter).
  if (ph == tlm::BEGIN_REQ) lt_transport(gp, t);
  return tlm::TLM_COMPLETED;
}

// ---- at ---------------------------------------------------------------------------------

bool AxiPort::at_admit(int, Gp& gp) {
  return gp.is_write() ? writes_ < cfg_.max_writes : reads_ < cfg_.max_reads;
}

void AxiPort::at_accept(int id, Gp& gp) {
  const sc_time now = sc_time_stamp();
  const bool wr = gp.is_write();
  if (wr) {
    ++writes_;
    max_writes_seen_ = std::max(max_writes_seen_, writes_);
  } else {
    ++reads_;
    max_reads_seen_ = std::max(max_reads_seen_, reads_);
  }
  timeline_outstanding();
  // Reserve the channel now: transactions of a channel keep their order (AXI, one ID).
  sc_time& busy = wr ? w_busy_ : r_busy_;
  const sc_time start = std::max(now, busy);
  busy = start + burst_time(gp.get_data_length());
  origin_[&gp] = {id, busy + crossing_};
  down_.send(0, gp, start + crossing_ - now);
}

void AxiPort::at_response(Gp& gp) {
  auto it = origin_.find(&gp);
  if (it == origin_.end()) return;
  const InFlight f = it->second;
  origin_.erase(it);
  const sc_time now = sc_time_stamp();
  const sc_time ready = std::max(now, f.data_end) + crossing_;
  count(gp, ready);
  if (trace_.on()) trace_.log(gp, ready - now, "at");
  up_.respond(f.id, gp, ready - now);
}

void AxiPort::at_done(int, Gp& gp) {
  if (gp.is_write()) {
    if (writes_) --writes_;
  } else if (reads_) {
    --reads_;
  }
  timeline_outstanding();
  up_.retry();
}

tlm::tlm_sync_enum AxiPort::nb_transport_bw(Gp& gp, tlm::tlm_phase& ph, sc_time& t) {
  return down_.nb_transport_bw(0, gp, ph, t);
}

// ---- DMI / debug ------------------------------------------------------------------------

bool AxiPort::get_direct_mem_ptr(int, Gp& gp, tlm::tlm_dmi& dmi) {
  if (!initiator->get_direct_mem_ptr(gp, dmi)) return false;
  // As lt_transport times an uncontended access of the port's width: at least its beat through
  // the port, plus the clock crossing each way (core/dmi_latency.h).
  dmi_through_stage(dmi, burst_time(cfg_.width_bytes), crossing_ + crossing_);
  return true;
}

unsigned AxiPort::transport_dbg(int, Gp& gp) { return initiator->transport_dbg(gp); }

void AxiPort::invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end) {
  for (unsigned i = 0; i < target.size(); ++i) target[i]->invalidate_direct_mem_ptr(start, end);
}

}  // namespace zvp
