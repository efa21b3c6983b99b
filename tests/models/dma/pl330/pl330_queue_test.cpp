// Per-channel read/write queues: a channel keeps issuing DMALDs while earlier DMASTs wait for
// their data, so one channel has several reads in flight (up to the read-issuing capability).
#include <gtest/gtest.h>

#include "pl330_sys.h"

using namespace zvp;
using namespace zvp::test;
using namespace zvp::pl330;

namespace {
constexpr unsigned kCopies = 64;

// Copies kCopies single 8-byte beats on channel 0 (DMALD; DMAST in a loop) and returns the time
// from DMAGO until the channel is stopped; checks the destination.
sc_core::sc_time single_beat_copies(Sys& s) {
  s.fill(0x100000, kCopies * 8, 29);
  Prog p;
  p.sar(0x100000).dar(0x500000).ccr(make_ccr(8, 1, 8, 1));
  size_t l = p.lp(0, kCopies);
  p.ld().st().lpend(0, l).wmb().end();
  s.put(0x3000, p);
  const sc_core::sc_time t0 = sc_core::sc_time_stamp();
  s.go(0, 0x3000);
  // Poll at a fine grain: the run is expected to take well under a microsecond per copy.
  while (s.csr(0) != kStopped) s.pause(5);
  const sc_core::sc_time t = sc_core::sc_time_stamp() - t0;
  EXPECT_TRUE(s.same(0x100000, 0x500000, kCopies * 8));
  EXPECT_EQ(s.dma.mfifo_used(), 0u);
  return t;
}

void expect_overlap(Sys& s) {
  const sc_core::sc_time t = single_beat_copies(s);
  // One read round trip of the test memory: the DMAC cannot see the data sooner.
  const sc_core::sc_time rtt = s.mem.access_time(false, 8);
  ASSERT_GT(rtt, sc_core::SC_ZERO_TIME);
  // With one read in flight the copies would take at least kCopies round trips; with the
  // queues up to rd_issuing reads overlap. Require at least a factor 2.
  EXPECT_LT(t, rtt * double(kCopies) / 2) << t << " vs round trip " << rtt;
  // Still bounded by the bus: kCopies beats each way on the 64-bit data channels.
  EXPECT_GE(t, s.clk.cycles(uint64_t{kCopies}));
}
}  // namespace

TEST(Pl330Queue, LtSingleBeatReadsOverlapOnOneChannel) {
  Sys s(TimingMode::LT);
  run_sim([&] { expect_overlap(s); });
}

TEST(Pl330Queue, AtQueuedCopiesGiveTheSameContents) {
  // In at the test bus (Router + Memory behind simple_target_socket's b_transport adapter)
  // keeps one request open per socket until its response, so transactions do not overlap
  // there: only the contents and the MFIFO accounting are checked (inside the helper).
  Sys s(TimingMode::AT);
  run_sim([&] {
    const sc_core::sc_time t = single_beat_copies(s);
    EXPECT_GE(t, s.clk.cycles(uint64_t{kCopies}));
  });
}

TEST(Pl330Queue, OneIssuingSlotSerialisesReads) {
  // The overlap comes from the issuing capability: with one read slot every copy pays a
  // full read round trip again.
  Pl330Params one;
  one.rd_issuing = 1;
  Sys s(TimingMode::LT, one);
  run_sim([&] {
    const sc_core::sc_time t = single_beat_copies(s);
    EXPECT_GE(t, s.mem.access_time(false, 8) * double(kCopies));
  });
}

TEST(Pl330Queue, StoresAfterFaultingInstructionStillWriteLoadedData) {
  // DMAST is queued; an undefined instruction after it faults the thread, and the queued store
  // is still written out while the channel completes its transactions (Faulting-completing).
  Sys s;
  run_sim([&] {
    s.fill(0x10000, 64, 3);
    Prog p;
    p.sar(0x10000).dar(0x60000).ccr(make_ccr(8, 8, 8, 8)).ld().st().byte(0xFF);
    s.put(0x1000, p);
    s.go(0, 0x1000);
    ASSERT_TRUE(s.wait_state(0, kFaulting));
    EXPECT_EQ(s.rd(ftr(0)) & kUndefInstr, kUndefInstr);
    EXPECT_TRUE(s.same(0x10000, 0x60000, 64));
    s.kill_ch(0);
    EXPECT_EQ(s.csr(0), uint32_t(kStopped));
    EXPECT_EQ(s.dma.mfifo_used(), 0u);
  });
}
