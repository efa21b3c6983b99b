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
  before_access(sc_core::sc_time_stamp());
  const unsigned n = regs_.transport_dbg(gp);
  return answer_hole(gp) ? gp.get_data_length() : n;
}

bool RegisterDevice::answer_hole(tlm::tlm_generic_payload& gp) const {
  if (!holes_read_zero_ || gp.get_response_status() != tlm::TLM_ADDRESS_ERROR_RESPONSE) return false;
  if (gp.is_read()) std::fill_n(gp.get_data_ptr(), gp.get_data_length(), uint8_t{0});
  gp.set_response_status(tlm::TLM_OK_RESPONSE);
  return true;
}

}  // namespace zvp
