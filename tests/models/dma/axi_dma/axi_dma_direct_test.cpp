// AXI DMA in direct register mode: reset values and soft reset, MM2S timing against the
// stream clock, MM2S->S2MM loopback, S2MM TLAST / LENGTH write-back and overflow (DMAIntErr),
// DECERR/SLVERR from the interconnect, LENGTH width, keyhole, back-pressure, run/stop, and the
// vendor driver's XAxiDma_Reset / SimpleTransfer / Busy / IntrAckIrq sequences.
#include <gtest/gtest.h>

#include "dma_bench.h"

using namespace zvp;
using namespace zvp::test;
using sc_core::sc_time;
using sc_core::SC_NS;
using D = AxiDma;

// The reset values are the datasheet's, an independent oracle (PG021 DMACR 0x00010002: threshold 1,
// reserved bit 1; DMASR 0x00010001: halted, threshold 1), not axi_dma.regs.yaml's.
TEST(AxiDmaDirect, ResetValuesAndSoftResetOfBothChannels) {
  DmaBench b(default_cfg(), true);
  run_sim([&] {
    for (uint64_t ch : {MM2S, S2MM}) {
      EXPECT_EQ(b.rd(ch + CR), 0x00010002u);
      EXPECT_EQ(b.rd(ch + SR), 0x00010001u);
      b.wr(ch + CR, D::CR_RS | D::CR_IOC_EN | threshold(5));
      EXPECT_EQ(b.rd(ch + SR) & D::SR_HALTED, 0u);
      EXPECT_EQ(SRF::IRQ_THRESHOLD_STS.get(b.rd(ch + SR)), 5u);
    }
    b.wr(MM2S + ADDR, 0x1234);
    b.wr(S2MM + CR, b.rd(S2MM + CR) | D::CR_RESET);  // reset through the S2MM register
    for (uint64_t ch : {MM2S, S2MM}) {
      EXPECT_EQ(b.rd(ch + CR), 0x00010002u);  // Reset bit already clear: reset completed
      EXPECT_EQ(b.rd(ch + SR), 0x00010001u);
    }
    EXPECT_EQ(b.rd(MM2S + ADDR), 0u);
    tlm::tlm_response_status st;
    b.cpu.read32(0x20, &st);
    EXPECT_EQ(st, tlm::TLM_ADDRESS_ERROR_RESPONSE);  // reserved offset
  });
}

TEST(AxiDmaDirect, Mm2sStreamsAtTheStreamClockAfterTheFirstBurst) {
  AxiDmaConfig cfg = default_cfg();
  cfg.clk = Clock("fclk0", 125e6);  // 8 ns
  cfg.mm2s_stream_bytes = 2;        // 16-bit pixels, 32-bit memory side (seed 004)
  DmaBench b(cfg, false);
  std::vector<uint8_t> got;
  sc_time t_write;
  sc_core::sc_spawn([&] { get_packet(b.fifo, got, cfg.clk.period()); });
  b.fill(0x1000, 2048, 7);
  run_sim([&] {
    b.wr(MM2S + CR, D::CR_RS | D::CR_IOC_EN);
    b.wr(MM2S + ADDR, 0x1000);
    t_write = sc_core::sc_time_stamp();
    b.wr(MM2S + LENGTH, 2048);
    EXPECT_EQ(b.rd(MM2S + SR) & (D::SR_IDLE | D::SR_HALTED), 0u);  // busy
    sc_core::wait(sc_time(20, sc_core::SC_US));
    EXPECT_EQ(b.rd(MM2S + SR) & kSrFlags, D::SR_IDLE | D::SR_IOC);
  });
  EXPECT_EQ(got, b.mem(0x1000, 2048));
  b.chk.finish();
  EXPECT_TRUE(b.chk.ok()) << b.chk.violations().front();
  ASSERT_EQ(b.chk.packet_sizes().size(), 1u);
  EXPECT_EQ(b.chk.packet_sizes()[0], 2048u);
  // First 64-byte burst from memory, then 1024 beats of 2 bytes at 8 ns: the next bursts are
  // read while the previous one streams out (32 beats = 256 ns > one burst read), no gaps.
  const sc_time first = std::max(b.ddr.access_time(false, 64), cfg.clk.cycles(uint64_t{16}));
  ASSERT_EQ(b.mm2s_rises.size(), 1u);
  EXPECT_EQ(b.mm2s_rises[0], t_write + first + cfg.clk.cycles(uint64_t{1024}));
  EXPECT_EQ(b.dma.bursts(false), 32u);
}

