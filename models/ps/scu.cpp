#include "scu.h"

#include "zvp_memmap.h"

namespace zvp {

Scu::Scu(sc_core::sc_module_name name, unsigned num_cpus) : RegisterDevice(name) {
  const unsigned n = num_cpus < 1 ? 1 : num_cpus > 4 ? 4 : num_cpus;
  // CONTROL: [0] enable, [1] address filtering (the Zynq comes up with filtering on),
  // [2] ECC, [3] speculative linefills, [5] standby, [6] IC standby.
  regs_.add("CONTROL", ZVP_SCU_CONTROL, 0x2).writable(0x7F);
  // CONFIG: [1:0] CPUs - 1, [7:4] CPUs in SMP mode (none until ACTLR.SMP is set: 0 here),
  // [15:8] tag RAM size per CPU (01 = 32 KB, 128 indexes).
  uint32_t tag = 0;
  for (unsigned i = 0; i < n; ++i) tag |= 1u << (8 + 2 * i);
  regs_.add("CONFIG", ZVP_SCU_CONFIG, (n - 1) | tag, Access::RO);
  regs_.add("POWER_STATUS", ZVP_SCU_POWER_STATUS).writable(0x03030303);
  // Invalidate all ways of the selected CPUs: completes at once, reads as zero.
  regs_.add("INVALIDATE_ALL", ZVP_SCU_INVALIDATE_ALL, 0, Access::WO);
  // Address filtering range (the Zynq maps DDR above 1 MB to the ACP/L2 path by default).
  regs_.add("FILTER_START", ZVP_SCU_FILTER_START, 0x00100000).writable(0xFFF00000);
  regs_.add("FILTER_END", ZVP_SCU_FILTER_END, 0xFFE00000).writable(0xFFF00000);
  regs_.add("SAC", ZVP_SCU_SAC, 0xF).writable(0xF);
  regs_.add("SNSAC", ZVP_SCU_SNSAC).writable(0xFFF);
}

}  // namespace zvp
