// A route: where a bus master's transaction to an address ends up after the buses in front of
// it (zvp::Router) have decoded it, resolved once instead of on every access.
//
// A Router's b_transport decodes the address, adds its hop latency to the delay, subtracts the
// window's base (relative windows) and calls the next socket; a chain of Routers does that once
// per bus. While nothing is traced (TxTrace::any_on() is false) that is all they do, so a master
// that has resolved the chain can do the same in one step: subtract the sum of the offsets, add
// the sum of the hop latencies and call the last socket. The target sees the same transaction,
// at the same address, with the same delay; the response and the returned delay are the
// target's, as they are through the Routers (which only restore the address on the way back).
// RouteCache keeps the routes a master has resolved, by 4 KB page.
#pragma once
#include <systemc>
#include <tlm>

#include <cstdint>

namespace zvp {

struct Route {
  tlm::tlm_fw_transport_if<>* target = nullptr;  // the socket the last bus calls
  uint64_t offset = 0;         // what the buses subtract from the address on the way
  sc_core::sc_time delay;      // the buses' hop latencies, added before the target is called
  uint64_t lo = 0, hi = ~uint64_t{0};  // the master's addresses [lo, hi] this route covers
};

// A bus that can resolve a route through itself (and the buses behind it).
class RouteResolver {
 public:
  // addr: in this bus's address space; r: what the buses in front of it contribute (offset,
  // delay, range in the master's addresses), completed here. False when nothing here decodes
  // addr (the master then takes the ordinary path, which answers with the bus's error).
  virtual bool resolve(uint64_t addr, Route& r) = 0;

 protected:
  ~RouteResolver() = default;
};

// A master's resolved routes, direct-mapped by 4 KB page of the master's address.
class RouteCache {
 public:
  void set_resolver(RouteResolver* r) {
    resolver_ = r;
    for (Slot& s : slots_) s = Slot{};
  }

  // The route of the access [addr, addr+len), or nullptr: no resolver, an unmapped address, or
  // an access running past the end of a bus window (the ordinary path answers those).
  const Route* find(uint64_t addr, unsigned len) {
    Slot& s = slots_[(addr >> 12) & (kSlots - 1)];
    if (s.valid && addr >= s.route.lo && addr + len - 1 <= s.route.hi) return &s.route;
    if (!resolver_) return nullptr;
    Route r;
    if (!resolver_->resolve(addr, r) || !r.target || addr < r.lo || addr + len - 1 > r.hi) return nullptr;
    s.route = r;
    s.valid = true;
    return &s.route;
  }

  // Issues b_transport along the route, as the buses would.
  static void transport(const Route& r, tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    const uint64_t addr = gp.get_address();
    gp.set_address(addr - r.offset);
    delay += r.delay;
    r.target->b_transport(gp, delay);
    gp.set_address(addr);
  }

 private:
  static constexpr unsigned kSlots = 16;
  struct Slot {
    bool valid = false;
    Route route;
  };
  RouteResolver* resolver_ = nullptr;
  Slot slots_[kSlots];
};

}  // namespace zvp
