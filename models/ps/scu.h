// Cortex-A9 Snoop Control Unit registers (0xF8F00000). No coherency is modelled: the block
// exists so that boot code (SCU enable, invalidate-all, address filtering set-up) runs.
// SCU_CONFIG reports the CPU count, the CPUs in SMP mode (their ACTLR.SMP) and 32 KB data
// caches per CPU; INVALIDATE_ALL completes at once and reads 0; the control enable bit and the
// per-CPU power status read back what was written (TRM 2.2.1-2.2.4).
#pragma once
#include <functional>
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
  // SCU_CONFIG's CPU_SMP field: bit n set while CPU n runs in SMP mode (its ACTLR.SMP).
  void set_smp_mode_source(std::function<uint32_t()> cpus_in_smp) { smp_source_ = std::move(cpus_in_smp); }

 private:
  Register* control_;
  std::function<uint32_t()> smp_source_;
  unsigned num_cpus_;
};

}  // namespace zvp
