// An initiator that never issues a transaction: it closes a target port that a configuration
// leaves unused (e.g. an S_AXI_HP port with no PL master), since SystemC requires every port
// to be bound.
#pragma once
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

namespace zvp {

class NullInitiator : public sc_core::sc_module {
 public:
  tlm_utils::simple_initiator_socket<NullInitiator> socket;
  explicit NullInitiator(sc_core::sc_module_name name) : sc_core::sc_module(name), socket("socket") {}
};

}  // namespace zvp
