// Little-endian 32-bit words and the FNV-1a checksum of the ZVP binary data files (the MNIST
// digits, golden/mnist/mnist_io.h, and the LeNet parameters, golden/lenet/lenet_files.h): the
// one definition both file formats use. Host C++ only (header-only, no library).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace zvp::binfile {

// Appends v to b, least significant byte first.
inline void put32(std::vector<uint8_t>& b, uint32_t v) {
  for (int i = 0; i < 4; ++i) b.push_back(static_cast<uint8_t>(v >> (8 * i)));
}

// The little-endian word at b[off..off+3]; the caller has checked the size.
inline uint32_t get32(const std::vector<uint8_t>& b, size_t off) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= static_cast<uint32_t>(b[off + i]) << (8 * i);
  return v;
}

// 32-bit FNV-1a over n bytes, continuing from h (the offset basis by default).
inline uint32_t fnv1a(const uint8_t* data, size_t n, uint32_t h = 2166136261u) {
  for (size_t i = 0; i < n; ++i) h = (h ^ data[i]) * 16777619u;
  return h;
}

}  // namespace zvp::binfile
