// Speed of the Cortex-A9 model on compute-bound code:
//   bench_cpu_arm [iterations [quantum_us [program.elf]]]
// Default program: programs/bench.S (each iteration 8 instructions; `iterations` goes to
// MBOX+0x20). Any other ELF (e.g. bench_matmul.elf) runs until it exits through semihosting.
// Prints instructions, wall time and MIPS. Compare with qemu-system-arm -M xilinx-zynq-a9
// -semihosting -kernel <same ELF> (see the cpu-arm report).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <systemc>

#include "core/elf_loader.h"
#include "core/memory.h"
#include "core/router.h"
#include "cpu/arm/cortex_a9.h"

int sc_main(int argc, char** argv) {
  const uint32_t iters = argc > 1 ? static_cast<uint32_t>(std::strtoul(argv[1], nullptr, 0)) : 50000000u;
  const double quantum_us = argc > 2 ? std::atof(argv[2]) : 10.0;
  const std::string elf = argc > 3 ? argv[3] : std::string(ZVP_CPU_ARM_PROGRAMS) + "/bench.elf";
  constexpr uint64_t kDdr = 16u << 20;
  zvp::Router router("router");
  zvp::Memory ddr("ddr", kDdr);
  zvp::CortexA9Params p;
  p.quantum = sc_core::sc_time(quantum_us, sc_core::SC_US);
  zvp::CortexA9 cpu("cpu", p);
  cpu.bus.bind(router.target);
  router.initiator.bind(ddr.socket);
  router.map(0, kDdr, 0, true, "ddr");
  cpu.add_dmi_region(0, kDdr);
  try {
    auto img = zvp::load_elf_file(elf, zvp::kElfMachineArm);
    for (auto& s : img.segments)
      if (!ddr.load(s.paddr, s.data.data(), s.data.size())) throw zvp::ElfError(elf + ": segment outside DDR");
    cpu.set_entry(static_cast<uint32_t>(img.entry));
  } catch (const zvp::ElfError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  if (argc <= 3) ddr.load(0x8020, &iters, 4);
  const auto t0 = std::chrono::steady_clock::now();
  sc_core::sc_start();
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("instructions %llu  wall %.3f s  MIPS(wall, whole run) %.1f  MIPS(core) %.1f  sim %s\n",
              static_cast<unsigned long long>(cpu.instructions()), wall,
              cpu.instructions() / wall / 1e6, cpu.mips(), sc_core::sc_time_stamp().to_string().c_str());
  return cpu.exit_status();
}
