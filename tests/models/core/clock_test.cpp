// Clock: cycles() and to_cycles() are exact inverses despite picosecond rounding.
#include <gtest/gtest.h>

#include "core/clock.h"

using zvp::Clock;

TEST(Clock, CyclesAndBackAgreeAtAwkwardFrequencies) {
  for (double hz : {333.333333e6, 666.666687e6, 222.222222e6, 125e6, 533.333333e6}) {
    Clock c("c", hz);
    for (uint64_t n = 0; n < 20000; n += 7) {
      EXPECT_EQ(c.to_cycles(c.cycles(n)), n) << hz << " Hz, n=" << n;
      if (n) EXPECT_EQ(c.to_cycles(c.cycles(n) - sc_core::sc_time(1, sc_core::SC_PS)), n - 1);
    }
  }
}

TEST(Clock, PeriodIsRoundedToPicoseconds) {
  EXPECT_EQ(Clock("c", 125e6).period(), sc_core::sc_time(8, sc_core::SC_NS));
  EXPECT_EQ(Clock("c", 666.666687e6).cycles(uint64_t{3}), sc_core::sc_time(4500, sc_core::SC_PS));
}

// Whole-picosecond periods take an integer path: it must give what the rounding formula gives
// (computed here independently with long double) for small and very large cycle counts, and
// to_cycles must stay its inverse there.
TEST(Clock, WholePicosecondPeriodsGiveTheRoundedTimes) {
  for (double hz : {80e6, 100e6, 125e6, 50e6, 200e6, 1e9, 250e6}) {
    Clock c("c", hz);
    const long double ps = 1e12L / hz;
    for (uint64_t n : {uint64_t{0}, uint64_t{1}, uint64_t{3}, uint64_t{12345}, uint64_t{987654321},
                       uint64_t{80000000000}, uint64_t{1} << 40, uint64_t{1} << 45}) {
      const auto expected = static_cast<uint64_t>(std::llround(static_cast<long double>(n) * ps));
      EXPECT_EQ(c.cycles(n), sc_core::sc_time(static_cast<double>(expected), sc_core::SC_PS)) << hz << " Hz, n=" << n;
      if (expected < (uint64_t{1} << 52)) {
        EXPECT_EQ(c.to_cycles(c.cycles(n)), n) << hz << " Hz, n=" << n;
        if (n) EXPECT_EQ(c.to_cycles(c.cycles(n) - sc_core::sc_time(1, sc_core::SC_PS)), n - 1);
      }
    }
  }
  EXPECT_EQ(Clock("c", 80e6).period(), sc_core::sc_time(12.5, sc_core::SC_NS));
}
