// Reading and writing the ZVP MNIST binary file (layout in mnist_io.h).
#include "golden/mnist/mnist_io.h"

#include "golden/binfile/le_words.h"

#include <cstring>
#include <fstream>
#include <iterator>

namespace zvp::mnist {

namespace {

using binfile::get32;
using binfile::put32;

const char kMagic[8] = {'Z', 'V', 'P', 'M', 'N', 'I', 'S', 'T'};

}  // namespace

uint32_t fnv1a(const uint8_t* data, size_t n, uint32_t h) { return binfile::fnv1a(data, n, h); }

std::vector<uint8_t> serialize(const Dataset& ds) {
  if (ds.images.size() != ds.labels.size() * kPixels)
    throw FormatError("mnist: images/labels size mismatch while writing");
  std::vector<uint8_t> b(kMagic, kMagic + 8);
  put32(b, kVersion);
  put32(b, static_cast<uint32_t>(ds.count()));
  put32(b, kSide);
  put32(b, kSide);
  b.insert(b.end(), ds.images.begin(), ds.images.end());
  b.insert(b.end(), ds.labels.begin(), ds.labels.end());
  put32(b, fnv1a(b.data(), b.size()));
  return b;
}

Dataset parse(const std::vector<uint8_t>& b, const std::string& name) {
  auto fail = [&](const std::string& why) { throw FormatError("mnist file '" + name + "': " + why); };
  if (b.size() < kHeaderBytes + 4) fail("too short for a header (" + std::to_string(b.size()) + " bytes)");
  if (std::memcmp(b.data(), kMagic, 8) != 0) fail("bad magic (not a ZVPMNIST file)");
  if (get32(b, 8) != kVersion) fail("unsupported version " + std::to_string(get32(b, 8)));
  const uint32_t count = get32(b, 12);
  if (get32(b, 16) != kSide || get32(b, 20) != kSide) fail("images are not 28x28");
  if (count == 0) fail("no images");
  const uint64_t expect = kHeaderBytes + uint64_t(count) * (kPixels + 1) + 4;
  if (b.size() != expect)
    fail("size " + std::to_string(b.size()) + " bytes, expected " + std::to_string(expect) + " for " +
         std::to_string(count) + " images");
  if (fnv1a(b.data(), b.size() - 4) != get32(b, b.size() - 4)) fail("checksum mismatch (corrupt file)");
  Dataset ds;
  const size_t img_bytes = size_t(count) * kPixels;
  ds.images.assign(b.begin() + kHeaderBytes, b.begin() + kHeaderBytes + img_bytes);
  ds.labels.assign(b.begin() + kHeaderBytes + img_bytes, b.begin() + kHeaderBytes + img_bytes + count);
  for (size_t i = 0; i < ds.labels.size(); ++i)
    if (ds.labels[i] > 9) fail("label " + std::to_string(ds.labels[i]) + " of image " + std::to_string(i) + " > 9");
  return ds;
}

Dataset read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw FormatError("mnist file '" + path + "': cannot open (run tools/mnist/fetch_mnist.sh first?)");
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  return parse(bytes, path);
}

void write_file(const std::string& path, const Dataset& ds) {
  const auto bytes = serialize(ds);
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f) throw FormatError("mnist file '" + path + "': cannot create");
  f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!f) throw FormatError("mnist file '" + path + "': write failed");
}

}  // namespace zvp::mnist
