// Address router: decodes a transaction's address to one of its initiator sockets (an
// AddressMap), subtracts the window's base, and forwards b_transport, nb_transport (both
// directions), DMI requests and debug accesses. An address that no window covers gets
// TLM_ADDRESS_ERROR_RESPONSE (DECERR). Each window also has a transaction trace named
// "<router>.<window label>" (e.g. "platform.periph_bus.dmac_s"), so `--trace dmac` logs the
// accesses that reach a block by its name.
#pragma once
#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/multi_passthrough_target_socket.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "address_map.h"
#include "ptr_map.h"
#include "tx_trace.h"

namespace zvp {

class Router : public sc_core::sc_module, public AttachesSlaves<Router>, public RouteResolver {
  friend class AttachesSlaves<Router>;

 public:
  tlm_utils::multi_passthrough_target_socket<Router> target;
  tlm_utils::multi_passthrough_initiator_socket<Router> initiator;

  explicit Router(sc_core::sc_module_name name);

  // attach(), attach_unmapped(), map(): AttachesSlaves (address_map.h).
  // Delay added per hop (decode + register slice), set by the platform from the clock. Only
  // before a master has resolved a route through this bus (route.h): resolved routes hold the
  // latency, so a later change would not reach them (std::logic_error).
  void set_hop_latency(const sc_core::sc_time& t);

  using Window = AddressMap::Window;
  const Window* decode(uint64_t addr, uint64_t len = 1) const { return map_.decode(addr, len); }
  const std::vector<Window>& windows() const { return map_.windows(); }
  // RouteResolver (route.h): the window, hop and offset b_transport would apply, continued
  // through a Router attached behind the window.
  bool resolve(uint64_t addr, Route& r) override;

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
  bool routes_resolved_ = false;  // a master holds a route with hop_ in it
  struct Pending {
    int from;
    uint64_t offset;
  };
  PtrMap<tlm::tlm_generic_payload, Pending> pending_;  // nb transactions in flight
  TxTrace trace_;
  std::map<std::string, std::unique_ptr<TxTrace>> window_traces_;  // by window label
  std::vector<TxTrace*> window_trace_;                             // by window index
  void end_of_elaboration() override;
  void log_window(const Window* w, const tlm::tlm_generic_payload& gp, const sc_core::sc_time& delay,
                  const char* phase = "b");
};

}  // namespace zvp
