// `zvp rv32 <elf> [options]` (rv32_spec() declares them): runs a bare-metal
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

#include "cli_options.h"
#include "commands.h"
#include "core/code_profile.h"
#include "core/units.h"
#include "exit_status.h"
#include "cpu/riscv/rv32_flat_system.h"

namespace zvp {

cli::CommandSpec rv32_spec() {
  cli::CommandSpec s = cli::command_spec(
      "rv32",
      "zvp rv32 <elf> [--max-instructions N] [--trace] [--misaligned split|trap]\n"
      "                [--profile FILE [--profile-period N]]",
      "Runs a bare-metal RV32IMC ELF on the RISC-V instruction-set simulator alone (no SystemC, no\n"
      "platform): a flat memory holds its segments at their link addresses. The program ends with\n"
      "ecall a7=93 (exit(a0)) or a write to tohost (1: pass; otherwise status value >> 1). The summary\n"
      "(instructions, cycles, CPI, traps, wall MIPS) goes to stderr.",
      "exit status: the program's; 2 for a malformed ELF or bad arguments; 3 when the instruction\n"
      "limit is reached or the core sleeps in WFI with no interrupt source (it can never wake).",
      "the ELF file");
  s.add()
    ("max-instructions", cli::u64_value(), "stop with exit status 3 after N instructions (default: no limit)")
    ("trace", cli::flag(),
     "print every executed instruction (pc, encoding, operation) and every trap (mcause, mepc, mtval) on "
     "stderr")
    ("misaligned", cli::text("split|trap")->default_value("split"),
     "misaligned loads and stores: split into two accesses as Ibex does (each a load/store slot), or trap "
     "(the load/store address-misaligned exception)")
    ("profile", cli::text("FILE"),
     "write where the cycles went, by function of the ELF (one sample of the executing instruction every "
     "--profile-period cycles)")
    ("profile-period", cli::u64_value("CYCLES"), "cycles between two profile samples, 1 to 10^12 (default 1000)");
  return s;
}

uint64_t profile_period_option(const cli::Args& p) {
  if (!p.has("profile-period")) return 0;
  const uint64_t period = p.as<cli::U64Value>("profile-period").value;
  if (period == 0 || period > CodeSampler::kMaxPeriod)
    throw cli::UsageError("--profile-period: must be 1 to 10^12 cycles");
  return period;
}

namespace {

// The command line of a run, or a UsageError.
struct Rv32Options {
  std::string path;
  uint64_t max_insns = 0;
  bool trace = false;
  std::string profile_path;
  uint64_t profile_period = 0;
  Rv32Config cfg;
};

Rv32Options parse_rv32(const cli::Args& p) {
  Rv32Options o;
  if (p.positional.size() != 1)
    throw cli::UsageError(p.positional.empty() ? "expected an ELF file (see --help)" : "more than one ELF given");
  o.path = p.positional[0];
  if (p.has("max-instructions")) {
    o.max_insns = p.as<cli::U64Value>("max-instructions").value;
    if (o.max_insns == 0) throw cli::UsageError("--max-instructions needs a positive whole number, not '0'");
  }
  const std::string m = p.get("misaligned");
  if (m == "trap") {
    o.cfg.misaligned = Rv32Misaligned::Trap;
  } else if (m != "split") {
    throw cli::UsageError("--misaligned takes split or trap");
  }
  o.trace = p.has("trace");
  o.profile_path = p.get("profile");
  o.profile_period = profile_period_option(p);
  if (o.profile_period && o.profile_path.empty()) throw cli::UsageError("--profile-period needs --profile FILE");
  return o;
}

}  // namespace

int cmd_rv32(int argc, char** argv) {
  const cli::CommandSpec spec = rv32_spec();
  Rv32Options opt;
  try {  // called without main's dispatch by the tests: its own errors are its own lines
    const cli::Args p = cli::parse(spec, argc, argv);
    if (p.has("help")) {
      std::fputs(cli::help_text(spec).c_str(), stdout);
      return 0;
    }
    opt = parse_rv32(p);
  } catch (const cli::UsageError& e) {
    std::fprintf(stderr, "zvp rv32: %s\n", e.what());
    return cli::simulator_exit(cli::kExitUsage, "bad option");
  }
  const std::string& path = opt.path;
  const uint64_t max_insns = opt.max_insns;
  const std::string& profile_path = opt.profile_path;
  std::ofstream profile_out;
  if (!profile_path.empty()) {  // opened before the run: a bad path costs nothing
    profile_out.open(profile_path);
    if (!profile_out) {
      std::fprintf(stderr, "zvp rv32: --profile: cannot write %s\n", profile_path.c_str());
      return cli::simulator_exit(2, "bad option");
    }
  }

  Rv32Config cfg = opt.cfg;
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
  if (opt.trace) {
    core.on_trace = [](uint32_t pc, const Rv32Insn& in) {
      std::fprintf(stderr, "%08" PRIx32 ": %0*" PRIx32 "  %s\n", pc, in.len * 2, in.raw,
                   rv32_op_name(in.op));
    };
    core.on_trap = [](uint32_t cause, uint32_t epc, uint32_t tval) {
      std::fprintf(stderr, "  trap: mcause=0x%08" PRIx32 " mepc=0x%08" PRIx32
                   " mtval=0x%08" PRIx32 "\n", cause, epc, tval);
    };
  }

  if (!profile_path.empty()) core.set_profile_period(opt.profile_period ? opt.profile_period : 1000);
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
