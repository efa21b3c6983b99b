// Cortex-A9 model: real ARM/Thumb programs (assembled at build time) on Router + Memory + a
// fake peripheral: results, instruction counts, time, semihosting, interrupts, WFI, aborts.
#include <gtest/gtest.h>

#include <random>

#include "cpu/arm/unicorn_code_pages.h"
#include "support/test_initiator.h"
#include "cpu_arm_system.h"

using namespace zvp;
using namespace zvp::test;
using sc_core::sc_time;
using sc_core::SC_NS;
using sc_core::SC_US;

namespace {

constexpr uint32_t kModeMask = 0x1F, kT = 1u << 5, kI = 1u << 7, kF = 1u << 6, kA = 1u << 8;

TEST(CortexA9, LoopResultInstructionCountAndTime) {
  CortexA9Params p = test_params();
  p.clock = Clock("cpu", 200e6);
  p.cpi = 1.5;
  A9System s(p);
  s.load("loop");
  run_sim([&] {
    ASSERT_TRUE(s.wait_exit());
    const uint64_t n = 1000;
    EXPECT_EQ(s.cpu.exit_status(), 0);
    EXPECT_EQ(s.mbox(0), n * (n + 1) / 2);
    const uint64_t insns = 4 * n + 8;  // see loop.S
    EXPECT_EQ(s.cpu.instructions(), insns);
    // time = instructions x CPI / f, reached by the core and by the kernel at exit
    const sc_time expect = p.clock.cycles(double(insns) * p.cpi);
    EXPECT_EQ(s.cpu.local_time(), expect);
    EXPECT_EQ(sc_core::sc_time_stamp(), expect);
  });
}

TEST(CortexA9, SemihostingArmWriteHeapinfoExitExtended) {
  A9System s;
  s.load("semihost");
  run_sim([&] {
    ASSERT_TRUE(s.wait_exit());
    EXPECT_EQ(s.cpu.exit_status(), 42);
    EXPECT_EQ(s.cpu.semihost_output(), "hello\nXworld\n");
    EXPECT_EQ(s.mbox(0), 0u);       // SYS_WRITE: no byte left unwritten
    EXPECT_NE(s.mbox(4), 0xFFFFFFFFu);  // ":tt" opened
    // SYS_HEAPINFO: stack at the top of the first DMI region (DDR), 1 MB requested but at
    // most half of the region.
    EXPECT_EQ(s.mbox(0x40 + 8), kDdrSize - 4);
    EXPECT_EQ(s.mbox(0x40 + 12), kDdrSize - 4 - kDdrSize / 2);
  });
}

TEST(CortexA9, SemihostingThumbExitReasonGivesStatusOne) {
  A9System s;
  s.load("semihost_thumb");
  run_sim([&] {
    ASSERT_TRUE(s.wait_exit());
    EXPECT_EQ(s.cpu.semihost_output(), "thumb\n");
    EXPECT_EQ(s.cpu.exit_status(), 1);
  });
}

TEST(CortexA9, NewlibProgramRunsWithSemihosting) {
  CortexA9Params p = test_params();
  p.cmdline = "hello_newlib alpha beta";
  A9System s(p);
  s.load("hello_newlib");
  run_sim([&] {
    ASSERT_TRUE(s.wait_exit());
    EXPECT_EQ(s.cpu.semihost_output(), "hello 42 heap argc=3 last=beta\nto stderr\n");
    EXPECT_EQ(s.cpu.exit_status(), 3);
  });
}

TEST(CortexA9, SemihostingExitStopsSimulationByDefault) {
  CortexA9Params p = test_params();
  p.stop_on_exit = true;
  A9System s(p);
  s.load("loop");
  sc_core::sc_start(sc_time(1, sc_core::SC_MS));
  EXPECT_TRUE(s.cpu.exited());
  EXPECT_EQ(s.cpu.exit_status(), 0);
  EXPECT_LT(sc_core::sc_time_stamp(), sc_time(1, sc_core::SC_MS));  // sc_stop ended the run early
}

// IRQ raised by the test at 5 us while the core loops in ARM state; the vector comes from VBAR.
TEST(CortexA9, IrqFromArmCodeUsesVbar) {
  A9System s;
  s.load("irq_arm_vbar");
  run_sim([&] {
    sc_core::wait(sc_time(5, SC_US));
    EXPECT_FALSE(s.cpu.exited());
    const uint64_t before = s.cpu.instructions();
    s.irq.write(true);
    ASSERT_TRUE(s.wait_exit());
    EXPECT_EQ(s.cpu.exit_status(), 0);  // not 0x106: the boot table at 0 was not used
    EXPECT_EQ(s.mbox(0x20), 1u);        // handler ran once, acknowledged, returned
    const uint32_t lr = s.mbox(4), spsr = s.mbox(8), cpsr_h = s.mbox(0xC);
    EXPECT_GE(lr - 4, s.sym("loop_start"));
    EXPECT_LE(lr - 4, s.sym("loop_end"));
    EXPECT_EQ(spsr & kModeMask, 0x13u);  // interrupted SVC mode
    EXPECT_EQ(spsr & (kT | kI), 0u);     // ARM state, IRQs were enabled
    EXPECT_EQ(cpsr_h & kModeMask, 0x12u);  // handler runs in IRQ mode
    EXPECT_EQ(cpsr_h & (kI | kA | kT), kI | kA);
    EXPECT_EQ(cpsr_h & kF, spsr & kF);
    EXPECT_GT(s.mbox(0x24), 100u);  // the loop ran before the interrupt
    EXPECT_GT(s.cpu.instructions(), before);
    EXPECT_EQ(s.cpu.irqs_taken(), 1u);
  });
}

// Same from Thumb code, with the vector table at 0xFFFF0000 (SCTLR.V=1, OCM).
TEST(CortexA9, IrqFromThumbCodeUsesHighVectors) {
  A9System s;
  s.load("irq_thumb_hivec");
  run_sim([&] {
    sc_core::wait(sc_time(5, SC_US));
    s.irq.write(true);
    ASSERT_TRUE(s.wait_exit());
    EXPECT_EQ(s.cpu.exit_status(), 0);
    EXPECT_EQ(s.mbox(0x20), 1u);
    const uint32_t lr = s.mbox(4), spsr = s.mbox(8);
    EXPECT_GE(lr - 4, s.sym("loop_start"));
    EXPECT_LE(lr - 4, s.sym("loop_end"));
    EXPECT_EQ(spsr & kT, kT);  // interrupted Thumb code; SUBS PC, LR, #4 returned to it
    EXPECT_EQ(s.mbox(0xC) & (kModeMask | kT), 0x12u);  // ARM handler (SCTLR.TE=0)
  });
}

// SCTLR.TE=1: the exception is taken in Thumb state (vector table and handler in Thumb).
TEST(CortexA9, IrqEntryInThumbStateWithSctlrTe) {
  A9System s;
  s.load("irq_thumb_entry");
  run_sim([&] {
    sc_core::wait(sc_time(5, SC_US));
    s.irq.write(true);
    ASSERT_TRUE(s.wait_exit());
    EXPECT_EQ(s.cpu.exit_status(), 0);
    EXPECT_EQ(s.mbox(0x20), 1u);
    EXPECT_EQ(s.mbox(8) & kT, 0u);  // interrupted ARM code
    // MRS reads CPSR.T as zero; the Thumb-only handler having counted shows the state.
    EXPECT_EQ(s.mbox(0xC) & kModeMask, 0x12u);
    const uint32_t lr = s.mbox(4);
    EXPECT_GE(lr - 4, s.sym("loop_start"));
    EXPECT_LE(lr - 4, s.sym("loop_end"));
  });
}

TEST(CortexA9, FiqEntry) {
  A9System s;
  s.load("irq_arm_vbar");
  run_sim([&] {
    sc_core::wait(sc_time(5, SC_US));
    s.fiq.write(true);
    ASSERT_TRUE(s.wait_exit());
    EXPECT_EQ(s.cpu.exit_status(), 0x107);  // trap_fiq through the VBAR table (+0x1C)
    EXPECT_EQ(s.mbox(0xC) & kModeMask, 0x11u);
    EXPECT_EQ(s.mbox(0xC) & (kF | kI | kA), kF | kI | kA);
    EXPECT_EQ(s.mbox(8) & (kModeMask | kF), 0x13u);  // SVC mode with FIQs enabled
    const uint32_t lr = s.mbox(4);
    EXPECT_GE(lr - 4, s.sym("loop_start"));
    EXPECT_LE(lr - 4, s.sym("loop_end"));
  });
}

TEST(CortexA9, WfiSleepsUntilInterruptEvenWhenMasked) {
  A9System s;
  s.load("wfi");
  run_sim([&] {
    sc_core::wait(sc_time(10, SC_US));
    EXPECT_TRUE(s.cpu.sleeping());
    const uint64_t n = s.cpu.instructions();
    sc_core::wait(sc_time(10, SC_US));
    EXPECT_EQ(s.cpu.instructions(), n);  // asleep: no instruction executed
    s.irq.write(true);                   // t = 20 us: handler runs, then after the WFI
    sc_core::wait(sc_time(10, SC_US));
    EXPECT_EQ(s.mbox(0x20), 1u);
    EXPECT_EQ(s.mbox(0x24), 1u);
    EXPECT_TRUE(s.cpu.sleeping());       // second WFI, with CPSR.I set
    s.irq.write(true);                   // t = 30 us: wakes, the IRQ stays pending (masked)
    ASSERT_TRUE(s.wait_exit());
    EXPECT_EQ(s.mbox(0x20), 1u);
    EXPECT_EQ(s.mbox(0x28), 1u);
    EXPECT_EQ(s.cpu.wfi_count(), 2u);
    // woke at 30 us, then ran a handful of instructions
    EXPECT_GE(sc_core::sc_time_stamp(), sc_time(30, SC_US));
    EXPECT_LT(sc_core::sc_time_stamp(), sc_time(30, SC_US) + sc_time(200, SC_NS));
  });
}

void expect_data_abort(const std::string& prog, uint32_t far, bool write, bool thumb) {
  A9System s;
  s.load(prog);
  run_sim([&] {
    ASSERT_TRUE(s.wait_exit());
    EXPECT_EQ(s.cpu.exit_status(), 0x104);  // data abort vector
    EXPECT_EQ(s.mbox(4), s.sym("fault_insn") + 8);  // LR_abt = faulting instruction + 8
    EXPECT_EQ(s.mbox(0x10), far);                    // DFAR
    EXPECT_EQ(s.mbox(0x14), 0x8u | (write ? 1u << 11 : 0u));  // external abort, WnR
    EXPECT_EQ(s.mbox(8) & kT, thumb ? kT : 0u);      // SPSR keeps the state
    EXPECT_EQ(s.mbox(0xC) & kModeMask, 0x17u);       // Abort mode
    EXPECT_EQ(s.mbox(0x20), 2u);  // the two increments before ran once, the one after never
    EXPECT_EQ(s.cpu.aborts_taken(), 1u);
  });
}

TEST(CortexA9, DataAbortOnLoadFromUndecodedAddress) {
  expect_data_abort("dabt_load", 0x80000004u, false, false);
}
TEST(CortexA9, DataAbortOnThumbStore) {
  expect_data_abort("dabt_store_thumb", 0x80000004u, true, true);
}
TEST(CortexA9, DataAbortOnDeviceRegisterHole) {
  expect_data_abort("dabt_hole", uint32_t(kDevBase) + 0x100, false, false);
}

TEST(CortexA9, PrefetchAbortOnBranchOutsideMemory) {
  A9System s;
  s.load("pabt");
  run_sim([&] {
    ASSERT_TRUE(s.wait_exit());
    EXPECT_EQ(s.cpu.exit_status(), 0x103);
    EXPECT_EQ(s.mbox(4), 0x80000104u);  // LR_abt = aborted instruction + 4
    EXPECT_EQ(s.mbox(0x18), 0x80000100u);  // IFAR
    EXPECT_EQ(s.mbox(0x1C), 0x8u);         // IFSR: external abort
    EXPECT_EQ(s.mbox(0x20), 7u);
  });
}

TEST(CortexA9, SvcAndUndefinedGoToFirmwareVectors) {
  A9System s;
  s.load("svc");
  run_sim([&] {
    ASSERT_TRUE(s.wait_exit());
    EXPECT_EQ(s.cpu.exit_status(), 0);
    EXPECT_EQ(s.mbox(4), s.sym("svc_insn") + 4);  // LR_svc = next instruction
    EXPECT_EQ(s.mbox(8) & kModeMask, 0x1Fu);      // SPSR: caller in System mode
    EXPECT_EQ(s.mbox(0xC) & kModeMask, 0x13u);
    EXPECT_EQ(s.mbox(0x10), 0x42u);               // SVC number read by the handler
    EXPECT_EQ(s.mbox(0x30), s.sym("udf_insn") + 4);  // LR_und
    EXPECT_EQ(s.mbox(0x34) & kModeMask, 0x1Fu);
    EXPECT_EQ(s.mbox(0x38), 3u);  // both handlers returned to the next instruction
    EXPECT_EQ(s.mbox(0x3C), 1u);  // WFE/YIELD were hints, not undefined instructions
  });
}

TEST(CortexA9, MmioAccessDelaysAdvanceTime) {
  A9System s;
  s.dev.set_access_latency(sc_time(100, SC_NS));
  s.load("mmio");
  run_sim([&] {
    ASSERT_TRUE(s.wait_exit());
    EXPECT_EQ(s.cpu.exit_status(), 10);  // value of the 10th COUNT read
    EXPECT_EQ(s.cpu.mmio_accesses(), 10u);
    const sc_time insn_time = sc_time(10, SC_NS) * double(s.cpu.instructions());
    EXPECT_EQ(sc_core::sc_time_stamp(), insn_time + sc_time(1000, SC_NS));
  });
}

TEST(CortexA9, PollingLoopOnMmioMakesProgress) {
  A9System s;
  s.dev.ready_at = sc_time(50, SC_US);
  s.load("poll");
  run_sim([&] {
    ASSERT_TRUE(s.wait_exit());
    EXPECT_EQ(s.cpu.exit_status(), 0);
    EXPECT_GE(sc_core::sc_time_stamp(), sc_time(50, SC_US));
    EXPECT_LT(sc_core::sc_time_stamp(), sc_time(52, SC_US));  // within about one quantum
    EXPECT_GT(s.cpu.mmio_accesses(), 100u);
  });
}

// A store into code that has been translated drops the translation (Unicorn's not-dirty marking
// of code pages, done by unicorn_code_pages.cpp in this build): without it, every call of the
// rewritten routine would run the first translation and return 1.
TEST(CortexA9, RewrittenCodeRunsAsRewritten) {
  const uint64_t direct_before = arm::code_page_markings_done_directly();
  A9System s;
  s.load("smc");
  run_sim([&] {
    ASSERT_TRUE(s.wait_exit());
    EXPECT_EQ(s.cpu.exit_status(), 0);
    EXPECT_EQ(s.mbox(0), 1u);
    EXPECT_EQ(s.mbox(4), 5050u);  // 1 + 2 + ... + 100
  });
#ifdef ZVP_UNICORN_PINNED
  // With the pinned Unicorn the executable's replacement did the marking, once per translation:
  // at least the 101 translations of `patched`.
  EXPECT_TRUE(arm::code_page_marking_is_direct());
  EXPECT_GE(arm::code_page_markings_done_directly() - direct_before, 101u);
#else
  (void)direct_before;
#endif
}

TEST(CortexA9, GarbageCodeNeverCrashesAndTimeAdvances) {
  A9System s;
  std::mt19937 rng(1234);
  std::vector<uint32_t> junk(0x4000);
  for (auto& w : junk) w = rng();
  ASSERT_TRUE(s.ddr.load(0, junk.data(), junk.size() * 4));
  s.cpu.set_entry(0x100);
  run_sim([&] {
    sc_core::wait(sc_time(200, SC_US));
    EXPECT_GE(s.cpu.local_time(), sc_time(200, SC_US));
    EXPECT_GT(s.cpu.instructions() + s.cpu.aborts_taken(), 0u);
  });
}

TEST(CortexA9, LoadImageDbgRejectsSegmentOutsideMemory) {
  A9System s;
  ElfImage img;
  img.path = "synthetic.elf";
  ElfSegment ok;
  ok.paddr = 0x1000;
  ok.data = {1, 2, 3, 4};
  ok.memsz = 16;  // 12 bytes of .bss
  img.segments.push_back(ok);
  std::string err;
  ASSERT_TRUE(s.ddr.load(0x1004, "\xFF\xFF\xFF\xFF", 4));
  EXPECT_TRUE(CortexA9::load_image_dbg(s.loader, img, &err)) << err;
  uint32_t v[2];
  s.ddr.peek(0x1000, v, 8);
  EXPECT_EQ(v[0], 0x04030201u);
  EXPECT_EQ(v[1], 0u);  // .bss zeroed
  ElfSegment bad;
  bad.paddr = 0x40000000;
  bad.data = {1};
  bad.memsz = 1;
  img.segments.push_back(bad);
  EXPECT_FALSE(CortexA9::load_image_dbg(s.loader, img, &err));
  EXPECT_NE(err.find("0x40000000"), std::string::npos) << err;
}

}  // namespace
