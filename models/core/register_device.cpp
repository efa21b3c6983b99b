#include "register_device.h"

#include <algorithm>

namespace zvp {

RegisterDevice::RegisterDevice(sc_core::sc_module_name name)
    : sc_core::sc_module(name), socket("socket"), regs_(this->name()),
      access_latency_(sc_core::SC_ZERO_TIME), trace_(std::string(this->name()) + ".socket") {
  socket.register_b_transport(this, &RegisterDevice::b_transport);
  socket.register_transport_dbg(this, &RegisterDevice::transport_dbg);
}

void RegisterDevice::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
  before_access(sc_core::sc_time_stamp() + delay);
  regs_.transport(gp);
  answer_hole(gp);
  delay += access_latency_;
  gp.set_dmi_allowed(false);
  if (trace_.on()) trace_.log(gp, delay);
}

unsigned RegisterDevice::transport_dbg(tlm::tlm_generic_payload& gp) {
  before_debug_access(sc_core::sc_time_stamp());
  if (!holes_read_zero_) return regs_.transport_dbg(gp);
  // Reserved words answer (read zero, writes ignored): serve the registers around them.
  const uint64_t base = gp.get_address();
  uint8_t* const data = gp.get_data_ptr();
  const unsigned len = gp.get_data_length();
  unsigned done = 0;
  while (done < len) {
    gp.set_address(base + done);
    gp.set_data_ptr(data + done);
    gp.set_data_length(len - done);
    gp.set_streaming_width(len - done);
    done += regs_.transport_dbg(gp);
    if (gp.is_response_ok()) break;
    if (gp.get_response_status() != tlm::TLM_ADDRESS_ERROR_RESPONSE) break;  // refused write
    if (gp.is_read()) data[done] = 0;
    ++done;
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
  }
  gp.set_address(base);
  gp.set_data_ptr(data);
  gp.set_data_length(len);
  gp.set_streaming_width(len);
  return done;
}

bool RegisterDevice::answer_hole(tlm::tlm_generic_payload& gp) const {
  if (!holes_read_zero_ || gp.get_response_status() != tlm::TLM_ADDRESS_ERROR_RESPONSE) return false;
  if (gp.is_read()) std::fill_n(gp.get_data_ptr(), gp.get_data_length(), uint8_t{0});
  gp.set_response_status(tlm::TLM_OK_RESPONSE);
  return true;
}

}  // namespace zvp
