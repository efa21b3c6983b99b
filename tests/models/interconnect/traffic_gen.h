// Test masters and a protocol checker for the memory path (header-only, shared by the
// interconnect and memory test suites).
//  TrafficGen: an AXI-like master that issues `count` transactions of `len` bytes at consecutive
//    addresses, either pipelined over the 4-phase base protocol with up to `max_outstanding` in
//    flight (run_at) or one by one through b_transport honouring the annotated delay (run_lt).
//    It checks the phases it receives and records the time window, for bandwidth figures.
//  ProtocolChecker: a pass-through placed between two components; it checks the base-protocol
//    rules on that hop (phase order per transaction, one request and one response phase at a
//    time) and counts the transactions in flight through it.
#pragma once
#include <systemc>
#include <tlm>
#include <tlm_utils/peq_with_get.h>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace zvp::test {

struct TrafficResult {
  sc_core::sc_time start, end;
  uint64_t bytes = 0;
  unsigned errors = 0;          // non-OK responses
  unsigned protocol_errors = 0; // phases received out of order
  bool in_order = true;         // responses came back in issue order
  tlm::tlm_response_status last_status = tlm::TLM_INCOMPLETE_RESPONSE;
  double mbps() const {
    const double s = (end - start).to_seconds();
    return s > 0 ? double(bytes) / s / 1e6 : 0.0;
  }
};

