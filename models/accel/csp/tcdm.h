// The CSP's Tightly-Coupled Data Memory (seed 001 section II): 13 dual-port BRAM banks, 3 for
// input features and 10 for output features / partial sums.
//
// Port A belongs to the Convolution Engine (direct word access below; the engine accounts its
// own timing, including the bank conflicts of its requesters). Port B is the AXI BRAM
// controller side shared by the DMA (PL330 over the GP port) and the RISC-V data bus: `socket`
// (a multi-passthrough target, both timing modes, inherited from Sram) - 32-bit wide at the PL
// clock with the BRAM controller's latency.
//
// Address map (byte offsets in the TCDM window), chosen so each engine stream has its own bank:
//   [0, n_in * B)                 input banks, each CONTIGUOUS: bank = off / B
//   [n_in * B, (n_in+n_out) * B)  output banks, WORD-INTERLEAVED: bank = n_in + (w % n_out),
//                                 w = (off - n_in * B) / 4, so a 2- or 4-pixel-per-cycle
//                                 accumulator read-modify-write stream spreads over banks.
// B = bank_bytes (a parameter).
#pragma once
#include <systemc>

#include <cstdint>

#include "core/clock.h"
#include "memory/sram.h"

namespace zvp {

struct TcdmParams {
  unsigned input_banks = 3;
  unsigned output_banks = 10;
  uint32_t bank_bytes = 8 * 1024;
  Clock clock{"pl", 80e6};
  unsigned width_bytes = 4;           // AXI BRAM controller data width (port B)
  unsigned read_latency_cycles = 2;   // BRAM controller + BRAM output register
  unsigned write_latency_cycles = 1;
  MemoryPortConfig ports;

  // Parameters (pl.csp.tcdm). The input bank count is the engine's three input features and
  // is not a parameter; the firmware's memory map (csp.yaml) is sized for the defaults.
  void declare(ParamScope& p) {
    p.add("output_banks", output_banks, "banks", "output/partial-sum banks (word-interleaved)", 1, 32);
    p.add("bank_bytes", bank_bytes, "bytes", "bytes per TCDM bank", 1024, 1u << 20);
    declare_sram_timing(p, width_bytes, read_latency_cycles, write_latency_cycles, ports,
                        "TCDM (AXI BRAM controller port B + output register)", 16);
  }
};

class Tcdm : public Sram {
 public:
  Tcdm(sc_core::sc_module_name name, const TcdmParams& p);

  const TcdmParams& params() const { return p_; }
  unsigned banks() const { return p_.input_banks + p_.output_banks; }
  uint32_t output_base() const { return p_.input_banks * p_.bank_bytes; }
  uint32_t bytes() const { return banks() * p_.bank_bytes; }
  // Bank holding byte offset `off`, or -1 outside the TCDM.
  int bank_of(uint32_t off) const;
  bool contains(uint64_t off, uint64_t len) const { return off + len <= bytes() && off <= off + len; }

  // Port A (engine): 32-bit words, no timing. false if out of range or unaligned.
  bool read_words(uint32_t off, uint32_t* dst, size_t n) const;
  bool write_words(uint32_t off, const uint32_t* src, size_t n);

 private:
  static SramConfig sram_config(const TcdmParams& p);
  TcdmParams p_;
};

}  // namespace zvp
