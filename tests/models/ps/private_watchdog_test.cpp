// Private watchdog (Cortex-A9 MPCore TRM r3p0 section 4.3), one test per behaviour.
// Timing oracle: a hand count. PERIPHCLK is the CPU clock / 2 on the Zynq, the counter ticks
// every (P+1) PERIPHCLK cycles; after Load = L it reaches zero after L ticks, i.e. at
// L*(P+1)*2 CPU cycles, and with auto-reload every (L+1)*(P+1)*2 CPU cycles after that.
// The disable keys and register values are the TRM's, typed here as the datasheet gives them.
#include <gtest/gtest.h>

#include <vector>

#include "support/test_initiator.h"
#include "ps/private_timer.h"
#include "regs/private_timer_regs.h"

using namespace zvp;
using sc_core::sc_time;
using zvp::test::TestInitiator;

namespace {

// TRM 4.3.3 Watchdog Control Register bits and 4.3.6 Watchdog Disable keys.
constexpr uint32_t EN = 1u << 0, RELOAD = 1u << 1, IT = 1u << 2, WD_MODE = 1u << 3;
constexpr uint32_t prescaler(uint32_t p) { return p << 8; }
constexpr uint32_t KEY1 = 0x12345678, KEY2 = 0x87654321;

struct PrivateWatchdogTest : ::testing::Test {
  Clock cpu{"cpu", 666.666666e6};
  Clock periph{"periph", 666.666666e6 / 2};
  PrivateTimer wdt{"pwdt", periph, true};
  TestInitiator ini{"ini"};
  IrqLine ppi30{"ppi30"};
  std::vector<sc_time> rises, resets;
  sc_core::sc_event rose;
  PrivateWatchdogTest() {
    ini.socket.bind(wdt.socket);
    wdt.irq.bind(ppi30);
    ppi30.listen([this](bool l) {
      if (!l) return;
      rises.push_back(sc_core::sc_time_stamp());
      rose.notify();
    });
    wdt.set_reset_hook([this] { resets.push_back(sc_core::sc_time_stamp()); });
  }
  // Two-sided: within one CPU cycle of `cpu_cycles` after `from`.
  void expect_at(const sc_time& t, const sc_time& from, uint64_t cpu_cycles) {
    const sc_time want = from + cpu.cycles(cpu_cycles), slack = cpu.cycles(uint64_t{1});
    EXPECT_GE(t, want - slack) << "expected at " << want;
    EXPECT_LE(t, want + slack) << "expected at " << want;
  }
  void wait_for(const sc_time& dt) { sc_core::wait(dt); }
  uint32_t read(uint32_t a) { return ini.read32(a); }
  void write(uint32_t a, uint32_t v) { ini.write32(a, v); }
};

TEST_F(PrivateWatchdogTest, TimerModeEventsAtHandCountedTimes) {
  zvp::test::run_sim([&] {
    const uint32_t L = 255, P = 3;
    const sc_time t0 = sc_core::sc_time_stamp();
    write(ZVP_PWDT_LOAD, L);
    write(ZVP_PWDT_CONTROL, prescaler(P) | IT | RELOAD | EN);
    for (int i = 0; i < 2; ++i) {
      sc_core::wait(rose);
      write(ZVP_PWDT_ISR, 1);
    }
    ASSERT_EQ(rises.size(), 2u);
    expect_at(rises[0], t0, uint64_t{L} * (P + 1) * 2);        // 2,048 CPU cycles
    expect_at(rises[1], rises[0], uint64_t{L + 1} * (P + 1) * 2);  // 2,048 + 8
    EXPECT_TRUE(resets.empty());
  });
}

TEST_F(PrivateWatchdogTest, CounterDecrementsAtPeriphclkOverPrescaler) {
  zvp::test::run_sim([&] {
    write(ZVP_PWDT_LOAD, 1000);
    write(ZVP_PWDT_CONTROL, prescaler(9) | EN);  // one tick per 10 PERIPHCLK = 20 CPU cycles
    wait_for(cpu.cycles(uint64_t{20 * 37 + 5}));
    EXPECT_EQ(read(ZVP_PWDT_COUNTER), 1000u - 37);
    write(ZVP_PWDT_CONTROL, prescaler(9));  // disabled: the counter holds
    wait_for(cpu.cycles(uint64_t{2000}));
    EXPECT_EQ(read(ZVP_PWDT_COUNTER), 1000u - 37);
  });
}

TEST_F(PrivateWatchdogTest, OneShotStopsAtZeroWithOneEvent) {
  zvp::test::run_sim([&] {
    write(ZVP_PWDT_LOAD, 50);
    write(ZVP_PWDT_CONTROL, IT | EN);
    wait_for(cpu.cycles(uint64_t{50 * 2 * 10}));
    EXPECT_EQ(read(ZVP_PWDT_COUNTER), 0u);
    EXPECT_EQ(read(ZVP_PWDT_ISR), 1u);
    EXPECT_EQ(rises.size(), 1u);
  });
}

TEST_F(PrivateWatchdogTest, EventFlagIsWriteOneToClear) {
  zvp::test::run_sim([&] {
    write(ZVP_PWDT_LOAD, 10);
    write(ZVP_PWDT_CONTROL, IT | EN);
    sc_core::wait(rose);
    EXPECT_EQ(read(ZVP_PWDT_ISR), 1u);
    write(ZVP_PWDT_ISR, 0);  // writing 0 leaves the flag
    EXPECT_EQ(read(ZVP_PWDT_ISR), 1u);
    write(ZVP_PWDT_ISR, 1);
    EXPECT_EQ(read(ZVP_PWDT_ISR), 0u);
  });
}

// PPI 30 is edge-triggered: one pulse per zero crossing with IT enable set, whether the flag of
// the previous one was cleared or not (Xilinx's xscuwdt_intr_example relies on this).
TEST_F(PrivateWatchdogTest, Ppi30PulsesAtEachZeroCrossingWithItEnable) {
  zvp::test::run_sim([&] {
    write(ZVP_PWDT_LOAD, 10);
    write(ZVP_PWDT_CONTROL, EN);  // IT enable clear
    wait_for(cpu.cycles(uint64_t{100}));
    EXPECT_EQ(read(ZVP_PWDT_ISR), 1u);  // the flag is set all the same
    EXPECT_TRUE(rises.empty());
    write(ZVP_PWDT_CONTROL, IT | EN);  // enabling with the flag set: no interrupt for the past event
    EXPECT_TRUE(rises.empty());
    write(ZVP_PWDT_LOAD, 10);  // flag still set: the next crossing interrupts again
    wait_for(cpu.cycles(uint64_t{100}));
    EXPECT_EQ(rises.size(), 1u);
    EXPECT_FALSE(ppi30.read());
  });
}

TEST_F(PrivateWatchdogTest, WdModeIsSetByWritingOneAndNotClearedByControl) {
  zvp::test::run_sim([&] {
    write(ZVP_PWDT_CONTROL, WD_MODE);
    EXPECT_EQ(read(ZVP_PWDT_CONTROL), WD_MODE);
    write(ZVP_PWDT_CONTROL, 0);
    EXPECT_EQ(read(ZVP_PWDT_CONTROL), WD_MODE);
    write(ZVP_PWDT_CONTROL, prescaler(7) | EN);
    EXPECT_EQ(read(ZVP_PWDT_CONTROL), prescaler(7) | WD_MODE | EN);
  });
}

TEST_F(PrivateWatchdogTest, DisableSequenceReturnsToTimerMode) {
  zvp::test::run_sim([&] {
    write(ZVP_PWDT_CONTROL, WD_MODE);
    write(ZVP_PWDT_DISABLE, KEY1);
    write(ZVP_PWDT_DISABLE, KEY2);
    EXPECT_EQ(read(ZVP_PWDT_CONTROL), 0u);
    EXPECT_EQ(read(ZVP_PWDT_DISABLE), 0u);  // write-only
  });
}

TEST_F(PrivateWatchdogTest, BrokenDisableSequencesKeepWatchdogMode) {
  zvp::test::run_sim([&] {
    write(ZVP_PWDT_CONTROL, WD_MODE);
    write(ZVP_PWDT_DISABLE, KEY2);  // wrong order
    write(ZVP_PWDT_DISABLE, KEY1);
    EXPECT_EQ(read(ZVP_PWDT_CONTROL), WD_MODE);
    write(ZVP_PWDT_DISABLE, KEY1);  // a wrong second value
    write(ZVP_PWDT_DISABLE, KEY2 + 1);
    write(ZVP_PWDT_DISABLE, KEY2);
    EXPECT_EQ(read(ZVP_PWDT_CONTROL), WD_MODE);
    write(ZVP_PWDT_DISABLE, KEY1);  // another watchdog write in between
    write(ZVP_PWDT_LOAD, 5);
    write(ZVP_PWDT_DISABLE, KEY2);
    EXPECT_EQ(read(ZVP_PWDT_CONTROL), WD_MODE);
    write(ZVP_PWDT_DISABLE, KEY1);  // KEY1 twice, then KEY2: the last two writes are the sequence
    write(ZVP_PWDT_DISABLE, KEY1);
    write(ZVP_PWDT_DISABLE, KEY2);
    EXPECT_EQ(read(ZVP_PWDT_CONTROL), 0u);
  });
}

TEST_F(PrivateWatchdogTest, ExpiryInWatchdogModeRequestsResetWithoutInterrupt) {
  zvp::test::run_sim([&] {
    const uint32_t L = 100, P = 1;
    const sc_time t0 = sc_core::sc_time_stamp();
    write(ZVP_PWDT_LOAD, L);
    write(ZVP_PWDT_CONTROL, prescaler(P) | WD_MODE | IT | EN);
    wait_for(cpu.cycles(uint64_t{L} * (P + 1) * 2 * 3 / 2));
    ASSERT_EQ(resets.size(), 1u);
    expect_at(resets[0], t0, uint64_t{L} * (P + 1) * 2);  // 400 CPU cycles
    EXPECT_EQ(read(ZVP_PWDT_RESET_STATUS), 1u);
    EXPECT_EQ(read(ZVP_PWDT_ISR), 0u);  // the event flag is timer mode's
    EXPECT_TRUE(rises.empty());
  });
}

TEST_F(PrivateWatchdogTest, ReloadingLoadKeepsTheWatchdogFromFiring) {
  zvp::test::run_sim([&] {
    write(ZVP_PWDT_LOAD, 1000);
    write(ZVP_PWDT_CONTROL, WD_MODE | EN);  // expires 2,000 CPU cycles after each kick
    for (int i = 0; i < 10; ++i) {
      wait_for(cpu.cycles(uint64_t{1500}));
      write(ZVP_PWDT_LOAD, 1000);
    }
    EXPECT_TRUE(resets.empty());
    wait_for(cpu.cycles(uint64_t{2100}));  // no more kicks
    EXPECT_EQ(resets.size(), 1u);
  });
}

TEST_F(PrivateWatchdogTest, ResetFlagIsWriteOneToClearAndSurvivesReset) {
  zvp::test::run_sim([&] {
    write(ZVP_PWDT_LOAD, 3);
    write(ZVP_PWDT_CONTROL, WD_MODE | EN);
    wait_for(cpu.cycles(uint64_t{100}));
    ASSERT_EQ(read(ZVP_PWDT_RESET_STATUS), 1u);
    wdt.reset();  // what the reset it requested does to the watchdog
    EXPECT_EQ(read(ZVP_PWDT_CONTROL), 0u);  // timer mode, stopped
    EXPECT_EQ(read(ZVP_PWDT_COUNTER), 0u);
    EXPECT_EQ(read(ZVP_PWDT_RESET_STATUS), 1u);  // still tells why the core restarted
    write(ZVP_PWDT_RESET_STATUS, 0);
    EXPECT_EQ(read(ZVP_PWDT_RESET_STATUS), 1u);
    write(ZVP_PWDT_RESET_STATUS, 1);
    EXPECT_EQ(read(ZVP_PWDT_RESET_STATUS), 0u);
    wait_for(cpu.cycles(uint64_t{100}));
    EXPECT_EQ(resets.size(), 1u);
  });
}

TEST_F(PrivateWatchdogTest, TimerModeAfterDisableSetsEventNotReset) {
  zvp::test::run_sim([&] {
    write(ZVP_PWDT_LOAD, 10);
    write(ZVP_PWDT_CONTROL, WD_MODE | EN);
    write(ZVP_PWDT_DISABLE, KEY1);
    write(ZVP_PWDT_DISABLE, KEY2);
    write(ZVP_PWDT_LOAD, 10);
    wait_for(cpu.cycles(uint64_t{100}));
    EXPECT_EQ(read(ZVP_PWDT_ISR), 1u);
    EXPECT_EQ(read(ZVP_PWDT_RESET_STATUS), 0u);
    EXPECT_TRUE(resets.empty());
  });
}

}  // namespace
