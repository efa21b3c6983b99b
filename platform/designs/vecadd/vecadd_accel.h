// The example accelerator of the "vecadd" PL design: adds two 16-element vectors of 32-bit words
// held in its own registers, modulo 2^32, in `cycles_per_add` clock cycles per element, then sets
// STATUS.DONE and raises its (level) interrupt until software clears DONE. Registers:
// vecadd.regs.yaml.
#pragma once
#include <systemc>

#include <array>
#include <cstdint>

#include "core/clock.h"
#include "core/irq.h"
#include "core/register_device.h"
#include "regs/vecadd_regs.h"

namespace zvp {

class VecAddAccel : public RegisterDevice {
 public:
  static constexpr unsigned kLen = regs::vecadd::A_COUNT;
  IrqOut irq;

  SC_HAS_PROCESS(VecAddAccel);
  VecAddAccel(sc_core::sc_module_name name, const Clock& clk, unsigned cycles_per_add);

  uint64_t vectors_done() const { return vectors_done_; }

 private:
  void before_access(const sc_core::sc_time& now_plus_delay) override { access_time_ = now_plus_delay; }
  void start();
  void finish();  // on done_ev_: the sums become visible, DONE and the interrupt rise

  Clock clk_;
  unsigned cycles_per_add_;
  std::array<Register*, kLen> a_{}, b_{}, sum_{};
  Register* status_ = nullptr;
  std::array<uint32_t, kLen> result_{};
  sc_core::sc_time access_time_;  // the bus access being served (LT: ahead of sc_time_stamp)
  sc_core::sc_event done_ev_;
  bool busy_ = false;
  uint64_t vectors_done_ = 0;
};

}  // namespace zvp
