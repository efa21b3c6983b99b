// ZeroRiscy (SystemC): fetch from the instruction memory over ibus (DMI or b_transport), data over
// dbus through a router, bus errors as access faults, WFI until the external interrupt line,
// cycles <-> simulated time through the clock, temporal decoupling by quantum.
#include <gtest/gtest.h>

#include "support/test_initiator.h"
#include "core/irq.h"
#include "core/memory.h"
#include "core/router.h"
#include "cpu/riscv/zero_riscy.h"
#include "models/cpu/riscv/rv32_test_util.h"

using namespace zvp;
using sc_core::sc_time;
using sc_core::SC_NS;
using sc_core::SC_US;

namespace {

ZeroRiscy::Params params() {
  ZeroRiscy::Params p;
  p.clock = Clock("pl", 80e6);
  p.quantum = sc_time(1, SC_US);
  return p;
}

struct Soc {
  Memory imem{"imem", 0x10000};
  Memory dmem{"dmem", 0x1000};
  Router bus{"bus"};
  ZeroRiscy cpu{"cpu", params()};
  IrqLine irq{"csp_irq"};
  test::rv::Program prog;
  explicit Soc(const std::string& name, bool ibus_dmi = true) : prog(name) {
    cpu.ibus.bind(imem.socket);
    cpu.dbus.bind(bus.target);
    bus.initiator.bind(dmem.socket);
    bus.map(0x10000, 0x1000, 0, true, "dmem");
    cpu.connect_external_irq(irq);
    imem.set_dmi(ibus_dmi);
    for (const ElfSegment& s : prog.img.segments)
      EXPECT_TRUE(imem.load(s.paddr, s.data.data(), s.data.size()));
    const uint32_t preload = 41;
    dmem.load(4, &preload, 4);
  }
  uint32_t word(uint32_t off) {
    uint32_t v = 0;
    dmem.peek(off, &v, 4);
    return v;
  }
};

// Cycles the bare ISS (no bus wait states) needs to reach the WFI of zero_riscy.elf.
uint64_t iss_cycles_to_sleep() {
  test::rv::Program p("zero_riscy");
  Rv32FlatSystem sys;
  sys.load(p.img);
  sys.write32(0x10004, 41);
  EXPECT_EQ(sys.run(100000), Rv32FlatSystem::Exit::Asleep);
  return sys.core().cycles();
}

void program_flow(Soc& soc) {
  test::run_sim([&] {
    EXPECT_TRUE(soc.cpu.in_reset());
    sc_core::wait(sc_time(5, SC_US));
    EXPECT_EQ(soc.cpu.instructions(), 0u);  // held in reset
    soc.cpu.start(0);
    sc_core::wait(sc_time(50, SC_US));
    EXPECT_TRUE(soc.cpu.sleeping());
    EXPECT_EQ(soc.word(0), 5050u);
    EXPECT_EQ(soc.word(8), 42u);
    EXPECT_EQ(soc.word(12), 5u);             // load access fault from the unmapped address
    EXPECT_EQ(soc.word(28), 0x20000000u);    // mtval
    EXPECT_EQ(soc.cpu.core().pc(), soc.prog.symbol("sleep_pc") + 4);
    // Everything up to the WFI took cycles x 12.5 ns, within the 50 us.
    const uint64_t busy = soc.cpu.cycles();
    EXPECT_EQ(busy, iss_cycles_to_sleep());  // zero-latency memories: the ISS's own count
    EXPECT_LT(soc.cpu.clock().cycles(busy), sc_time(50, SC_US));
    sc_core::wait(sc_time(45, SC_US));       // t = 100 us
    soc.irq.write(true);
    sc_core::wait(sc_time(1, SC_US));
    EXPECT_FALSE(soc.cpu.sleeping());
    EXPECT_EQ(soc.word(16), 0x8000000bu);    // mcause of the external interrupt
    EXPECT_EQ(soc.word(20), 0x600du);
    // mcycle counts from the reset release at 5 us and includes the sleep: 95 us at 80 MHz
    // = 7600 cycles, then the few instructions of the handler and after the WFI.
    const uint32_t mcycle = soc.word(24);
    EXPECT_GE(mcycle, 7600u);
    EXPECT_LT(mcycle, 7650u);
    soc.irq.write(false);
  });
}

}  // namespace

TEST(ZeroRiscy, RunsFromInstructionMemoryWithDmi) {
  Soc soc("zero_riscy", true);
  program_flow(soc);
  Stats s;
  soc.cpu.publish_stats(s, "riscv");
  EXPECT_EQ(s.get("riscv.instructions"), soc.cpu.instructions());
  EXPECT_EQ(s.get("riscv.traps"), 2u);  // the access fault and the interrupt
  EXPECT_EQ(s.get("riscv.interrupts"), 1u);
}

