// AXI INTC (PG099): reset values, MER (ME, write-once HIE), IER/SIE/CIE, ISR software writes,
// IAR, IPR, IVR priority, edge and level inputs, the output level.
#include <gtest/gtest.h>

#include "core/irq.h"
#include "pl/axi_intc.h"
#include "regs/axi_intc_regs.h"
#include "support/test_initiator.h"

using namespace zvp;
namespace R = zvp::regs::axi_intc;

namespace {
struct IntcBench {
  zvp::test::TestInitiator cpu{"cpu"};
  AxiIntc intc{"intc", 5, /*edge inputs*/ 0x2u};  // input 1 edge, the others level
  IrqLine out{"out"};
  IrqOut src[5];
  IntcBench() {
    cpu.socket.bind(intc.socket);
    intc.irq.bind(out);
    for (unsigned i = 0; i < 5; ++i) src[i].bind(intc.input(i));
  }
};
}  // namespace

// Datasheet values, independent oracle: PG099 register reset values (IVR all ones: none pending).
TEST(AxiIntc, ResetValues) {
  IntcBench b;
  zvp::test::run_sim([&] {
    EXPECT_EQ(b.cpu.read32(R::ISR), 0u);
    EXPECT_EQ(b.cpu.read32(R::IPR), 0u);
    EXPECT_EQ(b.cpu.read32(R::IER), 0u);
    EXPECT_EQ(b.cpu.read32(R::MER), 0u);
    EXPECT_EQ(b.cpu.read32(R::IVR), 0xFFFFFFFFu);
    tlm::tlm_response_status st;
    b.cpu.read32(0x20, &st);  // beyond the modelled map
    EXPECT_EQ(st, tlm::TLM_ADDRESS_ERROR_RESPONSE);
  });
}

TEST(AxiIntc, InputsIgnoredUntilHieAndSoftwareIsrBefore) {
  IntcBench b;
  zvp::test::run_sim([&] {
    b.src[0].write(true);
    EXPECT_EQ(b.cpu.read32(R::ISR), 0u);  // HIE = 0: hardware inputs not recorded
    b.cpu.write32(R::ISR, 0x4);           // software interrupt (test mode)
    b.cpu.write32(R::IER, 0x4);
    EXPECT_FALSE(b.out.read());           // ME = 0
    b.cpu.write32(R::MER, AxiIntc::MER_ME);
    EXPECT_TRUE(b.out.read());
    EXPECT_EQ(b.cpu.read32(R::IVR), 2u);
    b.cpu.write32(R::IAR, 0x4);
    EXPECT_FALSE(b.out.read());
    b.cpu.write32(R::MER, AxiIntc::MER_ME | AxiIntc::MER_HIE);  // level input 0 is high: recorded now
    EXPECT_EQ(b.cpu.read32(R::ISR), 0x1u);
    b.cpu.write32(R::ISR, 0x10);  // ignored once HIE = 1
    EXPECT_EQ(b.cpu.read32(R::ISR), 0x1u);
    b.cpu.write32(R::MER, 0);  // HIE is write-once; ME clears
    EXPECT_EQ(b.cpu.read32(R::MER), uint32_t(AxiIntc::MER_HIE));
  });
}

TEST(AxiIntc, EnablesPendingAndPriority) {
  IntcBench b;
  zvp::test::run_sim([&] {
    b.cpu.write32(R::MER, AxiIntc::MER_ME | AxiIntc::MER_HIE);
    b.src[3].write(true);
    b.src[4].write(true);
    EXPECT_EQ(b.cpu.read32(R::ISR), 0x18u);
    EXPECT_EQ(b.cpu.read32(R::IPR), 0u);
    EXPECT_FALSE(b.out.read());
    b.cpu.write32(R::SIE, 0x10);
    EXPECT_EQ(b.cpu.read32(R::IER), 0x10u);
    EXPECT_EQ(b.cpu.read32(R::IVR), 4u);
    b.cpu.write32(R::SIE, 0x08);
    EXPECT_EQ(b.cpu.read32(R::IER), 0x18u);
    EXPECT_EQ(b.cpu.read32(R::IVR), 3u);  // the lowest number wins
    EXPECT_EQ(b.cpu.read32(R::IPR), 0x18u);
    EXPECT_TRUE(b.out.read());
    b.cpu.write32(R::CIE, 0x18);
    EXPECT_EQ(b.cpu.read32(R::IER), 0u);
    EXPECT_FALSE(b.out.read());
    b.cpu.write32(R::IER, 0xFFFFFFFFu);  // only the 5 present inputs can be enabled
    EXPECT_EQ(b.cpu.read32(R::IER), 0x1Fu);
    EXPECT_EQ(b.cpu.read32(R::SIE), 0u);  // write-only registers read 0
  });
}

TEST(AxiIntc, LevelReassertsEdgeDoesNot) {
  IntcBench b;
  zvp::test::run_sim([&] {
    b.cpu.write32(R::MER, AxiIntc::MER_ME | AxiIntc::MER_HIE);
    b.cpu.write32(R::IER, 0x3);
    b.src[0].write(true);  // level
    b.src[1].write(true);  // edge
    EXPECT_EQ(b.cpu.read32(R::ISR), 0x3u);
    b.cpu.write32(R::IAR, 0x3);
    EXPECT_EQ(b.cpu.read32(R::ISR), 0x1u);  // level input 0 still high: set again; edge 1 not
    b.src[0].write(false);
    b.cpu.write32(R::IAR, 0x1);
    EXPECT_EQ(b.cpu.read32(R::ISR), 0u);
    EXPECT_FALSE(b.out.read());
    b.src[1].write(false);
    b.src[1].write(true);  // a new rising edge
    EXPECT_EQ(b.cpu.read32(R::ISR), 0x2u);
    EXPECT_TRUE(b.out.read());
  });
}
