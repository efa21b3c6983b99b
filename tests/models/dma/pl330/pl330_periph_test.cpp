// Peripheral request interfaces: DMAWFP S/B/P, conditional loads/stores and loop ends against
// single and burst requests, DMALDP/DMASTP acknowledges, DMALPFE with "last", DMAFLUSHP, and
// the seed 001 peripheral-paced scheme.
#include <gtest/gtest.h>

#include "pl330_sys.h"

using namespace zvp;
using namespace zvp::test;
using namespace zvp::pl330;

namespace {
// WFP periph, then conditional forms: a burst request moves 32 bytes, a single one 4.
Prog cond_prog(unsigned periph) {
  Prog p;
  p.sar(0x10000).dar(0x20000).ccr(make_ccr(4, 8, 4, 8));
  p.wfp(periph, 'P');
  p.lds().ldb().sts().stb();
  p.end();
  return p;
}
}  // namespace

TEST(Pl330Periph, ConditionalFormsWithSingleRequest) {
  Sys s;
  run_sim([&] {
    s.fill(0x10000, 64, 21);
    s.put(0x1000, cond_prog(2));
    s.go(0, 0x1000);
    ASSERT_TRUE(s.wait_state(0, kWaitingPeriph));
    EXPECT_EQ(regs::pl330::csr0::WAKEUP_NUMBER.get(s.rd(csr(0))), 2u);
    s.dma.periph[2].request(Pl330ReqType::Single);
    ASSERT_TRUE(s.wait_state(0, kStopped));
    EXPECT_TRUE(s.same(0x10000, 0x20000, 4));  // one single beat
    EXPECT_EQ(s.get(0x20004, 4), std::vector<uint8_t>(4, 0));
    EXPECT_EQ(s.rd(sa(0)), 0x10004u);
  });
}

TEST(Pl330Periph, ConditionalFormsWithBurstRequest) {
  Sys s;
  run_sim([&] {
    s.fill(0x10000, 64, 21);
    s.put(0x1000, cond_prog(0));
    s.dma.periph[0].request(Pl330ReqType::Burst);  // raised before the channel waits: held
    s.go(0, 0x1000);
    ASSERT_TRUE(s.wait_state(0, kStopped));
    EXPECT_TRUE(s.same(0x10000, 0x20000, 32));
    EXPECT_EQ(s.get(0x20020, 4), std::vector<uint8_t>(4, 0));
    EXPECT_EQ(s.rd(da(0)), 0x20020u);
  });
}

TEST(Pl330Periph, WfpSingleOrBurstForcesRequestType) {
  Sys s;
  run_sim([&] {
    s.fill(0x10000, 64, 3);
    Prog p;
    p.sar(0x10000).dar(0x20000).ccr(make_ccr(4, 8, 4, 8)).wfp(1, 'B').lds().ldb().sts().stb().end();
    s.put(0x1000, p);
    s.go(0, 0x1000);
    ASSERT_TRUE(s.wait_state(0, kWaitingPeriph));
    EXPECT_EQ(s.rd(csr(0)) >> 14 & 3, 1u);  // WFP burst, not periph
    s.dma.periph[1].request(Pl330ReqType::Single);
    ASSERT_TRUE(s.wait_state(0, kStopped));
    EXPECT_EQ(s.rd(da(0)), 0x20020u);  // treated as a burst
  });
}

TEST(Pl330Periph, LdpStpAcknowledge) {
  Sys s;
  run_sim([&] {
    s.fill(0x10000, 64, 8);
    Prog p;
    p.sar(0x10000).dar(0x20000).ccr(make_ccr(8, 2, 8, 2));
    p.wfp(3, 'P').ldp(false, 3).stp(false, 3).ldp(true, 3).stp(true, 3);
    p.wfp(3, 'P').ldp(false, 3).stp(false, 3).ldp(true, 3).stp(true, 3).end();
    s.put(0x1000, p);
    s.go(4, 0x1000);
    s.pause(200);
    s.dma.periph[3].request(Pl330ReqType::Single);
    s.pause(2000);
    EXPECT_EQ(s.per[3].count(Pl330AckType::SingleDone), 2u);  // LDPS + STPS
    EXPECT_EQ(s.per[3].count(Pl330AckType::BurstDone), 0u);
    s.dma.periph[3].request(Pl330ReqType::Burst);
    ASSERT_TRUE(s.wait_state(4, kStopped));
    EXPECT_EQ(s.per[3].count(Pl330AckType::BurstDone), 2u);
    EXPECT_EQ(s.rd(da(4)), 0x20000u + 8 + 16);  // one single beat + one 2-beat burst
    EXPECT_TRUE(s.same(0x10000, 0x20000, 24));
  });
}

