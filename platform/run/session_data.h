// What a run writes into DDR before the CPU starts, besides the firmware: the scenario's data
// files and the boot-parameter block (firmware/common/zvp_report.h).
#pragma once
#include <vector>

#include "core/elf_loader.h"
#include "kernel_boot.h"
#include "scenario.h"
#include "zynq_platform.h"

namespace zvp {

// Checks every data file (kind, size, place, overlap with the firmware's segments and with each
// other) before any is read, then reads them straight into the DDR model. ConfigError, with
// nothing written, when one is missing, too large for its region or DDR, or overlaps without
// `overlap: allowed`; also when a file changes size between the check and the read.
void load_data_files(const std::vector<DataLoad>& data, const ElfImage& firmware, ZynqPlatform& soc);

// A kernel boot's pieces (kernel, device tree, initramfs) as the segments of an image named
// after the kernel file, entered at the kernel's entry: placed like a firmware (load_elf), and
// what data files must not overlap.
ElfImage kernel_boot_image(const direct_boot::KernelBoot& kb, const std::string& kernel_path);

// The run parameters the firmware reads at boot (images, flags, the board's CPU clock), at
// ZVP_BOOTPARAM_BASE when DDR reaches that far.
void write_boot_params(const Scenario& sc, double cpu_hz, ZynqPlatform& soc);
// A piece of a kernel boot lies on that block or on the item log (ZVP's device trees reserve
// both for Linux user space: zvp-log).
bool covers_run_log(const std::vector<direct_boot::Piece>& pieces);

// The progress a quiet firmware writes back into that block (inputs done of total; zeros when
// it says nothing), read without time or side effects.
struct FirmwareProgress {
  uint32_t done = 0, total = 0;
};
FirmwareProgress read_firmware_progress(const ZynqPlatform& soc);

// The item log a firmware writes (firmware/common/zvp_report.h): input i's time in seconds, for
// the inputs it logged; empty when it logged none (or the block is not a version-3 one). Read
// without time or side effects, after the run or when it is interrupted.
std::vector<double> read_item_log(const ZynqPlatform& soc);

}  // namespace zvp
