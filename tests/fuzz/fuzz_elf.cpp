// ELF loader (models/core/elf_loader): any file is an ElfImage or an ElfError; the image's
// segments never claim more file bytes than memory, and fit in the 32-bit address space.
#include <cstdlib>

#include "core/elf_loader.h"
#include "fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = zvp::fuzz::write_temp(data, size, "elf", ".elf");
  for (uint16_t machine : {uint16_t(0), zvp::kElfMachineArm, zvp::kElfMachineRiscv}) {
    try {
      const zvp::ElfImage img = zvp::load_elf_file(path, machine);
      for (const auto& s : img.segments)
        if (s.data.size() > s.memsz || s.paddr + s.memsz > (1ull << 32) || s.data.size() > size) std::abort();
    } catch (const zvp::ElfError&) {
    }
  }
  return 0;
}
