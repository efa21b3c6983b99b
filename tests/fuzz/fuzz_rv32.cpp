// RV32IMC decoder and executor (models/cpu/riscv): every 32-bit word decodes to an instruction
// of a valid length, and random code runs in a 64 KiB flat memory for a bounded number of
// instructions, ending in an exit, a trap loop, WFI or the limit, never outside the model.
#include <cstdlib>
#include <vector>

#include "cpu/riscv/rv32_decode.h"
#include "cpu/riscv/rv32_flat_system.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  for (size_t i = 0; i + 4 <= size && i < 256; i += 2) {
    const uint32_t w = data[i] | data[i + 1] << 8 | uint32_t(data[i + 2]) << 16 | uint32_t(data[i + 3]) << 24;
    const zvp::Rv32Insn in = zvp::rv32_decode(w);
    if (in.len != 2 && in.len != 4) std::abort();
  }
  zvp::Rv32Config cfg;
  cfg.misaligned = (data[0] & 1) ? zvp::Rv32Misaligned::Trap : zvp::Rv32Misaligned::Split;
  zvp::Rv32FlatSystem sys(cfg);
  sys.load_raw(0x1000, 0x10000, std::vector<uint8_t>(data + 1, data + size));
  sys.run(5000);
  if (sys.core().instructions() > 5000) std::abort();
  return 0;
}
