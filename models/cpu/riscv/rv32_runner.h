// `zvp rv32 <elf> [--max-instructions N] [--trace] [--misaligned split|trap]`: runs a bare-metal RV32IMC ELF on the pure
// ISS (no SystemC) in a flat memory at its link addresses. argv[0] is the command name
// (e.g. "rv32"); options follow. Exit status: the program's (ecall a7=93 -> a0; tohost -> 0 for
// 1, value >> 1 otherwise), 2 for a malformed ELF or bad arguments, 3 when the instruction
// limit is reached, 4 when the core sleeps in WFI with no interrupt source. The summary
// (instructions, cycles, wall MIPS) goes to stderr.
#pragma once

namespace zvp {

int rv32_main(int argc, char** argv);

}  // namespace zvp
