#include "l2cc.h"

#include <string>

#include "zvp_memmap.h"

namespace zvp {

L2CacheController::L2CacheController(sc_core::sc_module_name name, const Config& cfg)
    : RegisterDevice(name), tags_(cfg.geometry) {
  regs_.add("CACHE_ID", ZVP_L2CC_CACHE_ID, cfg.cache_id, Access::RO);
  regs_.add("CACHE_TYPE", ZVP_L2CC_CACHE_TYPE, cfg.cache_type, Access::RO);
  regs_.add("CONTROL", ZVP_L2CC_CONTROL).writable(0x1).on_write([this](uint32_t, uint32_t v) {
    enabled_ = v & 1u;
  });
  regs_.add("AUX_CONTROL", ZVP_L2CC_AUX_CONTROL, cfg.aux_control);
  regs_.add("TAG_RAM_CONTROL", ZVP_L2CC_TAG_RAM_CONTROL, cfg.ram_latency).writable(0x777);
  regs_.add("DATA_RAM_CONTROL", ZVP_L2CC_DATA_RAM_CONTROL, cfg.ram_latency).writable(0x777);
  regs_.add("EV_COUNTER_CTRL", ZVP_L2CC_EV_COUNTER_CTRL).writable(0x7);
  regs_.add("EV_COUNTER1_CFG", ZVP_L2CC_EV_COUNTER1_CFG).writable(0x3F);
  regs_.add("EV_COUNTER0_CFG", ZVP_L2CC_EV_COUNTER0_CFG).writable(0x3F);
  regs_.add("EV_COUNTER1", ZVP_L2CC_EV_COUNTER1);
  regs_.add("EV_COUNTER0", ZVP_L2CC_EV_COUNTER0);
  regs_.add("INT_MASK", ZVP_L2CC_INT_MASK).writable(0x1FF);
  // No error events are ever raised: raw and masked status stay 0.
  regs_.add("INT_MASK_STATUS", ZVP_L2CC_INT_MASK_STATUS, 0, Access::RO);
  regs_.add("INT_RAW_STATUS", ZVP_L2CC_INT_RAW_STATUS, 0, Access::RO);
  regs_.add("INT_CLEAR", ZVP_L2CC_INT_CLEAR, 0, Access::WO);

  // Maintenance operations: the write performs the operation on the tag store, which finishes
  // at once; reads return 0 (by-way: no way busy; by-PA/index: C bit clear).
  using Fn = void (L2CacheController::*)(uint32_t, uint32_t);
  auto op = [this](const char* nm, uint32_t off, Fn fn) {
    regs_.add(nm, off).on_read([](uint32_t) { return 0u; }).on_write_raw([this, off, fn](uint32_t v, uint32_t) {
      ++ops_;
      if (fn) (this->*fn)(off, v);
      else ++syncs_;
    });
  };
  op("CACHE_SYNC", ZVP_L2CC_CACHE_SYNC, nullptr);
  op("DUMMY_CACHE_SYNC", ZVP_L2CC_DUMMY_CACHE_SYNC, nullptr);  // PL310 erratum 753970 workaround
  op("INV_PA", ZVP_L2CC_INV_PA, &L2CacheController::maintain_pa);
  op("INV_WAY", ZVP_L2CC_INV_WAY, &L2CacheController::maintain_way);
  op("CLEAN_PA", ZVP_L2CC_CLEAN_PA, &L2CacheController::maintain_pa);
  op("CLEAN_INDEX", ZVP_L2CC_CLEAN_INDEX, &L2CacheController::maintain_index);
  op("CLEAN_WAY", ZVP_L2CC_CLEAN_WAY, &L2CacheController::maintain_way);
  op("CLEAN_INV_PA", ZVP_L2CC_CLEAN_INV_PA, &L2CacheController::maintain_pa);
  op("CLEAN_INV_INDEX", ZVP_L2CC_CLEAN_INV_INDEX, &L2CacheController::maintain_index);
  op("CLEAN_INV_WAY", ZVP_L2CC_CLEAN_INV_WAY, &L2CacheController::maintain_way);

  // Lockdown by way for 8 masters (D at +0, I at +4), lockdown by line, unlock all lines.
  for (unsigned i = 0; i < 8; ++i) {
    auto& d = regs_.add("D_LOCKDOWN" + std::to_string(i), ZVP_L2CC_D_LOCKDOWN0 + 8 * i).writable(0xFF);
    auto& in = regs_.add("I_LOCKDOWN" + std::to_string(i), ZVP_L2CC_I_LOCKDOWN0 + 8 * i).writable(0xFF);
    if (i == 0) {  // master 0: CPU0, the core modelled
      d.on_write([this](uint32_t, uint32_t v) { lock_d_ = v & 0xFFu; });
      in.on_write([this](uint32_t, uint32_t v) { lock_i_ = v & 0xFFu; });
    }
  }
  regs_.add("LOCK_LINE_EN", ZVP_L2CC_LOCK_LINE_EN).writable(0x1);
  regs_.add("UNLOCK_WAY", ZVP_L2CC_UNLOCK_WAY).on_read([](uint32_t) { return 0u; });
  regs_.add("ADDR_FILTER_START", ZVP_L2CC_ADDR_FILTER_START).writable(0xFFF00001);
  regs_.add("ADDR_FILTER_END", ZVP_L2CC_ADDR_FILTER_END).writable(0xFFF00000);
  regs_.add("DEBUG_CTRL", ZVP_L2CC_DEBUG_CTRL).writable(0x7);
  regs_.add("PREFETCH_CTRL", ZVP_L2CC_PREFETCH_CTRL).writable(0x7F80001F);
  regs_.add("POWER_CTRL", ZVP_L2CC_POWER_CTRL).writable(0x3);
}

SetAssocCache::Result L2CacheController::outer_access(uint32_t pa, bool write, bool instruction) {
  return tags_.access(pa, write, true, instruction ? lock_i_ : lock_d_);
}

// By physical address (bits [31:5]).
void L2CacheController::maintain_pa(uint32_t off, uint32_t pa) {
  if (off == ZVP_L2CC_INV_PA) tags_.invalidate(pa);
  else if (off == ZVP_L2CC_CLEAN_PA) tags_.clean(pa);
  else tags_.clean_invalidate(pa);
}

// By index and way: way in bits [31:28], index from bit 5 (the set's bits of an address).
void L2CacheController::maintain_index(uint32_t off, uint32_t v) {
  tags_.clean_set_way(tags_.set_of(v), v >> 28, off == ZVP_L2CC_CLEAN_INV_INDEX);
}

// By way: a mask of ways (bits [7:0]).
void L2CacheController::maintain_way(uint32_t off, uint32_t mask) {
  mask &= (1u << tags_.geometry().ways) - 1u;
  if (off == ZVP_L2CC_INV_WAY) tags_.invalidate_ways(mask);
  else tags_.clean_ways(mask, off == ZVP_L2CC_CLEAN_INV_WAY);
}

}  // namespace zvp