TEST(AxiDmaDirect, LoopbackMm2sToS2mmEndsOnTlastAndWritesBackLength) {
  DmaBench b(default_cfg(), true);
  b.fill(0x2000, 1001, 3);
  run_sim([&] {
    b.wr(S2MM + CR, D::CR_RS | D::CR_IOC_EN);
    b.wr(S2MM + ADDR, 0x8001);  // unaligned destination
    b.wr(S2MM + LENGTH, 4096);
    b.wr(MM2S + CR, D::CR_RS | D::CR_IOC_EN);
    b.wr(MM2S + ADDR, 0x2000);
    b.wr(MM2S + LENGTH, 1001);  // ends on a 1-byte beat
    EXPECT_TRUE(b.poll(S2MM, D::SR_IDLE, D::SR_IDLE));
    EXPECT_EQ(b.rd(S2MM + LENGTH), 1001u);
    EXPECT_EQ(b.rd(S2MM + SR) & kSrFlags, D::SR_IDLE | D::SR_IOC);
    EXPECT_EQ(b.rd(MM2S + SR) & kSrFlags, D::SR_IDLE | D::SR_IOC);
    EXPECT_TRUE(b.s2mm_line.read());
    b.wr(S2MM + SR, D::SR_IOC);  // w1c
    EXPECT_FALSE(b.s2mm_line.read());
    EXPECT_EQ(b.rd(S2MM + SR) & D::SR_IOC, 0u);
  });
  EXPECT_EQ(b.mem(0x8001, 1001), b.mem(0x2000, 1001));
  EXPECT_EQ(b.mem32(0x8001 + 1001), 0u);  // nothing beyond the packet
  EXPECT_EQ(b.dma.bytes_moved(true), 1001u);
}

TEST(AxiDmaDirect, S2mmPacketLongerThanLengthIsIntErrAndHalts) {
  DmaBench b(default_cfg(), true);
  b.fill(0x2000, 256, 9);
  run_sim([&] {
    b.wr(S2MM + CR, D::CR_RS | D::CR_ERR_EN);
    b.wr(S2MM + ADDR, 0x9000);
    b.wr(S2MM + LENGTH, 100);
    b.wr(MM2S + CR, D::CR_RS);
    b.wr(MM2S + ADDR, 0x2000);
    b.wr(MM2S + LENGTH, 256);
    EXPECT_TRUE(b.poll(S2MM, D::SR_HALTED, D::SR_HALTED));
    const uint32_t sr = b.rd(S2MM + SR);
    EXPECT_TRUE(sr & D::SR_INTERR);
    EXPECT_TRUE(sr & D::SR_ERR);
    EXPECT_FALSE(sr & D::SR_IDLE);
    EXPECT_EQ(b.rd(S2MM + CR) & D::CR_RS, 0u);  // RS cleared by the error
    EXPECT_EQ(b.rd(S2MM + LENGTH), 100u);
    EXPECT_TRUE(b.s2mm_line.read());
    b.wr(S2MM + CR, D::CR_RS);  // cannot restart before a reset
    EXPECT_TRUE(b.rd(S2MM + SR) & D::SR_HALTED);
  });
  EXPECT_EQ(b.mem(0x9000, 100), b.mem(0x2000, 100));
  EXPECT_EQ(b.mem32(0x9000 + 100), 0u);
}

