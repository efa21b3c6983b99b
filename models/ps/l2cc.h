// The PL310 (L2C-310) level-2 cache controller registers (0xF8F02000), as used by the vendor BSP
// (Xil_L2Cache*): identification, control, auxiliary control, RAM latencies, event counters,
// interrupts, the maintenance operations and debug/prefetch/power control.
//
// The cache itself is a tag store (512 KB, 8 ways, 32-byte lines; no data: the data stays in
// DDR/OCM through DMI) that the Cortex-A9's memory-system model looks up on L1 misses when the
// core's cache model is on (OuterCache). The registers act on it: CONTROL bit 0 enables it,
// the lockdown-by-way registers of master 0 (the CPU) keep ways from being allocated, and the
// maintenance operations (by PA, by index/way, by way) clean and invalidate lines. They
// complete at once and read back 0 (no way/line in progress), so the vendor's polling loops
// end; the operations and the dirty lines they write back are counted.
#pragma once
#include <systemc>

#include "core/register_device.h"
#include "memory/outer_cache.h"
#include "memory/set_assoc_cache.h"
#include "regs/l2cc_regs.h"

namespace zvp {

class L2CacheController : public RegisterDevice, public OuterCache {
 public:
  struct Config {
    // Reset values of the identification, auxiliary control and RAM latency registers
    // (default: the Zynq's, l2cc.regs.yaml).
    uint32_t cache_id = regs::l2cc::CACHE_ID_RESET;        // ARM, PL310 r3p2
    uint32_t cache_type = regs::l2cc::CACHE_TYPE_RESET;    // 8-way, 32-byte lines, 512 KB
    uint32_t aux_control = regs::l2cc::AUX_CONTROL_RESET;
    uint32_t ram_latency = regs::l2cc::TAG_RAM_CONTROL_RESET;  // tag and data RAM control
    CacheGeometry geometry{512 * 1024, 8, 32};
  };
  L2CacheController(sc_core::sc_module_name name, const Config& cfg);
  explicit L2CacheController(sc_core::sc_module_name name) : L2CacheController(name, Config{}) {}

  void reset() {
    regs_.reset();
    tags_.invalidate_all();
    enabled_ = false;
    lock_d_ = lock_i_ = 0;
  }
  bool enabled() const { return regs::l2cc::control::L2_ENABLE.get(control_->get()); }
  uint64_t maintenance_ops() const { return ops_; }
  uint64_t syncs() const { return syncs_; }
  const SetAssocCache& tags() const { return tags_; }

  // OuterCache
  bool outer_enabled() const override { return enabled_; }
  SetAssocCache::Result outer_access(uint32_t pa, bool write, bool instruction) override;

 private:
  void maintain_pa(uint32_t off, uint32_t pa);
  void maintain_index(uint32_t off, uint32_t v);
  void maintain_way(uint32_t off, uint32_t mask);
  Register* control_;
  uint64_t ops_ = 0, syncs_ = 0;
  bool enabled_ = false;
  uint32_t lock_d_ = 0, lock_i_ = 0;  // master 0's lockdown-by-way masks
  SetAssocCache tags_;
};

}  // namespace zvp
