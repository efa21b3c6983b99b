// The address map of a bus (zvp::Router, zvp::Interconnect): windows [base, base+size) that
// each select one initiator port, the decode rule, and the translation of DMI regions and DMI
// invalidations between the bus's address space and a target's. One implementation, so the
// buses of the platform cannot disagree on what an address means.
//
// Decode: the window containing the address; an access that starts in a window but runs past
// its end decodes to nothing (the bus answers DECERR). A relative window hands its target
// addresses relative to its base; an absolute one passes them through unchanged (a port such as
// M_AXI_GP0 that decodes full addresses again behind it).
#pragma once
#include <tlm>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "route.h"

namespace zvp {

enum class Addressing { Relative, Absolute };

class AddressMap {
 public:
  struct Window {
    uint64_t base, size;
    unsigned port;
    bool relative;
    std::string label;
    // What the bus subtracts from an address on the way to the target.
    uint64_t offset() const { return relative ? base : 0; }
    uint64_t last() const { return base + size - 1; }
  };

  // One window of a port, as written in a bus's table.
  struct Span {
    uint64_t base, size;
    std::string label;
  };

  // owner: the bus's name, for error messages.
  explicit AddressMap(std::string owner) : owner_(std::move(owner)) {}

  // Throws std::invalid_argument on an empty window or one that overlaps another.
  void add(uint64_t base, uint64_t size, unsigned port, Addressing addressing,
           const std::string& label);
  // All of `spans` for one port, or none of them (same errors as add).
  void add(std::initializer_list<Span> spans, unsigned port, Addressing addressing);
  // The window holding all of [addr, addr+len); nullptr if unmapped or straddling its end.
  // The window of the previous hit is tried first: a polling loop or a burst of accesses to
  // one device decodes in O(1) (windows never overlap, so the answer is the scan's).
  const Window* decode(uint64_t addr, uint64_t len = 1) const {
    if (last_ < windows_.size()) {
      const Window& w = windows_[last_];
      if (addr >= w.base && addr - w.base < w.size) return len > w.size - (addr - w.base) ? nullptr : &w;
    }
    return scan(addr, len);
  }
  const std::vector<Window>& windows() const { return windows_; }

  // A DMI region granted by w's target (in the target's addresses) expressed in the bus's
  // addresses and clipped to w (the pointer moves with the start).
  static void to_bus(const Window& w, tlm::tlm_dmi& dmi);

  // A target on `port` invalidated [start, end] of its addresses: calls f(s, e) with each part of
  // the bus's address space that changes (one per window of that port that overlaps).
  template <typename F>
  void for_each_invalidated(unsigned port, uint64_t start, uint64_t end, F f) const {
    for (const Window& w : windows_) {
      if (w.port != port) continue;
      uint64_t s = start + w.offset(), e = end + w.offset();
      if (e < w.base || s > w.last()) continue;
      if (s < w.base) s = w.base;
      if (e > w.last()) e = w.last();
      f(s, e);
    }
  }

 private:
  const Window* scan(uint64_t addr, uint64_t len) const;

  std::string owner_;
  std::vector<Window> windows_;
  mutable size_t last_ = 0;  // index of the window decode() found last
};

// The binding-and-mapping API of a bus that decodes with an AddressMap: `Bus` has an
// `initiator` multi-socket and an AddressMap `map_` (Router, Interconnect), and befriends this.
template <typename Bus>
class AttachesSlaves {
 public:
  // Binds `slave` to the next initiator port and routes [base, base+size) to it: the slave sees
  // addresses relative to base, or unchanged with Addressing::Absolute. Throws
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
    Bus& bus = static_cast<Bus&>(*this);
    bus.map_.add(windows, bus.initiator.size(), addressing);
    note_next(bus.initiator.size(), slave);
    bus.initiator.bind(slave);
  }
  // Binds a port that no window selects: a bus with no slaves yet must still be bound.
  template <typename Socket>
  void attach_unmapped(Socket& slave) {
    Bus& bus = static_cast<Bus&>(*this);
    note_next(bus.initiator.size(), slave);
    bus.initiator.bind(slave);
  }
  // The low-level form for ports bound by hand: [base, base+size) -> initiator[port] (the
  // order of binding).
  void map(uint64_t base, uint64_t size, unsigned port, bool relative = true, const std::string& label = "") {
    static_cast<Bus&>(*this).map_.add(base, size, port, relative ? Addressing::Relative : Addressing::Absolute,
                                       label);
  }

 protected:
  // The bus behind each initiator port that can resolve routes itself (a Router's target
  // socket), or null: a route through this bus continues there or ends at the port's socket.
  RouteResolver* next_resolver(unsigned port) const {
    return port < next_.size() ? next_[port] : nullptr;
  }

 private:
  template <typename Socket>
  void note_next(unsigned port, Socket& slave) {
    if (next_.size() <= port) next_.resize(port + 1, nullptr);
    next_[port] = dynamic_cast<RouteResolver*>(slave.get_parent_object());
  }
  std::vector<RouteResolver*> next_;
};

}  // namespace zvp
