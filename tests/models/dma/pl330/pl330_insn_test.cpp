// Instruction semantics: moves, loops (edge cases, nesting), loads/stores with burst sizes,
// lengths, alignment, fixed addresses and endian swap, barriers, events and interrupts.
#include <gtest/gtest.h>

#include <algorithm>

#include "pl330_sys.h"

using namespace zvp;
using namespace zvp::test;
using namespace zvp::pl330;

namespace {
// A copy of n bursts of the given CCR, then WMB, SEV ev, END.
Prog copy_prog(uint32_t src, uint32_t dst, uint32_t ccr, unsigned bursts, unsigned ev) {
  Prog p;
  p.sar(src).dar(dst).ccr(ccr);
  size_t outer = 0;
  const bool nested = bursts > 256;
  const unsigned inner = nested ? 256 : bursts, outer_n = nested ? bursts / 256 : 1;
  if (nested) outer = p.lp(1, outer_n);
  size_t in = p.lp(0, inner);
  p.ld().st();
  p.lpend(0, in);
  if (nested) p.lpend(1, outer);
  p.wmb().sev(ev).end();
  return p;
}
}  // namespace

TEST(Pl330Insn, MemCopyWithCompletionInterrupt) {
  Sys s;
  run_sim([&] {
    s.fill(0x10000, 4096, 3);
    s.put(0x1000, copy_prog(0x10000, 0x20000, make_ccr(8, 16, 8, 16), 32, 2));
    s.wr(INTEN, 1u << 2);
    s.go(0, 0x1000);
    ASSERT_TRUE(s.wait_state(0, kStopped));
    EXPECT_TRUE(s.same(0x10000, 0x20000, 4096));
    EXPECT_TRUE(s.ev[2].read());
    EXPECT_EQ(s.rd(INT_EVENT_RIS), 1u << 2);
    EXPECT_EQ(s.rd(INTMIS), 1u << 2);
    EXPECT_EQ(s.rd(sa(0)), 0x10000u + 4096);
    EXPECT_EQ(s.rd(da(0)), 0x20000u + 4096);
    EXPECT_EQ(s.rd(cc(0)), make_ccr(8, 16, 8, 16));
    EXPECT_EQ(s.rd(lc0(0)), 0u);
    s.wr(INTCLR, 1u << 2);
    EXPECT_FALSE(s.ev[2].read());
    EXPECT_EQ(s.rd(INT_EVENT_RIS), 0u);
    EXPECT_EQ(s.dma.bytes_read(), 4096u);
    EXPECT_EQ(s.dma.bytes_written(), 4096u);
    EXPECT_EQ(s.dma.mfifo_used(), 0u);
  });
}

TEST(Pl330Insn, LoopOfOneIteration) {
  Sys s;
  run_sim([&] {
    s.fill(0x10000, 64, 9);
    s.put(0x1000, copy_prog(0x10000, 0x20000, make_ccr(8, 2, 8, 2), 1, 0));
    s.go(0, 0x1000);
    ASSERT_TRUE(s.wait_state(0, kStopped));
    EXPECT_TRUE(s.same(0x10000, 0x20000, 16));
    EXPECT_EQ(s.get(0x20010, 1)[0], 0);  // exactly one burst
    EXPECT_EQ(s.rd(sa(0)), 0x10010u);
  });
}

TEST(Pl330Insn, LoopOf256Iterations) {
  Sys s;
  run_sim([&] {
    s.fill(0x10000, 256 * 4 + 8, 1);
    s.put(0x1000, copy_prog(0x10000, 0x20000, make_ccr(4, 1, 4, 1), 256, 0));
    s.go(0, 0x1000);
    ASSERT_TRUE(s.wait_state(0, kStopped));
    EXPECT_TRUE(s.same(0x10000, 0x20000, 1024));
    EXPECT_EQ(s.get(0x20400, 4), std::vector<uint8_t>(4, 0));
    EXPECT_EQ(s.rd(da(0)), 0x20400u);
  });
}

TEST(Pl330Insn, NestedLoopsBeyond256Bursts) {
  Sys s;
  run_sim([&] {
    // 3 x 256 bursts of 8 bytes (LC1 outer, LC0 inner).
    s.fill(0x10000, 3 * 256 * 8, 5);
    s.put(0x1000, copy_prog(0x10000, 0x40000, make_ccr(8, 1, 8, 1), 3 * 256, 0));
    s.go(1, 0x1000);
    ASSERT_TRUE(s.wait_state(1, kStopped, 5000));
    EXPECT_TRUE(s.same(0x10000, 0x40000, 3 * 256 * 8));
    EXPECT_EQ(s.rd(da(1)), 0x40000u + 3 * 256 * 8);
    EXPECT_EQ(s.rd(lc1(1)), 0u);
  });
}