TEST(ZeroRiscy, FetchesThroughIbusWithoutDmi) {
  Soc soc("zero_riscy", false);
  program_flow(soc);
  Stats s;
  soc.cpu.publish_stats(s, "riscv");
  EXPECT_GT(s.get("riscv.bus_accesses"), s.get("riscv.instructions"));  // one per fetch parcel
}

TEST(ZeroRiscy, TemporalDecouplingKeepsCyclesInStepWithTime) {
  Soc soc("spin");
  test::run_sim([&] {
    soc.cpu.start(0x1000);
    sc_core::wait(sc_time(10, SC_US));
    // 10 us at 80 MHz = 800 cycles; the core may be ahead by at most one quantum (80 cycles).
    EXPECT_GE(soc.cpu.cycles(), 800u);
    EXPECT_LE(soc.cpu.cycles(), 800u + 80u + 2u);
    soc.cpu.set_reset(true);
    sc_core::wait(sc_time(10, SC_US));
    const uint64_t held = soc.cpu.instructions();
    sc_core::wait(sc_time(10, SC_US));
    EXPECT_EQ(soc.cpu.instructions(), held);  // reset holds the core
  });
}

TEST(ZeroRiscy, TimerAndSoftwareLinesDriveMip) {
  Soc soc("zero_riscy");
  IrqLine timer("timer"), soft("soft");
  soc.cpu.connect_timer_irq(timer);
  soc.cpu.connect_software_irq(soft);
  test::run_sim([&] {
    soc.cpu.start(0);
    sc_core::wait(sc_time(50, SC_US));
    ASSERT_TRUE(soc.cpu.sleeping());
    timer.write(true);  // pending but not enabled in mie (the program enables MEIE only)
    soft.write(true);
    sc_core::wait(sc_time(5, SC_US));
    EXPECT_TRUE(soc.cpu.sleeping());
    uint32_t mip = 0;
    soc.cpu.core().read_csr(0x344, mip);
    EXPECT_EQ(mip, 0x88u);
    timer.write(false);
    soc.cpu.core().read_csr(0x344, mip);
    EXPECT_EQ(mip, 0x08u);
    soc.irq.write(true);  // the enabled one wakes it
    sc_core::wait(sc_time(1, SC_US));
    EXPECT_FALSE(soc.cpu.sleeping());
    EXPECT_EQ(soc.word(16), 0x8000000bu);
  });
}

TEST(ZeroRiscy, StartWhileRunningRestartsTheCore) {
  Soc soc("spin");
  test::run_sim([&] {
    soc.cpu.start(0x1000);
    sc_core::wait(sc_time(20, SC_US));
    const uint32_t counted = soc.cpu.core().reg(10);  // a0 counts loop iterations
    EXPECT_GT(counted, 500u);
    soc.cpu.start(0x1000);  // restart: registers reset, counting starts again
    sc_core::wait(sc_time(2, SC_US));
    EXPECT_LT(soc.cpu.core().reg(10), 200u);
    EXPECT_GT(soc.cpu.core().reg(10), 0u);
  });
}

// Runs zero_riscy.elf with the data memory behind the router: its five dbus accesses (three in
// the main flow, two in the fault handler) each cost `wait_each` cycles more than the bare ISS.
static void run_with_data_memory(bool dmi, const sc_time& mem_latency, const sc_time& hop, uint64_t wait_each) {
  Soc soc("zero_riscy");
  soc.dmem.set_dmi(dmi);
  soc.dmem.set_latency(mem_latency, mem_latency);
  soc.bus.set_hop_latency(hop);
  test::run_sim([&] {
    soc.cpu.start(0);
    sc_core::wait(sc_time(50, SC_US));
    EXPECT_TRUE(soc.cpu.sleeping());
    EXPECT_EQ(soc.word(0), 5050u);
    EXPECT_EQ(soc.cpu.cycles(), iss_cycles_to_sleep() + 5 * wait_each);
  });
}

// Without DMI, each access waits 100 ns = 8 cycles, one of which is already in the load/store
// cost: 7 more each.
TEST(ZeroRiscy, DataBusWaitStatesSlowTheCore) {
  run_with_data_memory(false, sc_time(100, SC_NS), sc_core::SC_ZERO_TIME, 7);
}

// DMI is only a faster path, not other timing (core/dmi_latency.h): with a 25 ns data memory
// behind a router hop of 12.5 ns, every access takes 37.5 ns = 3 cycles, 2 more than the base
// cost, with or without DMI (before, DMI counted the hop per byte: 4 x 12.5 ns more per word).
// One SystemC elaboration per process: one test per path.
TEST(ZeroRiscy, DataAccessesThroughAHopWithoutDmi) {
  run_with_data_memory(false, sc_time(25, SC_NS), sc_time(12.5, SC_NS), 2);
}
TEST(ZeroRiscy, DataAccessesThroughAHopWithDmiCostTheSame) {
  run_with_data_memory(true, sc_time(25, SC_NS), sc_time(12.5, SC_NS), 2);
}
