// The multiply-accumulate layers of the fixed-point Lite LeNet-5 (conv1..3, fc1, fc2) for the IP
// model's functional path, bit-exact with the golden model's layer functions
// (golden/lenet: lenet_fixed.h is the arithmetic contract) but with the per-layer format
// constants (shift, saturation bounds, bias in accumulator format) computed once and the
// arithmetic inlined: the golden code calls a conversion function per product, which costs about
// 1 ms of host time per image - more than the simulated time of an image on the IP. The conv
// layers sum a whole output row's kernels at once, vectorised, where no running sum can saturate
// (conv_row_wide): lenet5-zybo 0.28 -> 0.17 s of wall time for 0.25 s simulated.
// Pooling and argmax are the golden functions themselves. Formats whose conversions this fast
// path does not cover (a product with fewer fractional bits than the accumulator) fall back to
// the golden functions. LenetPredictIp can also be told to use the golden functions throughout.
#pragma once
#include <cstdint>

#include "golden/lenet/lenet_lite.h"

namespace zvp {

class LenetFixedFast {
 public:
  explicit LenetFixedFast(const lenet_lite_fixed_params& p);

  void conv1_channel(int u, const int16_t in[LENET_IMG][LENET_IMG], int16_t out[LITE_S1][LITE_S1]) const;
  void conv2_channel(int u, const int16_t in[LITE_C1][LITE_P1][LITE_P1], int16_t out[LITE_S2][LITE_S2]) const;
  void conv3(const int16_t in[LITE_C2][LITE_P2][LITE_P2], int16_t out[LITE_C3]) const;
  void fc1(const int16_t in[LITE_C3], int16_t out[LITE_F1]) const;
  void fc2(const int16_t in[LITE_F1], int16_t out[LITE_F2]) const;
  int predict(const int16_t in[LENET_IMG * LENET_IMG], int16_t out[LITE_F2]) const;

 private:
  struct Layer {
    bool fast = false;   // the product -> accumulator conversion is a rounding right shift
    bool wide = false;   // ... in int32 (shift <= 30), and no rounded product can saturate
    int shift = 0;       // F_in + F_w - F_acc (> 0 on the fast path)
    int64_t lo = 0, hi = 0;  // accumulator range
    lenet_fx_fmt acc{}, out{};
  };
  Layer make(int layer, lenet_fx_fmt in_fmt) const;
  int64_t bias(int layer, int16_t b) const;
  int16_t finish(const Layer& l, int64_t acc, bool relu) const;
  template <int N>
  static int64_t mac_row(const Layer& l, int64_t acc, const int16_t* x, const int16_t* w);
  // One output row of a K x K convolution over `ch` channels (input rows `pitch` apart, channels
  // `plane` apart), vectorised across the row (see lenet_fast.cpp); false: an output of the row
  // needs the golden order (its sum could saturate) and nothing was written.
  template <int W>
  static bool conv_row_wide(const Layer& l, int64_t bias, const int16_t* in, int pitch, int plane, int ch,
                            const int16_t* w, int64_t out_acc[W]);

  const lenet_lite_fixed_params& p_;
  Layer layer_[LITE_LAYERS];
};

}  // namespace zvp
