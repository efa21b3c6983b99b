// zvp rv32 <elf>: the standalone Zero-riscy runner (models/cpu/riscv/rv32_runner).
#include "commands.h"
#include "cpu/riscv/rv32_runner.h"

namespace zvp {

int cmd_rv32(int argc, char** argv) { return rv32_main(argc - 1, argv + 1); }

}  // namespace zvp
