// Two Cortex-A9 cores under one GDB server, the unit-level stand-in for the two-core platform:
// one bus (Router), 1 MB of DDR at 0, cores 0 and 1 running programs/two_cores.S from
// core0_entry and core1_entry. gdb_two_cores.py drives it with gdb-multiarch.
//
// usage: gdb_two_cores_harness ELF [--gdb PORT [--gdb-wait]] [--perfetto FILE]
// Prints, when both cores have ended (or after 10 ms of simulated time), one line per core:
//   cpuN: exit S r0 0x... r4 0x... instructions N time T
// which a run under the debugger must repeat exactly.
#include <systemc>

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "core/elf_loader.h"
#include "core/irq.h"
#include "core/memory.h"
#include "core/router.h"
#include "core/timeline.h"
#include "cpu/arm/cortex_a9.h"
#include "gdb_server.h"

using namespace zvp;

namespace {

constexpr uint64_t kDdrSize = 0x100000;

CortexA9Params params() {
  CortexA9Params p;
  p.clock = Clock("cpu", 100e6);  // 10 ns per instruction
  p.cpi = 1.0;
  p.quantum = sc_core::sc_time(1, sc_core::SC_US);
  p.stop_on_exit = false;  // the run ends when both cores have
  p.echo_semihosting = false;
  return p;
}

int usage(const char* why) {
  std::fprintf(stderr, "gdb_two_cores_harness: %s\nusage: gdb_two_cores_harness ELF [--gdb PORT [--gdb-wait]] "
               "[--perfetto FILE]\n", why);
  return 2;
}

struct TwoCores : sc_core::sc_module {
  Router router{"router"};
  Memory ddr{"ddr", kDdrSize};
  // Each core with its own (idle) interrupt inputs.
  IrqLine lines[4] = {IrqLine("irq0"), IrqLine("fiq0"), IrqLine("irq1"), IrqLine("fiq1")};
  CortexA9 cpu0{"cpu0", params(), 0};
  CortexA9 cpu1{"cpu1", params(), 1};

  SC_HAS_PROCESS(TwoCores);
  explicit TwoCores(sc_core::sc_module_name n) : sc_module(n) {
    router.initiator.bind(ddr.socket);
    router.map(0, kDdrSize, 0, true, "ddr");
    unsigned k = 0;
    for (CortexA9* c : {&cpu0, &cpu1}) {
      c->bus.bind(router.target);
      c->add_dmi_region(0, kDdrSize);
      c->connect_irq(lines[k++]);
      c->connect_fiq(lines[k++]);
    }
    SC_THREAD(end_thread);
  }
  void end_thread() {
    const sc_core::sc_time limit(10, sc_core::SC_MS);
    while ((!cpu0.exited() || !cpu1.exited()) && sc_core::sc_time_stamp() < limit)
      sc_core::wait(limit - sc_core::sc_time_stamp(), cpu0.exit_event() | cpu1.exit_event());
    sc_core::sc_stop();
  }
};

}  // namespace

int sc_main(int argc, char** argv) {
  if (argc < 2) return usage("an ELF is needed");
  const std::string elf = argv[1];
  int port = -1;
  bool wait = false;
  std::string perfetto;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--gdb" && i + 1 < argc) port = std::atoi(argv[++i]);
    else if (a == "--gdb-wait") wait = true;
    else if (a == "--perfetto" && i + 1 < argc) perfetto = argv[++i];
    else return usage(("unknown argument " + a).c_str());
  }
  ElfImage img;
  try {
    img = load_elf_file(elf, kElfMachineArm);
  } catch (const ElfError& e) {
    return usage(e.what());
  }
  uint64_t entry0 = 0, entry1 = 0;
  if (!img.symbol("core0_entry", entry0) || !img.symbol("core1_entry", entry1))
    return usage("the ELF lacks core0_entry/core1_entry");

  TwoCores sys("sys");
  for (const ElfSegment& s : img.segments)
    if (!s.data.empty() && !sys.ddr.load(s.paddr, s.data.data(), s.data.size())) return usage("a segment outside DDR");
  sys.cpu0.set_entry(uint32_t(entry0));
  sys.cpu1.set_entry(uint32_t(entry1));
  if (!perfetto.empty()) Timeline::open(perfetto, "", 1000000);
  std::unique_ptr<debug::GdbServer> server;
  if (port >= 0) {
    server = std::make_unique<debug::GdbServer>("sys", uint16_t(port), wait);
    server->add_core(sys.cpu0, sys.cpu0.name());
    server->add_core(sys.cpu1, sys.cpu1.name());
    server->set_on_kill([] { sc_core::sc_stop(); });
  }
  sc_core::sc_start();
  if (server) server->end_of_run(sys.cpu0.exit_status(), sys.cpu0.exited() ? 0 : 14, "the harness's run ended");
  if (!perfetto.empty()) Timeline::close(sc_core::sc_time_stamp());
  for (CortexA9* c : {&sys.cpu0, &sys.cpu1})
    std::printf("%s: exit %d r0 0x%08x r4 0x%08x instructions %" PRIu64 " time %.9f\n", c->name(),
                c->exited() ? c->exit_status() : -1, c->reg(0), c->reg(4), c->instructions(),
                c->local_time().to_seconds());
  return 0;
}
