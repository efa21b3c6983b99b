// AXI Timer (PG079): generate (up/down, auto-reload, hold), capture, cascade, ENALL, TINT w1c,
// the vendor start sequence; exact times at a 100 MHz clock.
#include <gtest/gtest.h>

#include <vector>

#include "support/test_initiator.h"
#include "core/irq.h"
#include "pl/axi_timer.h"
#include "regs/axi_timer_regs.h"

using namespace zvp;
using sc_core::sc_time;
using sc_core::SC_NS;
using T = AxiTimer;

namespace {
namespace R = zvp::regs::axi_timer;
// Timer n's registers at + n * stride (axi_timer.regs.yaml).
constexpr uint64_t TCSR0 = R::TCSR0, TLR0 = R::TLR0, TCR0 = R::TCR0;
constexpr uint64_t TCSR1 = TCSR0 + R::TCSR0_STRIDE, TLR1 = TLR0 + R::TLR0_STRIDE, TCR1 = TCR0 + R::TCR0_STRIDE;
}  // namespace

namespace {
struct TimerBench {
  zvp::test::TestInitiator cpu{"cpu"};
  Clock clk{"pl", 100e6};  // 10 ns
  AxiTimer tmr{"tmr", clk};
  IrqLine line{"tmr_irq"};
  std::vector<sc_time> rises;
  TimerBench() {
    cpu.socket.bind(tmr.socket);
    tmr.irq.bind(line);
    line.listen([this](bool v) {
      if (v) rises.push_back(sc_core::sc_time_stamp());
    });
  }
  sc_time cyc(uint64_t n) const { return clk.cycles(n); }
};
}  // namespace

TEST(AxiTimer, ResetValuesAndHoles) {
  TimerBench b;
  zvp::test::run_sim([&] {
    // Every register of the map (axi_timer.regs.yaml) reads 0 after reset.
#define ZVP_X_(name, offset, width, count, stride, access)                         \
  for (uint64_t n = 0; n < count; ++n)                                             \
    EXPECT_EQ(b.cpu.read32(offset + n * stride), 0u) << #name << n;
    ZVP_AXI_TIMER_REGS(ZVP_X_)
#undef ZVP_X_
    tlm::tlm_response_status st;
    b.cpu.read32(0x0C, &st);  // the hole after TCR0
    EXPECT_EQ(st, tlm::TLM_ADDRESS_ERROR_RESPONSE);
  });
}

TEST(AxiTimer, GenerateUpAutoReloadPeriod) {
  TimerBench b;
  sc_time t0;
  uint32_t tcr_mid = 0;
  zvp::test::run_sim([&] {
    b.cpu.write32(TLR0, 0xFFFFFF00u);        // TLR0
    b.cpu.write32(TCSR0, T::LOAD);            // vendor start: load ...
    t0 = sc_core::sc_time_stamp();
    b.cpu.write32(TCSR0, T::ARHT | T::ENIT | T::ENT);  // ... then enable
    sc_core::wait(b.cyc(10));
    tcr_mid = b.cpu.read32(TCR0);
    sc_core::wait(b.cyc(300));
    EXPECT_TRUE(b.cpu.read32(TCSR0) & T::TINT);
    b.cpu.write32(TCSR0, T::ARHT | T::ENIT | T::ENT | T::TINT);  // w1c
    EXPECT_FALSE(b.cpu.read32(TCSR0) & T::TINT);
    sc_core::wait(b.cyc(400));
  });
  EXPECT_EQ(tcr_mid, 0xFFFFFF0Au);
  // 0xFF cycles to the terminal count, roll-over on the next; then every MAX - TLR + 2 = 257.
  ASSERT_GE(b.rises.size(), 2u);
  EXPECT_EQ(b.rises[0], t0 + b.cyc(256));
  EXPECT_EQ(b.rises[1], t0 + b.cyc(256 + 257));
}

TEST(AxiTimer, GenerateDownReloadAndCounterValues) {
  TimerBench b;
  sc_time t0;
  uint32_t v10 = 0, v_reload = 0;
  zvp::test::run_sim([&] {
    b.cpu.write32(TLR1, 100);                           // timer 1
    b.cpu.write32(TCSR1, T::LOAD);
    EXPECT_EQ(b.cpu.read32(TCR1), 100u);                // LOAD copies TLR to TCR
    t0 = sc_core::sc_time_stamp();
    b.cpu.write32(TCSR1, T::UDT | T::ARHT | T::ENIT | T::ENT);
    sc_core::wait(b.cyc(10));
    v10 = b.cpu.read32(TCR1);
    sc_core::wait(b.cyc(93));                            // cycle 103: reloaded at 102, then -1
    v_reload = b.cpu.read32(TCR1);
    b.cpu.write32(TCSR1, T::UDT | T::ARHT | T::ENIT | T::ENT | T::TINT);  // acknowledge
    sc_core::wait(b.cyc(200));
  });
  EXPECT_EQ(v10, 90u);
  EXPECT_EQ(v_reload, 99u);
  ASSERT_GE(b.rises.size(), 1u);
  EXPECT_EQ(b.rises[0], t0 + b.cyc(101));  // period TLR + 2 = 102 after the first roll-over
  ASSERT_GE(b.rises.size(), 2u);
  EXPECT_EQ(b.rises[1], t0 + b.cyc(101 + 102));
}

