// The DTPU behind the PG081 adapter: the driver's command sequence, results against hand
// values, the step's timing (hand count), the counters and every bad-input reaction.
#include <gtest/gtest.h>

#include <vector>

#include "accel/dtpu/dtpu_adapter.h"
#include "core/irq.h"
#include "dtpu_bench.h"
#include "golden/dtpu/dtpu_mxu.h"
#include "pl/axis.h"
#include "regs/dtpu_adapter_regs.h"
#include "support/test_initiator.h"

using namespace zvp;
using sc_core::sc_time;
namespace R = zvp::regs::dtpu_adapter;

namespace {
struct Bench : zvp::test::DtpuBench {
  std::vector<sc_time> irq_rises;
  Bench() {
    irq.listen([this](bool v) {
      if (v) irq_rises.push_back(sc_core::sc_time_stamp());
    });
  }
  void setup() {
    cpu.write32(R::CTRL, R::ctrl::SOFT_RESET.mask());
    cpu.write32(R::CTRL, uint32_t{R::CTRL_RESET});
    cpu.write32(R::IARG_RQT_EN, R::iarg_rqt_en::ARGS.mask());  // all three arguments
    cpu.write32(R::OARG_LENGTH_MODE, R::oarg_length_mode::SOFTWARE.mask());
    cpu.write32(R::OARG0_LENGTH, 2048);
  }
  void cmd(uint32_t code, uint32_t mask) { cpu.write32(R::CMD, R::cmd::CODE.prep(code) | R::cmd::MASK.prep(mask)); }
  // 8x8 int8 weights: row i = (i+1) on the diagonal, 1 in column 7.
  std::vector<uint64_t> weights() {
    std::vector<uint64_t> w(8, 0);
    for (unsigned i = 0; i < 8; ++i) {
      dtpu_put(&w[i], i, 8, i + 1);
      dtpu_put(&w[i], 7, 8, 1);
    }
    return w;
  }
};
}  // namespace

TEST(DtpuAdapter, DriverSequenceResultsAndStepTiming) {
  Bench b;
  std::vector<uint64_t> out;
  sc_time t_step, t_done;
  zvp::test::run_sim([&] {
    b.setup();
    b.send(b.f_w, b.weights());
    b.send(b.f_csr, {dtpu_csr0(DTPU_PREC_INT8 | DTPU_CSR_WIDE | DTPU_CSR_SIGNED, 0)});
    // Two vectors: x = (1, 2, ..., 8) and x = (-1, ..., -1).
    uint64_t x0 = 0, x1 = ~0ull;
    for (unsigned j = 0; j < 8; ++j) dtpu_put(&x0, j, 8, j + 1);
    b.send(b.f_in, {x0, x1});
    sc_core::wait(b.clk.cycles(uint64_t(10)));  // all arguments are in
    EXPECT_TRUE(R::iarg0_status::FULL.get(b.cpu.read32(R::IARG0_STATUS)));
    EXPECT_EQ(R::iarg0_status::WORDS.get(b.cpu.read32(R::IARG0_STATUS + R::IARG0_STATUS_STRIDE * R::ARG_INPUT)), 2u);  // 2 words in the input FIFO
    b.cpu.write32(R::OARG0_LENGTH, 8);  // 2 vectors x 4 words (8 int32 outputs)
    t_step = sc_core::sc_time_stamp();
    b.cmd(DtpuAdapter::EXECUTE_STEP, 0);
    b.cmd(DtpuAdapter::UPDATE_OUT_ARG, 1);
    out = b.receive();
    t_done = b.irq_rises.empty() ? sc_time() : b.irq_rises.front();
    EXPECT_TRUE(b.cpu.read32(R::STATUS) & DtpuAdapter::ST_DONE);
    b.cpu.write32(R::STATUS, DtpuAdapter::ST_DONE | DtpuAdapter::ST_ERROR);
    EXPECT_EQ(b.cpu.read32(R::STATUS) & (DtpuAdapter::ST_DONE | DtpuAdapter::ST_ERROR), 0u);
    EXPECT_EQ(b.cpu.read32(R::VECTORS), 2u);
    EXPECT_EQ(b.cpu.read32(R::MACS_LO), 128u);
    EXPECT_EQ(b.cpu.read32(R::WEIGHT_LOADS), 1u);
    EXPECT_EQ(b.cpu.read32(R::STEPS), 1u);
  });
  ASSERT_EQ(out.size(), 8u);
  for (unsigned i = 0; i < 8; ++i) {
    // y_i = (i+1) * x_i + x_7; row 7's column-7 weight is the 1 written last: y_7 = x_7.
    const int64_t y0 = i == 7 ? 8 : int64_t(i + 1) * (i + 1) + 8;
    const int64_t y1 = i == 7 ? -1 : -int64_t(i + 1) - 1;
    EXPECT_EQ(dtpu_sext(dtpu_get(&out[0], i, 32), 32), y0) << i;
    EXPECT_EQ(dtpu_sext(dtpu_get(&out[4], i, 32), 32), y1) << i;
  }
  // Hand count at 20 ns: fetch CSR 1 + weight load 8 + 2 x (load 1 + compute 31 + store 4) = 81
  // cycles from EXECUTE_STEP (all data already in) to done.
  EXPECT_EQ(t_done - t_step, b.clk.cycles(uint64_t(81)));
}

