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
