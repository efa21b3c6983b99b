// Files of the trained LeNet-5 models (scenarios/data/lenet/), read by the trainer, the exporter,
// the tests and the predict-IP model.
//
// Weights file (binary, little-endian), one per model:
//   offset 0  char[8]  "ZVPLENET"
//          8  uint32   version = 1
//         12  uint32   model: 1 = Lite, 2 = Original
//         16  uint32   parameter count (2,586 or 61,706)
//         20  float32  params[count]  IEEE-754 binary32, in the field order of
//                      lenet_lite_float_params / lenet_orig_float_params (conv1_w, conv1_b, conv2_w,
//                      ..., fc2_b; each array in C row-major order)
//        end  uint32   FNV-1a (32-bit) of every byte before it
//
// Formats file (text, Lite only): one line per fixed-point type, '#' starts a comment:
//   <name> <total_bits> <integer_bits> [observed max |x|]
// names: input, {conv1,conv2,conv3,fc1,fc2}.{weight,bias,acc,out}; every name exactly once.
// Data types are 16 bits wide, accumulators (acc) 32.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "golden/lenet/lenet_lite.h"
#include "golden/lenet/lenet_orig.h"

namespace zvp::lenet {

struct FileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

enum class Model : unsigned { Lite = 1, Original = 2 };

size_t param_count(Model m);
const char* layer_name(int layer);  // LITE_L_* -> "conv1" ...

// Raw parameter vector <-> file. read_weights checks magic/version/model/count/checksum/finite values.
std::vector<float> read_weights(const std::string& path, Model expected);
void write_weights(const std::string& path, Model m, const std::vector<float>& params);
std::vector<uint8_t> serialize_weights(Model m, const std::vector<float>& params);

void to_struct(const std::vector<float>& v, lenet_lite_float_params& p);
void to_struct(const std::vector<float>& v, lenet_orig_float_params& p);
std::vector<float> from_struct(const lenet_lite_float_params& p);

struct ObservedRanges {  // max |x| behind each format (written as comments of the formats file)
  double input = 0, weight[LITE_LAYERS] = {}, bias[LITE_LAYERS] = {}, out[LITE_LAYERS] = {};
};

lenet_lite_formats read_formats(const std::string& path);
lenet_lite_formats parse_formats(const std::string& text, const std::string& name);
std::string format_formats(const lenet_lite_formats& f, const ObservedRanges* r);
void write_text(const std::string& path, const std::string& text);

// Convenience for the IP model and the tools: weights file + formats file -> quantised params.
lenet_lite_fixed_params load_lite_fixed(const std::string& weights_path, const std::string& formats_path);

}  // namespace zvp::lenet
