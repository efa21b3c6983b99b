// Global timer: 64-bit count from simulated time, prescaler, comparator + auto-increment,
// counter writes only while disabled, the vendor XTime sequences.
#include <gtest/gtest.h>

#include <vector>

#include "support/test_initiator.h"
#include "ps/global_timer.h"
#include "regs/global_timer_regs.h"

using namespace zvp;
using sc_core::SC_NS;
using sc_core::sc_time;
using zvp::test::TestInitiator;

namespace {

namespace G = zvp::regs::gtimer;
constexpr uint32_t EN = G::control::TIMER_ENABLE.mask(), COMP = G::control::COMP_ENABLE.mask(),
                   IRQ = G::control::IRQ_ENABLE.mask(), AUTOINC = G::control::AUTO_INCREMENT.mask(),
                   EVENT = G::isr::EVENT_FLAG.mask();

struct GlobalTimerTest : ::testing::Test {
  Clock clk{"periph", 100e6};
  GlobalTimer gt{"gtimer", clk};
  TestInitiator ini{"ini"};
  IrqLine line{"ppi27"};
  std::vector<sc_time> rises;
  sc_core::sc_event rose;
  GlobalTimerTest() {
    ini.socket.bind(gt.socket);
    gt.irq.bind(line);
    line.listen([this](bool l) {
      if (l) {
        rises.push_back(sc_core::sc_time_stamp());
        rose.notify();
      }
    });
  }
  // XTime_GetTime: read high, low, high until the high word is stable.
  uint64_t get_time() {
    uint32_t hi, lo;
    do {
      hi = ini.read32(ZVP_GTIMER_COUNTER_HI);
      lo = ini.read32(ZVP_GTIMER_COUNTER_LO);
    } while (ini.read32(ZVP_GTIMER_COUNTER_HI) != hi);
    return (uint64_t(hi) << 32) | lo;
  }
};

TEST_F(GlobalTimerTest, VendorSetTimeAndCount) {
  zvp::test::run_sim([&] {
    // XTime_SetTime: disable, write low and high, enable.
    ini.write32(ZVP_GTIMER_CONTROL, 0);
    ini.write32(ZVP_GTIMER_COUNTER_LO, 0xFFFFFFF0u);
    ini.write32(ZVP_GTIMER_COUNTER_HI, 0x1);
    ini.write32(ZVP_GTIMER_CONTROL, EN);
    sc_core::wait(sc_time(1000, SC_NS));
    EXPECT_EQ(get_time(), 0x1FFFFFFF0ull + 100);  // carries into the high word
    ini.write32(ZVP_GTIMER_COUNTER_LO, 0);        // ignored while enabled
    EXPECT_EQ(get_time(), 0x1FFFFFFF0ull + 100);
    EXPECT_EQ(gt.counter_now(), 0x1FFFFFFF0ull + 100);
  });
}

TEST_F(GlobalTimerTest, PrescalerAndDisableFreeze) {
  zvp::test::run_sim([&] {
    ini.write32(ZVP_GTIMER_CONTROL, G::control::PRESCALER.prep(4) | EN);  // count every 5 input cycles
    sc_core::wait(sc_time(1000, SC_NS));
    EXPECT_EQ(get_time(), 20u);
    ini.write32(ZVP_GTIMER_CONTROL, 0);
    sc_core::wait(sc_time(1000, SC_NS));
    EXPECT_EQ(get_time(), 20u);
  });
}

TEST_F(GlobalTimerTest, ComparatorWithAutoIncrement) {
  zvp::test::run_sim([&] {
    ini.write32(ZVP_GTIMER_COMPARATOR_LO, 100);
    ini.write32(ZVP_GTIMER_COMPARATOR_HI, 0);
    ini.write32(ZVP_GTIMER_AUTOINC, 50);
    ini.write32(ZVP_GTIMER_CONTROL, EN | COMP | IRQ | AUTOINC);
    for (int i = 0; i < 3; ++i) {
      sc_core::wait(rose);
      ini.write32(ZVP_GTIMER_ISR, EVENT);
    }
    ASSERT_EQ(rises.size(), 3u);
    EXPECT_EQ(rises[0], sc_time(1000, SC_NS));
    EXPECT_EQ(rises[1], sc_time(1500, SC_NS));
    EXPECT_EQ(rises[2], sc_time(2000, SC_NS));
    EXPECT_EQ(ini.read32(ZVP_GTIMER_COMPARATOR_LO), 250u);
  });
}

TEST_F(GlobalTimerTest, ComparatorWithoutAutoIncrementFiresOnce) {
  zvp::test::run_sim([&] {
    ini.write32(ZVP_GTIMER_COMPARATOR_LO, 30);
    ini.write32(ZVP_GTIMER_CONTROL, EN | COMP | IRQ);
    sc_core::wait(rose);
    EXPECT_EQ(sc_core::sc_time_stamp(), sc_time(300, SC_NS));
    ini.write32(ZVP_GTIMER_ISR, EVENT);
    EXPECT_FALSE(line.read());
    sc_core::wait(sc_time(2000, SC_NS));
    EXPECT_EQ(ini.read32(ZVP_GTIMER_ISR), 0u);
    // A comparator already passed fires at once (>= comparison).
    ini.write32(ZVP_GTIMER_COMPARATOR_LO, 10);
    EXPECT_EQ(ini.read32(ZVP_GTIMER_ISR), EVENT);
    EXPECT_TRUE(line.read());
  });
}

}  // namespace

