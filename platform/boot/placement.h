// Where a direct kernel boot (zvp boot --kernel) puts the kernel, the device tree and the
// initramfs in DDR (addresses from DDR's base, physical address 0), following the kernel's
// Documentation/arm/booting.rst:
//   raw Image   0x00008000  TEXT_OFFSET: a raw kernel runs only there
//   zImage      0x02000000  32 MiB: in the first 128 MiB and above 32 MiB, so the decompressor
//                           writes the kernel at 0x8000 without moving itself first
//   uImage      its header's load address (KERNEL_NOLOAD: as its payload's format)
//   DTB         0x08000000  128 MiB: above what the decompressor writes, inside lowmem
//   initramfs   0x08200000  just above the DTB's 2 MiB slot
// Each piece must lie inside the board's DDR and not overlap another (a ConfigError naming the
// file otherwise: exit status 2).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace zvp::direct_boot {

constexpr uint32_t kImageAddress = 0x00008000;
constexpr uint32_t kZImageAddress = 0x02000000;
constexpr uint32_t kDtbAddress = 0x08000000;
constexpr uint32_t kDtbSlotBytes = 0x00200000;
constexpr uint32_t kInitrdAddress = kDtbAddress + kDtbSlotBytes;

// One piece of a boot: bytes at an address, `what` names it in errors ("kernel FILE").
struct Piece {
  std::string what;
  uint64_t address = 0;
  std::vector<uint8_t> bytes;
};

// Throws ConfigError when a piece does not fit in `ddr_bytes` of DDR or overlaps another.
void check_placement(const std::vector<Piece>& pieces, uint64_t ddr_bytes);

}  // namespace zvp::direct_boot
