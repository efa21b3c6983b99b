// The CSP Weight Memory (seed 001 section II): a 1024 x 64-bit block RAM. Port A feeds the
// engine's Weight Loader (one 64-bit word per PL cycle, read_word below); port B is its own
// AXI BRAM controller (`socket`, inherited from Sram: 32-bit AXI at the PL clock), reached by
// the PL330 / ARM over the GP port and by the RISC-V data bus. Words are little-endian: byte
// offset 8*i holds word i.
#pragma once
#include <systemc>

#include <cstdint>

#include "core/clock.h"
#include "memory/sram.h"

namespace zvp {

struct WeightMemoryParams {
  unsigned words = 1024;
  unsigned word_bits = 64;
  Clock clock{"pl", 80e6};
  unsigned width_bytes = 4;  // AXI BRAM controller data width
  unsigned read_latency_cycles = 2;
  unsigned write_latency_cycles = 1;
  MemoryPortConfig ports;

  // Parameters (pl.csp.wm). The word is 64 bits (the Weight Loader's; word_bits is not one).
  void declare(ParamScope& p) {
    p.add("words", words, "words", "64-bit words of the Weight Memory", 64, 1u << 20);
    declare_sram_timing(p, width_bytes, read_latency_cycles, write_latency_cycles, ports,
                        "Weight Memory (AXI BRAM controller)", 16);
  }
};

class WeightMemory : public Sram {
 public:
  WeightMemory(sc_core::sc_module_name name, const WeightMemoryParams& p);
  const WeightMemoryParams& params() const { return p_; }
  unsigned words() const { return p_.words; }
  // Port A: word i (false if out of range).
  bool read_word(unsigned i, uint64_t& v) const;
  bool write_word(unsigned i, uint64_t v);

 private:
  static SramConfig sram_config(const WeightMemoryParams& p);
  WeightMemoryParams p_;
};

}  // namespace zvp
