// The Cortex-A9 as an operating system sees it: identification (MIDR r3p0, CBAR), the boot
// registers, halt detection, and a program running at virtual addresses that are not its
// physical ones (block costs, vectors, semihosting, aborts and the debugger's memory view
// through the translation).
#include <gtest/gtest.h>

#include "cpu/arm/a9_bits.h"
#include "cpu_arm_system.h"
#include "support/test_initiator.h"

using namespace zvp;
using namespace zvp::test;
using sc_core::sc_time;
using sc_core::SC_US;

namespace {

// Runs programs/<prog> with boot registers and waits 100 us of simulated time or its end.
void run_ident(A9System& s, const std::string& prog) {
  s.load(prog);
  s.cpu.set_boot_registers(0, 0xFFFFFFFFu, 0x01F00000u);
  run_sim([&] { sc_core::wait(sc_time(100, SC_US), s.cpu.exit_event()); });
}

}  // namespace

TEST(CortexA9Os, IdentifiesAsZynqR3p0WithBootRegisters) {
  A9System s;
  run_ident(s, "ident");
  EXPECT_EQ(s.mbox(0), 0u);
  EXPECT_EQ(s.mbox(4), 0xFFFFFFFFu);
  EXPECT_EQ(s.mbox(8), 0x01F00000u);
  EXPECT_EQ(s.mbox(0xC), 0x413FC090u);   // Cortex-A9 MPCore TRM r3p0: MIDR
  EXPECT_EQ(s.mbox(0x10), 0xF8F00000u);  // UG585: SCU / private peripherals base
  EXPECT_EQ(s.mbox(0x14), 0x80000000u);  // MPIDR: MP extensions format, cluster 0, CPU 0
  // Cortex-A9 TRM, c0 registers; UG585: 32 KB 4-way L1 caches with 32-byte lines. Unicorn's own
  // values (16 KB caches, CLIDR without LoUIS, ...) must not show through.
  EXPECT_EQ(s.mbox(0x18), 0x83338003u);  // CTR: ERG = CWG = 8 words, D/I lines 8 words, VIPT
  EXPECT_EQ(s.mbox(0x1C), 0x09200003u);  // CLIDR: L1 separate I/D; LoUU = LoC = LoUIS = 1
  EXPECT_EQ(s.mbox(0x20), 0x701FE019u);  // CCSIDR, L1 D: WB RA WA, 256 sets, 4 ways, 32 B
  EXPECT_EQ(s.mbox(0x24), 0x201FE019u);  // CCSIDR, L1 I: RA, 256 sets, 4 ways, 32 B
  EXPECT_EQ(s.mbox(0x28), 0u);           // no level-2 cache in CLIDR (the L2C-310 is outside)
  EXPECT_EQ(s.mbox(0x2C), 0x00001231u);  // ID_PFR0: ARM, Thumb-2, Jazelle, ThumbEE
  EXPECT_EQ(s.mbox(0x30), 0x00010444u);  // ID_DFR0
  EXPECT_EQ(s.mbox(0x34), 0x00102111u);  // ID_MMFR3
  EXPECT_EQ(s.mbox(0x38), 0x00011142u);  // ID_ISAR4
}

// In Thumb state the same reads are answered (Thumb-2 MRC encoding).
TEST(CortexA9Os, AnswersIdRegisterReadsInThumbState) {
  A9System s;
  run_ident(s, "ident_thumb");
  EXPECT_EQ(s.mbox(0x3C), 0x09200003u);  // CLIDR
}

// The ID registers are PL1 only: an MRC of CTR in User mode is undefined, as on the core.
TEST(CortexA9Os, IdRegisterReadInUserModeIsUndefined) {
  A9System s;
  run_ident(s, "ident_user");
  ASSERT_TRUE(s.cpu.exited());
  EXPECT_EQ(s.cpu.exit_status(), 0x101u);
  EXPECT_EQ(s.mbox(0), 1u);                 // the undefined-instruction trap
  EXPECT_EQ(s.mbox(0xC) & 0x1Fu, 0x1Bu);     // taken in Undefined mode
  EXPECT_EQ(s.mbox(8) & 0x1Fu, 0x10u);       // from User mode
}

// The program ends in a loop it cannot leave: the run ends there, not at the 100 us limit.
static void expect_halts(const std::string& prog) {
  A9System s;
  run_ident(s, prog);
  EXPECT_TRUE(s.cpu.halted_forever());
  EXPECT_FALSE(s.cpu.exited());
  EXPECT_LT(sc_core::sc_time_stamp(), sc_time(10, SC_US));
}

TEST(CortexA9Os, BranchToItselfWithIrqsMaskedHalts) { expect_halts("ident"); }
TEST(CortexA9Os, WfiLoopWithIrqAndFiqMaskedHalts) { expect_halts("ident_wfi"); }
TEST(CortexA9Os, ThumbBranchToItselfHalts) { expect_halts("ident_thumb"); }

TEST(CortexA9Os, LoopWithIrqsUnmaskedRunsOn) {
  A9System s;
  run_ident(s, "ident_irqs_on");
  EXPECT_FALSE(s.cpu.halted_forever());
  EXPECT_EQ(sc_core::sc_time_stamp(), sc_time(100, SC_US));
}

TEST(CortexA9Os, RunsAtVirtualAddressesAndFaultsWithTheWalkStatus) {
  A9System s;
  s.load("mmu_high");
  run_sim([&] {
    ASSERT_TRUE(s.wait_exit());
    EXPECT_EQ(s.cpu.exit_status(), 0x55);      // through a parameter block at a virtual address
    EXPECT_EQ(s.mbox(0x18), 5050u);            // the loop ran at 0xC0000000
    EXPECT_EQ(s.mbox(0x14), 0x005u);           // DFSR: section translation fault, a read
    EXPECT_EQ(s.mbox(0x10), 0x1000u);          // DFAR
    EXPECT_EQ(s.mbox(4), s.sym("fault_insn") + 0xC0000000u + 8);  // LR_abt
    EXPECT_EQ(s.cpu.aborts_taken(), 1u);
    // A debugger's view: virtual addresses through the tables the core uses now.
    uint32_t v = 0;
    EXPECT_EQ(s.cpu.read_mem(0xC0000000u + kMbox + 0x18, reinterpret_cast<uint8_t*>(&v), 4), 4u);
    EXPECT_EQ(v, 5050u);
    EXPECT_EQ(s.cpu.read_mem(kMbox + 0x18, reinterpret_cast<uint8_t*>(&v), 4), 0u);  // VA 0 unmapped
  });
}

// The TLB fills share one reading of the translation registers (cortex_a9_mmu.cpp, fill_regs):
// after a fill through table A, the guest's TTBR0 and DACR writes (followed by TLBIALL, as the
// architecture asks) must be seen by the next fills in the same slice.
TEST(CortexA9Os, FillsSeeTranslationRegisterWritesWithinASlice) {
  A9System s;
  s.load("mmu_switch");
  run_sim([&] {
    ASSERT_TRUE(s.wait_exit());
    EXPECT_EQ(s.cpu.exit_status(), 0x77);
    EXPECT_EQ(s.mbox(0), 0xAAAAu);     // VA 0x40000000 through table A
    EXPECT_EQ(s.mbox(4), 0xBBBBu);     // through table B after TTBR0 = B
    EXPECT_EQ(s.mbox(0x14), 0x00Bu);   // DFSR: page domain fault, domain 0, a read
    EXPECT_EQ(s.cpu.aborts_taken(), 1u);
  });
}
