// The PL310 (L2C-310) level-2 cache controller registers (0xF8F02000), as used by the vendor BSP
// (Xil_L2Cache*): identification, control, auxiliary control, RAM latencies, event counters,
// interrupts, the maintenance operations and debug/prefetch/power control. No cache is
// modelled: maintenance operations complete at once and read back 0 (no way/line in progress),
// so the vendor's polling loops end; the operations are counted for statistics.
#pragma once
#include <systemc>

#include "core/register_device.h"

namespace zvp {

class L2CacheController : public RegisterDevice {
 public:
  struct Config {
    uint32_t cache_id = 0x410000C8;    // ARM, PL310 r3p2
    uint32_t cache_type = 0x9E300300;  // 8-way, 32-byte lines, 512 KB
    uint32_t aux_control = 0x02060000; // UG585 reset value
    uint32_t ram_latency = 0x00000777; // tag/data RAM control reset value
  };
  L2CacheController(sc_core::sc_module_name name, const Config& cfg);
  explicit L2CacheController(sc_core::sc_module_name name) : L2CacheController(name, Config{}) {}

  void reset() { regs_.reset(); }
  bool enabled() { return regs_["CONTROL"].bit(0); }
  uint64_t maintenance_ops() const { return ops_; }
  uint64_t syncs() const { return syncs_; }

 private:
  uint64_t ops_ = 0, syncs_ = 0;
};

}  // namespace zvp
