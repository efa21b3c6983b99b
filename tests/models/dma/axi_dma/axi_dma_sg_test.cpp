// AXI DMA in scatter-gather mode: descriptor chains (SOF/EOF packets over several
// descriptors), status write-back, CURDESC/TAILDESC/Idle, S2MM packets spanning descriptors
// (RXSOF/RXEOF), IRQThreshold coalescing and the delay timer, cyclic mode, SG errors
// (Cmplt already set -> SGIntErr, zero length -> DMAIntErr, unmapped descriptor -> SGDecErr).
#include <gtest/gtest.h>

#include "dma_bench.h"

using namespace zvp;
using namespace zvp::test;
using sc_core::sc_time;
using sc_core::SC_NS;
using D = AxiDma;

TEST(AxiDmaSg, Mm2sDescriptorChainWithCoalescing) {
  DmaBench b(default_cfg(true), false);
  std::vector<std::vector<uint8_t>> pkts(2);
  sc_core::sc_spawn([&] {
    for (auto& p : pkts) get_packet(b.fifo, p, sc_time(10, SC_NS));
  });
  b.fill(0x2000, 100, 1);
  b.fill(0x3000, 60, 2);
  b.fill(0x4000, 30, 3);
  b.bd(0x1000, 0x1040, 0x2000, D::BD_SOF | 100);
  b.bd(0x1040, 0x1080, 0x3000, D::BD_EOF | 60);
  b.bd(0x1080, 0x1000, 0x4000, D::BD_SOF | D::BD_EOF | 30);
  run_sim([&] {
    EXPECT_EQ(b.rd(MM2S + SR), 0x00010009u);  // Halted | SGIncld (PG021 value, independent oracle)
    b.wr(MM2S + CURDESC, 0x1000);
    b.wr(MM2S + CR, D::CR_RS | D::CR_IOC_EN | threshold(2));
    EXPECT_EQ(b.rd(MM2S + SR) & D::SR_HALTED, 0u);  // XAxiDma_BdRingHwIsStarted
    sc_core::wait(sc_time(1, sc_core::SC_US));
    EXPECT_EQ(b.fifo.beats(), 0u);  // nothing before TAILDESC
    b.wr(MM2S + TAILDESC, 0x1080);
    EXPECT_TRUE(b.poll(MM2S, D::SR_IDLE, D::SR_IDLE));
    EXPECT_EQ(b.rd(MM2S + CURDESC), 0x1080u);
    EXPECT_EQ(b.rd(MM2S + SR) & kSrFlags, D::SR_SGINCLD | D::SR_IDLE | D::SR_IOC);
    EXPECT_EQ(SRF::IRQ_THRESHOLD_STS.get(b.rd(MM2S + SR)), 2u);  // counter reloaded
    b.wr(MM2S + CURDESC, 0x2000);                 // ignored while running
    EXPECT_EQ(b.rd(MM2S + CURDESC), 0x1080u);
  });
  EXPECT_EQ(b.mem32(0x1000 + D::BD_STATUS), D::BD_CMPLT | 100u);
  EXPECT_EQ(b.mem32(0x1040 + D::BD_STATUS), D::BD_CMPLT | 60u);
  EXPECT_EQ(b.mem32(0x1080 + D::BD_STATUS), D::BD_CMPLT | 30u);
  std::vector<uint8_t> first = b.mem(0x2000, 100), second = b.mem(0x3000, 60);
  first.insert(first.end(), second.begin(), second.end());
  EXPECT_EQ(pkts[0], first);
  EXPECT_EQ(pkts[1], b.mem(0x4000, 30));
  b.chk.finish();
  EXPECT_TRUE(b.chk.ok());
  EXPECT_EQ(b.mm2s_rises.size(), 1u);  // threshold 2: one interrupt for two packets
}

