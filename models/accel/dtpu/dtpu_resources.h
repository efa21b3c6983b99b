// The resource budget of a DTPU design point from the thesis's facts only (seed 003, the finished
// thesis and its RTL): DSP48E1 slices of the MXU, BRAM36 of the adapter's arguments, whether they
// fit the board's part, and whether the thesis implemented that point. No fitted LUT or timing
// model: where the thesis gives no fact the answer is "unknown".
//
//  * DSP48E1 per PE by precision: int8 1, int16 1, int32 3, int64 14, fp32 2, bf16 2. A build of
//    several precisions shares them: the integer PE of the widest integer precision computes the
//    narrower ones (the "active chain" of the full-integer PE), fp32 and bf16 share one FP unit;
//    so per PE = max over the integer precisions + 2 if fp32 or bf16 is in.
//  * Once the DSPs run out the thesis's MXU generator places the remaining MACs in fabric (LUTs):
//    a point beyond the part's DSPs fits only if those LUTs do, which no fact tells (unknown).
//  * BRAM36 (64-bit words, 512 x 72 per BRAM36): CSR 64 x 64 bit 1, weights 16,384 x 64 bit 32,
//    input and output FIFOs 2,048 x 64 bit 4 each: 41, whatever the MXU size.
//  * Implemented (the thesis's list, PYNQ-Z2, single-precision builds, square MXUs from 3x3):
//    int8 30/50/80 MHz up to 24x24, 100/120 MHz up to 22x22; int16 30-80 MHz up to 18x18,
//    100 MHz up to 10x10; int32 30/50 MHz up to 10x10, 80/100 MHz up to 8x8; int64 30-60 MHz
//    3x3-5x5; fp32 / bf16 30 MHz 3x3-8x8. Other boards and multi-precision builds: unknown.
#pragma once
#include <optional>
#include <string>

namespace zvp {

struct FpgaPart {
  std::string name;
  unsigned dsp = 0, bram36 = 0;
};

// The facts of a part name (XC7Z020, XC7Z045, ...: DS190); nullopt for a part we have no facts for.
std::optional<FpgaPart> fpga_part(const std::string& name);

struct DtpuBudget {
  unsigned dsp_per_pe = 0;
  unsigned dsp = 0;     // DSP48E1 slices the MXU asks for (R * C * per PE)
  unsigned bram36 = 0;  // the adapter's arguments
  std::optional<bool> fits;         // within the part's DSPs and BRAM36; unknown once MACs spill to fabric
  std::optional<bool> implemented;  // in the thesis's list; unknown off the PYNQ-Z2 or for multi-precision builds
};

// precision_mask: DTPU_HAS_* bits of the build; clock in Hz; part nullopt = no facts (fits unknown).
DtpuBudget dtpu_budget(unsigned rows, unsigned cols, unsigned precision_mask, double clock_hz,
                       const std::optional<FpgaPart>& part);

}  // namespace zvp
