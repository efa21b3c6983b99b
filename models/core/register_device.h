// Base class of a memory-mapped peripheral: a TLM target socket in front of a RegisterBank.
// A derived model declares its registers in its constructor and reacts in callbacks.
// Accesses cost `access_latency` (the peripheral's AXI/APB slave latency, set by the platform).
#pragma once
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include "register_bank.h"
#include "tx_trace.h"

namespace zvp {

class RegisterDevice : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<RegisterDevice> socket;

  RegisterDevice(sc_core::sc_module_name name);

  RegisterBank& regs() { return regs_; }
  void set_access_latency(const sc_core::sc_time& t) { access_latency_ = t; }

 protected:
  // Called before each bus access reaches the bank: models whose register values depend on
  // simulated time (timers) bring their state up to date here.
  virtual void before_access(const sc_core::sc_time& /*now_plus_delay*/) {}
  // Called before a debugger's access (transport_dbg): bring time-dependent state up to date
  // as before_access does, but take no action the firmware could observe or the log reports
  // as the firmware's (the default forwards to before_access).
  virtual void before_debug_access(const sc_core::sc_time& now) { before_access(now); }

  RegisterBank regs_;
  sc_core::sc_time access_latency_;
  TxTrace trace_;
  // Bus accesses to offsets no register covers read as zero and ignore writes (OK response)
  // instead of a slave error: blocks whose reserved words answer (PsRegisterFile).
  bool holes_read_zero_ = false;

 private:
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
  unsigned transport_dbg(tlm::tlm_generic_payload& gp);
  bool answer_hole(tlm::tlm_generic_payload& gp) const;  // holes_read_zero_: true if it answered
};

}  // namespace zvp
