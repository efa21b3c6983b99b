// The predict IP: bit-exact classes, HLS control through the IP, DATAFLOW overlap and
// back-pressure, bad stream lengths.
#include <gtest/gtest.h>

#include "accel/lenet/lenet_predict_ip.h"
#include "ip_bench.h"
#include "support/test_initiator.h"

using namespace zvp;
using sc_core::sc_time;
using sc_core::SC_NS;

namespace {

const Clock& kClk = lenet_test::kIpClock;
// AP_CTRL bits (hls_control.regs.yaml).
constexpr uint32_t kStart = HlsControl::AP_START, kDone = HlsControl::AP_DONE, kIdle = HlsControl::AP_IDLE,
                   kContinue = HlsControl::AP_CONTINUE, kAutoRestart = HlsControl::AUTO_RESTART;
using Bench = lenet_test::IpBench;

int golden(const lenet_lite_fixed_params& p, const std::vector<int16_t>& img) {
  int16_t out[LITE_F2];
  return lenet_lite_fixed_predict(&p, img.data(), out);
}

}  // namespace

TEST(LenetIp, BitExactWithGoldenOnManyImages) {
  Bench b("optimized", 16);
  const auto imgs = lenet_test::images(b.params, 100);
  uint32_t out_r = 0, vld = 0, vld_again = 0;
  test::run_sim([&] {
    b.cpu.write32(HlsControl::kApCtrl, kAutoRestart | kStart);
    for (const auto& img : imgs) lenet_test::send(b.fifo, img, 1024, kClk.period());
    b.wait_done(imgs.size());
    out_r = b.cpu.read32(LenetPredictIp::kOutputR);
    vld = b.cpu.read32(LenetPredictIp::kOutputRCtrl);
    vld_again = b.cpu.read32(LenetPredictIp::kOutputRCtrl);
  });
  ASSERT_EQ(b.ip.tasks().size(), imgs.size());
  int differ = 0;
  for (size_t i = 0; i < imgs.size(); ++i) differ += b.ip.tasks()[i].cls != golden(b.params, imgs[i]);
  EXPECT_EQ(differ, 0);
  EXPECT_EQ(int(out_r), golden(b.params, imgs.back()));
  EXPECT_EQ(vld, 1u);
  EXPECT_EQ(vld_again, 0u);  // ap_vld is clear-on-read
  EXPECT_EQ(b.ip.tlast_errors(), 0u);
  // The real digits are mostly classified right (the model works end to end).
  int right = 0;
  auto ds = mnist::read_file(std::string(ZVP_LENET_DATA_DIR) + "/mnist_test_head40.bin");
  for (size_t i = 0; i < ds.count() && i < imgs.size(); ++i) right += b.ip.tasks()[i].cls == ds.labels[i];
  EXPECT_GE(right, 36);
}

TEST(LenetIp, StreamDesignGivesTheSameClasses) {
  Bench b("stream", 16);
  b.ip.use_golden_functions(true);  // the reference path: the golden C layer functions
  const auto imgs = lenet_test::images(b.params, 4);
  test::run_sim([&] {
    b.cpu.write32(HlsControl::kApCtrl, kAutoRestart | kStart);
    for (const auto& img : imgs) lenet_test::send(b.fifo, img, 1024, kClk.period());
    b.wait_done(imgs.size());
  });
  ASSERT_EQ(b.ip.images_done(), imgs.size());
  for (size_t i = 0; i < imgs.size(); ++i) EXPECT_EQ(b.ip.tasks()[i].cls, golden(b.params, imgs[i]));
  // conv1 (264,691 cycles) bounds the interval (plus its wait for pool1, see below).
  const uint64_t interval = b.cycles(b.ip.tasks()[3].done - b.ip.tasks()[2].done);
  EXPECT_GE(interval, lenet_hls_design("stream").stages[1].latency());
  EXPECT_LE(interval, lenet_hls_design("stream").stages[1].latency() + lenet_hls_design("stream").stages[2].latency());
}

