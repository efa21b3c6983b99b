#define SC_INCLUDE_DYNAMIC_PROCESSES
#include "test_initiator.h"

#include <gtest/gtest.h>

namespace zvp::test {

namespace {
// One single-beat payload of len bytes at addr.
void prepare(tlm::tlm_generic_payload& gp, tlm::tlm_command cmd, uint64_t addr, uint8_t* data,
             unsigned len) {
  gp.set_command(cmd);
  gp.set_address(addr);
  gp.set_data_ptr(data);
  gp.set_data_length(len);
  gp.set_streaming_width(len);
  gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
}
}  // namespace

TestInitiator::TestInitiator(sc_core::sc_module_name name)
    : sc_core::sc_module(name), socket("socket") {
  socket.register_nb_transport_bw(this, &TestInitiator::nb_transport_bw);
}

tlm::tlm_response_status TestInitiator::transport(tlm::tlm_command cmd, uint64_t addr, uint8_t* data,
                                                  unsigned len, const sc_core::sc_time& local, bool wait_delay) {
  tlm::tlm_generic_payload gp;
  prepare(gp, cmd, addr, data, len);
  const sc_core::sc_time issue = sc_core::sc_time_stamp() + local;
  sc_core::sc_time d = local;
  socket->b_transport(gp, d);
  // From the access's issue to its end; a target may have waited inside b_transport.
  last_delay = sc_core::sc_time_stamp() + d - issue;
  dmi_hint = gp.is_dmi_allowed();
  if (wait_delay && sc_core::sc_get_current_process_handle().valid()) sc_core::wait(d);
  return gp.get_response_status();
}

tlm::tlm_response_status TestInitiator::write(uint64_t addr, const void* data, unsigned len,
                                              bool wait_delay) {
  std::vector<uint8_t> buf(static_cast<const uint8_t*>(data),
                           static_cast<const uint8_t*>(data) + len);
  return transport(tlm::TLM_WRITE_COMMAND, addr, buf.data(), len, sc_core::SC_ZERO_TIME, wait_delay);
}

tlm::tlm_response_status TestInitiator::read(uint64_t addr, void* data, unsigned len,
                                             bool wait_delay) {
  return transport(tlm::TLM_READ_COMMAND, addr, static_cast<uint8_t*>(data), len, sc_core::SC_ZERO_TIME,
                   wait_delay);
}

uint32_t TestInitiator::read32(uint64_t addr, tlm::tlm_response_status* st) {
  uint32_t v = 0xDEADBEEF;
  auto s = read(addr, &v, 4);
  if (st) *st = s;
  return v;
}

tlm::tlm_response_status TestInitiator::write32_at(uint64_t addr, uint32_t v,
                                                   const sc_core::sc_time& local) {
  return transport(tlm::TLM_WRITE_COMMAND, addr, reinterpret_cast<uint8_t*>(&v), 4, local, false);
}

uint32_t TestInitiator::read32_at(uint64_t addr, const sc_core::sc_time& local,
                                  tlm::tlm_response_status* st) {
  uint32_t v = 0xDEADBEEF;
  const tlm::tlm_response_status s =
      transport(tlm::TLM_READ_COMMAND, addr, reinterpret_cast<uint8_t*>(&v), 4, local, false);
  if (st) *st = s;
  return v;
}

bool TestInitiator::get_dmi(uint64_t addr, tlm::tlm_dmi& dmi) {
  tlm::tlm_generic_payload gp;
  gp.set_address(addr);
  gp.set_command(tlm::TLM_READ_COMMAND);
  return socket->get_direct_mem_ptr(gp, dmi);
}

unsigned TestInitiator::debug(bool write, uint64_t addr, void* data, unsigned len,
                              tlm::tlm_response_status* st) {
  tlm::tlm_generic_payload gp;
  prepare(gp, write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND, addr, static_cast<uint8_t*>(data), len);
  const unsigned n = socket->transport_dbg(gp);
  if (st) *st = gp.get_response_status();
  return n;
}

tlm::tlm_sync_enum TestInitiator::nb_transport_bw(tlm::tlm_generic_payload& gp,
                                                  tlm::tlm_phase& ph, sc_core::sc_time& t) {
  bw_phase_ = ph;
  resp_ev_.notify(t);
  if (ph == tlm::BEGIN_RESP) {
    ph = tlm::END_RESP;
    return tlm::TLM_COMPLETED;
  }
  return tlm::TLM_ACCEPTED;
}

tlm::tlm_response_status TestInitiator::nb_access(bool write, uint64_t addr, void* data,
                                                  unsigned len) {
  tlm::tlm_generic_payload gp;
  prepare(gp, write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND, addr, static_cast<uint8_t*>(data), len);
  tlm::tlm_phase ph = tlm::BEGIN_REQ;
  sc_core::sc_time t = sc_core::SC_ZERO_TIME;
  auto r = socket->nb_transport_fw(gp, ph, t);
  if (r == tlm::TLM_COMPLETED) {
    sc_core::wait(t);
    return gp.get_response_status();
  }
  if (r == tlm::TLM_UPDATED && ph == tlm::BEGIN_RESP) {
    sc_core::wait(t);
  } else {
    // Wait until the target sends BEGIN_RESP on the backward path.
    do {
      sc_core::wait(resp_ev_);
    } while (bw_phase_ != tlm::BEGIN_RESP);
  }
  ph = tlm::END_RESP;
  t = sc_core::SC_ZERO_TIME;
  socket->nb_transport_fw(gp, ph, t);
  return gp.get_response_status();
}

void run_sim(std::function<void()> body, const sc_core::sc_time& limit) {
  bool done = false;
  sc_core::sc_spawn_options opt;
  sc_core::sc_spawn(
      [&] {
        body();
        done = true;
        sc_core::sc_stop();
      },
      "test_body", &opt);
  sc_core::sc_start(limit);
  EXPECT_TRUE(done) << "test body did not finish within " << limit;
}

}  // namespace zvp::test
