// The resource budget of a design point (dtpu_resources.h) against the thesis's facts worked out
// by hand: DSP48E1 per PE (int8/16 1, int32 3, int64 14, fp32/bf16 2, shared in a multi-precision
// build), the parts' DSP and BRAM36 counts (DS190), the adapter's 41 BRAM36 and the thesis's list
// of implemented PYNQ-Z2 points.
#include <gtest/gtest.h>

#include "accel/dtpu/dtpu_resources.h"
#include "golden/dtpu/dtpu_mxu.h"

using zvp::dtpu_budget;
using zvp::fpga_part;

namespace {
const auto z020 = fpga_part("XC7Z020");
const auto z045 = fpga_part("XC7Z045");
}  // namespace

TEST(DtpuResources, PartsFromDs190) {
  ASSERT_TRUE(z020 && z045);
  EXPECT_EQ(z020->dsp, 220u);
  EXPECT_EQ(z020->bram36, 140u);
  EXPECT_EQ(z045->dsp, 900u);
  EXPECT_EQ(z045->bram36, 545u);
  EXPECT_FALSE(fpga_part("XC7A35T"));
}

TEST(DtpuResources, DspPerPrecisionAndSharing) {
  EXPECT_EQ(dtpu_budget(8, 8, DTPU_HAS_INT8, 50e6, z020).dsp, 64u);
  EXPECT_EQ(dtpu_budget(8, 8, DTPU_HAS_INT16, 50e6, z020).dsp, 64u);
  EXPECT_EQ(dtpu_budget(8, 8, DTPU_HAS_INT32, 50e6, z020).dsp, 192u);   // 3 per PE
  EXPECT_EQ(dtpu_budget(4, 4, DTPU_HAS_INT64, 50e6, z020).dsp, 224u);   // 14 per PE
  EXPECT_EQ(dtpu_budget(8, 8, DTPU_HAS_FP32 | DTPU_HAS_BF16, 30e6, z020).dsp_per_pe, 2u);  // one FP unit
  // int8 + int32: the 32-bit integer PE computes int8 too (3); + FP (2) = 5 per PE.
  EXPECT_EQ(dtpu_budget(8, 8, DTPU_HAS_INT8 | DTPU_HAS_INT32 | DTPU_HAS_FP32, 50e6, z020).dsp, 320u);
  EXPECT_EQ(dtpu_budget(8, 8, DTPU_HAS_ALL, 50e6, z020).dsp_per_pe, 16u);  // 14 + 2
  EXPECT_EQ(dtpu_budget(32, 32, DTPU_HAS_INT8, 50e6, z020).bram36, 41u);   // 1 + 32 + 4 + 4
}

TEST(DtpuResources, FitsWithinDspElseUnknown) {
  EXPECT_EQ(dtpu_budget(14, 14, DTPU_HAS_INT8, 50e6, z020).fits, true);     // 196 <= 220
  EXPECT_EQ(dtpu_budget(15, 15, DTPU_HAS_INT8, 50e6, z020).fits, std::nullopt);  // 225: fabric MACs
  EXPECT_EQ(dtpu_budget(16, 16, DTPU_HAS_INT8, 50e6, z045).fits, true);     // 256 <= 900
  EXPECT_EQ(dtpu_budget(8, 8, DTPU_HAS_INT8, 50e6, std::nullopt).fits, std::nullopt);
}

TEST(DtpuResources, ThesisImplementedList) {
  EXPECT_EQ(dtpu_budget(24, 24, DTPU_HAS_INT8, 80e6, z020).implemented, true);
  EXPECT_EQ(dtpu_budget(24, 24, DTPU_HAS_INT8, 100e6, z020).implemented, false);  // 22x22 at 100
  EXPECT_EQ(dtpu_budget(22, 22, DTPU_HAS_INT8, 120e6, z020).implemented, true);
  EXPECT_EQ(dtpu_budget(8, 8, DTPU_HAS_INT8, 40e6, z020).implemented, false);     // 30/50/80 only
  EXPECT_EQ(dtpu_budget(18, 18, DTPU_HAS_INT16, 60e6, z020).implemented, true);   // 30-80 MHz
  EXPECT_EQ(dtpu_budget(12, 12, DTPU_HAS_INT16, 100e6, z020).implemented, false);
  EXPECT_EQ(dtpu_budget(10, 10, DTPU_HAS_INT32, 50e6, z020).implemented, true);   // 300 DSP: fabric
  EXPECT_EQ(dtpu_budget(10, 10, DTPU_HAS_INT32, 80e6, z020).implemented, false);
  EXPECT_EQ(dtpu_budget(6, 6, DTPU_HAS_INT64, 30e6, z020).implemented, false);
  EXPECT_EQ(dtpu_budget(8, 8, DTPU_HAS_BF16, 30e6, z020).implemented, true);
  EXPECT_EQ(dtpu_budget(8, 8, DTPU_HAS_ALL, 50e6, z020).implemented, std::nullopt);  // not a listed build
  EXPECT_EQ(dtpu_budget(8, 8, DTPU_HAS_INT8, 50e6, z045).implemented, std::nullopt); // another board
}