TEST(LenetIp, HlsControlHandshakeAndInterrupt) {
  Bench b("optimized", 16);
  const auto imgs = lenet_test::images(b.params, 1);
  uint32_t ctrl_busy = 0, ctrl_done = 0, ctrl_held = 0, ctrl_after = 0, isr = 0, isr_after = 0;
  bool irq_seen = false, irq_after = true;
  sc_time t_start, t_irq;
  test::run_sim([&] {
    b.cpu.write32(HlsControl::kGie, 1);
    b.cpu.write32(HlsControl::kIer, 1);  // ap_done
    t_start = sc_core::sc_time_stamp();
    b.cpu.write32(HlsControl::kApCtrl, kStart);
    sc_core::wait(kClk.period());  // ap_idle falls once the task has been taken
    ctrl_busy = b.cpu.read32(HlsControl::kApCtrl);
    lenet_test::send(b.fifo, imgs[0], 1024, kClk.period());
    while (!b.irq.read()) sc_core::wait(kClk.cycles(uint64_t{100}));
    t_irq = sc_core::sc_time_stamp();
    irq_seen = true;
    isr = b.cpu.read32(HlsControl::kIsr);
    ctrl_done = b.cpu.read32(HlsControl::kApCtrl);
    ctrl_held = b.cpu.read32(HlsControl::kApCtrl);  // chain: done holds until ap_continue
    b.cpu.write32(HlsControl::kIsr, 1);               // toggle-on-write clears it
    isr_after = b.cpu.read32(HlsControl::kIsr);
    irq_after = b.irq.read();
    b.cpu.write32(HlsControl::kApCtrl, kContinue);
    ctrl_after = b.cpu.read32(HlsControl::kApCtrl);
  });
  EXPECT_EQ(ctrl_busy & (kStart | kIdle), kStart);
  ASSERT_TRUE(irq_seen);
  EXPECT_EQ(isr, 1u);
  EXPECT_EQ(ctrl_done & (kDone | kIdle), kDone);
  EXPECT_EQ(ctrl_held & kDone, kDone);
  EXPECT_EQ(isr_after, 0u);
  EXPECT_FALSE(irq_after);
  EXPECT_EQ(ctrl_after & (kDone | kIdle), kIdle);
  // One image through an empty pipeline: the read path (1,024 beats + the first stage's buffer)
  // then every stage's compute phase in turn (each starts when its producer finished).
  const LenetHlsDesign& d = lenet_hls_design("optimized");
  uint64_t compute = 0;
  for (size_t s = 1; s < d.stages.size(); ++s) compute += d.stages[s].compute_latency();
  const uint64_t lat = b.cycles(b.ip.tasks()[0].done - b.ip.tasks()[0].first_beat);
  EXPECT_GE(lat, compute + d.stages[1].read_latency());
  EXPECT_LE(lat, compute + d.stages[1].read_latency() + d.stages.size() * 2);
  EXPECT_EQ(int(b.cpu.read32(LenetPredictIp::kOutputR)), golden(b.params, imgs[0]));
}

TEST(LenetIp, DataflowOverlapsImagesAtTheBottleneckInterval) {
  Bench b("optimized", 16);
  const auto imgs = lenet_test::images(b.params, 6);
  test::run_sim([&] {
    b.cpu.write32(HlsControl::kApCtrl, kAutoRestart | kStart);
    for (const auto& img : imgs) lenet_test::send(b.fifo, img, 1024, kClk.period());
    b.wait_done(imgs.size());
  });
  ASSERT_EQ(b.ip.images_done(), 6u);
  const LenetHlsDesign& d = lenet_hls_design("optimized");
  const size_t last = d.stages.size() - 1;
  for (uint64_t n = 0; n + 1 < 6; ++n) {
    for (size_t s = 1; s <= last; ++s) EXPECT_GE(b.ip.stage_start(s, n + 1), b.ip.stage_end(s, n));  // one at a time
    // sub_conv1 already works on image n+1 while the later stages finish image n.
    EXPECT_LT(b.ip.stage_start(1, n + 1), b.ip.stage_end(last, n));
  }
  // Steady state: one image per sub_conv1 latency plus the time its 3rd output waits for pool1
  // (depth-2 stream) to finish computing the previous image and come back to read:
  //   interval = L(sub_conv1) + C(pool1) + 1 - (R(sub_conv1) + 1 + 3 * C(sub_conv1) / 784)
  const LenetStage &c1 = d.stages[1], &p1 = d.stages[2];
  const double expect = double(c1.latency()) + double(p1.compute_latency()) -
                        (double(c1.read_latency()) + 3.0 * c1.compute_latency() / c1.outputs);
  const double interval = double(b.cycles(b.ip.tasks()[5].done - b.ip.tasks()[4].done));
  EXPECT_NEAR(interval, expect, 0.002 * expect);
  EXPECT_GT(b.ip.stage_stall(1), sc_core::SC_ZERO_TIME);
  const double single = double(b.cycles(b.ip.tasks()[0].done - b.ip.tasks()[0].start));
  EXPECT_GT(single, 1.5 * interval);
}

// Channels deep enough for a whole image (STREAM depth pragmas): the interval is exactly the
// slowest stage's latency, HLS's DATAFLOW interval estimate.
TEST(LenetIp, DeepChannelsRunAtTheSlowestStageLatency) {
  LenetHlsDesign deep = lenet_hls_design("optimized");
  for (auto& s : deep.stages) s.channel_depth = 4096;
  lenet_lite_fixed_params params = lenet_test::load_params();
  AxisFifo fifo("fifo", 2, 16);
  LenetPredictIp ip("ip", deep, params, kClk);
  test::TestInitiator cpu("cpu");
  ip.in.bind(fifo);
  cpu.socket.bind(ip.socket);
  const auto imgs = lenet_test::images(params, 5);
  test::run_sim([&] {
    cpu.write32(HlsControl::kApCtrl, kAutoRestart | kStart);
    for (const auto& img : imgs) lenet_test::send(fifo, img, 1024, kClk.period());
    while (ip.images_done() < imgs.size()) sc_core::wait(kClk.cycles(uint64_t{1000}));
  });
  const uint64_t interval = kClk.to_cycles(ip.tasks()[4].done - ip.tasks()[3].done);
  EXPECT_NEAR(double(interval), double(deep.max_stage_latency()), 2.0);
  EXPECT_EQ(ip.stage_stall(1), sc_core::SC_ZERO_TIME);
}

