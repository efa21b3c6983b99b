// Triple timer counter: interval and overflow modes, prescaler, match, decrement,
// clear-on-read interrupt register, exact event times.
#include <gtest/gtest.h>

#include <vector>

#include "support/test_initiator.h"
#include "ps/ttc.h"
#include "regs/ttc_regs.h"

using namespace zvp;
using sc_core::SC_NS;
using sc_core::sc_time;
using zvp::test::TestInitiator;

namespace {

namespace R = zvp::regs::ttc;
constexpr uint32_t DIS = R::cnt_ctrl::DIS.mask(), INT = R::cnt_ctrl::INT.mask(), DEC = R::cnt_ctrl::DEC.mask(),
                   MATCH = R::cnt_ctrl::MATCH.mask(), RST = R::cnt_ctrl::RST.mask();
constexpr uint32_t IV = R::isr::IV.mask(), M1 = R::isr::M1.mask(), M2 = R::isr::M2.mask(),
                   M3 = R::isr::M3.mask(), OV = R::isr::OV.mask();
// Register of timer n (the arrays' element n).
constexpr uint32_t of(uint32_t reg, unsigned n) { return reg + n * R::CNT_CTRL_STRIDE; }

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
    ini.write32(of(ZVP_TTC_CNT_CTRL, n), R::CNT_CTRL_RESET);
    ini.write32(of(ZVP_TTC_CLK_CTRL, n), 0);
    ini.write32(of(ZVP_TTC_INTERVAL, n), 0);
    ini.write32(of(ZVP_TTC_IER, n), 0);
    ini.read32(of(ZVP_TTC_ISR, n));
  }
};

TEST_F(TtcTest, IntervalModeWithPrescaler) {
  zvp::test::run_sim([&] {
    vendor_init(1);
    ini.write32(of(ZVP_TTC_CLK_CTRL, 1), R::clk_ctrl::PS_EN.mask());  // divide by 2: 20 ns ticks
    ini.write32(of(ZVP_TTC_INTERVAL, 1), 99);       // period 100 ticks = 2 us
    ini.write32(of(ZVP_TTC_IER, 1), IV);
    ini.write32(of(ZVP_TTC_CNT_CTRL, 1), INT | RST);  // start, interval mode, reset counter
    sc_core::wait(sc_time(1000, SC_NS));
    EXPECT_EQ(ini.read32(of(ZVP_TTC_CNT_VALUE, 1)), 50u);
    for (int i = 0; i < 2; ++i) {
      sc_core::wait(rose[1]);
      EXPECT_EQ(ini.read32(of(ZVP_TTC_ISR, 1)), IV);  // clear on read
      EXPECT_FALSE(lines[1].read());
      EXPECT_EQ(ini.read32(of(ZVP_TTC_ISR, 1)), 0u);
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
    ini.write32(ZVP_TTC_IER, M1 | OV);
    ini.write32(ZVP_TTC_CNT_CTRL, MATCH);  // start, overflow mode, match enabled
    sc_core::wait(rose[0]);
    EXPECT_EQ(sc_core::sc_time_stamp(), sc_time(100, SC_NS));
    EXPECT_EQ(ini.read32(ZVP_TTC_ISR), M1);
    sc_core::wait(rose[0]);  // match 2 is not enabled in IER but still recorded
    EXPECT_EQ(sc_core::sc_time_stamp(), sc_time(655360, SC_NS));
    // overflow, match 2 (40000) and match 3 (still 0: the counter passes through 0)
    EXPECT_EQ(ini.read32(ZVP_TTC_ISR), OV | M2 | M3);
    ini.write32(ZVP_TTC_CNT_CTRL, MATCH | DIS);  // stop
    uint32_t v = ini.read32(ZVP_TTC_CNT_VALUE);
    sc_core::wait(sc_time(1000, SC_NS));
    EXPECT_EQ(ini.read32(ZVP_TTC_CNT_VALUE), v);
  });
}

TEST_F(TtcTest, DecrementingIntervalCountsDown) {
  zvp::test::run_sim([&] {
    vendor_init(2);
    ini.write32(of(ZVP_TTC_INTERVAL, 2), 9);
    ini.write32(of(ZVP_TTC_IER, 2), IV);
    ini.write32(of(ZVP_TTC_CNT_CTRL, 2), INT | DEC | RST);  // reset to 9
    EXPECT_EQ(ini.read32(of(ZVP_TTC_CNT_VALUE, 2)), 9u);
    sc_core::wait(sc_time(30, SC_NS));
    EXPECT_EQ(ini.read32(of(ZVP_TTC_CNT_VALUE, 2)), 6u);
    sc_core::wait(rose[2]);
    EXPECT_EQ(sc_core::sc_time_stamp(), sc_time(90, SC_NS));  // reaches zero
  });
}

}  // namespace

// The ISR clears on read; a debugger's read shows it and leaves it (and the line) set.
TEST_F(TtcTest, DebugReadOfIsrDoesNotClear) {
  zvp::test::run_sim([&] {
    vendor_init(1);
    ini.write32(of(ZVP_TTC_INTERVAL, 1), 99);
    ini.write32(of(ZVP_TTC_IER, 1), IV);
    ini.write32(of(ZVP_TTC_CNT_CTRL, 1), INT | RST);
    sc_core::wait(rose[1]);
    EXPECT_EQ(ini.debug_read32(of(ZVP_TTC_ISR, 1)), IV);
    EXPECT_EQ(ini.debug_read32(of(ZVP_TTC_ISR, 1)), IV);
    EXPECT_TRUE(lines[1].read());
    EXPECT_EQ(ini.read32(of(ZVP_TTC_ISR, 1)), IV);
    EXPECT_FALSE(lines[1].read());
    EXPECT_EQ(ini.debug_read32(of(ZVP_TTC_ISR, 1)), 0u);
  });
}