TEST(AxiTimer, GenerateWithoutReloadHolds) {
  TimerBench b;
  zvp::test::run_sim([&] {
    b.cpu.write32(TLR0, 5);
    b.cpu.write32(TCSR0, T::LOAD);
    b.cpu.write32(TCSR0, T::UDT | T::ENIT | T::ENT);
    sc_core::wait(b.cyc(50));
    EXPECT_EQ(b.cpu.read32(TCR0), 0u);  // held at the terminal count
    EXPECT_TRUE(b.cpu.read32(TCSR0) & T::TINT);
    b.cpu.write32(TCSR0, T::UDT | T::ENIT | T::ENT | T::TINT);
    sc_core::wait(b.cyc(500));
    EXPECT_FALSE(b.cpu.read32(TCSR0) & T::TINT);  // no further roll-over
  });
  EXPECT_EQ(b.rises.size(), 1u);
}

TEST(AxiTimer, CaptureModeHoldAndOverwrite) {
  TimerBench b;
  uint32_t cap1 = 0, cap2 = 0, cap3 = 0;
  zvp::test::run_sim([&] {
    b.cpu.write32(TCSR0, T::MDT | T::CAPT | T::ENIT | T::ENT);  // free-running from 0
    sc_core::wait(b.cyc(1000));
    b.tmr.capture(0);
    cap1 = b.cpu.read32(TLR0);
    EXPECT_TRUE(b.cpu.read32(TCSR0) & T::TINT);
    sc_core::wait(b.cyc(500));
    b.tmr.capture(0);  // ARHT = 0 and TINT pending: the first capture is kept
    cap2 = b.cpu.read32(TLR0);
    b.cpu.write32(TCSR0, T::MDT | T::CAPT | T::ARHT | T::ENIT | T::ENT);  // overwrite mode
    sc_core::wait(b.cyc(250));
    b.tmr.capture(0);
    cap3 = b.cpu.read32(TLR0);
  });
  EXPECT_EQ(cap1, 1000u);
  EXPECT_EQ(cap2, 1000u);
  EXPECT_EQ(cap3, 1750u);
  EXPECT_EQ(b.rises.size(), 1u);  // the line stayed high (TINT never cleared)
}

TEST(AxiTimer, CaptureIgnoredWithoutCaptEnable) {
  TimerBench b;
  zvp::test::run_sim([&] {
    b.cpu.write32(TCSR0, T::MDT | T::ENT);
    sc_core::wait(b.cyc(10));
    b.tmr.capture(0);
    EXPECT_EQ(b.cpu.read32(TLR0), 0u);
    EXPECT_FALSE(b.cpu.read32(TCSR0) & T::TINT);
  });
}

TEST(AxiTimer, CascadeCounts64BitAndRollsOver) {
  TimerBench b;
  sc_time t0;
  uint32_t lo = 0, hi = 0;
  zvp::test::run_sim([&] {
    b.cpu.write32(TLR0, 0xFFFFFFF0u);
    b.cpu.write32(TLR1, 0x1u);
    b.cpu.write32(TCSR1, T::LOAD);
    b.cpu.write32(TCSR0, T::CASC | T::LOAD);
    b.cpu.write32(TCSR1, 0);
    t0 = sc_core::sc_time_stamp();
    b.cpu.write32(TCSR0, T::CASC | T::ENT);
    sc_core::wait(b.cyc(32));
    lo = b.cpu.read32(TCR0);
    hi = b.cpu.read32(TCR1);
    // 64-bit roll-over with auto-reload from TLR1:TLR0.
    b.cpu.write32(TLR0, 0xFFFFFF00u);
    b.cpu.write32(TLR1, 0xFFFFFFFFu);
    b.cpu.write32(TCSR1, T::LOAD);
    b.cpu.write32(TCSR0, T::CASC | T::LOAD);
    b.cpu.write32(TCSR1, 0);
    t0 = sc_core::sc_time_stamp();
    b.cpu.write32(TCSR0, T::CASC | T::ARHT | T::ENIT | T::ENT);
    sc_core::wait(b.cyc(600));
  });
  EXPECT_EQ(lo, 0x10u);
  EXPECT_EQ(hi, 0x2u);
  ASSERT_GE(b.rises.size(), 1u);
  EXPECT_EQ(b.rises[0], t0 + b.cyc(256));
}

TEST(AxiTimer, EnallStartsBothAndClearsOnlyItself) {
  TimerBench b;
  zvp::test::run_sim([&] {
    b.cpu.write32(TCSR0, T::ENALL);
    EXPECT_EQ(b.cpu.read32(TCSR0) & (T::ENALL | T::ENT), T::ENALL | T::ENT);
    EXPECT_EQ(b.cpu.read32(TCSR1) & (T::ENALL | T::ENT), T::ENALL | T::ENT);
    sc_core::wait(b.cyc(20));
    EXPECT_EQ(b.cpu.read32(TCR0), 20u);
    EXPECT_EQ(b.cpu.read32(TCR1), 20u);
    b.cpu.write32(TCSR1, T::ENT);  // ENALL written 0: cleared in both, timers keep running
    EXPECT_EQ(b.cpu.read32(TCSR0) & (T::ENALL | T::ENT), uint32_t(T::ENT));
    sc_core::wait(b.cyc(5));
    EXPECT_EQ(b.cpu.read32(TCR0), 25u);
  });
}

TEST(AxiTimer, InterruptNeedsEnit) {
  TimerBench b;
  zvp::test::run_sim([&] {
    b.cpu.write32(TLR0, 3);
    b.cpu.write32(TCSR0, T::LOAD);
    b.cpu.write32(TCSR0, T::UDT | T::ARHT | T::ENT);
    sc_core::wait(b.cyc(20));
    EXPECT_TRUE(b.cpu.read32(TCSR0) & T::TINT);
    EXPECT_FALSE(b.line.read());
    b.cpu.write32(TCSR0, T::UDT | T::ARHT | T::ENT | T::ENIT);  // enabling shows the pending TINT
    EXPECT_TRUE(b.line.read());
  });
}
