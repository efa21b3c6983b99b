// DMA Action Scheduler: FIFO and 4-state FSM against a PL330-like peripheral request interface
// (the real Pl330PeriphPort, served by a test "DMAC" that takes requests and acknowledges).
#include <gtest/gtest.h>

#include "accel/csp/dma_action_scheduler.h"
#include "support/test_initiator.h"

using namespace zvp;
using S = DmaActionScheduler;

namespace {

namespace F = zvp::regs::csp_sched;  // csp.regs.yaml fields
constexpr uint32_t kToDdr = F::push::DIR.prep(F::push::DIR_PL_TO_DDR), kBurst = F::push::BURST.mask(),
                   kLast = F::push::LAST.mask();

struct Bench {
  DmaSchedulerParams p;
  DmaActionScheduler s{"sched", p};
  zvp::test::TestInitiator ini{"ini"};
  Pl330PeriphPort port[3];
  IrqLine irq{"sched_irq"};
  Bench() {
    ini.socket.bind(s.socket);
    for (unsigned c = 0; c < 3; ++c) {
      port[c].set_index(c);
      s.bind_periph(c, port[c]);
    }
    s.irq.bind(irq);
  }
  void push(unsigned ch, uint32_t addr, uint32_t len, uint32_t ctrl) {
    ini.write32(ch * S::CH_STRIDE + S::ADDR, addr);
    ini.write32(ch * S::CH_STRIDE + S::LEN, len);
    ini.write32(ch * S::CH_STRIDE + S::PUSH, ctrl);
  }
  uint32_t reg(unsigned ch, uint32_t off) { return ini.read32(ch * S::CH_STRIDE + off); }
  // n PL cycles plus a picosecond: the FSM's own clock edges at the same instant are settled.
  sc_core::sc_time cycles(unsigned n) {
    return p.clock.cycles(uint64_t(n)) + sc_core::sc_time(1, sc_core::SC_PS);
  }
};

}  // namespace

TEST(CspDmaScheduler, FifoOrderFsmStatesAndBarrier) {
  Bench b;
  zvp::test::run_sim([&] {
    b.ini.write32(S::IRQ_ENABLE, F::irq_enable::BARRIER.mask() | F::irq_enable::PUSH_ERROR.mask());
    EXPECT_EQ(b.ini.read32(S::INFO), F::info::DEPTH.prep(b.p.fifo_depth) | F::info::CHANNELS.prep(3));
    // Three requests on the weights channel: the first is driven, the others wait in the FIFO.
    b.push(1, 0x100, 64, 0);           // single
    b.push(1, 0x200, 128, kBurst);     // burst
    b.push(1, 0x300, 32, kBurst | kLast);  // burst, last
    EXPECT_EQ(b.reg(1, S::PENDING), 3u);
    sc_core::wait(b.cycles(2));        // pop + request cycles
    EXPECT_EQ(b.s.state(1), S::WaitAck);
    EXPECT_EQ(F::status::STATE.get(b.reg(1, S::STATUS)), uint32_t(S::WaitAck));
    EXPECT_EQ(F::status::LEVEL.get(b.reg(1, S::STATUS)), 2u);
    ASSERT_TRUE(b.port[1].has_request());
    auto r = b.port[1].take();
    EXPECT_EQ(r.type, Pl330ReqType::Single);
    EXPECT_FALSE(r.last);
    EXPECT_FALSE(b.port[0].has_request());
    EXPECT_FALSE(b.port[2].has_request());
    // Nothing else is requested until the DMAC acknowledges.
    sc_core::wait(b.cycles(20));
    EXPECT_FALSE(b.port[1].has_request());
    EXPECT_EQ(b.reg(1, S::PENDING), 3u);
    b.port[1].ack(Pl330AckType::SingleDone);
    sc_core::wait(sc_core::sc_time(1, sc_core::SC_PS));
    EXPECT_EQ(b.s.state(1), S::Done);
    sc_core::wait(b.p.clock.period());
    EXPECT_EQ(b.reg(1, S::DONE), 1u);
    EXPECT_EQ(b.reg(1, S::BYTES), 64u);
    EXPECT_EQ(b.reg(1, S::PENDING), 2u);
    sc_core::wait(b.cycles(2));
    ASSERT_TRUE(b.port[1].has_request());
    r = b.port[1].take();
    EXPECT_EQ(r.type, Pl330ReqType::Burst);
    EXPECT_FALSE(b.irq.read());
    b.port[1].ack(Pl330AckType::BurstDone);
    sc_core::wait(b.cycles(3));
    r = b.port[1].take();
    EXPECT_EQ(r.type, Pl330ReqType::Burst);
    EXPECT_TRUE(r.last);
    b.port[1].ack(Pl330AckType::BurstDone);
    sc_core::wait(b.cycles(1));
    // Barrier reached: PENDING 0, IRQ_STATUS bit 1, interrupt raised.
    EXPECT_EQ(b.reg(1, S::PENDING), 0u);
    EXPECT_EQ(b.reg(1, S::BYTES), 64u + 128u + 32u);
    EXPECT_EQ(b.ini.read32(S::IRQ_STATUS), F::irq_status::BARRIER.prep(1u << 1));  // channel 1
    EXPECT_TRUE(b.irq.read());
    b.ini.write32(S::IRQ_STATUS, F::irq_status::BARRIER.prep(1u << 1));
    EXPECT_FALSE(b.irq.read());
    sc_core::wait(b.cycles(1));
    EXPECT_EQ(b.s.state(1), S::Idle);
    EXPECT_EQ(b.s.requests_driven(1), 3u);
  });
}

