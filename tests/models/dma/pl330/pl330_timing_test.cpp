// Timing modes: lt and at give the same memory contents; time follows bursts, the bus clock,
// the issuing capability and the instruction cache.
#include <gtest/gtest.h>

#include "pl330_sys.h"

using namespace zvp;
using namespace zvp::test;
using namespace zvp::pl330;

namespace {
// Two channels copy overlapping-in-time regions with different burst shapes and alignments;
// returns a checksum of the destinations (and asserts they equal the sources).
void multi_copy(Sys& s) {
  s.fill(0x100000, 0x3000, 13);
  Prog a;  // words, 8-beat bursts, 96 bursts
  a.sar(0x100000).dar(0x200000).ccr(make_ccr(4, 8, 4, 8));
  size_t l = a.lp(0, 96);
  a.ld().st().lpend(0, l).wmb().sev(0).end();
  Prog b;  // unaligned source, bytes then doublewords
  b.sar(0x101003).dar(0x300003).ccr(make_ccr(1, 1, 1, 1));
  size_t m = b.lp(0, 5);
  b.ld().st().lpend(0, m);
  b.ccr(make_ccr(8, 16, 8, 16));
  size_t k = b.lp(0, 10);
  b.ld().st().lpend(0, k).wmb().sev(1).end();
  s.put(0x1000, a);
  s.put(0x1100, b);
  s.wr(INTEN, 3);
  s.go(0, 0x1000);
  s.go(1, 0x1100);
  ASSERT_TRUE(s.wait_state(0, kStopped, 5000));
  ASSERT_TRUE(s.wait_state(1, kStopped, 5000));
  EXPECT_TRUE(s.same(0x100000, 0x200000, 96 * 32));
  // b: 5 bytes from 0x101003, then 10 bursts of 16 x 8 from 0x101008 (aligned source).
  EXPECT_TRUE(s.same(0x101003, 0x300003, 5 + 10 * 128));
  EXPECT_EQ(s.rd(INT_EVENT_RIS), 3u);
}
}  // namespace

TEST(Pl330Timing, LtCopyContents) {
  Sys s(TimingMode::LT);
  run_sim([&] { multi_copy(s); });
}

TEST(Pl330Timing, AtCopyContents) {
  Sys s(TimingMode::AT);
  run_sim([&] { multi_copy(s); });
}

TEST(Pl330Timing, AtFaultsLikeLt) {
  Sys s(TimingMode::AT);
  run_sim([&] {
    Prog p;
    p.sar(kUnmapped).dar(0x20000).ccr(make_ccr(8, 4, 8, 4)).ld().st().end();
    s.put(0x1000, p);
    s.go(0, 0x1000);
    ASSERT_TRUE(s.wait_state(0, kFaulting));
    EXPECT_TRUE(s.rd(ftr(0)) & kDataReadErr);
    s.kill_ch(0);
    EXPECT_FALSE(s.abort_line.read());
  });
}

namespace {
// Simulated time of copying `bytes` with bursts of `beats` x 8 bytes on channel 0.
sc_core::sc_time copy_time(Sys& s, unsigned beats, unsigned bytes) {
  const unsigned bursts = bytes / (beats * 8);
  Prog p;
  p.sar(0x100000).dar(0x400000).ccr(make_ccr(8, beats, 8, beats));
  size_t l = p.lp(0, bursts);
  p.ld().st().lpend(0, l).wmb().end();
  s.put(0x2000, p);
  const sc_core::sc_time t0 = sc_core::sc_time_stamp();
  s.go(0, 0x2000);
  EXPECT_TRUE(s.wait_state(0, kStopped, 10000));
  return sc_core::sc_time_stamp() - t0;
}
}  // namespace

TEST(Pl330Timing, LongerBurstsAreFasterAndBoundedByBus) {
  Sys s;
  run_sim([&] {
    const sc_core::sc_time t1 = copy_time(s, 1, 2048), t16 = copy_time(s, 16, 2048);
    EXPECT_LT(t16, t1);
    std::printf("[ figures ] 2 KB copy: %s with 1-beat bursts, %s with 16-beat bursts\n",
                t1.to_string().c_str(), t16.to_string().c_str());
    // Hand counts (DMAC clock 4.505 ns, 64-bit beats; memory 40 ns to the first beat):
    // 16-beat bursts: 2,048 bytes = 256 beats each way on the separate AXI read and write
    // channels: at least 256 cycles = 1,153 ns. At most that plus the first read's and the last
    // write's exposed burst (2 x (40 + 16 x 4.5) = 224 ns), the 50 ns poll of the test, and the
    // few micro-code instructions outside the loop (~30 cycles = 135 ns): 1,562 ns.
    EXPECT_GE(t16, s.clk.cycles(uint64_t{256}));
    EXPECT_LE(t16, sc_core::sc_time(1562, sc_core::SC_NS));
    // 1-beat bursts: 256 iterations of DMALD, DMAST, DMALPEND; with one instruction issued per
    // DMAC cycle (one issue pipeline; the outstanding reads hide the 40 ns latency) that is
    // 768 cycles = 3,460 ns; at most that plus the same 224 + 50 + 135 ns: 3,869 ns.
    EXPECT_GE(t1, s.clk.cycles(uint64_t{768}));
    EXPECT_LE(t1, sc_core::sc_time(3869, sc_core::SC_NS));
  });
}

TEST(Pl330Timing, InstructionCacheHitsInLoops) {
  Sys s;
  run_sim([&] {
    copy_time(s, 4, 4096);  // 128 iterations of a 4-byte loop body
    EXPECT_LE(s.dma.icache_misses(), 4u);
    EXPECT_GE(s.dma.icache_misses(), 1u);
  });
}

TEST(Pl330Timing, FewerIssuingSlotsAreSlower) {
  Pl330Params one;
  one.rd_issuing = 1;
  one.wr_issuing = 1;
  Sys s(TimingMode::LT, one);
  run_sim([&] {
    EXPECT_EQ(s.rd(CRD) >> 12 & 7, 0u);
    EXPECT_EQ(s.rd(CRD) >> 4 & 7, 0u);
    const sc_core::sc_time t = copy_time(s, 2, 4096);
    std::printf("[ figures ] 4 KB copy, one read and one write outstanding: %s\n", t.to_string().c_str());
    // Each of the 256 16-byte reads must complete (40 ns latency) before the next one issues:
    // at least 10,240 ns. At most each read takes 40 ns + 2 beats of 4.5 ns with the writes
    // overlapping the next read (separate channels): 256 x 49 ns = 12,544 ns, plus the last
    // write (49 ns), the poll (50 ns) and the set-up instructions (135 ns): 12,778 ns.
    EXPECT_GE(t, sc_core::sc_time(256 * 40.0, sc_core::SC_NS));
    EXPECT_LE(t, sc_core::sc_time(12778, sc_core::SC_NS));
  });
}