TEST(AxiDmaDirect, DecErrAndSlvErrFromTheInterconnect) {
  DmaBench b(default_cfg(), false);
  run_sim([&] {
    b.wr(MM2S + CR, D::CR_RS | D::CR_ERR_EN);
    b.wr(MM2S + ADDR, uint32_t(kUnmapped));
    b.wr(MM2S + LENGTH, 64);
    EXPECT_TRUE(b.poll(MM2S, D::SR_HALTED, D::SR_HALTED));
    uint32_t sr = b.rd(MM2S + SR);
    EXPECT_EQ(sr & (D::SR_ERRORS | D::SR_IRQS), D::SR_DECERR | D::SR_ERR);
    EXPECT_TRUE(b.mm2s_line.read());
    b.wr(MM2S + SR, D::SR_ERR);  // acknowledging the IRQ leaves the error bit
    EXPECT_FALSE(b.mm2s_line.read());
    EXPECT_TRUE(b.rd(MM2S + SR) & D::SR_DECERR);
    b.wr(MM2S + CR, D::CR_RESET);  // only a reset clears errors
    EXPECT_EQ(b.rd(MM2S + SR), uint32_t{R::MM2S_DMASR_RESET});
    b.wr(MM2S + CR, D::CR_RS | D::CR_ERR_EN);
    b.wr(MM2S + ADDR, uint32_t(kErrBase));
    b.wr(MM2S + LENGTH, 64);
    EXPECT_TRUE(b.poll(MM2S, D::SR_HALTED, D::SR_HALTED));
    sr = b.rd(MM2S + SR);
    EXPECT_EQ(sr & (D::SR_ERRORS | D::SR_IRQS), D::SR_SLVERR | D::SR_ERR);
  });
  EXPECT_EQ(b.fifo.beats(), 0u);  // nothing was streamed
}

TEST(AxiDmaDirect, LengthWidthTruncatesAndHaltedOrZeroLengthStartsNothing) {
  AxiDmaConfig cfg = default_cfg();
  cfg.length_width = 10;
  DmaBench b(cfg, false);
  sc_core::sc_spawn([&] { std::vector<uint8_t> v; get_packet(b.fifo, v, sc_time(10, SC_NS)); });
  run_sim([&] {
    b.wr(MM2S + LENGTH, 0xFFFFF);  // halted: stored (truncated), no transfer
    EXPECT_EQ(b.rd(MM2S + LENGTH), 0x3FFu);
    sc_core::wait(sc_time(1, sc_core::SC_US));
    EXPECT_EQ(b.rd(MM2S + SR), uint32_t{R::MM2S_DMASR_RESET});
    b.wr(MM2S + CR, D::CR_RS);
    b.wr(MM2S + LENGTH, 0);  // zero: nothing starts
    sc_core::wait(sc_time(1, sc_core::SC_US));
    EXPECT_EQ(b.rd(MM2S + SR) & kSrFlags, 0u);  // running, not idle, no IOC
    b.wr(MM2S + LENGTH, 0x1000 | 0x20);      // above the width: 0x20 bytes remain
    EXPECT_TRUE(b.poll(MM2S, D::SR_IDLE, D::SR_IDLE));
  });
  EXPECT_EQ(b.fifo.beats(), 8u);
}

TEST(AxiDmaDirect, KeyholeReadsOneAddress) {
  DmaBench b(default_cfg(), false);
  std::vector<uint8_t> got;
  sc_core::sc_spawn([&] { get_packet(b.fifo, got, sc_time(10, SC_NS)); });
  b.put32(0x3000, 0xA1B2C3D4);
  b.put32(0x3004, 0x11111111);
  run_sim([&] {
    b.wr(MM2S + CR, D::CR_RS | D::CR_KEYHOLE);
    b.wr(MM2S + ADDR, 0x3000);
    b.wr(MM2S + LENGTH, 64);
    EXPECT_TRUE(b.poll(MM2S, D::SR_IDLE, D::SR_IDLE));
  });
  ASSERT_EQ(got.size(), 64u);
  for (size_t i = 0; i < 64; i += 4) EXPECT_EQ(got[i] | got[i + 1] << 8 | got[i + 2] << 16 | uint32_t(got[i + 3]) << 24, 0xA1B2C3D4u);
}