TEST(CspDmaScheduler, ChannelsAreIndependent) {
  Bench b;
  zvp::test::run_sim([&] {
    b.push(0, 0, 16, 0);
    b.push(2, 0x400, 16, kToDdr);
    sc_core::wait(b.cycles(2));
    ASSERT_TRUE(b.port[0].has_request());
    ASSERT_TRUE(b.port[2].has_request());
    b.port[0].take();
    b.port[2].take();
    b.port[2].ack(Pl330AckType::SingleDone);  // output channel finishes first
    sc_core::wait(b.cycles(1));
    EXPECT_EQ(b.reg(2, S::PENDING), 0u);
    EXPECT_EQ(b.reg(0, S::PENDING), 1u);
    EXPECT_EQ(b.s.state(0), S::WaitAck);
  });
}

TEST(CspDmaScheduler, PushErrorsSpuriousAcksAndFlush) {
  Bench b;
  zvp::test::run_sim([&] {
    b.ini.write32(S::IRQ_ENABLE, F::irq_enable::PUSH_ERROR.mask());
    b.push(0, 0, 0, 0);  // zero length: rejected
    EXPECT_EQ(b.reg(0, S::PENDING), 0u);
    EXPECT_EQ(b.ini.read32(S::IRQ_STATUS), F::irq_status::PUSH_ERROR.prep(1u << 0));  // channel 0
    EXPECT_TRUE(b.irq.read());
    b.ini.write32(S::IRQ_STATUS, F::irq_status::PUSH_ERROR.prep(1u << 0));
    // Fill the FIFO beyond its depth: the request in flight + depth queued, then an error.
    for (unsigned i = 0; i < b.p.fifo_depth + 2; ++i) {
      b.push(2, i * 4, 4, 0);
      if (i == 0) sc_core::wait(b.cycles(1));  // the first one leaves the FIFO
    }
    EXPECT_EQ(b.reg(2, S::PENDING), b.p.fifo_depth + 1);
    EXPECT_EQ(b.ini.read32(S::IRQ_STATUS), F::irq_status::PUSH_ERROR.prep(1u << 2));  // channel 2
    // An acknowledge on an idle channel is ignored.
    b.port[1].ack(Pl330AckType::SingleDone);
    EXPECT_EQ(b.s.spurious_acks(), 1u);
    // DMAFLUSHP: the request is dropped by the DMAC, acknowledged, then driven again.
    sc_core::wait(b.cycles(2));
    ASSERT_EQ(b.s.state(2), S::WaitAck);
    EXPECT_EQ(b.port[2].pending(), 1u);
    b.port[2].flush();
    EXPECT_FALSE(b.port[2].flushing());  // the scheduler answered with FlushAck
    EXPECT_EQ(b.port[2].pending(), 1u);  // and re-drove its request
    EXPECT_EQ(b.s.requests_driven(2), 2u);
    // Register errors.
    EXPECT_EQ(b.ini.write32(0x70, 1), tlm::TLM_ADDRESS_ERROR_RESPONSE);
    EXPECT_EQ(b.ini.write8(S::PUSH, 1), tlm::TLM_BURST_ERROR_RESPONSE);
    EXPECT_EQ(b.ini.read32(S::PUSH), 0u);
  });
}

TEST(CspDmaScheduler, PushIsQueuedAtTheWritersLocalTime) {
  // The Zero-riscy's PUSH carries its local time, up to a quantum ahead of the kernel. The
  // channel FSM takes the request at that time, not at the kernel's earlier one: pop 1 cycle,
  // drive the request lines 1 cycle, so the PL330 sees the request at local time + 2 cycles.
  Bench b;
  zvp::test::run_sim([&] {
    const sc_core::sc_time cyc = b.p.clock.period(), ps(1, sc_core::SC_PS);
    const sc_core::sc_time D = cyc * 40.0;
    const sc_core::sc_time T0 = sc_core::sc_time_stamp();
    b.ini.write32_at(0 * S::CH_STRIDE + S::ADDR, 0x40, D);
    b.ini.write32_at(0 * S::CH_STRIDE + S::LEN, 96, D);
    b.ini.write32_at(0 * S::CH_STRIDE + S::PUSH, kBurst, D);
    EXPECT_EQ(sc_core::sc_time_stamp(), T0);
    EXPECT_EQ(b.reg(0, S::PENDING), 1u);
    sc_core::wait(D + cyc * 2.0 - ps);
    EXPECT_FALSE(b.port[0].has_request());
    EXPECT_EQ(b.s.state(0), S::Request);
    sc_core::wait(ps * 2.0);
    ASSERT_TRUE(b.port[0].has_request());
    EXPECT_EQ(b.s.state(0), S::WaitAck);
    EXPECT_EQ(b.port[0].take().type, Pl330ReqType::Burst);
    // A push at the kernel's own time (no lead) is driven 2 cycles later, for comparison.
    b.port[0].ack(Pl330AckType::BurstDone);
    sc_core::wait(cyc * 2.0);
    ASSERT_EQ(b.reg(0, S::DONE), 1u);
    const sc_core::sc_time T1 = sc_core::sc_time_stamp();
    b.push(0, 0x80, 32, kBurst);
    sc_core::wait(cyc * 2.0 - ps);
    EXPECT_FALSE(b.port[0].has_request());
    sc_core::wait(ps * 2.0);
    EXPECT_TRUE(b.port[0].has_request());
    EXPECT_EQ(sc_core::sc_time_stamp() - T1, cyc * 2.0 + ps);
  });
}
