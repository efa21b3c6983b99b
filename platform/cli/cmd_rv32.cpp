// `zvp rv32 <elf> [--max-instructions N] [--trace] [--misaligned split|trap]
// [--profile FILE [--profile-period N]]`: runs a bare-metal
// RV32IMC ELF on the pure ISS (no SystemC) in a flat memory at its link addresses
// (models/cpu/riscv/rv32_flat_system; this file is only its command line). argv[0] = "zvp",
// argv[1] = "rv32"; options follow. Exit status: the program's (ecall a7=93 -> a0; tohost -> 0
// for 1, value >> 1 otherwise), 2 for a malformed ELF or bad arguments, 3 when the instruction
// limit is reached or the core sleeps in WFI with no interrupt source (it can never wake). The summary
// (instructions, cycles, wall MIPS) goes to stderr.

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

#include "commands.h"
#include "core/code_profile.h"
#include "core/units.h"
#include "exit_status.h"
#include "cpu/riscv/rv32_flat_system.h"

namespace zvp {

namespace {

void usage() {
  std::fprintf(stderr,
               "usage: zvp rv32 <elf> [--max-instructions N] [--trace] [--misaligned split|trap]\n"
               "                [--profile FILE [--profile-period N]]\n"
               "  --profile FILE        write where the cycles went, by function of the ELF (one sample\n"
               "                        of the executing instruction every N cycles, default 1000)\n");
}

}  // namespace

int cmd_rv32(int argc, char** argv) {
  std::string path;
  uint64_t max_insns = 0;
  bool trace = false;
  std::string profile_path;
  uint64_t profile_period = 0;
  Rv32Config cfg;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--max-instructions" && i + 1 < argc) {
      try {
        max_insns = units::parse_u64(argv[++i], "--max-instructions");  // no "-1" wrap-around
      } catch (const ConfigError&) {
        max_insns = 0;
      }
      if (max_insns == 0) {
        std::fprintf(stderr, "zvp rv32: --max-instructions needs a positive whole number, not '%s'\n", argv[i]);
        return cli::simulator_exit(2, "bad option");
      }
    } else if (a == "--misaligned" && i + 1 < argc) {
      const std::string m = argv[++i];
      if (m == "split") {
        cfg.misaligned = Rv32Misaligned::Split;
      } else if (m == "trap") {
        cfg.misaligned = Rv32Misaligned::Trap;
      } else {
        std::fprintf(stderr, "zvp rv32: --misaligned takes split or trap\n");
        return cli::simulator_exit(2, "bad option");
      }
    } else if (a == "--profile" && i + 1 < argc) {
      profile_path = argv[++i];
    } else if (a == "--profile-period" && i + 1 < argc) {
      try {
        profile_period = units::parse_u64(argv[++i], "--profile-period");
      } catch (const ConfigError&) {
        profile_period = 0;
      }
      if (profile_period == 0 || profile_period > CodeSampler::kMaxPeriod) {
        std::fprintf(stderr, "zvp rv32: --profile-period needs a whole number of cycles from 1 to 10^12, not '%s'\n",
                     argv[i]);
        return cli::simulator_exit(2, "bad option");
      }
    } else if (a == "--trace") {
      trace = true;
    } else if (a == "-h" || a == "--help") {
      usage();
      return 0;
    } else if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "zvp rv32: unknown option %s\n", a.c_str());
      usage();
      return cli::simulator_exit(2, "bad option");
    } else if (path.empty()) {
      path = a;
    } else {
      std::fprintf(stderr, "zvp rv32: more than one ELF given\n");
      return cli::simulator_exit(2, "bad option");
    }
  }
  if (path.empty()) {
    usage();
    return cli::simulator_exit(2, "bad option");
  }
  if (profile_period && profile_path.empty()) {
    std::fprintf(stderr, "zvp rv32: --profile-period needs --profile FILE\n");
    return cli::simulator_exit(2, "bad option");
  }
  std::ofstream profile_out;
  if (!profile_path.empty()) {  // opened before the run: a bad path costs nothing
    profile_out.open(profile_path);
    if (!profile_out) {
      std::fprintf(stderr, "zvp rv32: --profile: cannot write %s\n", profile_path.c_str());
      return cli::simulator_exit(2, "bad option");
    }
  }

  Rv32FlatSystem sys(cfg);
  ElfImage image;
  try {
    image = load_elf_file(path, kElfMachineRiscv);
    sys.load(image);
  } catch (const ElfError& e) {
    std::fprintf(stderr, "zvp rv32: %s\n", e.what());
    return cli::simulator_exit(2, "bad input");
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "zvp rv32: %s: not enough host memory for its segments\n", path.c_str());
    return cli::simulator_exit(2, "bad input");
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

  if (!profile_path.empty()) core.set_profile_period(profile_period ? profile_period : 1000);
  const auto t0 = std::chrono::steady_clock::now();
  const Rv32FlatSystem::Exit how = sys.run(max_insns);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  int status = sys.exit_status();
  switch (how) {
    case Rv32FlatSystem::Exit::Ecall:
      std::fprintf(stderr, "zvp rv32: exit(%d) by ecall\n", status);
      status = cli::firmware_exit(status);
      break;
    case Rv32FlatSystem::Exit::Tohost:
      std::fprintf(stderr, "zvp rv32: tohost: %s (status %d)\n", status == 0 ? "pass" : "fail",
                   status);
      status = cli::firmware_exit(status);
      break;
    case Rv32FlatSystem::Exit::InstructionLimit:
      std::fprintf(stderr,
                   "zvp rv32: instruction limit of %" PRIu64 " reached at pc 0x%08" PRIx32
                   " without an exit\n", max_insns, core.pc());
      status = cli::simulator_exit(3, "instruction limit");
      break;
    case Rv32FlatSystem::Exit::Asleep:
      std::fprintf(stderr,
                   "zvp rv32: lock-up: core asleep in WFI at pc 0x%08" PRIx32
                   " and the runner has no interrupt source to wake it\n", core.pc());
      status = cli::simulator_exit(3, "lock-up: asleep in WFI with no interrupt source");
      break;
    default:
      status = cli::simulator_exit(2, "bad program");
      break;
  }
  if (profile_out.is_open()) {
    write_profile(profile_out, profile_by_function(core.profile_samples(), image.functions), core.profile_period(),
                  "RV32 core running " + path, Rv32Core::kProfileScope);
    profile_out.flush();
    if (!profile_out) std::fprintf(stderr, "zvp rv32: --profile: cannot write %s\n", profile_path.c_str());
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
