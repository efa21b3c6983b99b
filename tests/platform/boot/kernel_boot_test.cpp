// The boot's preparation (platform/boot/kernel_boot.h, placement.h): where each kind of kernel
// goes, what the DTB's /chosen gets, and the one-line errors for pieces that do not fit.
#include "kernel_boot.h"

#include <gtest/gtest.h>

#include "boot_test_util.h"
#include "core/config_error.h"
#include "fdt.h"

namespace zvp::direct_boot {
namespace {

using test::code;
using test::temp_path;
using test::uimage_of;
using test::write_file;

constexpr uint64_t k512M = 512ull << 20;

std::string small_dtb() {
  Fdt f;
  f.root().set_u32("#address-cells", 1);
  f.root().add_child("chosen").set_string("bootargs", "from the dtb");
  const std::string p = temp_path("small.dtb");
  write_file(p, f.write());
  return p;
}

std::string file(const std::string& name, const std::vector<uint8_t>& b) {
  write_file(temp_path(name), b);
  return temp_path(name);
}

std::string error_of(const KernelBootSpec& s, uint64_t ddr = k512M) {
  try {
    prepare_kernel_boot(s, ddr);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "(prepared)";
}

Fdt dtb_of(const KernelBoot& kb) { return Fdt::parse(kb.pieces.at(1).bytes); }

TEST(KernelBoot, RawImageWithInitrdAndCommandLine) {
  KernelBootSpec s;
  s.kernel = file("Image", code(8192));
  s.dtb = small_dtb();
  s.initrd = file("initrd", std::vector<uint8_t>(1000, 0x30));
  s.append = "console=ttyPS0,115200 rdinit=/init";
  KernelBoot kb = prepare_kernel_boot(s, k512M);
  EXPECT_EQ(kb.format, KernelFormat::kImage);
  // The documented places (docs/usage.md): raw Image at TEXT_OFFSET, DTB at 128 MiB, initrd
  // just above the DTB's 2 MiB slot.
  ASSERT_EQ(kb.pieces.size(), 3u);
  EXPECT_EQ(kb.pieces[0].address, 0x8000u);
  EXPECT_EQ(kb.pieces[1].address, 0x08000000u);
  EXPECT_EQ(kb.pieces[2].address, 0x08200000u);
  EXPECT_EQ(kb.entry, 0x8000u);
  EXPECT_EQ(kb.r0, 0u);
  EXPECT_EQ(kb.r1, 0xFFFFFFFFu);
  EXPECT_EQ(kb.r2, 0x08000000u);
  Fdt f = dtb_of(kb);
  const FdtNode* chosen = f.find("/chosen");
  ASSERT_NE(chosen, nullptr);
  EXPECT_EQ(fdt_string(chosen->prop("bootargs")->value), "console=ttyPS0,115200 rdinit=/init");
  // One address cell: one-cell values, the initrd's first and one-past-last byte.
  EXPECT_EQ(chosen->prop("linux,initrd-start")->value.size(), 4u);
  EXPECT_EQ(fdt_u32(chosen->prop("linux,initrd-start")->value), 0x08200000u);
  EXPECT_EQ(fdt_u32(chosen->prop("linux,initrd-end")->value), 0x08200000u + 1000);
}

TEST(KernelBoot, DtbBootargsKeptWithoutAppendAndChosenCreated) {
  KernelBootSpec s;
  s.kernel = file("Image", code(8192));
  s.dtb = small_dtb();
  EXPECT_EQ(fdt_string(dtb_of(prepare_kernel_boot(s, k512M)).find("/chosen")->prop("bootargs")->value), "from the dtb");
  Fdt bare;  // no /chosen, no #address-cells (2 by default)
  s.dtb = file("bare.dtb", bare.write());
  s.initrd = file("initrd", std::vector<uint8_t>(16, 1));
  s.append = "quiet";
  Fdt f = dtb_of(prepare_kernel_boot(s, k512M));
  ASSERT_NE(f.find("/chosen"), nullptr);
  EXPECT_EQ(fdt_string(f.find("/chosen")->prop("bootargs")->value), "quiet");
  const auto& start = f.find("/chosen")->prop("linux,initrd-start")->value;
  ASSERT_EQ(start.size(), 8u);  // two cells
  EXPECT_EQ(fdt_u32(start, 0), 0u);
  EXPECT_EQ(fdt_u32(start, 4), 0x08200000u);
}

TEST(KernelBoot, ZImageAndUImagePlaces) {
  KernelBootSpec s;
  s.dtb = small_dtb();
  auto z = code(0x1000);
  for (int i = 0; i < 4; ++i) z[0x24 + i] = uint8_t(0x016F2818u >> (8 * i));
  for (int i = 0; i < 4; ++i) z[0x28 + i] = 0;
  for (int i = 0; i < 4; ++i) z[0x2C + i] = uint8_t(0x1000u >> (8 * i));
  s.kernel = file("zImage", z);
  KernelBoot kb = prepare_kernel_boot(s, k512M);
  EXPECT_EQ(kb.format, KernelFormat::kZImage);
  EXPECT_EQ(kb.pieces[0].address, 0x02000000u);
  EXPECT_EQ(kb.entry, 0x02000000u);
  // The same zImage in a KERNEL_NOLOAD uImage (entry 0x40 from its start): placed like a zImage.
  const auto u = uimage_of(z, 0, 0x40, 14);
  s.kernel = file("uImage-noload", u);
  kb = prepare_kernel_boot(s, k512M);
  EXPECT_EQ(kb.format, KernelFormat::kUImage);
  EXPECT_EQ(kb.pieces[0].address, 0x02000000u);
  EXPECT_EQ(kb.entry, 0x02000040u);
}

TEST(KernelBoot, Errors) {
  KernelBootSpec s;
  s.kernel = file("Image", code(8192));
  s.dtb = temp_path("does-not-exist.dtb");
  EXPECT_NE(error_of(s).find("does-not-exist.dtb"), std::string::npos);
  s.dtb_is_boards = true;
  EXPECT_NE(error_of(s).find("is not built"), std::string::npos);
  s.dtb_is_boards = false;
  s.dtb = file("bad.dtb", code(200));
  EXPECT_NE(error_of(s).find("bad.dtb: malformed device tree: no device tree magic"), std::string::npos);
  s.dtb = small_dtb();
  // DDR that ends inside the initramfs (0x08200000 + 1 MiB > 130 MiB + 512 KiB).
  s.initrd = file("initrd", std::vector<uint8_t>(1u << 20, 0x30));
  const std::string e = error_of(s, 0x08200000 + (512u << 10));
  EXPECT_NE(e.find("initramfs " + s.initrd), std::string::npos) << e;
  EXPECT_NE(e.find("does not fit in DDR"), std::string::npos) << e;
  // A uImage whose load address is inside the DTB's place.
  s.initrd.clear();
  const auto u = uimage_of(code(0x1000), 0x08000010, 0x08000010);  // over the DTB at 0x08000000
  s.kernel = file("uImage", u);
  const std::string o = error_of(s);
  EXPECT_NE(o.find("overlaps kernel " + s.kernel), std::string::npos) << o;
  EXPECT_NE(o.find("device tree"), std::string::npos) << o;
  s.kernel = temp_path("no-kernel");
  EXPECT_NE(error_of(s).find("no-kernel"), std::string::npos);
}

TEST(Placement, Checks) {
  std::vector<Piece> p = {{"a", 0x1000, std::vector<uint8_t>(0x1000)}, {"b", 0x2000, std::vector<uint8_t>(0x10)}};
  EXPECT_NO_THROW(check_placement(p, 0x3000));  // touching is not overlapping
  p[1].address = 0x1FFF;
  try {
    check_placement(p, 0x3000);
    ADD_FAILURE() << "overlap accepted";
  } catch (const ConfigError& e) {
    EXPECT_STREQ(e.what(), "b [0x00001fff, 0x0000200f) overlaps a [0x00001000, 0x00002000)");
  }
  p[1].address = 0x2FF8;
  EXPECT_THROW(check_placement(p, 0x3000), ConfigError);  // 8 bytes past the end
  p[1].address = 0xFFFFFFFFFFFFFFF8ull;  // no wrap-around
  EXPECT_THROW(check_placement(p, 0x3000), ConfigError);
}

}  // namespace
}  // namespace zvp::direct_boot
