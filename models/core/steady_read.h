// A TLM extension an initiator attaches to learn whether the register it just read is steady:
// reading it changes nothing, and its value and the access's latency depend only on the
// device's state, which only writes and the device's own processes change, not on when within
// the initiator's quantum it is read (a status register reflecting a FIFO the device drains
// in its own process is steady; a timer counter, or a register computed at the access's time,
// is not). Until the initiator next synchronises (no other process runs meanwhile) or writes,
// a steady register reads the same: a core may then account repeated reads of it by a polling
// loop without making them (CortexA9, "Polling loops" in models/cpu/arm/README.md).
#pragma once
#include <tlm>

namespace zvp {

// A component on the way that adds latency depending on when the access arrives (a bus port
// with outstanding-transaction or bandwidth limits) makes any read through it unsteady:
// it calls not_steady() after forwarding.
struct SteadyRead : tlm::tlm_extension<SteadyRead> {
  bool steady = false;  // set by the target (RegisterBank) on a read of a steady register

  tlm::tlm_extension_base* clone() const override { return new SteadyRead(*this); }
  void copy_from(const tlm::tlm_extension_base& other) override {
    steady = static_cast<const SteadyRead&>(other).steady;
  }
};

inline void not_steady(tlm::tlm_generic_payload& gp) {
  if (SteadyRead* s = gp.get_extension<SteadyRead>()) s->steady = false;
}

}  // namespace zvp
