// Cortex-A9 Snoop Control Unit registers (0xF8F00000). No coherency is modelled: the block
// exists so that boot code (SCU enable, invalidate-all, address filtering set-up) runs.
// SCU_CONFIG reports the CPU count and 32 KB data caches per CPU; INVALIDATE_ALL completes at
// once and reads 0.
#pragma once
#include <systemc>

#include "core/register_device.h"
#include "regs/scu_regs.h"

namespace zvp {

class Scu : public RegisterDevice {
 public:
  // num_cpus: 1 (7z007s) or 2.
  Scu(sc_core::sc_module_name name, unsigned num_cpus = 2);

  void reset() { regs_.reset(); }
  bool enabled() const { return regs::scu::control::SCU_ENABLE.get(control_->get()); }

 private:
  Register* control_;
};

}  // namespace zvp
