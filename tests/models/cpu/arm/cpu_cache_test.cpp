// The memory-system model through the core (programs/cache.S): MMU and caches on, one load per
// line over a 64 KB buffer twice. Expected counts and times are hand counts from the program and
// the parameters (flat CPI 1 at 10 ns a cycle: the time without caches is instructions x 10 ns;
// 50 ns a memory read), not the model's formulas. One simulation per test (SystemC).
#include <gtest/gtest.h>

#include "cpu_arm_system.h"
#include "fake_l2.h"
#include "support/test_initiator.h"

namespace zvp::test {
namespace {

using sc_core::sc_time;
using sc_core::SC_NS;
using sc_core::SC_US;

constexpr uint64_t kLines = 0x10000 / 32;  // lines of the buffer, loaded once per pass


struct CacheRun {
  sc_time t;
  arm::A9MemorySystem::Counters n;
  uint64_t insns = 0;
};

CacheRun run_cache(bool caches, FakeL2* l2 = nullptr, const char* prog = "cache") {
  CortexA9Params p = test_params();
  p.caches.enabled = caches;
  A9System s(p);
  s.ddr.set_latency(sc_time(50, SC_NS), sc_time(50, SC_NS));
  s.load(prog);
  s.cpu.set_outer_cache(l2);
  s.cpu.watch_maintenance(s.image);
  CacheRun r;
  run_sim([&] {
    EXPECT_TRUE(s.wait_exit(sc_time(10, sc_core::SC_MS)));
    EXPECT_EQ(s.cpu.exit_status(), 0);
    r.t = s.cpu.local_time();
    r.insns = s.cpu.instructions();
    if (s.cpu.memory_system()) r.n = s.cpu.memory_system()->counters();
  });
  return r;
}

sc_time base(const CacheRun& r) { return sc_time(10.0 * double(r.insns), SC_NS); }

TEST(CortexA9Caches, EveryLineOfABufferTwiceTheL1MissesInBothPasses) {
  const CacheRun on = run_cache(true);
  // Each set gets 8 lines per pass into 4 round-robin ways: every load misses, both passes.
  // Beyond the loop: the literal of EXIT and its parameter-block line (<= 3 more).
  EXPECT_GE(on.n.l1d_misses, 2 * kLines);
  EXPECT_LE(on.n.l1d_misses, 2 * kLines + 3);
  EXPECT_LE(on.n.l1d_hits, 3u);
  EXPECT_EQ(on.n.l2_hits + on.n.l2_misses, 0u);  // no L2 here
  EXPECT_EQ(on.n.walks, 1u);                     // one section, one walk
  // Extra time: one 50 ns line fill per miss, plus a few fetched lines, the walk's descriptor
  // read, uncached reads before the MMU is on (< 40 x 50 ns) and the TLB cycles (< 50 cycles).
  const sc_time extra = on.t - base(on);
  EXPECT_GE(extra, sc_time(50.0 * 2 * kLines, SC_NS));
  EXPECT_LE(extra, sc_time(50.0 * 2 * kLines + 40 * 50 + 50 * 10, SC_NS));
}

TEST(CortexA9Caches, SecondPassHitsTheL2) {
  FakeL2 l2;
  const CacheRun on = run_cache(true, &l2);
  // Pass 1: every line misses L1 and L2 (19 cycles = 190 ns, then a 50 ns fill); pass 2: every
  // line misses L1 and hits L2 (190 ns).
  EXPECT_GE(on.n.l2_misses, kLines);
  EXPECT_LE(on.n.l2_misses, kLines + 20);
  EXPECT_GE(on.n.l2_hits, kLines);
  EXPECT_LE(on.n.l2_hits, kLines + 3);
  const double lo = kLines * (190.0 + 50.0) + kLines * 190.0;
  const sc_time extra = on.t - base(on);
  EXPECT_GE(extra, sc_time(lo, SC_NS));
  EXPECT_LE(extra, sc_time(lo + 40 * 240 + 50 * 10, SC_NS));
}

TEST(CortexA9Caches, DataCacheOffMakesEveryLoadABusRead) {
  const CacheRun on = run_cache(true, nullptr, "cache_nocache");
  EXPECT_EQ(on.n.l1d_hits + on.n.l1d_misses, 0u);
  EXPECT_GE(on.n.uncached_reads, 2 * kLines);  // the loads (and, SCTLR.I off, every fetch)
}

}  // namespace
}  // namespace zvp::test
