#include "register_device.h"

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
  delay += access_latency_;
  gp.set_dmi_allowed(false);
  if (trace_.on()) trace_.log(gp, delay);
}

unsigned RegisterDevice::transport_dbg(tlm::tlm_generic_payload& gp) {
  before_access(sc_core::sc_time_stamp());
  return regs_.transport_dbg(gp);
}

}  // namespace zvp
