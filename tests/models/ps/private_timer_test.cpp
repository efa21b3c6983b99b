// Private timer: exact zero-crossing times from the input clock, prescaler, auto-reload,
// one-shot, the event flag and its interrupt.
#include <gtest/gtest.h>

#include <vector>

#include "support/test_initiator.h"
#include "ps/private_timer.h"
#include "regs/private_timer_regs.h"

using namespace zvp;
using sc_core::SC_NS;
using sc_core::sc_time;
using zvp::test::TestInitiator;

namespace {

namespace T = zvp::regs::ptimer;
constexpr uint32_t EN = T::control::TIMER_ENABLE.mask(), RELOAD = T::control::AUTO_RELOAD.mask(),
                   IRQ = T::control::IRQ_ENABLE.mask(), EVENT = T::isr::EVENT_FLAG.mask();

struct PrivateTimerTest : ::testing::Test {
  Clock clk{"periph", 100e6};  // 10 ns ticks make the expected times easy to read
  PrivateTimer tmr{"ptimer", clk};
  TestInitiator ini{"ini"};
  IrqLine line{"ppi29"};
  std::vector<sc_time> rises;
  sc_core::sc_event rose;
  PrivateTimerTest() {
    ini.socket.bind(tmr.socket);
    tmr.irq.bind(line);
    line.listen([this](bool l) {
      if (l) {
        rises.push_back(sc_core::sc_time_stamp());
        rose.notify();
      }
    });
  }
};

TEST_F(PrivateTimerTest, AutoReloadPeriodIsLoadPlusOneTicks) {
  zvp::test::run_sim([&] {
    ini.write32(ZVP_PTIMER_LOAD, 99);
    EXPECT_EQ(ini.read32(ZVP_PTIMER_COUNTER), 99u);  // Load also writes the counter
    ini.write32(ZVP_PTIMER_CONTROL, EN | RELOAD | IRQ);
    for (int i = 0; i < 3; ++i) {
      sc_core::wait(rose);
      EXPECT_EQ(ini.read32(ZVP_PTIMER_ISR), EVENT);
      ini.write32(ZVP_PTIMER_ISR, EVENT);
      EXPECT_FALSE(line.read());
    }
    ASSERT_EQ(rises.size(), 3u);
    EXPECT_EQ(rises[0], sc_time(990, SC_NS));   // 99 ticks to reach zero
    EXPECT_EQ(rises[1], sc_time(1990, SC_NS));  // then every 100 ticks
    EXPECT_EQ(rises[2], sc_time(2990, SC_NS));
    sc_core::wait(sc_time(3500, SC_NS) - sc_core::sc_time_stamp());
    EXPECT_EQ(ini.read32(ZVP_PTIMER_COUNTER), 49u);  // reloaded to 99 at 3000 ns
  });
}

TEST_F(PrivateTimerTest, PrescalerDividesTheInputClock) {
  zvp::test::run_sim([&] {
    ini.write32(ZVP_PTIMER_LOAD, 9);
    ini.write32(ZVP_PTIMER_CONTROL, T::control::PRESCALER.prep(4) | EN | RELOAD | IRQ);  // tick = 5 cycles = 50 ns
    sc_core::wait(sc_time(120, SC_NS));
    EXPECT_EQ(ini.read32(ZVP_PTIMER_COUNTER), 7u);  // 2 ticks elapsed
    sc_core::wait(rose);
    EXPECT_EQ(sc_core::sc_time_stamp(), sc_time(450, SC_NS));
  });
}

TEST_F(PrivateTimerTest, OneShotStopsAtZeroAndFlagsOnce) {
  zvp::test::run_sim([&] {
    ini.write32(ZVP_PTIMER_LOAD, 10);
    ini.write32(ZVP_PTIMER_CONTROL, EN | IRQ);  // no auto-reload
    sc_core::wait(rose);
    EXPECT_EQ(sc_core::sc_time_stamp(), sc_time(100, SC_NS));
    ini.write32(ZVP_PTIMER_ISR, EVENT);
    sc_core::wait(sc_time(1, sc_core::SC_US));
    EXPECT_EQ(ini.read32(ZVP_PTIMER_COUNTER), 0u);
    EXPECT_EQ(ini.read32(ZVP_PTIMER_ISR), 0u);
    EXPECT_EQ(rises.size(), 1u);
  });
}

TEST_F(PrivateTimerTest, FlagWithoutIrqEnableAndDisableFreezesCounter) {
  zvp::test::run_sim([&] {
    ini.write32(ZVP_PTIMER_LOAD, 20);
    ini.write32(ZVP_PTIMER_CONTROL, EN);  // no IRQ enable
    sc_core::wait(sc_time(300, SC_NS));
    EXPECT_EQ(ini.read32(ZVP_PTIMER_ISR), EVENT);  // event flag set at 200 ns
    EXPECT_FALSE(line.read());
    ini.write32(ZVP_PTIMER_CONTROL, IRQ);  // IRQ enable now, but timer disabled
    EXPECT_TRUE(rises.empty());              // the event happened before: no interrupt for it
    ini.write32(ZVP_PTIMER_ISR, EVENT);
    ini.write32(ZVP_PTIMER_COUNTER, 50);
    sc_core::wait(sc_time(1, sc_core::SC_US));
    EXPECT_EQ(ini.read32(ZVP_PTIMER_COUNTER), 50u);  // disabled: frozen
    ini.write32(ZVP_PTIMER_CONTROL, EN | IRQ);
    sc_core::wait(sc_time(200, SC_NS));
    EXPECT_EQ(ini.read32(ZVP_PTIMER_COUNTER), 30u);
  });
}

TEST(PrivateTimerClock, EventsLandOnCpuHalfClockEdges) {
  Clock clk("cpu_2", 666.666666e6 / 2);  // Zynq PERIPHCLK
  PrivateTimer tmr("ptimer", clk);
  TestInitiator ini("ini");
  ini.socket.bind(tmr.socket);
  IrqLine line("ppi29");
  tmr.irq.bind(line);
  std::vector<sc_time> rises;
  line.listen([&](bool l) {
    if (l) rises.push_back(sc_core::sc_time_stamp());
  });
  zvp::test::run_sim([&] {
    ini.write32(ZVP_PTIMER_LOAD, 333332);  // ~1 ms period
    ini.write32(ZVP_PTIMER_CONTROL, EN | RELOAD | IRQ);
    sc_core::wait(sc_time(2100, sc_core::SC_US));
    ini.write32(ZVP_PTIMER_ISR, EVENT);
  });
  ASSERT_EQ(rises.size(), 2u);  // one per zero crossing, cleared flag or not
  EXPECT_EQ(rises[0], clk.cycles(uint64_t{333332}));
  EXPECT_EQ(rises[1], clk.cycles(uint64_t{333332 + 333333}));
}

}  // namespace

namespace {

TEST_F(PrivateTimerTest, ResetStopsTheTimerAndDropsTheInterrupt) {
  zvp::test::run_sim([&] {
    ini.write32(ZVP_PTIMER_LOAD, 10);
    ini.write32(ZVP_PTIMER_CONTROL, EN | RELOAD | IRQ);
    sc_core::wait(sc_time(150, SC_NS));
    EXPECT_EQ(rises.size(), 1u);
    tmr.reset();
    EXPECT_FALSE(line.read());
    sc_core::wait(sc_time(1000, SC_NS));
    EXPECT_EQ(ini.read32(ZVP_PTIMER_CONTROL), 0u);
    EXPECT_EQ(ini.read32(ZVP_PTIMER_COUNTER), 0u);
    EXPECT_EQ(ini.read32(ZVP_PTIMER_ISR), 0u);
    EXPECT_EQ(rises.size(), 1u);
  });
}

}  // namespace
