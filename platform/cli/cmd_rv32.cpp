// `zvp rv32 <elf> [--max-instructions N] [--trace] [--misaligned split|trap]`: runs a bare-metal
// RV32IMC ELF on the pure ISS (no SystemC) in a flat memory at its link addresses
// (models/cpu/riscv/rv32_flat_system; this file is only its command line). argv[0] = "zvp",
// argv[1] = "rv32"; options follow. Exit status: the program's (ecall a7=93 -> a0; tohost -> 0
// for 1, value >> 1 otherwise), 2 for a malformed ELF or bad arguments, 3 when the instruction
// limit is reached, 4 when the core sleeps in WFI with no interrupt source. The summary
// (instructions, cycles, wall MIPS) goes to stderr.

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "commands.h"
#include "cpu/riscv/rv32_flat_system.h"

namespace zvp {

namespace {

void usage() {
  std::fprintf(stderr,
               "usage: zvp rv32 <elf> [--max-instructions N] [--trace] [--misaligned split|trap]\n");
}

}  // namespace

int cmd_rv32(int argc, char** argv) {
  std::string path;
  uint64_t max_insns = 0;
  bool trace = false;
  Rv32Config cfg;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--max-instructions" && i + 1 < argc) {
      char* end = nullptr;
      max_insns = std::strtoull(argv[++i], &end, 0);
      if (!end || *end || max_insns == 0) {
        std::fprintf(stderr, "zvp rv32: --max-instructions needs a positive number\n");
        return 2;
      }
    } else if (a == "--misaligned" && i + 1 < argc) {
      const std::string m = argv[++i];
      if (m == "split") {
        cfg.misaligned = Rv32Misaligned::Split;
      } else if (m == "trap") {
        cfg.misaligned = Rv32Misaligned::Trap;
      } else {
        std::fprintf(stderr, "zvp rv32: --misaligned takes split or trap\n");
        return 2;
      }
    } else if (a == "--trace") {
      trace = true;
    } else if (a == "-h" || a == "--help") {
      usage();
      return 0;
    } else if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "zvp rv32: unknown option %s\n", a.c_str());
      usage();
      return 2;
    } else if (path.empty()) {
      path = a;
    } else {
      std::fprintf(stderr, "zvp rv32: more than one ELF given\n");
      return 2;
    }
  }
  if (path.empty()) {
    usage();
    return 2;
  }

  Rv32FlatSystem sys(cfg);
  try {
    sys.load(load_elf_file(path, kElfMachineRiscv));
  } catch (const ElfError& e) {
    std::fprintf(stderr, "zvp rv32: %s\n", e.what());
    return 2;
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "zvp rv32: %s: not enough host memory for its segments\n", path.c_str());
    return 2;
  }
  Rv32Core& core = sys.core();
  if (trace) {
    core.on_trace = [](uint32_t pc, const Rv32Insn& in) {
      std::fprintf(stderr, "%08" PRIx32 ": %0*" PRIx32 "  %s\n", pc, in.len * 2, in.raw,
                   rv32_op_name(in.op));
    };
    core.on_trap = [](uint32_t cause, uint32_t epc, uint32_t tval) {
      std::fprintf(stderr, "  trap: mcause=0x%08" PRIx32 " mepc=0x%08" PRIx32
                   " mtval=0x%08" PRIx32 "\n", cause, epc, tval);
    };
  }

  const auto t0 = std::chrono::steady_clock::now();
  const Rv32FlatSystem::Exit how = sys.run(max_insns);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  int status = sys.exit_status();
  switch (how) {
    case Rv32FlatSystem::Exit::Ecall:
      std::fprintf(stderr, "zvp rv32: exit(%d) by ecall\n", status);
      break;
    case Rv32FlatSystem::Exit::Tohost:
      std::fprintf(stderr, "zvp rv32: tohost: %s (status %d)\n", status == 0 ? "pass" : "fail",
                   status);
      break;
    case Rv32FlatSystem::Exit::InstructionLimit:
      std::fprintf(stderr,
                   "zvp rv32: instruction limit of %" PRIu64 " reached at pc 0x%08" PRIx32
                   " without an exit\n", max_insns, core.pc());
      status = 3;
      break;
    case Rv32FlatSystem::Exit::Asleep:
      std::fprintf(stderr,
                   "zvp rv32: core asleep in WFI at pc 0x%08" PRIx32
                   " and the runner has no interrupt source\n", core.pc());
      status = 4;
      break;
    default:
      status = 2;
      break;
  }
  const double mips = wall > 0 ? static_cast<double>(core.instructions()) / wall / 1e6 : 0.0;
  std::fprintf(stderr,
               "zvp rv32: %" PRIu64 " instructions, %" PRIu64 " cycles (CPI %.2f), %" PRIu64
               " traps, %.3f s wall, %.1f MIPS\n",
               core.instructions(), core.cycles(),
               core.instructions() ? double(core.cycles()) / double(core.instructions()) : 0.0,
               core.traps(), wall, mips);
  return status;
}

}  // namespace zvp