class TrafficGen : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(TrafficGen);
  tlm_utils::simple_initiator_socket<TrafficGen> socket;
  // If non-zero: answer BEGIN_RESP with TLM_ACCEPTED and send END_RESP this much later.
  sc_core::sc_time end_resp_delay = sc_core::SC_ZERO_TIME;
  unsigned max_in_flight = 0;
  unsigned invalidations = 0;  // DMI invalidations received, and the last range
  uint64_t inval_start = 0, inval_end = 0;

  explicit TrafficGen(sc_core::sc_module_name n) : sc_core::sc_module(n), socket("socket"),
                                                   end_resp_peq_("end_resp_peq") {
    socket.register_nb_transport_bw(this, &TrafficGen::nb_transport_bw);
    socket.register_invalidate_direct_mem_ptr(this, &TrafficGen::invalidate);
    SC_METHOD(end_resp_method);
    sensitive << end_resp_peq_.get_event();
    dont_initialize();
  }

  // Pipelined 4-phase traffic. `data` holds count*len bytes (source for writes, sink for reads).
  TrafficResult run_at(bool write, uint64_t base, unsigned len, unsigned count,
                       unsigned max_outstanding, uint8_t* data) {
    TrafficResult r;
    r.start = sc_core::sc_time_stamp();
    std::vector<std::unique_ptr<tlm::tlm_generic_payload>> gps;
    for (unsigned i = 0; i < count; ++i) {
      auto gp = std::make_unique<tlm::tlm_generic_payload>();
      gp->set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
      gp->set_address(base + uint64_t(i) * len);
      gp->set_data_ptr(data + size_t(i) * len);
      gp->set_data_length(len);
      gp->set_streaming_width(len);
      gp->set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
      gps.push_back(std::move(gp));
    }
    unsigned issued = 0;
    done_ = 0;
    order_.clear();
    for (unsigned i = 0; i < count; ++i) order_[gps[i].get()] = i;
    result_ = &r;
    while (done_ < count) {
      if (issued < count && !req_busy_ && outstanding_ < max_outstanding) {
        tlm::tlm_generic_payload& gp = *gps[issued++];
        state_[&gp] = kReq;
        ++outstanding_;
        max_in_flight = std::max(max_in_flight, outstanding_);
        req_busy_ = true;
        tlm::tlm_phase ph = tlm::BEGIN_REQ;
        sc_core::sc_time t = sc_core::SC_ZERO_TIME;
        auto s = socket->nb_transport_fw(gp, ph, t);
        if (s == tlm::TLM_UPDATED && ph == tlm::END_REQ) {
          state_[&gp] = kWaitResp;
          req_busy_ = false;
        } else if (s == tlm::TLM_UPDATED && ph == tlm::BEGIN_RESP) {
          req_busy_ = false;
          ph = tlm::END_RESP;
          sc_core::sc_time t2 = sc_core::SC_ZERO_TIME;
          socket->nb_transport_fw(gp, ph, t2);
          complete(gp, t);
        } else if (s == tlm::TLM_COMPLETED) {
          req_busy_ = false;
          complete(gp, t);
        } else if (s != tlm::TLM_ACCEPTED || ph != tlm::BEGIN_REQ) {
          ++r.protocol_errors;
        }
        continue;
      }
      sc_core::wait(ev_);
    }
    result_ = nullptr;
    return r;
  }

  // Blocking traffic, one transaction at a time, waiting each annotated delay.
  TrafficResult run_lt(bool write, uint64_t base, unsigned len, unsigned count, uint8_t* data) {
    TrafficResult r;
    r.start = sc_core::sc_time_stamp();
    for (unsigned i = 0; i < count; ++i) {
      tlm::tlm_generic_payload gp;
      gp.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
      gp.set_address(base + uint64_t(i) * len);
      gp.set_data_ptr(data + size_t(i) * len);
      gp.set_data_length(len);
      gp.set_streaming_width(len);
      gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
      sc_core::sc_time d = sc_core::SC_ZERO_TIME;
      socket->b_transport(gp, d);
      sc_core::wait(d);
      r.last_status = gp.get_response_status();
      if (gp.is_response_ok()) r.bytes += len; else ++r.errors;
    }
    r.end = sc_core::sc_time_stamp();
    return r;
  }

 private:
  enum State { kReq, kWaitResp, kResp };
  void complete(tlm::tlm_generic_payload& gp, const sc_core::sc_time& t) {
    state_.erase(&gp);
    auto o = order_.find(&gp);
    if (result_ && o != order_.end() && o->second != done_) result_->in_order = false;
    --outstanding_;
    ++done_;
    if (result_) {
      if (gp.is_response_ok()) result_->bytes += gp.get_data_length(); else ++result_->errors;
      result_->last_status = gp.get_response_status();
      result_->end = std::max(result_->end, sc_core::sc_time_stamp() + t);
    }
    ev_.notify(t);
  }
  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& ph,
                                     sc_core::sc_time& t) {
    auto it = state_.find(&gp);
    if (it == state_.end()) {
      if (result_) ++result_->protocol_errors;
      return tlm::TLM_COMPLETED;
    }
    if (ph == tlm::END_REQ) {
      if (it->second != kReq && result_) ++result_->protocol_errors;
      it->second = kWaitResp;
      req_busy_ = false;
      ev_.notify(t);
      return tlm::TLM_ACCEPTED;
    }
    if (ph == tlm::BEGIN_RESP) {
      if (it->second == kReq) req_busy_ = false;  // BEGIN_RESP implies END_REQ
      if (resp_busy_ && result_) ++result_->protocol_errors;
      if (end_resp_delay != sc_core::SC_ZERO_TIME) {
        it->second = kResp;
        resp_busy_ = true;
        end_resp_peq_.notify(gp, t + end_resp_delay);
        return tlm::TLM_ACCEPTED;
      }
      complete(gp, t);
      return tlm::TLM_COMPLETED;
    }
    if (result_) ++result_->protocol_errors;
    return tlm::TLM_ACCEPTED;
  }
  void invalidate(sc_dt::uint64 s, sc_dt::uint64 e) {
    ++invalidations;
    inval_start = s;
    inval_end = e;
  }
  void end_resp_method() {
    while (tlm::tlm_generic_payload* gp = end_resp_peq_.get_next_transaction()) {
      resp_busy_ = false;
      tlm::tlm_phase ph = tlm::END_RESP;
      sc_core::sc_time t = sc_core::SC_ZERO_TIME;
      socket->nb_transport_fw(*gp, ph, t);
      complete(*gp, sc_core::SC_ZERO_TIME);
    }
  }

  std::map<tlm::tlm_generic_payload*, State> state_;
  std::map<tlm::tlm_generic_payload*, unsigned> order_;
  unsigned outstanding_ = 0, done_ = 0;
  bool req_busy_ = false, resp_busy_ = false;
  TrafficResult* result_ = nullptr;
  sc_core::sc_event ev_;
  tlm_utils::peq_with_get<tlm::tlm_generic_payload> end_resp_peq_;
};

