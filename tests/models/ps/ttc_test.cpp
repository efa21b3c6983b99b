// Triple timer counter: interval and overflow modes, prescaler, match, decrement,
// clear-on-read interrupt register, exact event times.
#include <gtest/gtest.h>

#include <vector>

#include "support/test_initiator.h"
#include "ps/ttc.h"
#include "zvp_memmap.h"

using namespace zvp;
using sc_core::SC_NS;
using sc_core::sc_time;
using zvp::test::TestInitiator;

namespace {

struct TtcTest : ::testing::Test {
  Clock clk{"cpu_1x", 100e6};
  TripleTimerCounter ttc{"ttc0", clk};
  TestInitiator ini{"ini"};
  IrqLine lines[3] = {IrqLine{"ttc0_0"}, IrqLine{"ttc0_1"}, IrqLine{"ttc0_2"}};
  std::vector<sc_time> rises[3];
  sc_core::sc_event rose[3];
  TtcTest() {
    ini.socket.bind(ttc.socket);
    for (unsigned n = 0; n < 3; ++n) {
      ttc.irq[n].bind(lines[n]);
      lines[n].listen([this, n](bool l) {
        if (l) {
          rises[n].push_back(sc_core::sc_time_stamp());
          rose[n].notify();
        }
      });
    }
  }
  // XTtcPs_CfgInitialize: stop, reset registers, clear pending interrupts.
  void vendor_init(unsigned n) {
    ini.write32(ZVP_TTC_CNT_CTRL + 4 * n, 0x21);
    ini.write32(ZVP_TTC_CLK_CTRL + 4 * n, 0);
    ini.write32(ZVP_TTC_INTERVAL + 4 * n, 0);
    ini.write32(ZVP_TTC_IER + 4 * n, 0);
    ini.read32(ZVP_TTC_ISR + 4 * n);
  }
};

TEST_F(TtcTest, IntervalModeWithPrescaler) {
  zvp::test::run_sim([&] {
    vendor_init(1);
    ini.write32(ZVP_TTC_CLK_CTRL + 4, 0x1);      // prescaler on, divide by 2: 20 ns ticks
    ini.write32(ZVP_TTC_INTERVAL + 4, 99);       // period 100 ticks = 2 us
    ini.write32(ZVP_TTC_IER + 4, 0x1);           // interval interrupt
    ini.write32(ZVP_TTC_CNT_CTRL + 4, 0x2 | 0x10);  // start, interval mode, reset counter
    sc_core::wait(sc_time(1000, SC_NS));
    EXPECT_EQ(ini.read32(ZVP_TTC_CNT_VALUE + 4), 50u);
    for (int i = 0; i < 2; ++i) {
      sc_core::wait(rose[1]);
      EXPECT_EQ(ini.read32(ZVP_TTC_ISR + 4), 0x1u);  // clear on read
      EXPECT_FALSE(lines[1].read());
      EXPECT_EQ(ini.read32(ZVP_TTC_ISR + 4), 0u);
    }
  });
  ASSERT_EQ(rises[1].size(), 2u);
  EXPECT_EQ(rises[1][0], sc_time(2000, SC_NS));
  EXPECT_EQ(rises[1][1], sc_time(4000, SC_NS));
  EXPECT_TRUE(rises[0].empty());
}

TEST_F(TtcTest, OverflowAndMatchInterrupts) {
  zvp::test::run_sim([&] {
    vendor_init(0);
    ini.write32(ZVP_TTC_MATCH1, 10);
    ini.write32(ZVP_TTC_MATCH2, 40000);
    ini.write32(ZVP_TTC_IER, 0x2 | 0x10);  // match 1 and overflow
    ini.write32(ZVP_TTC_CNT_CTRL, 0x8);     // start, overflow mode, match enabled
    sc_core::wait(rose[0]);
    EXPECT_EQ(sc_core::sc_time_stamp(), sc_time(100, SC_NS));
    EXPECT_EQ(ini.read32(ZVP_TTC_ISR), 0x2u);
    sc_core::wait(rose[0]);  // match 2 is not enabled in IER but still recorded
    EXPECT_EQ(sc_core::sc_time_stamp(), sc_time(655360, SC_NS));
    // overflow, match 2 (40000) and match 3 (still 0: the counter passes through 0)
    EXPECT_EQ(ini.read32(ZVP_TTC_ISR), 0x10u | 0x4u | 0x8u);
    ini.write32(ZVP_TTC_CNT_CTRL, 0x9);  // stop
    uint32_t v = ini.read32(ZVP_TTC_CNT_VALUE);
    sc_core::wait(sc_time(1000, SC_NS));
    EXPECT_EQ(ini.read32(ZVP_TTC_CNT_VALUE), v);
  });
}

TEST_F(TtcTest, DecrementingIntervalCountsDown) {
  zvp::test::run_sim([&] {
    vendor_init(2);
    ini.write32(ZVP_TTC_INTERVAL + 8, 9);
    ini.write32(ZVP_TTC_IER + 8, 0x1);
    ini.write32(ZVP_TTC_CNT_CTRL + 8, 0x2 | 0x4 | 0x10);  // interval, decrement, reset to 9
    EXPECT_EQ(ini.read32(ZVP_TTC_CNT_VALUE + 8), 9u);
    sc_core::wait(sc_time(30, SC_NS));
    EXPECT_EQ(ini.read32(ZVP_TTC_CNT_VALUE + 8), 6u);
    sc_core::wait(rose[2]);
    EXPECT_EQ(sc_core::sc_time_stamp(), sc_time(90, SC_NS));  // reaches zero
  });
}

}  // namespace

// The ISR clears on read; a debugger's read shows it and leaves it (and the line) set.
TEST_F(TtcTest, DebugReadOfIsrDoesNotClear) {
  zvp::test::run_sim([&] {
    vendor_init(1);
    ini.write32(ZVP_TTC_INTERVAL + 4, 99);
    ini.write32(ZVP_TTC_IER + 4, 0x1);
    ini.write32(ZVP_TTC_CNT_CTRL + 4, 0x2 | 0x10);
    sc_core::wait(rose[1]);
    EXPECT_EQ(ini.debug_read32(ZVP_TTC_ISR + 4), 0x1u);
    EXPECT_EQ(ini.debug_read32(ZVP_TTC_ISR + 4), 0x1u);
    EXPECT_TRUE(lines[1].read());
    EXPECT_EQ(ini.read32(ZVP_TTC_ISR + 4), 0x1u);
    EXPECT_FALSE(lines[1].read());
    EXPECT_EQ(ini.debug_read32(ZVP_TTC_ISR + 4), 0u);
  });
}

