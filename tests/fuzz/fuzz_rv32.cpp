// RV32IMC decoder and executor (models/cpu/riscv): every 32-bit word decodes to an instruction
// of a valid length, and random code runs in a 64 KiB flat memory for a bounded number of
// instructions, ending in an exit, a trap loop, WFI or the limit, never outside the model.
#include <cstdlib>
#include <vector>

#include "cpu/riscv/rv32_decode.h"
#include "cpu/riscv/rv32_flat_system.h"

namespace {
zvp::Rv32Config config(zvp::Rv32Misaligned m) {
  zvp::Rv32Config c;
  c.misaligned = m;
  return c;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  for (size_t i = 0; i + 4 <= size && i < 256; i += 2) {
    const uint32_t w = data[i] | data[i + 1] << 8 | uint32_t(data[i + 2]) << 16 | uint32_t(data[i + 3]) << 24;
    const zvp::Rv32Insn in = zvp::rv32_decode(w);
    if (in.len != 2 && in.len != 4) std::abort();
  }
  // One system per misaligned-access mode, reused (load_raw resets the core and the memory):
  // building one allocates the decode cache, which would dominate each execution.
  // (Decoded entries are validated against memory, so the cache carries nothing across inputs.)
  static zvp::Rv32FlatSystem split_sys(config(zvp::Rv32Misaligned::Split));
  static zvp::Rv32FlatSystem trap_sys(config(zvp::Rv32Misaligned::Trap));
  zvp::Rv32FlatSystem& sys = (data[0] & 1) ? trap_sys : split_sys;
  const uint64_t before = sys.core().instructions();
  sys.load_raw(0x1000, 0x10000, std::vector<uint8_t>(data + 1, data + size));
  sys.run(5000);
  if (sys.core().instructions() - before > 5000) std::abort();
  return 0;
}
