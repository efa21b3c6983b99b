#include "accel/csp/tcdm.h"

#include <cstring>

namespace zvp {

SramConfig Tcdm::sram_config(const TcdmParams& p) {
  SramConfig c;
  c.size = uint64_t(p.input_banks + p.output_banks) * p.bank_bytes;
  c.clock = p.clock;
  c.width_bytes = p.width_bytes;
  c.read_latency_cycles = p.read_latency_cycles;
  c.write_latency_cycles = p.write_latency_cycles;
  c.ports = p.ports;
  return c;
}

Tcdm::Tcdm(sc_core::sc_module_name name, const TcdmParams& p) : Sram(name, sram_config(p)), p_(p) {}

int Tcdm::bank_of(uint32_t off) const {
  if (off >= bytes() || p_.bank_bytes == 0) return -1;
  if (off < output_base()) return static_cast<int>(off / p_.bank_bytes);
  const uint32_t w = (off - output_base()) / 4;
  return static_cast<int>(p_.input_banks + w % p_.output_banks);
}

bool Tcdm::read_words(uint32_t off, uint32_t* dst, size_t n) const {
  if ((off & 3u) || !contains(off, uint64_t(n) * 4)) return false;
  return peek(off, dst, n * 4);
}

bool Tcdm::write_words(uint32_t off, const uint32_t* src, size_t n) {
  if ((off & 3u) || !contains(off, uint64_t(n) * 4)) return false;
  return load(off, src, n * 4);
}

}  // namespace zvp
