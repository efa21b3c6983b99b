#include "accel/csp/weight_memory.h"

namespace zvp {

SramConfig WeightMemory::sram_config(const WeightMemoryParams& p) {
  SramConfig c;
  c.size = uint64_t(p.words) * 8;
  c.clock = p.clock;
  c.width_bytes = p.width_bytes;
  c.read_latency_cycles = p.read_latency_cycles;
  c.write_latency_cycles = p.write_latency_cycles;
  c.ports = p.ports;
  return c;
}

WeightMemory::WeightMemory(sc_core::sc_module_name name, const WeightMemoryParams& p)
    : Sram(name, sram_config(p)), p_(p) {
  p_.word_bits = 64;  // the Weight Loader's word; other widths are not modelled
}

bool WeightMemory::read_word(unsigned i, uint64_t& v) const {
  uint8_t b[8];
  if (i >= p_.words || !peek(uint64_t(i) * 8, b, 8)) return false;
  v = 0;
  for (int k = 7; k >= 0; --k) v = (v << 8) | b[k];
  return true;
}

bool WeightMemory::write_word(unsigned i, uint64_t v) {
  uint8_t b[8];
  for (int k = 0; k < 8; ++k) b[k] = static_cast<uint8_t>(v >> (8 * k));
  return i < p_.words && load(uint64_t(i) * 8, b, 8);
}

}  // namespace zvp
