// The multiply-accumulate layers of the fixed-point Lite LeNet-5 (conv1..3, fc1, fc2) for the IP
// model's functional path, bit-exact with the golden model's layer functions
// (firmware/common/lenet: lenet_fixed.h is the arithmetic contract) but with the per-layer format
// constants (shift, saturation bounds, bias in accumulator format) computed once and the
// arithmetic inlined: the golden code calls a conversion function per product, which costs about
// 1 ms of host time per image - more than the simulated time of an image on the IP.
// Pooling and argmax are the golden functions themselves. Formats whose conversions this fast
// path does not cover (a product with fewer fractional bits than the accumulator) fall back to
// the golden functions. LenetPredictIp can also be told to use the golden functions throughout.
#pragma once
#include <cstdint>

#include "lenet_lite.h"

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
    int shift = 0;       // F_in + F_w - F_acc (> 0 on the fast path)
    int64_t lo = 0, hi = 0;  // accumulator range
    lenet_fx_fmt acc{}, out{};
  };
  Layer make(int layer, lenet_fx_fmt in_fmt) const;
  int64_t bias(int layer, int16_t b) const;
  int16_t finish(const Layer& l, int64_t acc, bool relu) const;
  template <int N>
  static int64_t mac_row(const Layer& l, int64_t acc, const int16_t* x, const int16_t* w);
  // The vector path (lenet_fast_simd.h) is exact for layer l over `terms` products per output.
  static bool simd_exact(const Layer& l, int terms);

  const lenet_lite_fixed_params& p_;
  Layer layer_[LITE_LAYERS];
};

}  // namespace zvp
