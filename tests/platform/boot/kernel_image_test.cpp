// Kernel image formats (platform/boot/kernel_image.h): zImage and uImage headers built here
// field by field as the formats define them, a raw Image, and files that are no kernel.
#include "kernel_image.h"

#include <gtest/gtest.h>

#include <cstring>

#include "boot_test_util.h"
#include "core/config_error.h"

namespace zvp::direct_boot {
namespace {

using test::code;
using test::uimage_of;

void le(std::vector<uint8_t>& b, size_t off, uint32_t v) {
  for (int i = 0; i < 4; ++i) b[off + i] = uint8_t(v >> (8 * i));
}

std::vector<uint8_t> zimage(uint32_t start, uint32_t end, size_t file_size) {
  auto b = code(file_size);
  le(b, 0x24, 0x016F2818);
  le(b, 0x28, start);
  le(b, 0x2C, end);
  return b;
}

std::string error_of(std::vector<uint8_t> b) {
  try {
    identify_kernel(std::move(b), "k.bin");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(KernelImage, Crc32IsTheIeeeOne) {
  const char* check = "123456789";  // the standard check input of CRC-32/ISO-HDLC
  EXPECT_EQ(crc32_ieee(reinterpret_cast<const uint8_t*>(check), 9), 0xCBF43926u);
}

TEST(KernelImage, ZImage) {
  KernelImage k = identify_kernel(zimage(0, 0x400, 0x480), "z");  // 0x80 bytes appended: not part of it
  EXPECT_EQ(k.format, KernelFormat::kZImage);
  EXPECT_EQ(k.payload.size(), 0x400u);
  EXPECT_FALSE(k.load);
  EXPECT_FALSE(k.entry);
  KernelImage linked = identify_kernel(zimage(0x00100000, 0x00100400, 0x400), "z");
  EXPECT_EQ(linked.load.value_or(0), 0x00100000u);
  EXPECT_NE(error_of(zimage(0, 0x800, 0x400)).find("truncated"), std::string::npos);
  EXPECT_NE(error_of(zimage(0x400, 0x400, 0x400)).find("not after start"), std::string::npos);
}

TEST(KernelImage, UImage) {
  const auto payload = code(300);
  KernelImage k = identify_kernel(uimage_of(payload, 0x00008000, 0x00008040), "u");
  EXPECT_EQ(k.format, KernelFormat::kUImage);
  EXPECT_EQ(k.payload, payload);
  EXPECT_EQ(k.load.value_or(0), 0x8000u);
  EXPECT_EQ(k.entry.value_or(0), 0x8040u);
  KernelImage noload = identify_kernel(uimage_of(payload, 0, 0x10, 14), "u");  // KERNEL_NOLOAD
  EXPECT_FALSE(noload.load);
  EXPECT_FALSE(noload.entry);
  EXPECT_EQ(noload.entry_offset, 0x10u);

  auto b = uimage_of(payload, 0x8000, 0x8000);
  b[16] ^= 1;  // load address changed after the header CRC was computed
  EXPECT_NE(error_of(b).find("header CRC mismatch"), std::string::npos);
  b = uimage_of(payload, 0x8000, 0x8000);
  b[64 + 10] ^= 1;
  EXPECT_NE(error_of(b).find("data CRC mismatch"), std::string::npos);
  EXPECT_NE(error_of(uimage_of(payload, 0x8000, 0x8000, 2, 2, 1)).find("compressed"), std::string::npos);
  EXPECT_NE(error_of(uimage_of(payload, 0x8000, 0x8000, 3)).find("not a kernel"), std::string::npos);
  EXPECT_NE(error_of(uimage_of(payload, 0x8000, 0x8000, 2, 3)).find("not ARM"), std::string::npos);
  b = uimage_of(payload, 0x8000, 0x8000);
  b.resize(b.size() - 1);
  EXPECT_NE(error_of(b).find("longer than the file"), std::string::npos);
  b.resize(40);
  EXPECT_NE(error_of(b).find("shorter than its 64-byte header"), std::string::npos);
}

TEST(KernelImage, RawImage) {
  KernelImage k = identify_kernel(code(4096), "Image");
  EXPECT_EQ(k.format, KernelFormat::kImage);
  EXPECT_EQ(k.payload.size(), 4096u);
  EXPECT_FALSE(k.load);
}

TEST(KernelImage, NotAKernel) {
  auto elf = code(256);
  std::memcpy(elf.data(), "\x7f" "ELF", 4);
  EXPECT_NE(error_of(elf).find("boot the zImage"), std::string::npos);
  auto gz = code(256);
  gz[0] = 0x1F;
  gz[1] = 0x8B;
  EXPECT_NE(error_of(gz).find("gzip"), std::string::npos);
  auto dtb = code(256);
  std::memcpy(dtb.data(), "\xd0\x0d\xfe\xed", 4);
  EXPECT_NE(error_of(dtb).find("--dtb"), std::string::npos);
  auto cpio = code(256);
  std::memcpy(cpio.data(), "070701", 6);
  EXPECT_NE(error_of(cpio).find("--initrd"), std::string::npos);
  auto arm64 = code(256);
  std::memcpy(&arm64[0x38], "ARMd", 4);
  EXPECT_NE(error_of(arm64).find("arm64"), std::string::npos);
  const std::string text = "#!/bin/sh\necho this is a shell script and not a kernel at all, is it?\n";
  EXPECT_NE(error_of({text.begin(), text.end()}).find("text file"), std::string::npos);
  EXPECT_NE(error_of(code(10)).find("too short"), std::string::npos);
  EXPECT_NE(error_of({}).find("too short"), std::string::npos);
}

}  // namespace
}  // namespace zvp::direct_boot