namespace {

// Two cores' windows (MPCore TRM 4.3): one counter, enable and prescaler for the cluster; each
// core's own comparator, auto-increment, enables and event flag.
TEST(GlobalTimerBanks, CounterSharedComparatorPerCore) {
  Clock clk{"periph", 100e6};
  GlobalTimer gt0{"gtimer0", clk}, gt1{"gtimer1", clk};
  gt0.share_counter(gt1);
  TestInitiator c0{"c0"}, c1{"c1"};
  c0.socket.bind(gt0.socket);
  c1.socket.bind(gt1.socket);
  IrqLine ppi0{"cpu0.ppi27"}, ppi1{"cpu1.ppi27"};
  gt0.irq.bind(ppi0);
  gt1.irq.bind(ppi1);
  std::vector<sc_time> rise0, rise1;
  ppi0.listen([&](bool l) { if (l) rise0.push_back(sc_core::sc_time_stamp()); });
  ppi1.listen([&](bool l) { if (l) rise1.push_back(sc_core::sc_time_stamp()); });
  zvp::test::run_sim([&] {
    c1.write32(ZVP_GTIMER_COMPARATOR_LO, 50);  // core 1's comparator: 500 ns
    c0.write32(ZVP_GTIMER_COMPARATOR_LO, 30);  // core 0's: 300 ns
    c1.write32(ZVP_GTIMER_CONTROL, COMP | IRQ);
    // Core 0 enables the counter (prescaler 0): core 1's counter runs too; core 0's comparator
    // and IRQ enables are still off.
    c0.write32(ZVP_GTIMER_CONTROL, EN);
    EXPECT_EQ(c1.read32(ZVP_GTIMER_CONTROL) & (EN | COMP | IRQ), EN | COMP | IRQ);
    EXPECT_EQ(c0.read32(ZVP_GTIMER_CONTROL) & (COMP | IRQ), 0u);
    sc_core::wait(sc_time(1000, SC_NS));
    EXPECT_EQ(c0.read32(ZVP_GTIMER_COUNTER_LO), 100u);
    EXPECT_EQ(c1.read32(ZVP_GTIMER_COUNTER_LO), 100u);
    ASSERT_EQ(rise1.size(), 1u);
    EXPECT_EQ(rise1[0], sc_time(500, SC_NS));
    EXPECT_TRUE(rise0.empty());
    EXPECT_EQ(c0.read32(ZVP_GTIMER_ISR), 0u);
    EXPECT_EQ(c1.read32(ZVP_GTIMER_ISR), EVENT);
    EXPECT_EQ(c0.read32(ZVP_GTIMER_COMPARATOR_LO), 30u);
    // Core 1 stops the counter for both.
    c1.write32(ZVP_GTIMER_CONTROL, COMP | IRQ);
    sc_core::wait(sc_time(1000, SC_NS));
    EXPECT_EQ(c0.read32(ZVP_GTIMER_COUNTER_LO), 100u);
  });
}

}  // namespace
