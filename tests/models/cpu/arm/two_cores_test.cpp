// Two Cortex-A9 cores (core index 0 and 1) on one bus (one Router, one DDR): each runs its own
// program (programs/percore.S, linked at its own address with its own mailbox) and keeps its own
// state: registers, instruction counts, stores landing at its own addresses, one core asleep
// in WFI while the other runs, an interrupt waking only the core it is wired to. The expected
// counts follow from the program (4*N + 14 instructions, 4 more with SLEEP; sum 1..N). And SEV
// from one core waking the other from WFE (programs/sev.S), only when its condition passes.
#include <gtest/gtest.h>

#include <memory>

#include "cpu_arm_system.h"
#include "support/test_initiator.h"

using namespace zvp;
using namespace zvp::test;
using sc_core::SC_US;
using sc_core::sc_time;

namespace {

struct CoreProgram {
  const char* elf;
  uint32_t mbox, n, mark;
  int status;
  bool sleeps;
  uint64_t instructions() const { return 4ull * n + 14 + (sleeps ? 4 : 0); }
  uint32_t sum() const { return n * (n + 1) / 2; }
};

// Must match the definitions of percore0/percore1 in CMakeLists.txt.
const CoreProgram kProgram[2] = {
    {"percore0", 0x8000, 10, 0xC0DE0000u, 3, true},
    {"percore1", 0x28000, 2000, 0xC0DE0001u, 5, false},
};

struct TwoCores {
  Router router{"router"};
  Memory ddr{"ddr", kDdrSize};
  IrqLine irq0{"irq0"}, fiq0{"fiq0"}, irq1{"irq1"}, fiq1{"fiq1"};
  CortexA9 cpu0{"cpu0", test_params(), 0};
  CortexA9 cpu1{"cpu1", test_params(), 1};
  BackdoorLoader loader;

  TwoCores(const char* elf0 = kProgram[0].elf, const char* elf1 = kProgram[1].elf) {
    cpu0.bus.bind(router.target);
    cpu1.bus.bind(router.target);
    router.initiator.bind(ddr.socket);
    router.map(0, kDdrSize, 0, true, "ddr");
    for (CortexA9* c : {&cpu0, &cpu1}) c->add_dmi_region(0, kDdrSize);
    cpu0.connect_irq(irq0);
    cpu0.connect_fiq(fiq0);
    cpu1.connect_irq(irq1);
    cpu1.connect_fiq(fiq1);
    loader.add(0, &ddr);
    load(cpu0, elf0);
    load(cpu1, elf1);
  }
  // SEV reaches both cores' event registers, as the platform wires a cluster.
  void connect_events() {
    for (CortexA9* c : {&cpu0, &cpu1})
      c->set_event_sink([this](const sc_time& delay) {
        cpu0.signal_event(delay);
        cpu1.signal_event(delay);
      });
  }
  void load(CortexA9& cpu, const char* elf) {
    const ElfImage image = load_elf_file(std::string(ZVP_CPU_ARM_PROGRAMS) + "/" + elf + ".elf", kElfMachineArm);
    std::string err;
    ASSERT_TRUE(CortexA9::load_image_dbg(loader, image, &err)) << err;
    cpu.set_entry(static_cast<uint32_t>(image.entry));
  }
  uint32_t word(uint32_t addr) const {
    uint32_t v = 0;
    ddr.peek(addr, &v, 4);
    return v;
  }
};

}  // namespace

