// Address router: decodes a transaction's address to one of its initiator sockets (an
// AddressMap), subtracts the window's base, and forwards b_transport, nb_transport (both
// directions), DMI requests and debug accesses. An address that no window covers gets
// TLM_ADDRESS_ERROR_RESPONSE (DECERR).
#pragma once
#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/multi_passthrough_target_socket.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "address_map.h"
#include "tx_trace.h"

namespace zvp {

class Router : public sc_core::sc_module {
 public:
  tlm_utils::multi_passthrough_target_socket<Router> target;
  tlm_utils::multi_passthrough_initiator_socket<Router> initiator;

  explicit Router(sc_core::sc_module_name name);

  // Binds `slave` to the next initiator port and routes [base, base+size) to it: the slave
  // sees addresses relative to base, or unchanged with Addressing::Absolute. Throws
  // std::invalid_argument (nothing bound) on an empty or overlapping window.
  template <typename Socket>
  void attach(Socket& slave, uint64_t base, uint64_t size, const std::string& label,
              Addressing addressing = Addressing::Relative) {
    attach(slave, {{base, size, label}}, addressing);
  }
  // A slave answering in several windows (all relative, or all absolute).
  template <typename Socket>
  void attach(Socket& slave, std::initializer_list<AddressMap::Span> windows,
              Addressing addressing = Addressing::Relative) {
    map_.add(windows, initiator.size(), addressing);
    initiator.bind(slave);
  }
  // Binds a port that no window selects: a bus with no slaves yet must still be bound.
  template <typename Socket>
  void attach_unmapped(Socket& slave) {
    initiator.bind(slave);
  }
  // The low-level form for ports bound by hand: [base, base+size) -> initiator[port] (the
  // order of binding).
  void map(uint64_t base, uint64_t size, unsigned port, bool relative = true,
           const std::string& label = "") {
    map_.add(base, size, port, relative ? Addressing::Relative : Addressing::Absolute, label);
  }
  // Delay added per hop (decode + register slice), set by the platform from the clock.
  void set_hop_latency(const sc_core::sc_time& t) { hop_ = t; }

  using Window = AddressMap::Window;
  const Window* decode(uint64_t addr, uint64_t len = 1) const { return map_.decode(addr, len); }
  const std::vector<Window>& windows() const { return map_.windows(); }

 private:
  void b_transport(int id, tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
  tlm::tlm_sync_enum nb_transport_fw(int id, tlm::tlm_generic_payload& gp, tlm::tlm_phase& ph,
                                     sc_core::sc_time& t);
  tlm::tlm_sync_enum nb_transport_bw(int id, tlm::tlm_generic_payload& gp, tlm::tlm_phase& ph,
                                     sc_core::sc_time& t);
  bool get_direct_mem_ptr(int id, tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi);
  unsigned transport_dbg(int id, tlm::tlm_generic_payload& gp);
  void invalidate_direct_mem_ptr(int id, sc_dt::uint64 start, sc_dt::uint64 end);

  AddressMap map_;
  sc_core::sc_time hop_;
  struct Pending {
    int from;
    uint64_t offset;
  };
  std::map<tlm::tlm_generic_payload*, Pending> pending_;  // nb transactions in flight
  TxTrace trace_;
};

}  // namespace zvp
