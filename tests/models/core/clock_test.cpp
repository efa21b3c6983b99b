// Clock: cycles() and to_cycles() are exact inverses despite picosecond rounding.
#include <gtest/gtest.h>

#include "core/clock.h"

#include <cmath>

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

// Fractional cycle counts (the CPU's) and periods that are not whole picoseconds go through
// from_ps: the same time as the constructor from a double of the rounded picoseconds.
TEST(Clock, FractionalCyclesGiveTheRoundedPicoseconds) {
  // 400 GHz: a 2.5 ps period, so odd cycle counts land exactly halfway (rounded up).
  for (double hz : {666.666687e6, 333.333333e6, 125e6, 1.5e9, 400e9}) {
    Clock c("c", hz);
    for (double n : {0.0, 0.5, 1.0, 2.75, 3.0, 12345.5, 987654321.25, 1.6e9, 4.2e11, 3.0e14,
                     0.2, 0.6, 0.4999999999999999}) {
      const auto ps = std::llround(n * 1e12 / hz);
      EXPECT_EQ(c.cycles(n), sc_core::sc_time(static_cast<double>(ps), sc_core::SC_PS)) << hz << " Hz, n=" << n;
    }
    for (uint64_t n : {uint64_t{1}, uint64_t{777}, uint64_t{1} << 33, uint64_t{1} << 45}) {
      const auto ps = std::llround(static_cast<double>(n) * 1e12 / hz);
      EXPECT_EQ(c.cycles(n), sc_core::sc_time(static_cast<double>(ps), sc_core::SC_PS)) << hz << " Hz, n=" << n;
    }
  }
}
