#include "kernel_image.h"

#include <cstdio>
#include <cstring>

#include "core/config_error.h"

namespace zvp::direct_boot {

namespace {

uint32_t le32(const uint8_t* p) { return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24; }
uint32_t be32(const uint8_t* p) { return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | p[3]; }

std::string hex(uint32_t v) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%08x", v);
  return b;
}

// U-Boot's image.h values (the header fields are one byte each).
constexpr uint8_t kUImageArchArm = 2;
constexpr uint8_t kUImageTypeKernel = 2, kUImageTypeKernelNoload = 14;
constexpr uint8_t kUImageCompNone = 0;

KernelImage uimage(std::vector<uint8_t>& b, const std::string& path) {
  const std::string what = path + ": uImage";
  if (b.size() < kUImageHeaderBytes) throw ConfigError(what + " shorter than its 64-byte header");
  uint8_t h[kUImageHeaderBytes];
  std::memcpy(h, b.data(), sizeof h);
  const uint32_t hcrc = be32(h + 4);
  std::memset(h + 4, 0, 4);  // the header CRC covers the header with this field zero
  if (crc32_ieee(h, sizeof h) != hcrc) throw ConfigError(what + " header CRC mismatch (a damaged or not a uImage)");
  const uint32_t size = be32(h + 12), load = be32(h + 16), ep = be32(h + 20), dcrc = be32(h + 24);
  const uint8_t arch = h[29], type = h[30], comp = h[31];
  if (arch != kUImageArchArm) throw ConfigError(what + " is for architecture " + std::to_string(arch) + ", not ARM (2)");
  if (type != kUImageTypeKernel && type != kUImageTypeKernelNoload)
    throw ConfigError(what + " has image type " + std::to_string(type) + ", not a kernel (2)");
  if (comp != kUImageCompNone)
    throw ConfigError(what + " is compressed (type " + std::to_string(comp) +
                      "); only uncompressed payloads are loaded (a zImage inside a uImage is uncompressed)");
  if (size > b.size() - kUImageHeaderBytes)
    throw ConfigError(what + " payload of " + std::to_string(size) + " bytes is longer than the file");
  if (crc32_ieee(b.data() + kUImageHeaderBytes, size) != dcrc) throw ConfigError(what + " data CRC mismatch");
  KernelImage k;
  k.format = KernelFormat::kUImage;
  k.payload.assign(b.begin() + kUImageHeaderBytes, b.begin() + kUImageHeaderBytes + size);
  // KERNEL_NOLOAD: the payload runs where it is put (at the default address for its format),
  // its entry an offset from there.
  if (type == kUImageTypeKernel) {
    k.load = load;
    k.entry = ep;
  } else {
    k.entry_offset = ep;
  }
  return k;
}

KernelImage zimage(std::vector<uint8_t>& b, const std::string& path) {
  const uint32_t start = le32(b.data() + 0x28), end = le32(b.data() + 0x2C);
  if (end <= start) throw ConfigError(path + ": zImage header end " + hex(end) + " is not after start " + hex(start));
  if (end - start > b.size())
    throw ConfigError(path + ": zImage is truncated (the header says " + std::to_string(end - start) +
                      " bytes, the file has " + std::to_string(b.size()) + ")");
  KernelImage k;
  k.format = KernelFormat::kZImage;
  b.resize(end - start);  // anything appended after the image is not part of it
  k.payload = std::move(b);
  if (start != 0) k.load = start;  // linked for a fixed address
  return k;
}

bool starts_with(const std::vector<uint8_t>& b, std::initializer_list<uint8_t> magic, size_t at = 0) {
  if (b.size() < at + magic.size()) return false;
  size_t i = at;
  for (uint8_t m : magic)
    if (b[i++] != m) return false;
  return true;
}

// Why a file that is not a zImage or uImage is no raw Image either ("" = it may be one).
std::string not_an_image(const std::vector<uint8_t>& b) {
  if (b.size() < 64) return "too short for a kernel (" + std::to_string(b.size()) + " bytes)";
  if (starts_with(b, {0x7F, 'E', 'L', 'F'}))
    return "an ELF file (a vmlinux? its program headers carry virtual addresses): boot the zImage "
           "(arch/arm/boot/zImage), or give a bare-metal ELF without --kernel";
  if (starts_with(b, {0x1F, 0x8B})) return "gzip-compressed data, not a kernel image (give the zImage)";
  if (starts_with(b, {0xFD, '7', 'z', 'X', 'Z'})) return "xz-compressed data, not a kernel image";
  if (starts_with(b, {'B', 'Z', 'h'})) return "bzip2-compressed data, not a kernel image";
  if (starts_with(b, {0x28, 0xB5, 0x2F, 0xFD})) return "zstd-compressed data, not a kernel image";
  if (starts_with(b, {0xD0, 0x0D, 0xFE, 0xED})) return "a device tree blob (give it with --dtb)";
  if (starts_with(b, {'0', '7', '0', '7', '0'})) return "a cpio archive (give it with --initrd)";
  if (starts_with(b, {'A', 'R', 'M', 'd'}, 0x38)) return "an arm64 kernel Image; the Zynq-7000's Cortex-A9 is 32-bit";
  bool text = true;
  for (size_t i = 0; i < 64 && text; ++i) text = (b[i] >= 0x20 && b[i] < 0x7F) || b[i] == '\n' || b[i] == '\r' || b[i] == '\t';
  if (text) return "a text file, not a kernel image";
  return "";
}

}  // namespace

const char* kernel_format_name(KernelFormat f) {
  switch (f) {
    case KernelFormat::kZImage: return "zImage";
    case KernelFormat::kUImage: return "uImage";
    case KernelFormat::kImage: return "Image";
  }
  return "?";
}

uint32_t crc32_ieee(const uint8_t* p, size_t n) {
  uint32_t c = 0xFFFFFFFFu;
  for (size_t i = 0; i < n; ++i) {
    c ^= p[i];
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1)));
  }
  return ~c;
}

bool is_zimage(const std::vector<uint8_t>& b) {
  return b.size() >= 0x30 && le32(b.data() + kZImageMagicOffset) == kZImageMagic;
}

KernelImage identify_kernel(std::vector<uint8_t> b, const std::string& path) {
  if (b.size() >= 4 && be32(b.data()) == kUImageMagic) return uimage(b, path);
  if (is_zimage(b)) return zimage(b, path);
  const std::string why = not_an_image(b);
  if (!why.empty()) throw ConfigError(path + ": " + why);
  KernelImage k;
  k.format = KernelFormat::kImage;
  k.payload = std::move(b);
  return k;
}

}  // namespace zvp::direct_boot
