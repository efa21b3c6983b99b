// The Convolution Engine's sum-of-products datapath for one pass (seed 001 section III: 27
// multipliers over three 3x3 windows, or their 3 centre taps in the 1x1 mode, partial sums
// accumulated in the TCDM), computed the way a host does it fast. The arithmetic contract is the golden model's (csp_ref.h:
// csp_pass_accumulate): exact 64-bit sums of the window products, then acc = sat32(prev + sum).
// This is a second, independent implementation: the engine's results are still compared with
// the golden model in tests and by the firmware.
#ifndef ZVP_MODELS_ACCEL_CSP_SOP_DATAPATH_H
#define ZVP_MODELS_ACCEL_CSP_SOP_DATAPATH_H

#include <cstdint>
#include <vector>

#include "golden/csp/csp_ref.h"

namespace zvp {

class SopDatapath {
 public:
  // words[f]: feature f as it sits in the TCDM (csp_row_words() words per row, nfeat of them);
  // w: the pass's weights as unpacked from the Weight Memory (27 for 3x3, 3 in the 1x1 mode:
  // csp_pass_weights(g.kernel)); acc: out_h x out_w partial
  // sums, read when !first, written always. The geometry must have passed csp_geom_check.
  void accumulate(const csp_geom_t& g, const uint32_t* const words[3], int nfeat,
                  const int16_t* w, bool first, int32_t* acc);

 private:
  // Scratch reused across passes (no allocation per pass once grown): one feature as the
  // multiplier's int16 operands with a one-pixel zero border (the padding), and the exact sums.
  std::vector<int16_t> plane_;
  std::vector<int64_t> sum_;
  std::vector<int32_t> sum32_;  // 8-bit mode's sums (exact in 32 bits)
  template <typename Sum>
  void add_products(const csp_geom_t& g, int f, const int16_t* w, Sum* sum) const;
};

}  // namespace zvp

#endif