// With a stream FIFO of 3 images in front of the IP (the buffering seed 004's measurement
// implies), inputs 1-4 are accepted at stream speed and the 5th waits until sub_conv1 has finished
// image 1 and starts reading image 2 (the read stage forwards only channel_depth pixels before).
TEST(LenetIp, FifthInputIsBackPressured) {
  Bench b("optimized", 3 * 1024);
  const auto imgs = lenet_test::images(b.params, 6);
  std::vector<uint64_t> accepted;
  test::run_sim([&] {
    b.cpu.write32(HlsControl::kApCtrl, kAutoRestart | kStart);
    const sc_time t0 = sc_core::sc_time_stamp();
    for (const auto& img : imgs) accepted.push_back(b.cycles(lenet_test::send(b.fifo, img, 1024, kClk.period()) - t0));
    b.wait_done(imgs.size());
  });
  ASSERT_EQ(accepted.size(), 6u);
  const uint64_t conv1 = lenet_hls_design("optimized").stages[1].latency();
  for (int i = 0; i < 4; ++i) EXPECT_LT(accepted[i], uint64_t(1024 * (i + 1) + 50)) << "input " << i + 1;
  EXPECT_GT(accepted[4], conv1) << "input 5";
  EXPECT_GT(b.ip.stage_stall(0), sc_core::SC_ZERO_TIME);  // the read stage waited for sub_conv1
}

TEST(LenetIp, ShortAndLongPacketsShiftPixelsAndAreCounted) {
  Bench b("optimized", 16);
  const auto imgs = lenet_test::images(b.params, 3);
  bool idle = true;
  test::run_sim([&] {
    b.cpu.write32(HlsControl::kApCtrl, kAutoRestart | kStart);
    lenet_test::send(b.fifo, imgs[0], 1030, kClk.period());  // 6 beats too many
    lenet_test::send(b.fifo, imgs[1], 1000, kClk.period());  // 24 too few (+6 carried = 1006)
    b.wait_done(1);
    sc_core::wait(kClk.cycles(uint64_t{200000}));  // the second task waits for 18 more beats
    idle = b.cpu.read32(HlsControl::kApCtrl) & kIdle;
  });
  EXPECT_EQ(b.ip.images_done(), 1u);
  EXPECT_EQ(b.ip.tasks()[0].cls, golden(b.params, imgs[0]));
  EXPECT_FALSE(idle);                  // still inside task 2: software's time limit must fire
  EXPECT_EQ(b.ip.tlast_errors(), 1u);  // task 1 ended on a beat without TLAST
  EXPECT_EQ(b.ip.tasks().size(), 1u);
}

TEST(LenetIp, NarrowBeatsAndStartWhileBusy) {
  Bench b("optimized", 16);
  const auto imgs = lenet_test::images(b.params, 2);
  uint64_t starts_before = 0;
  test::run_sim([&] {
    b.cpu.write32(HlsControl::kApCtrl, kStart);
    b.cpu.write32(HlsControl::kApCtrl, kStart);  // start while busy: no second task
    sc_core::wait(kClk.cycles(uint64_t{100}));
    starts_before = b.ip.control().starts_taken();
    lenet_test::send(b.fifo, imgs[0], 1024, kClk.period(), true, 1);  // 8-bit beats
    b.wait_done(1);
  });
  EXPECT_EQ(starts_before, 1u);
  EXPECT_EQ(b.ip.short_beats(), 1024u);
  std::vector<int16_t> low(1024);
  for (size_t i = 0; i < 1024; ++i) low[i] = int16_t(uint16_t(imgs[0][i]) & 0xFF);
  EXPECT_EQ(b.ip.tasks()[0].cls, golden(b.params, low));
}

TEST(LenetIp, RegisterHolesAndReadOnlyOutput) {
  Bench b("optimized", 16);
  tlm::tlm_response_status hole = tlm::TLM_OK_RESPONSE;
  uint32_t out = 1;
  test::run_sim([&] {
    b.cpu.read32(0x18, &hole);
    b.cpu.write32(LenetPredictIp::kOutputR, 7);
    out = b.cpu.read32(LenetPredictIp::kOutputR);
  });
  EXPECT_EQ(hole, tlm::TLM_ADDRESS_ERROR_RESPONSE);
  EXPECT_EQ(out, 0u);
}
