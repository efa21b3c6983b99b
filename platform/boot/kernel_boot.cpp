#include "kernel_boot.h"

#include <filesystem>

#include "core/config_error.h"
#include "core/input_file.h"
#include "fdt.h"

namespace zvp::direct_boot {

namespace {

// The root's #address-cells (2 when absent, as the Devicetree Specification says).
unsigned address_cells(const Fdt& f) {
  const FdtProperty* p = f.root().prop("#address-cells");
  return p && p->value.size() == 4 ? fdt_u32(p->value) : 2;
}

}  // namespace

std::vector<uint8_t> edit_dtb(const std::vector<uint8_t>& blob, const std::optional<std::string>& append,
                              uint64_t initrd_start, uint64_t initrd_size) {
  Fdt f = Fdt::parse(blob);
  FdtNode& chosen = f.root().add_child("chosen");
  if (append) chosen.set_string("bootargs", *append);
  if (initrd_size) {
    const uint64_t end = initrd_start + initrd_size;
    if (address_cells(f) == 1) {
      chosen.set_u32("linux,initrd-start", static_cast<uint32_t>(initrd_start));
      chosen.set_u32("linux,initrd-end", static_cast<uint32_t>(end));
    } else {
      chosen.set_u64("linux,initrd-start", initrd_start);
      chosen.set_u64("linux,initrd-end", end);
    }
  }
  return f.write();
}

KernelBoot prepare_kernel_boot(const KernelBootSpec& spec, uint64_t ddr_bytes) {
  KernelBoot kb;
  KernelImage k = identify_kernel(read_input_file(spec.kernel, "kernel image", ddr_bytes), spec.kernel);
  kb.format = k.format;
  // Where the payload goes: where the image says, else the place of its kind (a KERNEL_NOLOAD
  // uImage's payload is a zImage or an Image).
  const uint32_t load = k.load ? *k.load : is_zimage(k.payload) ? kZImageAddress : kImageAddress;
  kb.entry = k.entry ? *k.entry : load + k.entry_offset;

  if (spec.dtb_is_boards) {
    std::error_code ec;
    if (!std::filesystem::exists(spec.dtb, ec))
      throw ConfigError("the board's device tree " + spec.dtb +
                        " is not built (the build's `all` target makes it); give one with --dtb");
  }
  std::vector<uint8_t> initrd;
  if (!spec.initrd.empty()) initrd = read_input_file(spec.initrd, "initramfs", ddr_bytes);
  std::vector<uint8_t> dtb;
  try {
    dtb = edit_dtb(read_input_file(spec.dtb, "device tree", ddr_bytes), spec.append, kInitrdAddress, initrd.size());
  } catch (const FdtError& e) {
    throw ConfigError(spec.dtb + ": malformed device tree: " + e.what());
  }
  kb.pieces.push_back({"kernel " + spec.kernel, load, std::move(k.payload)});
  kb.pieces.push_back({"device tree " + spec.dtb, kDtbAddress, std::move(dtb)});
  if (!spec.initrd.empty()) kb.pieces.push_back({"initramfs " + spec.initrd, kInitrdAddress, std::move(initrd)});
  check_placement(kb.pieces, ddr_bytes);
  kb.r2 = kDtbAddress;
  return kb;
}

}  // namespace zvp::direct_boot
