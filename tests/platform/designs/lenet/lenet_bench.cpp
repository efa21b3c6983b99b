// Benchmark (not a test): boots lenet5 on the platform with the lenet PL design and reports
// simulated time, wall time, their ratio and images per wall-second.
//   lenet_ip_bench <lenet5.elf> <mnist.bin> [images=200] [lt|at] [flags=0] [variant=optimized]
// flags: the boot flags of lenet5 (bit 0 quiet, bit 1 pipelined).
#define SC_INCLUDE_DYNAMIC_PROCESSES
#include <systemc>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "console.h"
#include "core/elf_loader.h"
#include "lenet_design.h"
#include "zvp_memmap.h"
#include "zvp_report.h"
#include "run_config.h"
#include "zynq_platform.h"

int sc_main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s lenet5.elf mnist.bin [images] [lt|at] [flags] [variant]\n", argv[0]);
    return 2;
  }
  const unsigned images = argc > 3 ? unsigned(std::atoi(argv[3])) : 200;
  const std::string mode = argc > 4 ? argv[4] : "lt";
  const uint32_t flags = argc > 5 ? uint32_t(std::atoi(argv[5])) : 0;
  const std::string variant = argc > 6 ? argv[6] : "optimized";
  try {
    zvp::Scenario sc;
    sc.board = "zybo-z7-20";
    sc.pl_design = "lenet";
    sc.params = {{"sim.timing", mode, "bench"}, {"pl.lenet.variant", variant, "bench"}};
    zvp::RunConfig cfg(sc);
    zvp::ZynqPlatform soc("zynq", cfg.soc);
    zvp::Console console;
    zvp::UartHostSide side;
    side.tx_stdout = true;
    console.connect(soc.uart1, "UART1", side);
    cfg.design->build(soc);
    soc.load_elf(zvp::load_elf_file(argv[1], zvp::kElfMachineArm));
    const size_t n = zvp::lenet_load_inputs(soc, argv[2], images);
    zvp_bootparam bp{};
    bp.magic = ZVP_BOOTPARAM_MAGIC;
    bp.version = 1;
    bp.images = uint32_t(n);
    bp.flags = flags;
    soc.ddrc.load(ZVP_BOOTPARAM_BASE, &bp, sizeof bp);
    double exit_s = -1;
    sc_core::sc_spawn([&] {
      sc_core::wait(soc.cpu.exit_event());
      exit_s = sc_core::sc_time_stamp().to_seconds();
      sc_core::sc_stop();
    });
    const auto t0 = std::chrono::steady_clock::now();
    sc_core::sc_start(sc_core::sc_time(600, sc_core::SC_SEC));
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double sim = exit_s >= 0 ? exit_s : sc_core::sc_time_stamp().to_seconds();
    std::printf("bench: %s %s flags %u: %zu images, exit %d (exited %d), simulated %.4f s, wall %.3f s, "
                "sim/wall %.3f, %.1f images/wall-s, ARM %.1f MIPS\n",
                variant.c_str(), mode.c_str(), flags, n, soc.cpu.exit_status(), soc.cpu.exited(), sim, wall,
                sim / wall, double(n) / wall, soc.cpu.mips());
    return soc.cpu.exited() ? soc.cpu.exit_status() : 3;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench: %s\n", e.what());
    return 2;
  }
}
