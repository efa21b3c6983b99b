// The memory interface of Rv32Core, independent of SystemC. The core calls it for every access
// that does not hit one of its direct (DMI-like) RAM regions. An access never crosses a 4-byte
// boundary (the core splits misaligned accesses first) and has 1..4 bytes, little-endian.
// Returning false reports a bus error, which the core turns into an access-fault trap.
// wait_cycles: extra core clock cycles the access stalled (bus wait states), added to the
// instruction's base cost.
#pragma once
#include <cstdint>

namespace zvp {

class Rv32Bus {
 public:
  virtual ~Rv32Bus() = default;
  virtual bool load(uint32_t addr, unsigned len, uint32_t& value, uint32_t& wait_cycles) = 0;
  virtual bool store(uint32_t addr, unsigned len, uint32_t value, uint32_t& wait_cycles) = 0;
  // Instruction fetch of one 16-bit parcel (addr is 2-byte aligned).
  virtual bool fetch(uint32_t addr, uint16_t& parcel, uint32_t& wait_cycles) {
    uint32_t v = 0;
    if (!load(addr, 2, v, wait_cycles)) return false;
    parcel = static_cast<uint16_t>(v);
    return true;
  }
};

}  // namespace zvp