TEST(AxiDmaDirect, SlowConsumerBackPressuresMm2s) {
  DmaBench b(default_cfg(), false, 4);
  const sc_time consumer(100, SC_NS);  // one beat per 10 DMA clocks
  sc_core::sc_spawn([&] { std::vector<uint8_t> v; get_packet(b.fifo, v, consumer); });
  sc_time t0;
  b.fill(0, 512, 1);
  run_sim([&] {
    b.wr(MM2S + CR, D::CR_RS | D::CR_IOC_EN);
    t0 = sc_core::sc_time_stamp();
    b.wr(MM2S + LENGTH, 512);  // 128 beats
    EXPECT_TRUE(b.poll(MM2S, D::SR_IDLE, D::SR_IDLE));
  });
  ASSERT_EQ(b.mm2s_rises.size(), 1u);
  const sc_time took = b.mm2s_rises[0] - t0;
  // The last beat enters the 4-deep FIFO when the consumer has taken beat 123 (at 123 x 100 ns).
  EXPECT_GE(took, consumer * 123.0);
  EXPECT_LE(took, consumer * 124.0 + sc_time(200, SC_NS));
  EXPECT_GT(took, sc_time(10, SC_NS) * 128.0 * 5.0);  // far beyond the unstalled 128 beats
}

TEST(AxiDmaDirect, RunStopHaltsAfterTheCurrentTransfer) {
  DmaBench b(default_cfg(), false);
  sc_core::sc_spawn([&] { std::vector<uint8_t> v; get_packet(b.fifo, v, sc_time(10, SC_NS)); });
  run_sim([&] {
    b.wr(MM2S + CR, D::CR_RS);
    b.wr(MM2S + LENGTH, 1024);  // 256 beats, ~2.6 us
    sc_core::wait(sc_time(500, SC_NS));
    b.wr(MM2S + CR, 0);
    EXPECT_EQ(b.rd(MM2S + SR) & D::SR_HALTED, 0u);  // lag between RS = 0 and Halted
    sc_core::wait(sc_time(5, sc_core::SC_US));
    EXPECT_EQ(b.rd(MM2S + SR) & kSrFlags, D::SR_HALTED | D::SR_IOC);
    b.wr(MM2S + LENGTH, 64);  // halted: no effect
    sc_core::wait(sc_time(1, sc_core::SC_US));
  });
  EXPECT_EQ(b.fifo.beats(), 256u);
}

TEST(AxiDmaDirect, ResetAbortsATransferInFlight) {
  DmaBench b(default_cfg(), false, 2);
  sc_core::sc_spawn([&] { for (;;) { std::vector<uint8_t> v; get_packet(b.fifo, v, sc_time(100, SC_NS)); } });
  run_sim([&] {
    b.wr(MM2S + CR, D::CR_RS | D::CR_IOC_EN);
    b.wr(MM2S + LENGTH, 4096);
    sc_core::wait(sc_time(2, sc_core::SC_US));
    b.wr(MM2S + CR, D::CR_RESET);
    EXPECT_EQ(b.rd(MM2S + SR), uint32_t{R::MM2S_DMASR_RESET});
    const uint64_t beats = b.fifo.beats();
    sc_core::wait(sc_time(2, sc_core::SC_US));
    EXPECT_EQ(b.fifo.beats(), beats);  // nothing more after the reset
    b.wr(MM2S + CR, D::CR_RS | D::CR_IOC_EN);
    b.wr(MM2S + LENGTH, 16);
    EXPECT_TRUE(b.poll(MM2S, D::SR_IDLE, D::SR_IDLE));
    EXPECT_EQ(b.fifo.beats(), beats + 4);
  });
}