TEST(Pl330Insn, ByteCopyAtOddAddresses) {
  Sys s;
  run_sim([&] {
    s.fill(0x10003, 13, 77);
    s.put(0x1000, copy_prog(0x10003, 0x20005, make_ccr(1, 1, 1, 1), 13, 0));
    s.go(0, 0x1000);
    ASSERT_TRUE(s.wait_state(0, kStopped));
    EXPECT_TRUE(s.same(0x10003, 0x20005, 13));
    EXPECT_EQ(s.get(0x20004, 1)[0], 0);
    EXPECT_EQ(s.get(0x20005 + 13, 1)[0], 0);
  });
}

TEST(Pl330Insn, UnalignedBurstLosesLeadingBytes) {
  Sys s;
  run_sim([&] {
    // 4 beats of 4 bytes from 0x10002: the first beat carries 2 bytes, 14 in all.
    s.fill(0x10000, 64, 11);
    Prog p;
    p.sar(0x10002).dar(0x20002).ccr(make_ccr(4, 4, 4, 4)).ld().st().end();
    s.put(0x1000, p);
    s.go(0, 0x1000);
    ASSERT_TRUE(s.wait_state(0, kStopped));
    EXPECT_EQ(s.rd(sa(0)), 0x10010u);
    EXPECT_EQ(s.rd(da(0)), 0x20010u);
    EXPECT_TRUE(s.same(0x10002, 0x20002, 14));
    EXPECT_EQ(s.get(0x20010, 1)[0], 0);
  });
}

TEST(Pl330Insn, FixedAddressSourceAndDestination) {
  Sys s;
  run_sim([&] {
    s.fill(0x10000, 8, 40);
    Prog p;
    // Read the same word 4 times (fixed source), write them incrementing; then the reverse.
    p.sar(0x10000).dar(0x20000).ccr(make_ccr(4, 4, 4, 4, false, true)).ld().st();
    p.sar(0x10000).dar(0x30000).ccr(make_ccr(4, 4, 4, 4, true, false)).ld().st().end();
    s.put(0x1000, p);
    s.go(0, 0x1000);
    ASSERT_TRUE(s.wait_state(0, kStopped));
    auto w = s.get(0x10000, 4), d = s.get(0x20000, 16);
    for (int i = 0; i < 4; ++i) EXPECT_TRUE(std::equal(w.begin(), w.end(), d.begin() + 4 * i));
    EXPECT_EQ(s.get(0x30000, 4), s.get(0x1000C, 4));  // last beat wins at a fixed address
    EXPECT_EQ(s.rd(sa(0)), 0x10010u);
    EXPECT_EQ(s.rd(da(0)), 0x30000u);
  });
}

