// Accuracy of the golden models over a dataset, and the seed's fixed-point format selection.
#pragma once

#include "golden/lenet/lenet_files.h"
#include "golden/mnist/mnist_io.h"

namespace zvp::lenet {

struct LiteEval {
  size_t images = 0, float_correct = 0, fixed_correct = 0, agree = 0;  // agree: same class float/fixed
  double float_acc() const { return images ? double(float_correct) / images : 0; }
  double fixed_acc() const { return images ? double(fixed_correct) / images : 0; }
  double agreement() const { return images ? double(agree) / images : 0; }
};

LiteEval evaluate_lite(const mnist::Dataset& ds, const lenet_lite_float_params& fp, const lenet_lite_fixed_params& qp);
size_t evaluate_orig(const mnist::Dataset& ds, const lenet_orig_float_params& p);  // correct count
size_t evaluate_lite_float(const mnist::Dataset& ds, const lenet_lite_float_params& p);

// Observed max |x| of the input, every weight/bias array and every layer's pre-activation sums
// (float golden model) over the images of `ds`.
ObservedRanges observe_ranges(const mnist::Dataset& ds, const lenet_lite_float_params& p);

// The seed's rule: data types <16, QI>, QI = lenet_fx_integer_bits(max|x|) (at most 16);
// accumulators <32, min(32, 2*QI(out))> as the seed's ap_fixed<32, 2I> temporaries.
lenet_lite_formats select_formats(const ObservedRanges& r);

}  // namespace zvp::lenet
