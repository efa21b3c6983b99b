// The ZVP MNIST binary file (zvp_mnist_convert writes it; trainers, tests and the platform read it).
//
// Layout, little-endian:
//   offset 0   char[8]  "ZVPMNIST"
//          8   uint32   version = 1
//         12   uint32   count   (number of images, >= 1)
//         16   uint32   rows    = 28
//         20   uint32   cols    = 28
//         24   uint8    images[count][rows][cols]   row-major, 0 = background, 255 = ink
//   24+N*784   uint8    labels[count]               0..9
//       end-4  uint32   FNV-1a (32-bit) of every byte before it
// Images start 8-byte aligned so a loader can place the block in DDR as it is.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace zvp::mnist {

constexpr unsigned kSide = 28;
constexpr unsigned kPixels = kSide * kSide;
constexpr uint32_t kVersion = 1;
constexpr size_t kHeaderBytes = 24;

struct Dataset {
  std::vector<uint8_t> images;  // count * 784
  std::vector<uint8_t> labels;  // count
  size_t count() const { return labels.size(); }
  const uint8_t* image(size_t i) const { return images.data() + i * kPixels; }
};

// Every problem with a file (missing, short, bad magic/version/size/checksum, label > 9) throws
// this, with the file name and what was wrong.
struct FormatError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

uint32_t fnv1a(const uint8_t* data, size_t n, uint32_t h = 2166136261u);

std::vector<uint8_t> serialize(const Dataset& ds);
Dataset parse(const std::vector<uint8_t>& bytes, const std::string& name);
Dataset read_file(const std::string& path);
void write_file(const std::string& path, const Dataset& ds);

}  // namespace zvp::mnist
