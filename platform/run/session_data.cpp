#include "session_data.h"

#include <cstdio>
#include <string>

#include "core/config_error.h"
#include "core/input_file.h"
#include "zvp_memmap.h"
#include "zvp_report.h"

namespace zvp {

namespace {

// [lo, hi) byte ranges in DDR that the loads must not overlap unless allowed.
struct Span {
  uint64_t lo, hi;
  std::string what;
};

std::string hex(uint64_t v) {
  char b[24];
  std::snprintf(b, sizeof b, "0x%08llx", static_cast<unsigned long long>(v));
  return b;
}

// The data file's size, once its kind, size and place are checked against DDR, its region and
// what is already `taken` (which it joins).
uint64_t check_data_file(const DataLoad& d, uint64_t ddr, std::vector<Span>& taken) {
  const uint64_t size = check_input_file(d.file, "data file", ddr);
  if (!d.region.empty() && size > d.region_size)
    throw ConfigError("data file " + d.file + " (" + std::to_string(size) + " bytes) is larger than region " +
                      d.region + " (" + std::to_string(d.region_size) + " bytes)");
  if (d.address >= ddr || size > ddr - d.address)
    throw ConfigError("data file " + d.file + " (" + std::to_string(size) +
                      " bytes) does not fit in DDR at the given address");
  const Span me{d.address, d.address + size, "data file " + d.file};
  if (!d.overlap_allowed && size)
    for (const Span& t : taken)
      if (me.lo < t.hi && t.lo < me.hi)
        throw ConfigError(me.what + " [" + hex(me.lo) + ", " + hex(me.hi) + ") overlaps " + t.what + " [" +
                          hex(t.lo) + ", " + hex(t.hi) + "); if intended, say 'overlap: allowed' in the scenario's data entry (zvp boot: --allow-overlap)");
  taken.push_back(me);
  return size;
}

}  // namespace

void load_data_files(const std::vector<DataLoad>& data, const ElfImage& firmware, ZynqPlatform& soc) {
  const uint64_t ddr = soc.ddr_size();
  // Every file is checked before any is read: a wrong path costs nothing, and the firmware is
  // not silently overwritten.
  std::vector<Span> taken;
  for (const auto& seg : firmware.segments)
    if (seg.paddr < ZVP_DDR_BASE + ddr)
      taken.push_back({seg.paddr - ZVP_DDR_BASE, seg.paddr - ZVP_DDR_BASE + seg.memsz, "the firmware " + firmware.path});
  std::vector<uint64_t> sizes;  // of the data files, as checked
  for (const auto& d : data) sizes.push_back(check_data_file(d, ddr, taken));
  // Read straight into the DDR model, at most the size checked above: a file that has grown
  // since is refused before anything spills over its neighbours, one that has shrunk too.
  for (size_t i = 0; i < data.size(); ++i) {
    const auto& d = data[i];
    if (read_input_file_into(d.file, "data file", soc.ddrc.data() + d.address, sizes[i]) != sizes[i])
      throw ConfigError("data file " + d.file + " changed size while being read");
  }
}

ElfImage kernel_boot_image(const direct_boot::KernelBoot& kb, const std::string& kernel_path) {
  ElfImage img;
  img.path = kernel_path;
  img.machine = kElfMachineArm;
  img.entry = kb.entry;
  for (const direct_boot::Piece& p : kb.pieces) {
    ElfSegment seg;
    seg.paddr = seg.vaddr = p.address;
    seg.memsz = p.bytes.size();
    seg.data = p.bytes;
    img.segments.push_back(std::move(seg));
  }
  return img;
}

void write_boot_params(const Scenario& sc, double cpu_hz, ZynqPlatform& soc) {
  zvp_bootparam bp{};
  bp.magic = ZVP_BOOTPARAM_MAGIC;
  bp.version = 3;
  bp.cpu_hz = static_cast<uint32_t>(cpu_hz);
  bp.images = sc.images;
  bp.flags = sc.flags;
  if (ZVP_BOOTPARAM_BASE + sizeof bp <= soc.ddr_size()) soc.ddrc.load(ZVP_BOOTPARAM_BASE, &bp, sizeof bp);
}

bool covers_run_log(const std::vector<direct_boot::Piece>& pieces) {
  const uint64_t begin = ZVP_ITEM_LOG_BASE, end = uint64_t(ZVP_BOOTPARAM_BASE) + sizeof(zvp_bootparam);
  for (const direct_boot::Piece& p : pieces)
    if (p.address < end && begin < p.address + p.bytes.size()) return true;
  return false;
}

FirmwareProgress read_firmware_progress(const ZynqPlatform& soc) {
  zvp_bootparam bp{};
  FirmwareProgress p;
  if (ZVP_BOOTPARAM_BASE + sizeof bp > soc.ddr_size() || !soc.ddrc.peek(ZVP_BOOTPARAM_BASE, &bp, sizeof bp) ||
      bp.magic != ZVP_BOOTPARAM_MAGIC)
    return p;
  p.done = bp.items_done;
  p.total = bp.items_total;
  return p;
}

std::vector<double> read_item_log(const ZynqPlatform& soc) {
  zvp_bootparam bp{};
  std::vector<double> times;
  if (ZVP_BOOTPARAM_BASE + sizeof bp > soc.ddr_size() || !soc.ddrc.peek(ZVP_BOOTPARAM_BASE, &bp, sizeof bp) ||
      bp.magic != ZVP_BOOTPARAM_MAGIC || bp.version < 3 || bp.item_log_hz == 0)
    return times;
  // A count past the region is not the firmware's (bsp_item_time never writes there): no log,
  // and one line says why the report has no per-image times.
  const uint32_t count = bp.item_log_count;
  if (count > ZVP_ITEM_LOG_SIZE / 4u || ZVP_ITEM_LOG_BASE + uint64_t(count) * 4u > soc.ddr_size()) {
    std::fprintf(stderr, "[zvp] item log: count %u does not fit its DDR region; per-image times not read\n",
                 count);
    return times;
  }
  std::vector<uint32_t> ticks(count);
  if (count && !soc.ddrc.peek(ZVP_ITEM_LOG_BASE, ticks.data(), count * 4u)) return times;
  times.reserve(count);
  for (uint32_t t : ticks) times.push_back(double(t) / double(bp.item_log_hz));
  return times;
}

}  // namespace zvp