TEST(DtpuAdapter, UnsupportedPrecisionAndWindowGiveErrors) {
  Bench b;
  zvp::test::run_sim([&] {
    b.setup();
    b.send(b.f_w, b.weights());
    b.send(b.f_csr, {dtpu_csr0(DTPU_PREC_INT32, 0)});  // not in this build (int8, int16)
    b.send(b.f_in, {1});
    b.cmd(DtpuAdapter::EXECUTE_STEP, 0);
    sc_core::wait(b.clk.cycles(uint64_t(20)));
    EXPECT_EQ(b.cpu.read32(R::ERROR), uint32_t(DtpuAdapter::ERR_PRECISION));
    EXPECT_EQ(b.cpu.read32(R::STATUS) & (DtpuAdapter::ST_DONE | DtpuAdapter::ST_ERROR),
              uint32_t(DtpuAdapter::ST_DONE | DtpuAdapter::ST_ERROR));  // done + error, interrupt raised
    EXPECT_TRUE(b.irq.read());
    EXPECT_EQ(b.cpu.read32(R::VECTORS), 0u);
    b.cpu.write32(R::STATUS, DtpuAdapter::ST_DONE | DtpuAdapter::ST_ERROR);
    EXPECT_FALSE(b.irq.read());
    b.cmd(DtpuAdapter::UPDATE_IN_ARG, 1u << R::ARG_CSR);
    b.send(b.f_csr, {dtpu_csr0(DTPU_PREC_INT8, 2048)});  // 2048 pages x 8 words > 16384
    b.send(b.f_in, {1});
    b.cmd(DtpuAdapter::EXECUTE_STEP, 0);
    sc_core::wait(b.clk.cycles(uint64_t(20)));
    EXPECT_EQ(b.cpu.read32(R::ERROR), uint32_t(DtpuAdapter::ERR_WINDOW));
    b.cpu.write32(R::ERROR, ~0u);  // clear every cause
    b.cmd(3, 0);  // not a PG081 command code
    EXPECT_EQ(b.cpu.read32(R::ERROR), uint32_t(DtpuAdapter::ERR_CMD));
  });
}

TEST(DtpuAdapter, OverflowTruncationAndPartialVector) {
  Bench b;
  std::vector<uint64_t> out;
  zvp::test::run_sim([&] {
    b.setup();
    b.send(b.f_csr, std::vector<uint64_t>(65, dtpu_csr0(DTPU_PREC_INT8, 0)));  // CSR BRAM holds 64
    sc_core::wait(b.clk.cycles(uint64_t(70)));
    EXPECT_EQ(b.cpu.read32(R::ERROR), uint32_t(DtpuAdapter::ERR_IARG_OVERFLOW));
    EXPECT_EQ(b.cpu.read32(R::IARG0_STATUS) & (R::iarg0_status::FULL.mask() | R::iarg0_status::OVERFLOW.mask()),
              R::iarg0_status::FULL.mask() | R::iarg0_status::OVERFLOW.mask());  // full + overflow
    b.cpu.write32(R::ERROR, ~0u);  // clear every cause
    b.send(b.f_w, b.weights());
    b.send(b.f_in, std::vector<uint64_t>(3, 0x0101010101010101ull));  // 3 vectors -> 3 words
    b.cpu.write32(R::OARG0_LENGTH, 2);  // shorter than the produced data
    b.cmd(DtpuAdapter::EXECUTE_STEP, 0);
    out = b.receive();
    EXPECT_EQ(b.cpu.read32(R::ERROR), uint32_t(DtpuAdapter::ERR_OUT_TRUNCATED));
    EXPECT_EQ(R::oarg0_status::WORDS.get(b.cpu.read32(R::OARG0_STATUS)), 3u);  // produced
    b.cpu.write32(R::ERROR, ~0u);  // clear every cause
    // int16 with 8 columns: 2 words per vector; 3 words leave a partial vector.
    b.cmd(DtpuAdapter::UPDATE_IN_ARG, 1u << R::ARG_CSR);
    b.send(b.f_csr, {dtpu_csr0(DTPU_PREC_INT16, 0)});
    b.send(b.f_in, std::vector<uint64_t>(3, 0));
    b.cpu.write32(R::OARG0_LENGTH, 2048);
    b.cmd(DtpuAdapter::EXECUTE_STEP, 0);
    b.receive();
    EXPECT_EQ(b.cpu.read32(R::ERROR), uint32_t(DtpuAdapter::ERR_PARTIAL_VECTOR));
    EXPECT_EQ(b.cpu.read32(R::VECTORS), 4u);  // 3 + 1
  });
  EXPECT_EQ(out.size(), 2u);
}

TEST(DtpuAdapter, NoDataTakenWhileNotRequested) {
  Bench b;
  zvp::test::run_sim([&] {
    b.cpu.write32(R::IARG_RQT_EN, 0);
    b.f_in.nb_put(AxisBeat{});
    sc_core::wait(b.clk.cycles(uint64_t(10)));
    EXPECT_EQ(b.f_in.num_available(), 1u);  // back-pressured
    b.cpu.write32(R::IARG_RQT_EN, 1u << R::ARG_INPUT);
    sc_core::wait(b.clk.cycles(uint64_t(10)));
    EXPECT_EQ(b.f_in.num_available(), 0u);
  });
}
