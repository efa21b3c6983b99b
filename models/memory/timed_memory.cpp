#include "timed_memory.h"

#include "core/memory.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>

namespace zvp {

using sc_core::sc_time;
using sc_core::sc_time_stamp;
using sc_core::SC_ZERO_TIME;

TimedMemory::TimedMemory(sc_core::sc_module_name name, uint64_t size,
                         const MemoryPortConfig& ports)
    : sc_core::sc_module(name), socket("socket"), size_(size),
      mem_(alloc_zeroed(size), std::free), ports_(ports),
      trace_(std::string(this->name()) + ".socket"),
      up_("up", {[this](int id, Gp& gp, tlm::tlm_phase& ph, sc_time& t) {
                   return socket[id]->nb_transport_bw(gp, ph, t);
                 },
                 [this](int id, Gp&) { return port(unsigned(id)).count < ports_.queue_depth; },
                 [this](int id, Gp& gp) {
                   Port& p = port(unsigned(id));
                   ++p.count;
                   max_seen_ = std::max(max_seen_, p.count);
                   if (!in_range(gp)) {  // answered by the port without touching the device
                     gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
                     up_.respond(id, gp, SC_ZERO_TIME);
                     return;
                   }
                   p.q.push_back(&gp);
                   work_ev_.notify(SC_ZERO_TIME);
                 },
                 [this](int id, Gp&) {
                   Port& p = port(unsigned(id));
                   if (p.count) --p.count;
                   up_.retry();
                 }}) {
  if (ports_.queue_depth == 0) ports_.queue_depth = 1;
  socket.register_b_transport(this, &TimedMemory::b_transport);
  socket.register_nb_transport_fw(this, &TimedMemory::nb_transport_fw);
  socket.register_get_direct_mem_ptr(this, &TimedMemory::get_direct_mem_ptr);
  socket.register_transport_dbg(this, &TimedMemory::transport_dbg);
  SC_THREAD(scheduler);
}

TimedMemory::~TimedMemory() = default;

TimedMemory::Port& TimedMemory::port(unsigned id) {
  if (id >= port_.size()) port_.resize(id + 1);
  return port_[id];
}

unsigned TimedMemory::in_queue(unsigned p) const { return p < port_.size() ? port_[p].count : 0; }
uint64_t TimedMemory::served(unsigned p) const { return p < port_.size() ? port_[p].served : 0; }

bool TimedMemory::in_range(const Gp& gp) const {
  const uint64_t a = gp.get_address();
  return a < size_ && gp.get_data_length() <= size_ - a;
}

void TimedMemory::access(Gp& gp) {
  copy_payload(gp, mem_.get() + gp.get_address());
  gp.set_dmi_allowed(ports_.dmi);
}

void TimedMemory::lt_transport(unsigned p, Gp& gp, sc_time& delay) {
  if (!in_range(gp)) {
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return;
  }
  const Slot s = service(gp, p, sc_time_stamp() + delay);
  access(gp);
  delay = s.done - sc_time_stamp();
  if (trace_.on()) trace_.log(gp, delay);
}

void TimedMemory::b_transport(int id, Gp& gp, sc_time& delay) {
  if (ports_.mode == TimingMode::AT && caller_can_wait()) {
    up_.b_transport(id, gp, delay);
    return;
  }
  lt_transport(unsigned(id), gp, delay);
  ++port(unsigned(id)).served;
}

tlm::tlm_sync_enum TimedMemory::nb_transport_fw(int id, Gp& gp, tlm::tlm_phase& ph,
                                                sc_time& t) {
  if (ports_.mode == TimingMode::AT) return up_.nb_transport_fw(id, gp, ph, t);
  if (ph == tlm::BEGIN_REQ) {
    lt_transport(unsigned(id), gp, t);
    ++port(unsigned(id)).served;
  }
  return tlm::TLM_COMPLETED;
}

int TimedMemory::pick() {
  const unsigned n = unsigned(port_.size());
  if (ports_.arbitration == Arbitration::FixedPriority) {
    for (unsigned i = 0; i < n; ++i)
      if (!port_[i].q.empty()) return int(i);
    return -1;
  }
  for (unsigned k = 1; k <= n; ++k) {
    const unsigned i = (rr_last_ + k) % n;
    if (!port_[i].q.empty()) {
      rr_last_ = i;
      return int(i);
    }
  }
  return -1;
}

void TimedMemory::scheduler() {
  for (;;) {
    const int p = pick();
    if (p < 0) {
      sc_core::wait(work_ev_);
      continue;
    }
    const sc_time now = sc_time_stamp();
    if (next_issue_ > now) {
      // The device cannot take a command yet. Undo the round-robin step (nothing granted) and
      // come back then; arrivals meanwhile join the arbitration.
      if (ports_.arbitration == Arbitration::RoundRobin)
        rr_last_ = (rr_last_ + unsigned(port_.size()) - 1) % unsigned(port_.size());
      sc_core::wait(next_issue_ - now);
      continue;
    }
    Port& pt = port_[unsigned(p)];
    Gp* gp = pt.q.front();
    pt.q.pop_front();
    const Slot s = service(*gp, unsigned(p), now);
    access(*gp);
    ++pt.served;
    next_issue_ = s.next_issue;
    if (trace_.on()) trace_.log(*gp, s.done - now, "at");
    up_.respond(p, *gp, s.done - now);
  }
}

bool TimedMemory::get_direct_mem_ptr(int, Gp&, tlm::tlm_dmi& dmi) {
  if (!ports_.dmi) return false;
  dmi.set_dmi_ptr(mem_.get());
  dmi.set_start_address(0);
  dmi.set_end_address(size_ - 1);
  dmi.set_granted_access(tlm::tlm_dmi::DMI_ACCESS_READ_WRITE);
  dmi.set_read_latency(dmi_access_time(false));
  dmi.set_write_latency(dmi_access_time(true));
  return true;
}

unsigned TimedMemory::transport_dbg(int, Gp& gp) {
  if (!in_range(gp)) {
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return 0;
  }
  access(gp);
  return gp.get_data_length();
}

void TimedMemory::set_dmi(bool allowed) {
  const bool revoke = ports_.dmi && !allowed;
  ports_.dmi = allowed;
  if (revoke)
    for (unsigned i = 0; i < socket.size(); ++i)
      socket[i]->invalidate_direct_mem_ptr(0, size_ ? size_ - 1 : 0);
}

void TimedMemory::dump_stats(Stats& s) const {
  const std::string n = name();
  for (unsigned i = 0; i < port_.size(); ++i)
    s.counter(n + ".port" + std::to_string(i) + ".transactions") = port_[i].served;
  s.counter(n + ".max_queue") = max_seen_;
}

bool TimedMemory::load(uint64_t offset, const void* src, uint64_t len) {
  if (offset > size_ || len > size_ - offset) return false;
  std::memcpy(mem_.get() + offset, src, len);
  return true;
}

bool TimedMemory::peek(uint64_t offset, void* dst, uint64_t len) const {
  if (offset > size_ || len > size_ - offset) return false;
  std::memcpy(dst, mem_.get() + offset, len);
  return true;
}

}  // namespace zvp