namespace {
// The vendor standalone driver's register sequences (xaxidma.c / xaxidma_hw.h behaviour).
struct VendorDriver {
  DmaBench& b;
  bool reset() {  // XAxiDma_Reset + XAxiDma_ResetIsDone polling with a timeout
    b.wr(MM2S + CR, D::CR_RESET);
    for (int timeout = 500; timeout > 0; --timeout)
      if (!(b.rd(MM2S + CR) & D::CR_RESET) && !(b.rd(S2MM + CR) & D::CR_RESET)) return true;
    return false;
  }
  void intr_enable(uint64_t ch, uint32_t mask) { b.wr(ch + CR, b.rd(ch + CR) | mask); }
  void intr_disable(uint64_t ch, uint32_t mask) { b.wr(ch + CR, b.rd(ch + CR) & ~mask); }
  bool busy(uint64_t ch) { return !(b.rd(ch + SR) & D::SR_IDLE); }
  int simple_transfer(uint64_t ch, uint32_t addr, uint32_t len) {
    if (!(b.rd(ch + SR) & D::SR_HALTED) && busy(ch)) return 1;  // XST_FAILURE
    b.wr(ch + ADDR, addr);
    b.wr(ch + CR, b.rd(ch + CR) | D::CR_RS);
    b.wr(ch + LENGTH, len);
    return 0;
  }
  uint32_t get_irq(uint64_t ch) { return b.rd(ch + SR) & D::SR_IRQS; }
  void ack_irq(uint64_t ch, uint32_t m) { b.wr(ch + SR, m & D::SR_IRQS); }
};
}  // namespace

TEST(AxiDmaDirect, VendorDriverSequencesWorkUnmodified) {
  DmaBench b(default_cfg(), true);
  VendorDriver drv{b};
  b.fill(0x10000, 2048, 11);
  bool irq_seen = false;
  run_sim([&] {
    ASSERT_TRUE(drv.reset());
    drv.intr_disable(MM2S, D::SR_IRQS);
    drv.intr_disable(S2MM, D::SR_IRQS);
    drv.intr_enable(MM2S, D::CR_IOC_EN | D::CR_ERR_EN);
    drv.intr_enable(S2MM, D::CR_IOC_EN | D::CR_ERR_EN);
    for (int round = 0; round < 2; ++round) {
      const uint32_t dst = 0x20000 + 0x1000 * round;
      EXPECT_EQ(drv.simple_transfer(S2MM, dst, 2048), 0);    // receive first
      EXPECT_EQ(drv.simple_transfer(MM2S, 0x10000, 2048), 0);
      EXPECT_EQ(drv.simple_transfer(MM2S, 0x10000, 2048), 1);  // busy: refused
      while (!b.s2mm_line.read()) sc_core::wait(sc_time(50, SC_NS));  // "wait for the interrupt"
      irq_seen = true;
      EXPECT_EQ(drv.get_irq(S2MM), uint32_t(D::SR_IOC));
      drv.ack_irq(S2MM, drv.get_irq(S2MM));
      while (drv.busy(MM2S)) sc_core::wait(sc_time(50, SC_NS));
      drv.ack_irq(MM2S, drv.get_irq(MM2S));
      EXPECT_FALSE(b.mm2s_line.read());
      EXPECT_FALSE(b.s2mm_line.read());
      EXPECT_EQ(b.rd(S2MM + LENGTH), 2048u);
    }
  });
  EXPECT_TRUE(irq_seen);
  EXPECT_EQ(b.mem(0x20000, 2048), b.mem(0x10000, 2048));
  EXPECT_EQ(b.mem(0x21000, 2048), b.mem(0x10000, 2048));
}