TEST(CortexA9TwoCores, IndependentStateOnOneBus) {
  TwoCores s;
  EXPECT_EQ(s.cpu0.core_index(), 0u);
  EXPECT_EQ(s.cpu1.core_index(), 1u);
  const CoreProgram& p0 = kProgram[0];
  const CoreProgram& p1 = kProgram[1];
  run_sim([&] {
    // Core 0 (54 instructions at 10 ns) is asleep long before core 1 (8014) is done.
    sc_core::wait(sc_time(5, SC_US));
    EXPECT_TRUE(s.cpu0.sleeping());
    EXPECT_EQ(s.cpu0.wfi_count(), 1u);
    EXPECT_FALSE(s.cpu1.sleeping());
    EXPECT_FALSE(s.cpu1.exited());
    const uint64_t core0_asleep = s.cpu0.instructions(), core1_running = s.cpu1.instructions();
    EXPECT_GT(core1_running, 0u);
    sc_core::wait(sc_time(5, SC_US));
    EXPECT_EQ(s.cpu0.instructions(), core0_asleep);  // asleep: no instruction
    EXPECT_GT(s.cpu1.instructions(), core1_running);  // the other one runs on

    if (!s.cpu1.exited()) sc_core::wait(sc_time(1, sc_core::SC_MS), s.cpu1.exit_event());
    ASSERT_TRUE(s.cpu1.exited());
    EXPECT_EQ(s.cpu1.exit_status(), p1.status);
    EXPECT_EQ(s.cpu1.instructions(), p1.instructions());
    EXPECT_FALSE(s.cpu0.exited());
    EXPECT_TRUE(s.cpu0.sleeping());  // still: core 1's run did not wake it

    // Each core's stores are in its own mailbox, its registers its own.
    EXPECT_EQ(s.word(p0.mbox), p0.sum());
    EXPECT_EQ(s.word(p0.mbox + 4), p0.mark);
    EXPECT_EQ(s.word(p1.mbox), p1.sum());
    EXPECT_EQ(s.word(p1.mbox + 4), p1.mark);
    EXPECT_EQ(s.cpu0.reg(4), p0.mark);
    EXPECT_EQ(s.cpu1.reg(4), p1.mark);
    EXPECT_EQ(s.cpu0.reg(0), p0.sum());  // core 0 has not reached its exit yet
    EXPECT_EQ(s.cpu0.reg(3), p0.mbox);
    EXPECT_EQ(s.cpu1.reg(3), p1.mbox);

    // Core 0's interrupt wakes core 0 only (masked: it resumes after WFI without the handler).
    s.irq0.write(true);
    if (!s.cpu0.exited()) sc_core::wait(sc_time(100, SC_US), s.cpu0.exit_event());
    ASSERT_TRUE(s.cpu0.exited());
    EXPECT_EQ(s.cpu0.exit_status(), p0.status);
    EXPECT_EQ(s.cpu0.instructions(), p0.instructions());
    EXPECT_EQ(s.word(p0.mbox + 8), p0.mark + 1);
    EXPECT_EQ(s.word(p1.mbox + 8), 0u);  // core 1 never slept, never stored there
    EXPECT_EQ(s.cpu0.irqs_taken(), 0u);
    EXPECT_EQ(s.cpu1.irqs_taken(), 0u);
    EXPECT_EQ(s.cpu1.wfi_count(), 0u);
    EXPECT_EQ(s.cpu1.instructions(), p1.instructions());  // unchanged since its exit
  });
}

// programs/sev.S: core 1 waits in WFE with interrupts masked and counts its wake-ups; core 0's two
// SEVs whose condition fails (ARM SEVEQ; Thumb IT EQ + SEVEQ, with Z clear) wake nobody, its ARM
// SEV and then its Thumb SEV wake core 1 once each. Core 1 records, at each wake-up, how far core
// 0 had got: a wake-up by a failed SEV would see step 0.
TEST(CortexA9TwoCores, SevWakesTheOtherCoreOnlyWhenItsConditionPasses) {
  TwoCores s("sev_sender", "sev_waiter");
  s.connect_events();
  constexpr uint32_t kWakes = 0x28000;
  run_sim([&] {
    if (!s.cpu0.exited()) sc_core::wait(sc_time(5, sc_core::SC_MS), s.cpu0.exit_event());
    ASSERT_TRUE(s.cpu0.exited());
    EXPECT_EQ(s.cpu0.exit_status(), 0);
    sc_core::wait(sc_time(10, SC_US));  // core 1 reacts to the last SEV
  });
  EXPECT_EQ(s.word(kWakes), 2u);
  EXPECT_GE(s.word(kWakes + 4), 1u);  // woken after the failed conditions (step 1)
  EXPECT_GE(s.word(kWakes + 8), 2u);  // by the Thumb SEV, after step 2
  EXPECT_EQ(s.cpu0.sev_count(), 2u);
  EXPECT_EQ(s.cpu1.wfe_count(), 3u);
  EXPECT_TRUE(s.cpu1.sleeping());     // in WFE again
}