TEST(Pl330Periph, LpfeEndsOnLastRequest) {
  Sys s;
  run_sim([&] {
    s.fill(0x10000, 256, 4);
    Prog p;
    p.sar(0x10000).dar(0x20000).ccr(make_ccr(8, 2, 8, 2));
    size_t top = p.here();
    p.wfp(0, 'P').ld().st();
    p.lpend(0, top, true);  // DMALPFE
    p.wmb().end();
    s.put(0x1000, p);
    s.go(0, 0x1000);
    for (int i = 0; i < 4; ++i) {
      s.pause(300);
      EXPECT_EQ(s.csr(0), uint32_t(kWaitingPeriph));
      s.dma.periph[0].request(Pl330ReqType::Burst, i == 3);
    }
    ASSERT_TRUE(s.wait_state(0, kStopped));
    EXPECT_EQ(s.rd(da(0)), 0x20000u + 4 * 16);
    EXPECT_TRUE(s.same(0x10000, 0x20000, 64));
  });
}

TEST(Pl330Periph, ConditionalLoopEnd) {
  Sys s;
  run_sim([&] {
    Prog p;
    p.wfp(0, 'P');
    size_t top = p.lp(1, 4);
    p.addh(false, 1);
    p.lpend(1, top, false, 'S');  // loops only for single requests
    p.end();
    s.put(0x1000, p);
    s.dma.periph[0].request(Pl330ReqType::Burst);
    s.go(0, 0x1000);
    ASSERT_TRUE(s.wait_state(0, kStopped));
    EXPECT_EQ(s.rd(sa(0)), 1u);  // burst: DMALPENDS is a NOP, body ran once
    s.wr(0, 0);
    s.dma.periph[0].request(Pl330ReqType::Single);
    s.go(1, 0x1000);
    ASSERT_TRUE(s.wait_state(1, kStopped));
    EXPECT_EQ(s.rd(sa(1)), 4u);
  });
}

TEST(Pl330Periph, FlushpRequestsFlushAndDropsRequests) {
  Sys s;
  run_sim([&] {
    s.per[2].auto_flush_ack = false;
    s.dma.periph[2].request(Pl330ReqType::Burst);
    s.dma.periph[2].request(Pl330ReqType::Burst);
    Prog p;
    p.flushp(2).end();
    s.put(0x1000, p);
    s.go(0, 0x1000);
    ASSERT_TRUE(s.wait_state(0, kStopped));
    EXPECT_EQ(s.per[2].count(Pl330AckType::FlushReq), 1u);
    EXPECT_EQ(s.dma.periph[2].pending(), 0u);
    EXPECT_TRUE(s.dma.periph[2].flushing());
    s.dma.periph[2].request(Pl330ReqType::Single);  // dropped until the flush is acknowledged
    EXPECT_EQ(s.dma.periph[2].pending(), 0u);
    s.dma.periph[2].request(Pl330ReqType::FlushAck);
    s.dma.periph[2].request(Pl330ReqType::Single);
    EXPECT_EQ(s.dma.periph[2].pending(), 1u);
  });
}

// Seed 001: WFP, loops of 64-byte bursts, then 32-byte bursts, then single bytes, the last byte
// alone as the acknowledge (DMASTP), END. 64 x 3 + 32 + 5 + 1 = 230 bytes.
TEST(Pl330Periph, Seed001PeripheralPacedScheme) {
  Sys s;
  run_sim([&] {
    const uint32_t src = 0x30000, dst = 0x50000;
    const unsigned n = 230;
    s.fill(src, n, 99);
    Prog p;
    p.sar(src).dar(dst).wfp(1, 'B');
    p.ccr(make_ccr(8, 8, 8, 8));
    size_t a = p.lp(0, 3);
    p.ld().st().lpend(0, a);
    p.ccr(make_ccr(8, 4, 8, 4)).ld().st();
    p.ccr(make_ccr(1, 1, 1, 1));
    size_t b = p.lp(0, 5);
    p.ld().st().lpend(0, b);
    p.ld().stp(true, 1);  // the last byte, acknowledged to the peripheral
    p.wmb().end();
    s.put(0x1000, p);
    s.go(0, 0x1000);
    s.pause(500);
    EXPECT_EQ(s.csr(0), uint32_t(kWaitingPeriph));
    s.dma.periph[1].request(Pl330ReqType::Burst, true);
    ASSERT_TRUE(s.wait_state(0, kStopped));
    EXPECT_TRUE(s.same(src, dst, n));
    EXPECT_EQ(s.get(dst + n, 1)[0], 0);
    EXPECT_EQ(s.per[1].count(Pl330AckType::BurstDone), 1u);
  });
}
