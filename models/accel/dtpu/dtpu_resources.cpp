#include "accel/dtpu/dtpu_resources.h"

#include <algorithm>
#include <cmath>

#include "golden/dtpu/dtpu_mxu.h"

namespace zvp {

std::optional<FpgaPart> fpga_part(const std::string& name) {
  // DS190 (Zynq-7000 overview): DSP48E1 slices and 36 Kb block RAMs per device.
  static const FpgaPart parts[] = {{"XC7Z007S", 66, 50}, {"XC7Z010", 80, 60},  {"XC7Z014S", 170, 107},
                                   {"XC7Z020", 220, 140}, {"XC7Z030", 400, 265}, {"XC7Z045", 900, 545}};
  for (const FpgaPart& p : parts)
    if (p.name == name) return p;
  return std::nullopt;
}

namespace {

// The thesis's implemented points for a single-precision build on the PYNQ-Z2.
bool thesis_implemented(unsigned has, unsigned n, double mhz) {
  auto at = [mhz](std::initializer_list<double> l) {
    return std::any_of(l.begin(), l.end(), [mhz](double f) { return std::fabs(f - mhz) < 1e-6; });
  };
  auto within = [mhz](double lo, double hi) { return mhz >= lo - 1e-6 && mhz <= hi + 1e-6; };
  switch (has) {
    case DTPU_HAS_INT8: return (at({30, 50, 80}) && n <= 24) || (at({100, 120}) && n <= 22);
    case DTPU_HAS_INT16: return (within(30, 80) && n <= 18) || (at({100}) && n <= 10);
    case DTPU_HAS_INT32: return (at({30, 50}) && n <= 10) || (at({80, 100}) && n <= 8);
    case DTPU_HAS_INT64: return within(30, 60) && n <= 5;
    case DTPU_HAS_FP32:
    case DTPU_HAS_BF16: return at({30}) && n <= 8;
    default: return false;
  }
}

}  // namespace

DtpuBudget dtpu_budget(unsigned rows, unsigned cols, unsigned has, double clock_hz, const std::optional<FpgaPart>& part) {
  DtpuBudget b;
  unsigned integer = 0;
  if (has & DTPU_HAS_INT8) integer = 1;
  if (has & DTPU_HAS_INT16) integer = 1;
  if (has & DTPU_HAS_INT32) integer = 3;
  if (has & DTPU_HAS_INT64) integer = 14;
  const unsigned fp = (has & (DTPU_HAS_FP32 | DTPU_HAS_BF16)) ? 2 : 0;
  b.dsp_per_pe = integer + fp;
  b.dsp = rows * cols * b.dsp_per_pe;
  b.bram36 = 1 + 32 + 4 + 4;
  if (part) {
    if (b.bram36 > part->bram36) b.fits = false;
    else if (b.dsp <= part->dsp) b.fits = true;
    // else: the MACs beyond the DSPs go to fabric; whether their LUTs fit is unknown
  }
  const bool single = has != 0 && (has & (has - 1)) == 0;
  if (part && part->name == "XC7Z020" && single && rows == cols)
    b.implemented = thesis_implemented(has, rows, clock_hz / 1e6);
  return b;
}

}  // namespace zvp