class ProtocolChecker : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<ProtocolChecker> target;
  tlm_utils::simple_initiator_socket<ProtocolChecker> initiator;
  std::vector<std::string> errors;
  unsigned in_flight = 0, max_in_flight = 0, reads = 0, writes = 0, max_reads = 0,
           max_writes = 0;
  uint64_t transactions = 0;

  explicit ProtocolChecker(sc_core::sc_module_name n)
      : sc_core::sc_module(n), target("target"), initiator("initiator") {
    target.register_nb_transport_fw(this, &ProtocolChecker::fw);
    target.register_b_transport(this, &ProtocolChecker::b);
    target.register_get_direct_mem_ptr(this, &ProtocolChecker::dmi);
    target.register_transport_dbg(this, &ProtocolChecker::dbg);
    initiator.register_nb_transport_bw(this, &ProtocolChecker::bw);
    initiator.register_invalidate_direct_mem_ptr(this, &ProtocolChecker::inval);
  }

 private:
  enum State { kReq, kWaitResp, kResp };
  void err(const std::string& s) { errors.push_back(s); }
  void start(tlm::tlm_generic_payload& gp) {
    if (st_.count(&gp)) err("BEGIN_REQ for a transaction in flight");
    if (req_) err("BEGIN_REQ before END_REQ of the previous request");
    st_[&gp] = kReq;
    req_ = &gp;
    ++transactions;
    max_in_flight = std::max(max_in_flight, ++in_flight);
    if (gp.is_read()) max_reads = std::max(max_reads, ++reads);
    else max_writes = std::max(max_writes, ++writes);
  }
  void end_req(tlm::tlm_generic_payload& gp) {
    auto it = st_.find(&gp);
    if (it == st_.end() || it->second != kReq) { err("END_REQ out of order"); return; }
    it->second = kWaitResp;
    req_ = nullptr;
  }
  void begin_resp(tlm::tlm_generic_payload& gp) {
    auto it = st_.find(&gp);
    if (it == st_.end() || it->second == kResp) { err("BEGIN_RESP out of order"); return; }
    if (resp_) err("BEGIN_RESP before END_RESP of the previous response");
    if (req_ == &gp) req_ = nullptr;
    it->second = kResp;
    resp_ = &gp;
  }
  void finish(tlm::tlm_generic_payload& gp) {
    auto it = st_.find(&gp);
    if (it == st_.end()) { err("completion of an unknown transaction"); return; }
    if (req_ == &gp) req_ = nullptr;
    if (resp_ == &gp) resp_ = nullptr;
    st_.erase(it);
    --in_flight;
    if (gp.is_read()) --reads; else --writes;
  }
  // Interpret the outcome of a call that carried phase `sent`, returned `r` with phase `ph`.
  void outcome(tlm::tlm_generic_payload& gp, tlm::tlm_sync_enum r, const tlm::tlm_phase& ph) {
    if (r == tlm::TLM_COMPLETED) { finish(gp); return; }
    if (r != tlm::TLM_UPDATED) return;
    if (ph == tlm::END_REQ) end_req(gp);
    else if (ph == tlm::BEGIN_RESP) begin_resp(gp);
    else if (ph == tlm::END_RESP) finish(gp);
    else err("unexpected phase in a return");
  }
  tlm::tlm_sync_enum fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& ph, sc_core::sc_time& t) {
    if (ph == tlm::BEGIN_REQ) start(gp);
    else if (ph == tlm::END_RESP) {
      auto it = st_.find(&gp);
      if (it == st_.end() || it->second != kResp) err("END_RESP out of order");
    } else err("illegal phase on the forward path");
    const tlm::tlm_phase sent = ph;
    auto r = initiator->nb_transport_fw(gp, ph, t);
    if (sent == tlm::END_RESP) { finish(gp); return r; }
    outcome(gp, r, ph);
    return r;
  }
  tlm::tlm_sync_enum bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& ph, sc_core::sc_time& t) {
    if (ph == tlm::END_REQ) end_req(gp);
    else if (ph == tlm::BEGIN_RESP) begin_resp(gp);
    else err("illegal phase on the backward path");
    const tlm::tlm_phase sent = ph;
    auto r = target->nb_transport_bw(gp, ph, t);
    if (sent == tlm::BEGIN_RESP && (r == tlm::TLM_COMPLETED ||
                                    (r == tlm::TLM_UPDATED && ph == tlm::END_RESP)))
      finish(gp);
    return r;
  }
  void b(tlm::tlm_generic_payload& gp, sc_core::sc_time& d) { initiator->b_transport(gp, d); }
  bool dmi(tlm::tlm_generic_payload& gp, tlm::tlm_dmi& d) {
    return initiator->get_direct_mem_ptr(gp, d);
  }
  unsigned dbg(tlm::tlm_generic_payload& gp) { return initiator->transport_dbg(gp); }
  void inval(sc_dt::uint64 s, sc_dt::uint64 e) { target->invalidate_direct_mem_ptr(s, e); }

  std::map<tlm::tlm_generic_payload*, State> st_;
  tlm::tlm_generic_payload* req_ = nullptr;
  tlm::tlm_generic_payload* resp_ = nullptr;
};

// Deterministic test pattern.
inline std::vector<uint8_t> pattern(size_t n, uint32_t seed) {
  std::vector<uint8_t> v(n);
  uint32_t x = seed * 2654435761u + 1;
  for (auto& b : v) {
    x = x * 1664525u + 1013904223u;
    b = uint8_t(x >> 24);
  }
  return v;
}

}  // namespace zvp::test
