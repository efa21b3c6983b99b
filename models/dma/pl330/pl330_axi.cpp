// Pl330's AXI master: issues bursts in lt (b_transport) or at (4-phase base protocol), limits
// outstanding transactions to the CRD issuing capabilities, and models the 64-bit address and
// data channels at the DMAC clock (one address per clock, one beat per clock per direction).
#include <algorithm>

#include "dma/pl330/pl330.h"

namespace zvp {

using namespace pl330;

void Pl330::prune(std::vector<TxnP>& v) {
  // Txn::done() with the kernel's time read once (it was a library call per transaction).
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  v.erase(std::remove_if(v.begin(), v.end(),
                         [&now](const TxnP& t) { return t->done(now); }),
          v.end());
}

Pl330::TxnP Pl330::bus_issue(Chan& c, bool write, uint64_t addr, std::vector<uint8_t>&& data,
                             unsigned stream_width, unsigned beats, bool fetch, bool agent) {
  if (!agent) sync(c);
  auto& out = write ? wr_out_ : rd_out_;
  const unsigned cap = write ? p_.wr_issuing : p_.rd_issuing;
  for (prune(out); out.size() >= cap; prune(out)) {
    sc_core::sc_event_or_list any;
    for (auto& t : out) any |= t->done_ev;
    any |= c.kill_ev;
    sc_core::wait(any);
    if (agent) {
      if (c.kill_req) throw Killed{};
    } else {
      check(c);
    }
  }
  // Address channel: one request per DMAC clock.
  const int k = write ? 1 : 0;
  // The address channel and the socket's open request are shared by every thread: re-check
  // after each wait (another thread may have taken the slot meanwhile).
  for (;;) {
    if (addr_free_[k] > sc_core::sc_time_stamp()) {
      bwait(c, agent, addr_free_[k] - sc_core::sc_time_stamp());
      continue;
    }
    if (mode_ == TimingMode::AT && req_open_) {  // base protocol: one open request per socket
      bwait(c, agent, req_end_ev_);
      continue;
    }
    break;
  }
  addr_free_[k] = sc_core::sc_time_stamp() + clk_.period();

  Txn* raw = new Txn;
  raw->set_mm(&txn_mm_);
  raw->acquire();
  TxnP t(raw, [](Txn* x) { x->release(); });
  t->data = std::move(data);
  t->write = write;
  t->beats = beats ? beats : 1;
  t->owner = &c;
  t->fetch = fetch;
  t->issued_at = sc_core::sc_time_stamp();
  tlm::tlm_generic_payload& gp = *t;
  gp.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
  gp.set_address(addr);
  gp.set_data_ptr(t->data.data());
  gp.set_data_length(static_cast<unsigned>(t->data.size()));
  gp.set_streaming_width(stream_width);
  gp.set_byte_enable_ptr(nullptr);
  gp.set_byte_enable_length(0);
  gp.set_dmi_allowed(false);
  gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  out.push_back(t);
  prune(c.outstanding);
  c.outstanding.push_back(t);
  if (!fetch) (write ? bytes_wr_ : bytes_rd_) += t->data.size();

  if (mode_ == TimingMode::LT) {
    sc_core::sc_time d = sc_core::SC_ZERO_TIME;
    master->b_transport(gp, d);
    if (master_trace_.on()) master_trace_.log(gp, d);
    bus_complete(*t, d);
    return t;
  }
  tlm::tlm_phase ph = tlm::BEGIN_REQ;
  sc_core::sc_time d = sc_core::SC_ZERO_TIME;
  inflight_[&gp] = t;
  if (master_trace_.on()) master_trace_.log(gp, d, "req");
  const tlm::tlm_sync_enum r = master->nb_transport_fw(gp, ph, d);
  if (r == tlm::TLM_ACCEPTED || (r == tlm::TLM_UPDATED && ph == tlm::BEGIN_REQ)) {
    req_open_ = true;
    req_gp_ = &gp;
  } else if (r == tlm::TLM_UPDATED && ph == tlm::BEGIN_RESP) {
    inflight_.erase(&gp);
    bus_complete(*t, d);
    ph = tlm::END_RESP;
    sc_core::sc_time z = sc_core::SC_ZERO_TIME;
    master->nb_transport_fw(gp, ph, z);
  } else if (r == tlm::TLM_COMPLETED) {
    inflight_.erase(&gp);
    bus_complete(*t, d);
  }
  // TLM_UPDATED with END_REQ: request accepted, response comes on the backward path.
  return t;
}

// Waits of bus_issue: the channel thread (agent = false) also takes faults and kills at every
// wait; the store thread (agent = true) only stops for a kill - a fault is the channel
// thread's to report, and the store thread goes on writing out the data already loaded.
void Pl330::bwait(Chan& c, bool agent, const sc_core::sc_event& e) {
  if (!agent) return cwait(c, e);
  sc_core::wait(e | c.kill_ev);
  if (c.kill_req) throw Killed{};
}

void Pl330::bwait(Chan& c, bool agent, const sc_core::sc_time& t) {
  if (!agent) return cwait(c, t);
  if (t > sc_core::SC_ZERO_TIME) sc_core::wait(t, c.kill_ev);
  if (c.kill_req) throw Killed{};
}

// The response of t arrived `delay` after now: its data is usable once the data channel has
// moved its beats. The beats stream while the target works (they are part of the transaction,
// which the target's response time already covers at its own rate): the data channel is
// occupied from the issue of the transaction (or when it frees), not from the response -
// counting them after an at BEGIN_RESP would charge the transfer twice (and for writes, whose
// data precede the AXI write response, put them after it). In lt now == issue time.
void Pl330::bus_complete(Txn& t, const sc_core::sc_time& delay) {
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  const int k = t.write ? 1 : 0;
  sc_core::sc_time done = now + delay;
  const sc_core::sc_time beats_end =
      std::max(data_free_[k], t.issued_at) + clk_.cycles(uint64_t{t.beats});
  if (beats_end > done) done = beats_end;
  data_free_[k] = done;
  t.done_at = done;
  t.responded = true;
  t.done_ev.notify(done - now);
  if (!t.ok() && !t.fetch && t.owner) {
    // A data error response: the owning channel faults (read or write error).
    t.owner->async_fault |= t.write ? kDataWriteErr : kDataReadErr;
    t.owner->kill_ev.notify(done - now);
  }
}

tlm::tlm_sync_enum Pl330::nb_transport_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& ph,
                                          sc_core::sc_time& t) {
  if (ph == tlm::END_REQ || ph == tlm::BEGIN_RESP) {
    if (&gp == req_gp_) {
      req_open_ = false;
      req_gp_ = nullptr;
      req_end_ev_.notify(t);
    }
  }
  if (ph == tlm::BEGIN_RESP) {
    auto it = inflight_.find(&gp);
    if (it != inflight_.end()) {
      TxnP tp = it->second;
      inflight_.erase(it);
      bus_complete(*tp, t);
    }
    ph = tlm::END_RESP;
    return tlm::TLM_COMPLETED;
  }
  return tlm::TLM_ACCEPTED;
}

}  // namespace zvp
