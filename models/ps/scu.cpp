#include "scu.h"

#include "plain_registers.h"

namespace zvp {

namespace {
namespace S = regs::scu;
}  // namespace

// Registers, offsets, reset values and writable bits: scu.regs.yaml.
Scu::Scu(sc_core::sc_module_name name, unsigned num_cpus) : RegisterDevice(name) {
  const unsigned n = num_cpus < 1 ? 1 : num_cpus > 4 ? 4 : num_cpus;
  control_ = &regs_.add(S::CONTROL_INFO);
  // CONFIG: CPUs - 1, the CPUs whose ACTLR.SMP is set (read when read), 32 KB tag RAM per CPU.
  uint32_t tags = 0;
  for (unsigned i = 0; i < n; ++i) tags |= S::TAG_RAM_32KB << (2 * i);
  num_cpus_ = n;
  regs_.add(S::CONFIG_INFO)
      .reset_value(S::config::CPU_NUMBER.prep(n - 1) | S::config::TAG_RAM_SIZES.prep(tags))
      .on_read([this](uint32_t v) {
        const uint32_t smp = smp_source_ ? smp_source_() & ((1u << num_cpus_) - 1) : 0;
        return (v & ~S::config::CPU_SMP.prep(0xF)) | S::config::CPU_SMP.prep(smp);
      });
  // The rest is storage: power status, access control, the address filtering range (the Zynq
  // maps DDR above 1 MB to the ACP/L2 path by default), and INVALIDATE_ALL, which completes at
  // once (write-only: reads as zero).
  add_plain_registers(regs_, S::ALL_REGS);
}

}  // namespace zvp
