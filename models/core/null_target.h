// A target that answers every access with TLM_ADDRESS_ERROR_RESPONSE (an AXI DECERR): what a
// bus finds where nothing is mapped, e.g. an empty PL behind M_AXI_GP0. Routers bind it so
// that a window with no model still gives the documented bus error instead of a crash.
#pragma once
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

namespace zvp {

class NullTarget : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<NullTarget> socket;

  explicit NullTarget(sc_core::sc_module_name name) : sc_core::sc_module(name), socket("socket") {
    socket.register_b_transport(this, &NullTarget::b_transport);
    socket.register_transport_dbg(this, &NullTarget::transport_dbg);
  }

 private:
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time&) {
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
  }
  unsigned transport_dbg(tlm::tlm_generic_payload& gp) {
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return 0;
  }
};

}  // namespace zvp
