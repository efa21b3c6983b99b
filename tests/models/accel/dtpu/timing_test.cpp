// The control unit's cycle counts (dtpu_timing.h) against hand counts from the thesis's FSM:
// fetch CSR 1, weight load R*ceil(C*w/64), per vector load ceil(C*w/64) + compute
// (3(C-1) + R + floor(R/C) + 1) + store ceil(R*wo/64).
#include <gtest/gtest.h>

#include "accel/dtpu/dtpu_timing.h"

using zvp::DtpuTiming;

TEST(DtpuTiming, HandCounts) {
  DtpuTiming t8{8, 8, false};
  // 8x8 int8, 1 vector, first run: 1 + 8 + (1 + 31 + 1) = 42.
  EXPECT_EQ(t8.step_cycles(1, 8, 8, true), 42u);
  // 3x3 int32 wrap, 2 vectors, weights already in: MAX_COUNTER = 6 + 3 + 1 = 10;
  // 1 + 2 * (2 + 11 + 2) = 31.
  DtpuTiming t3{3, 3, false};
  EXPECT_EQ(t3.step_cycles(2, 32, 32, false), 31u);
  // 16 rows x 8 columns int16 wide (int32 out), 3 vectors, first run: MAX_COUNTER = 21 + 16 + 2
  // = 39; weights 16 * 2 = 32; 1 + 32 + 3 * (2 + 40 + 8) = 183.
  DtpuTiming t16{16, 8, false};
  EXPECT_EQ(t16.step_cycles(3, 16, 32, true), 183u);
  // 24x24 int8: MAX_COUNTER = 69 + 24 + 1 = 94; one vector: 1 + 3 + 95 + 3 = 102.
  DtpuTiming t24{24, 24, false};
  EXPECT_EQ(t24.step_cycles(1, 8, 8, false), 102u);
}

TEST(DtpuTiming, PipelinedAddsMaxOfLoadAndStorePerVector) {
  // 8x8 int8 wide (int32 out: 4 store words), 4 vectors: 1 + (1 + 31 + 4) + 3 * 4 = 49,
  // against 1 + 4 * 36 = 145 without pipelining.
  DtpuTiming p{8, 8, true}, n{8, 8, false};
  EXPECT_EQ(p.step_cycles(4, 8, 32, false), 49u);
  EXPECT_EQ(n.step_cycles(4, 8, 32, false), 145u);
  EXPECT_EQ(p.step_cycles(0, 8, 32, false), 1u);  // an empty step only fetches the CSR
}