TEST(AxiDmaSg, S2mmPacketSpansDescriptors) {
  DmaBench b(default_cfg(true), true);
  b.fill(0x2000, 100, 5);
  b.bd(0x1000, 0x1000, 0x2000, D::BD_SOF | D::BD_EOF | 100);  // MM2S: one packet
  b.bd(0x5000, 0x5040, 0x6000, 64);
  b.bd(0x5040, 0x5080, 0x7000, 64);
  b.bd(0x5080, 0x5000, 0x8000, 64);
  run_sim([&] {
    b.wr(S2MM + CURDESC, 0x5000);
    b.wr(S2MM + CR, D::CR_RS | D::CR_IOC_EN);
    b.wr(S2MM + TAILDESC, 0x5080);
    b.wr(MM2S + CURDESC, 0x1000);
    b.wr(MM2S + CR, D::CR_RS);
    b.wr(MM2S + TAILDESC, 0x1000);
    EXPECT_TRUE(b.poll(MM2S, D::SR_IDLE, D::SR_IDLE));
    while (!b.s2mm_line.read()) sc_core::wait(sc_time(100, SC_NS));
    EXPECT_EQ(b.rd(S2MM + CURDESC), 0x5040u);  // the packet ended in the second descriptor
    EXPECT_EQ(b.rd(S2MM + SR) & D::SR_IDLE, 0u);  // third descriptor still queued
  });
  EXPECT_EQ(b.mem32(0x5000 + D::BD_STATUS), D::BD_CMPLT | D::BD_RXSOF | 64u);
  EXPECT_EQ(b.mem32(0x5040 + D::BD_STATUS), D::BD_CMPLT | D::BD_RXEOF | 36u);
  EXPECT_EQ(b.mem32(0x5080 + D::BD_STATUS), 0u);
  EXPECT_EQ(b.mem(0x6000, 64), b.mem(0x2000, 64));
  EXPECT_EQ(b.mem(0x7000, 36), b.mem(0x2000 + 64, 36));
}

TEST(AxiDmaSg, DelayTimerRaisesDlyIrqAfter125xDelayClocks) {
  AxiDmaConfig cfg = default_cfg(true);
  cfg.sg_clk = Clock("sg", 50e6);  // 20 ns
  DmaBench b(cfg, false);
  sc_time last_beat;
  sc_core::sc_spawn([&] {
    std::vector<uint8_t> v;
    get_packet(b.fifo, v, sc_time(1, SC_NS));
    last_beat = sc_core::sc_time_stamp() - sc_time(1, SC_NS);
  });
  b.bd(0x1000, 0x1040, 0x2000, D::BD_SOF | D::BD_EOF | 40);
  b.bd(0x1040, 0x1000, 0x3000, D::BD_SOF | D::BD_EOF | 40);
  run_sim([&] {
    b.wr(MM2S + CURDESC, 0x1000);
    b.wr(MM2S + CR, D::CR_RS | D::CR_IOC_EN | D::CR_DLY_EN | threshold(3) | delay(2));
    b.wr(MM2S + TAILDESC, 0x1000);
    EXPECT_TRUE(b.poll(MM2S, D::SR_IDLE, D::SR_IDLE, 100));
    EXPECT_EQ(SRF::IRQ_THRESHOLD_STS.get(b.rd(MM2S + SR)), 2u);  // one of three events counted
    EXPECT_EQ(b.rd(MM2S + SR) & D::SR_DLY, 0u);
    sc_core::wait(sc_time(3, sc_core::SC_US));
    EXPECT_EQ(SRF::IRQ_DELAY_STS.get(b.rd(MM2S + SR)), 1u);  // IRQDelaySts: one unit of 125 SG clocks (2.5 us) elapsed
    sc_core::wait(sc_time(3, sc_core::SC_US));  // 125 x 2 x 20 ns = 5 us after the packet
    const uint32_t sr = b.rd(MM2S + SR);
    EXPECT_TRUE(sr & D::SR_DLY);
    EXPECT_FALSE(sr & D::SR_IOC);
    EXPECT_EQ(SRF::IRQ_THRESHOLD_STS.get(sr), 3u);  // the delay interrupt reloads the threshold counter
  });
  ASSERT_EQ(b.mm2s_rises.size(), 1u);
  // Packet end = last beat + one stream clock + the status write-back; then 125 x 2 SG clocks.
  const sc_time status_write = std::max(b.ddr.access_time(true, 4), cfg.clk.period());
  EXPECT_EQ(b.mm2s_rises[0], last_beat + cfg.clk.period() + status_write + cfg.sg_clk.cycles(uint64_t{250}));
}

