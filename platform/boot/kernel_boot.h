// A direct Linux kernel boot, as a boot loader (or QEMU's -kernel) does it: the kernel image,
// the device tree and the initramfs read, checked and placed (placement.h), the device tree's
// /chosen given the command line and the initramfs's extent, and the core's entry state per
// the ARM booting protocol (r0 = 0, r1 = 0xFFFFFFFF: no machine number, a DTB is passed;
// r2 = the DTB's address). Everything that can be wrong with the inputs is found here, before
// the platform is built.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernel_image.h"
#include "placement.h"

namespace zvp::direct_boot {

struct KernelBootSpec {
  std::string kernel;                 // "" = not a kernel boot (a bare-metal ELF)
  std::string dtb;                    // the device tree blob to pass
  bool dtb_is_boards = false;         // dtb is the board's own, built with the project
  std::string initrd;                 // "" = none
  std::optional<std::string> append;  // /chosen/bootargs (absent: the DTB's own is kept)
  bool no_reboot = false;             // a software reset ends the run instead of restarting
  bool active() const { return !kernel.empty(); }
};

struct KernelBoot {
  KernelFormat format = KernelFormat::kImage;
  std::vector<Piece> pieces;  // kernel, DTB, initramfs (if any), checked
  uint32_t entry = 0;
  uint32_t r0 = 0, r1 = 0xFFFFFFFFu, r2 = 0;
};

// Reads and checks the files of `spec` for a DDR of `ddr_bytes`; ConfigError (one line naming
// the file) for a missing file, an unknown kernel format, a malformed DTB, a piece too large
// for DDR or overlapping another.
KernelBoot prepare_kernel_boot(const KernelBootSpec& spec, uint64_t ddr_bytes);

// The DTB edited for the boot: bootargs (when `append` is given) and linux,initrd-start/end
// (when initrd_size > 0) in /chosen, created if absent. FdtError for a malformed blob.
std::vector<uint8_t> edit_dtb(const std::vector<uint8_t>& blob, const std::optional<std::string>& append,
                              uint64_t initrd_start, uint64_t initrd_size);

}  // namespace zvp::direct_boot
