#include "l2cc.h"

#include <vector>

#include "plain_registers.h"


namespace zvp {

namespace {
namespace L = regs::l2cc;
}  // namespace

// Registers, offsets, reset values and writable bits: l2cc.regs.yaml.
L2CacheController::L2CacheController(sc_core::sc_module_name name, const Config& cfg)
    : RegisterDevice(name), tags_(cfg.geometry) {
  regs_.add(L::CACHE_ID_INFO).reset_value(cfg.cache_id);
  regs_.add(L::CACHE_TYPE_INFO).reset_value(cfg.cache_type);
  control_ = &regs_.add(L::CONTROL_INFO);
  control_->on_write([this](uint32_t, uint32_t v) { enabled_ = L::control::L2_ENABLE.get(v); });
  regs_.add(L::AUX_CONTROL_INFO).reset_value(cfg.aux_control);
  regs_.add(L::TAG_RAM_CONTROL_INFO).reset_value(cfg.ram_latency);
  regs_.add(L::DATA_RAM_CONTROL_INFO).reset_value(cfg.ram_latency);
  // Maintenance operations: the write performs the operation on the tag store, which finishes
  // at once; reads return 0 (by-way: no way busy; by-PA/index: C bit clear).
  using Fn = void (L2CacheController::*)(uint32_t, uint32_t);
  auto op = [this](const regs::RegInfo& info, Fn fn) {
    const uint32_t off = info.offset;
    regs_.add(info).on_read([](uint32_t) { return 0u; }).on_write_raw([this, off, fn](uint32_t v, uint32_t) {
      ++ops_;
      if (fn) (this->*fn)(off, v);
      else ++syncs_;
    });
  };
  op(L::CACHE_SYNC_INFO, nullptr);
  op(L::DUMMY_CACHE_SYNC_INFO, nullptr);  // PL310 erratum 753970 workaround
  op(L::INV_PA_INFO, &L2CacheController::maintain_pa);
  op(L::INV_WAY_INFO, &L2CacheController::maintain_way);
  op(L::CLEAN_PA_INFO, &L2CacheController::maintain_pa);
  op(L::CLEAN_INDEX_INFO, &L2CacheController::maintain_index);
  op(L::CLEAN_WAY_INFO, &L2CacheController::maintain_way);
  op(L::CLEAN_INV_PA_INFO, &L2CacheController::maintain_pa);
  op(L::CLEAN_INV_INDEX_INFO, &L2CacheController::maintain_index);
  op(L::CLEAN_INV_WAY_INFO, &L2CacheController::maintain_way);

  // Lockdown by way for 8 masters, lockdown by line, unlock all lines.
  std::vector<Register*> d = regs_.add_array(L::D_LOCKDOWN_INFO);
  std::vector<Register*> in = regs_.add_array(L::I_LOCKDOWN_INFO);
  // Master 0: CPU0, the core modelled.
  d[0]->on_write([this](uint32_t, uint32_t v) { lock_d_ = L::d_lockdown::WAYS.get(v); });
  in[0]->on_write([this](uint32_t, uint32_t v) { lock_i_ = L::i_lockdown::WAYS.get(v); });
  regs_.add(L::UNLOCK_WAY_INFO).on_read([](uint32_t) { return 0u; });
  // The rest is storage: event counters and their configuration, interrupt mask/status/clear
  // (no error event is ever raised: the status registers stay 0), lockdown by line, address
  // filtering, debug, prefetch and power control.
  add_plain_registers(regs_, L::ALL_REGS);
}

SetAssocCache::Result L2CacheController::outer_access(uint32_t pa, bool write, bool instruction) {
  return tags_.access(pa, write, true, instruction ? lock_i_ : lock_d_);
}

// By physical address (the line address, bits [31:5]).
void L2CacheController::maintain_pa(uint32_t off, uint32_t pa) {
  if (off == L::INV_PA) tags_.invalidate(pa);
  else if (off == L::CLEAN_PA) tags_.clean(pa);
  else tags_.clean_invalidate(pa);
}

// By index and way: the set from the index bits (those of an address), the way field.
void L2CacheController::maintain_index(uint32_t off, uint32_t v) {
  tags_.clean_set_way(tags_.set_of(v), L::clean_index::WAY.get(v), off == L::CLEAN_INV_INDEX);
}

// By way: a mask of ways (a bit per way of the configured geometry).
void L2CacheController::maintain_way(uint32_t off, uint32_t mask) {
  mask &= (1u << tags_.geometry().ways) - 1u;
  if (off == L::INV_WAY) tags_.invalidate_ways(mask);
  else tags_.clean_ways(mask, off == L::CLEAN_INV_WAY);
}

}  // namespace zvp