TEST(AxiDmaSg, CyclicModeIgnoresTailAndCmpltUntilStopped) {
  DmaBench b(default_cfg(true), false);
  unsigned packets = 0;
  sc_core::sc_spawn([&] {
    for (;;) {
      std::vector<uint8_t> v;
      if (get_packet(b.fifo, v, sc_time(10, SC_NS))) ++packets;
    }
  });
  b.bd(0x1000, 0x1040, 0x2000, D::BD_SOF | D::BD_EOF | 16);
  b.bd(0x1040, 0x1000, 0x3000, D::BD_SOF | D::BD_EOF | 16);
  run_sim([&] {
    b.wr(MM2S + CURDESC, 0x1000);
    b.wr(MM2S + CR, D::CR_RS | D::CR_CYCLIC);
    b.wr(MM2S + TAILDESC, 0x50000);  // not in the ring
    sc_core::wait(sc_time(5, sc_core::SC_US));
    EXPECT_EQ(b.rd(MM2S + SR) & D::SR_ERRORS, 0u);
    b.wr(MM2S + CR, D::CR_CYCLIC);  // stop
    EXPECT_TRUE(b.poll(MM2S, D::SR_HALTED, D::SR_HALTED, 100));
    const unsigned at_halt = packets;
    sc_core::wait(sc_time(2, sc_core::SC_US));
    EXPECT_EQ(packets, at_halt);
  });
  EXPECT_GE(packets, 6u);
  EXPECT_EQ(b.mem32(0x1000 + D::BD_STATUS) & D::BD_CMPLT, D::BD_CMPLT);
}

TEST(AxiDmaSg, DescriptorErrors) {
  DmaBench b(default_cfg(true), false);
  sc_core::sc_spawn([&] { for (;;) { std::vector<uint8_t> v; get_packet(b.fifo, v, sc_time(10, SC_NS)); } });
  auto start = [&](uint32_t desc) {
    b.wr(MM2S + CR, D::CR_RESET);
    b.wr(MM2S + CURDESC, desc);
    b.wr(MM2S + CR, D::CR_RS | D::CR_ERR_EN);
    b.wr(MM2S + TAILDESC, desc);
    return b.poll(MM2S, D::SR_HALTED, D::SR_HALTED, 100);
  };
  b.bd(0x1000, 0x1000, 0x2000, D::BD_SOF | D::BD_EOF | 16, D::BD_CMPLT);  // not recycled
  b.bd(0x1100, 0x1100, 0x2000, D::BD_SOF | D::BD_EOF | 0);                // zero length
  b.bd(0x1200, 0x1200, uint32_t(kUnmapped), D::BD_SOF | D::BD_EOF | 16);   // bad buffer
  uint32_t sr[4] = {};
  run_sim([&] {
    ASSERT_TRUE(start(0x1000));
    sr[0] = b.rd(MM2S + SR);
    ASSERT_TRUE(start(0x1100));
    sr[1] = b.rd(MM2S + SR);
    ASSERT_TRUE(start(uint32_t(kUnmapped)));
    sr[2] = b.rd(MM2S + SR);
    EXPECT_EQ(b.rd(MM2S + CURDESC), uint32_t(kUnmapped));  // the fetch failed: as written
    ASSERT_TRUE(start(0x1200));
    sr[3] = b.rd(MM2S + SR);
    EXPECT_EQ(b.rd(MM2S + CURDESC), 0x1200u);
    EXPECT_TRUE(b.mm2s_line.read());
  });
  EXPECT_EQ(sr[0] & D::SR_ERRORS, uint32_t(D::SR_SGINTERR));
  EXPECT_EQ(sr[1] & D::SR_ERRORS, uint32_t(D::SR_INTERR));
  EXPECT_EQ(b.mem32(0x1100 + D::BD_STATUS), uint32_t(D::BD_INTERR));
  EXPECT_EQ(sr[2] & D::SR_ERRORS, uint32_t(D::SR_SGDECERR));
  EXPECT_EQ(sr[3] & D::SR_ERRORS, uint32_t(D::SR_DECERR));
  EXPECT_EQ(b.mem32(0x1200 + D::BD_STATUS), uint32_t(D::BD_DECERR));
  for (uint32_t s : sr) EXPECT_EQ(s & (D::SR_ERR | D::SR_HALTED | D::SR_IDLE), D::SR_ERR | D::SR_HALTED);
}