TEST(Pl330Insn, EndianSwap32) {
  Sys s;
  run_sim([&] {
    const uint8_t src[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    s.mem.load(0x10000, src, 8);
    Prog p;
    p.sar(0x10000).dar(0x20000).ccr(make_ccr(8, 1, 8, 1, true, true, 2)).ld().st().end();
    s.put(0x1000, p);
    s.go(0, 0x1000);
    ASSERT_TRUE(s.wait_state(0, kStopped));
    EXPECT_EQ(s.get(0x20000, 8), (std::vector<uint8_t>{4, 3, 2, 1, 8, 7, 6, 5}));
  });
}

TEST(Pl330Insn, StzAddhAdnhMov) {
  Sys s;
  run_sim([&] {
    s.fill(0x20000, 64, 1);
    Prog p;
    p.dar(0x20000).ccr(make_ccr(8, 2, 8, 2)).stz();    // 16 zero bytes
    p.sar(0x1000).addh(false, 0x0234).adnh(true, 0xFFF0);  // SAR + 0x234, DAR - 16
    p.end();
    s.put(0x1000, p);
    s.go(0, 0x1000);
    ASSERT_TRUE(s.wait_state(0, kStopped));
    EXPECT_EQ(s.get(0x20000, 16), std::vector<uint8_t>(16, 0));
    EXPECT_NE(s.get(0x20010, 1)[0], 0);
    EXPECT_EQ(s.rd(sa(0)), 0x1234u);
    EXPECT_EQ(s.rd(da(0)), 0x20000u);  // 0x20010 - 16
    EXPECT_EQ(s.rd(cpc(0)), 0x1000u + p.b.size());  // past DMAEND
  });
}

TEST(Pl330Insn, NopRmbWmbAndMfifoSharing) {
  Sys s;
  run_sim([&] {
    s.fill(0x10000, 512, 2);
    Prog p;
    p.sar(0x10000).dar(0x20000).ccr(make_ccr(8, 16, 8, 16));
    p.ld().ld().ld().ld().rmb().nop();  // 512 bytes in the MFIFO
    p.st().st().st().st().wmb().end();
    s.put(0x1000, p);
    s.go(0, 0x1000);
    ASSERT_TRUE(s.wait_state(0, kStopped));
    EXPECT_TRUE(s.same(0x10000, 0x20000, 512));
  });
}

TEST(Pl330Insn, EventsBetweenChannels) {
  Sys s;
  run_sim([&] {
    Prog w;  // channel 0: wait for event 4, then signal 5 as an interrupt
    w.wfe(4).sev(5).end();
    Prog g;  // channel 1: signal event 4
    g.sev(4).end();
    s.put(0x1000, w);
    s.put(0x1100, g);
    s.wr(INTEN, 1u << 5);
    s.go(0, 0x1000);
    ASSERT_TRUE(s.wait_state(0, kWaitingEvent));
    EXPECT_FALSE(s.ev[5].read());
    s.go(1, 0x1100);
    ASSERT_TRUE(s.wait_state(0, kStopped));
    EXPECT_TRUE(s.ev[5].read());
    EXPECT_FALSE(s.ev[4].read());  // event 4 was not an interrupt (INTEN[4] = 0)
  });
}

TEST(Pl330Insn, EventBeforeWaitIsHeld) {
  Sys s;
  run_sim([&] {
    Prog g;
    g.sev(7).end();
    Prog w;
    w.wfe(7).end();
    s.put(0x1000, g);
    s.put(0x1100, w);
    s.go(2, 0x1000);
    ASSERT_TRUE(s.wait_state(2, kStopped));
    s.go(3, 0x1100);
    EXPECT_TRUE(s.wait_state(3, kStopped, 10));
    // ... and consumed: a second wait blocks.
    s.go(3, 0x1100);
    s.pause(500);
    EXPECT_EQ(s.csr(3), uint32_t(kWaitingEvent));
    s.dbg((0x34u << 16) | (7u << 27), 0);  // DMASEV 7 through the debug interface
    EXPECT_TRUE(s.wait_state(3, kStopped, 10));
  });
}

TEST(Pl330Insn, AllChannelsAtOnce) {
  Sys s;
  run_sim([&] {
    for (unsigned c = 0; c < 8; ++c) {
      s.fill(0x100000 + c * 0x4000, 0x2000, uint8_t(c * 17));
      s.put(0x1000 + c * 0x100,
            copy_prog(0x100000 + c * 0x4000, 0x200000 + c * 0x4000, make_ccr(8, 16, 8, 16), 64, c));
    }
    s.wr(INTEN, 0xFF);
    for (unsigned c = 0; c < 8; ++c) s.go(c, 0x1000 + c * 0x100);
    for (unsigned c = 0; c < 8; ++c) ASSERT_TRUE(s.wait_state(c, kStopped, 5000));
    for (unsigned c = 0; c < 8; ++c) {
      EXPECT_TRUE(s.same(0x100000 + c * 0x4000, 0x200000 + c * 0x4000, 0x2000)) << c;
      EXPECT_TRUE(s.ev[c].read());
    }
    EXPECT_EQ(s.rd(INT_EVENT_RIS), 0xFFu);
  });
}

TEST(Pl330Insn, ChannelDmakillStopsItself) {
  Sys s;
  run_sim([&] {
    Prog p;
    p.sar(0x1234).kill().sar(0x5678).end();
    s.put(0x1000, p);
    s.go(0, 0x1000);
    ASSERT_TRUE(s.wait_state(0, kStopped));
    EXPECT_EQ(s.rd(sa(0)), 0x1234u);
    EXPECT_EQ(s.rd(ftr(0)), 0u);
  });
}
