// What kind of ARM Linux kernel image a file is, and where its bytes go. Recognised:
//   zImage   the self-decompressing kernel: magic 0x016F2818 at offset 0x24, then the start
//            and end addresses of the image (little-endian words); start 0 = position
//            independent (placed at the default zImage address, boot/placement.h).
//   uImage   U-Boot's legacy wrapper: a 64-byte big-endian header (magic 0x27051956, header
//            and data CRC-32, load and entry addresses, OS, architecture ARM, type kernel,
//            compression none); its payload goes to the load address, the core enters at the
//            entry address.
//   Image    a raw kernel (arch/arm/boot/Image): no header, so any other binary that is not
//            recognisably something else (ELF, compressed data, a device tree, an initramfs,
//            an arm64 Image, text).
// Everything else is a ConfigError with one line naming the file (exit status 2).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace zvp::direct_boot {

enum class KernelFormat { kZImage, kUImage, kImage };
const char* kernel_format_name(KernelFormat f);

struct KernelImage {
  KernelFormat format = KernelFormat::kImage;
  std::vector<uint8_t> payload;   // the bytes placed in memory
  std::optional<uint32_t> load;   // an address the image requires (uImage load, linked zImage)
  std::optional<uint32_t> entry;  // an entry the image names (uImage); else load + entry_offset
  uint32_t entry_offset = 0;      // KERNEL_NOLOAD uImage: its entry, relative to where it is put
};

// `bytes` is the file `path`'s content (path only names it in errors).
KernelImage identify_kernel(std::vector<uint8_t> bytes, const std::string& path);

// True when `bytes` start like a zImage (its magic at 0x24).
bool is_zimage(const std::vector<uint8_t>& bytes);

// CRC-32 (IEEE 802.3, the zlib/U-Boot one) of [p, p + n).
uint32_t crc32_ieee(const uint8_t* p, size_t n);

constexpr uint32_t kZImageMagic = 0x016F2818;
constexpr uint32_t kZImageMagicOffset = 0x24;
constexpr uint32_t kUImageMagic = 0x27051956;
constexpr uint32_t kUImageHeaderBytes = 64;

}  // namespace zvp::direct_boot
