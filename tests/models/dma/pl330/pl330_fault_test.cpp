// Faults: every type REFERENCE.md lists, the Faulting state, the abort interrupt, recovery only
// through DMAKILL, and the vendor driver's fault ISR path.
#include <gtest/gtest.h>

#include "pl330_sys.h"

using namespace zvp;
using namespace zvp::test;
using namespace zvp::pl330;

namespace {
// Runs p on channel ch and expects it to fault with `bits` at pc offset `at`.
void expect_fault(Sys& s, const Prog& p, uint32_t bits, uint32_t at, unsigned ch = 0) {
  s.put(0x1000, p);
  s.go(ch, 0x1000);
  ASSERT_TRUE(s.wait_state(ch, kFaulting));
  EXPECT_EQ(s.rd(ftr(ch)) & bits, bits) << std::hex << s.rd(ftr(ch));
  EXPECT_EQ(s.rd(FSRC), 1u << ch);
  EXPECT_TRUE(s.abort_line.read());
  if (at != ~0u) EXPECT_EQ(s.rd(cpc(ch)), 0x1000u + at);
  // The vendor ISR path: read FSRD/FSRC, FTR, CPC, then kill the channel.
  EXPECT_EQ(s.rd(FSRD), 0u);
  s.kill_ch(ch);
  EXPECT_EQ(s.csr(ch), uint32_t(kStopped));
  EXPECT_EQ(s.rd(ftr(ch)), 0u);
  EXPECT_EQ(s.rd(FSRC), 0u);
  EXPECT_FALSE(s.abort_line.read());
}
}  // namespace

TEST(Pl330Fault, UndefinedInstructionsEveryReservedOpcode) {
  Sys s;
  run_sim([&] {
    // Walk all 256 opcodes; the undefined ones must fault with bit 0, the others must not.
    unsigned undefined = 0;
    for (unsigned op = 0; op < 256; ++op) {
      if (insn_length(uint8_t(op)) != 0) continue;
      ++undefined;
      Prog p;
      p.nop().byte(uint8_t(op)).byte(0).byte(0).byte(0).byte(0).byte(0).end();
      s.put(0x1000, p);
      s.go(0, 0x1000);
      ASSERT_TRUE(s.wait_state(0, kFaulting)) << "opcode " << op;
      EXPECT_EQ(s.rd(ftr(0)), kUndefInstr) << "opcode " << op;
      EXPECT_EQ(s.rd(cpc(0)), 0x1001u);
      s.kill_ch(0);
    }
    EXPECT_GT(undefined, 200u);
    EXPECT_FALSE(s.abort_line.read());
  });
}

TEST(Pl330Fault, ChannelDmagoIsUndefined) {
  Sys s;
  run_sim([&] { expect_fault(s, Prog().go(1, 0x2000), kUndefInstr, 0); });
}

TEST(Pl330Fault, MovToBadRegisterIsOperandInvalid) {
  Sys s;
  run_sim([&] {
    Prog p;
    p.sar(0x10).mov(3, 0);
    expect_fault(s, p, kOperandInvalid, 6);
  });
}

TEST(Pl330Fault, EventAndPeripheralNumbersOutOfRange) {
  Sys s;
  run_sim([&] {
    expect_fault(s, Prog().sev(16), kEventErr, 0);
    expect_fault(s, Prog().wfe(31), kEventErr, 0, 1);
    expect_fault(s, Prog().wfp(4, 'S'), kPeriphErr, 0, 2);
    expect_fault(s, Prog().flushp(9), kPeriphErr, 0, 3);
    expect_fault(s, Prog().ldp(true, 5), kPeriphErr, 0, 4);
  });
}

TEST(Pl330Fault, ReadErrorFromUnmappedSource) {
  Sys s;
  run_sim([&] {
    Prog p;
    p.sar(kUnmapped).dar(0x20000).ccr(make_ccr(8, 4, 8, 4)).ld().st().end();
    expect_fault(s, p, kDataReadErr, ~0u);
    EXPECT_EQ(s.get(0x20000, 32), std::vector<uint8_t>(32, 0));
  });
}

TEST(Pl330Fault, WriteErrorToUnmappedDestination) {
  Sys s;
  run_sim([&] {
    Prog p;
    p.sar(0x10000).dar(kUnmapped).ccr(make_ccr(8, 4, 8, 4)).ld().st().wmb().end();
    expect_fault(s, p, kDataWriteErr, ~0u);
  });
}

TEST(Pl330Fault, InstructionFetchError) {
  Sys s;
  run_sim([&] {
    s.go(0, kUnmapped);
    ASSERT_TRUE(s.wait_state(0, kFaulting));
    EXPECT_EQ(s.rd(ftr(0)), kInstrFetchErr);
    EXPECT_EQ(s.rd(cpc(0)), kUnmapped);
    s.kill_ch(0);
    EXPECT_FALSE(s.abort_line.read());
  });
}

TEST(Pl330Fault, StoreWithoutDataAndMfifoOverflow) {
  Sys s;
  run_sim([&] {
    Prog a;
    a.sar(0x10000).dar(0x20000).ccr(make_ccr(8, 2, 8, 4)).ld().st();  // 16 in, 32 out
    expect_fault(s, a, kStDataUnavailable, 19);
    Prog b;  // 9 loads of 128 bytes with no store can never fit in 1,024 bytes
    b.sar(0x10000).ccr(make_ccr(8, 16, 8, 16));
    for (int i = 0; i < 9; ++i) b.ld();
    expect_fault(s, b, kMfifoErr, 12 + 8);
    EXPECT_EQ(s.dma.mfifo_used(), 0u);
  });
}

TEST(Pl330Fault, BurstWiderThanBusIsRdWrError) {
  Sys s;
  run_sim([&] {
    Prog p;
    p.ccr(make_ccr(16, 1, 16, 1)).ld();
    expect_fault(s, p, kRdWrErr, 6);
  });
}

TEST(Pl330Fault, OnlyDmakillLeavesFaulting) {
  Sys s;
  run_sim([&] {
    Prog p;
    p.byte(0xFF);
    s.put(0x1000, p);
    s.go(0, 0x1000);
    ASSERT_TRUE(s.wait_state(0, kFaulting));
    // DMAGO to the faulting channel: the manager faults (operand invalid), channel unchanged.
    s.go(0, 0x1000);
    EXPECT_EQ(regs::pl330::dsr::DMA_STATUS.get(s.rd(DSR)), uint32_t(kFaulting));
    EXPECT_EQ(s.rd(FSRD), 1u);
    EXPECT_TRUE(s.rd(FTRD) & kOperandInvalid);
    EXPECT_EQ(s.csr(0), uint32_t(kFaulting));
    // A faulting manager ignores DMAGO and DMASEV ...
    s.wr(INTEN, 1);
    s.dbg(0x34u << 16, 0);
    EXPECT_EQ(s.rd(INT_EVENT_RIS), 0u);
    // ... the abort line stays high while any thread faults.
    s.kill_mgr();
    EXPECT_EQ(s.rd(FSRD), 0u);
    EXPECT_EQ(s.rd(FTRD), 0u);
    EXPECT_TRUE(s.abort_line.read());
    s.kill_ch(0);
    EXPECT_FALSE(s.abort_line.read());
    // After the kill the channel runs again.
    Prog ok;
    ok.end();
    s.put(0x1100, ok);
    s.go(0, 0x1100);
    EXPECT_TRUE(s.wait_state(0, kStopped));
    EXPECT_EQ(s.rd(FSRC), 0u);
  });
}

TEST(Pl330Fault, DebugInterfaceAcceptsOnlyGoKillSev) {
  Sys s;
  run_sim([&] {
    s.dbg(0x18u << 16, 0);  // DMANOP to the manager
    EXPECT_EQ(regs::pl330::dsr::DMA_STATUS.get(s.rd(DSR)), uint32_t(kFaulting));
    EXPECT_EQ(s.rd(FTRD), kUndefInstr | kDbgInstr);
    EXPECT_TRUE(s.abort_line.read());
    s.kill_mgr();
    EXPECT_FALSE(s.abort_line.read());
    s.dbg((0x34u << 16) | (20u << 27), 0);  // DMASEV 20: event error
    EXPECT_TRUE(s.rd(FTRD) & kEventErr);
    s.kill_mgr();
    // A DMAEND sent to a stopped channel faults the channel.
    s.dbg((0x00u << 16) | (5u << 8) | 1u, 0);
    EXPECT_EQ(s.csr(5), uint32_t(kFaulting));
    EXPECT_EQ(s.rd(ftr(5)), kUndefInstr | kDbgInstr);
    EXPECT_EQ(s.rd(FSRC), 1u << 5);
    s.kill_ch(5);
    EXPECT_EQ(s.rd(FSRC), 0u);
  });
}

TEST(Pl330Fault, KillWhileWaitingAndWhileFaulting) {
  Sys s;
  run_sim([&] {
    Prog w;
    w.wfp(1, 'P').end();
    s.put(0x1000, w);
    s.go(0, 0x1000);
    ASSERT_TRUE(s.wait_state(0, kWaitingPeriph));
    EXPECT_EQ(s.rd(csr(0)) >> 15 & 1, 1u);  // waiting in a DMAWFP periph
    s.kill_ch(0);
    EXPECT_EQ(s.rd(csr(0)), 0u);
    // The killed channel does not consume the next request.
    s.dma.periph[1].request(Pl330ReqType::Single);
    s.pause(100);
    EXPECT_EQ(s.dma.periph[1].pending(), 1u);
  });
}

TEST(Pl330Fault, MfifoContentionWaitsThenLockupIsDetected) {
  Sys s;
  run_sim([&] {
    s.fill(0x10000, 2048, 1);
    // Channel 0 holds 896 bytes and then waits for an event; channel 1 needs 256 more bytes
    // before it stores: it waits (queue busy) until channel 0 is killed.
    Prog a;
    a.sar(0x10000).ccr(make_ccr(8, 16, 8, 16));
    for (int i = 0; i < 7; ++i) a.ld();
    a.wfe(9).end();
    Prog b;
    b.sar(0x10000).dar(0x20000).ccr(make_ccr(8, 16, 8, 16)).ld().ld().st().st().end();
    s.put(0x1000, a);
    s.put(0x1100, b);
    s.go(0, 0x1000);
    ASSERT_TRUE(s.wait_state(0, kWaitingEvent));
    s.go(1, 0x1100);
    ASSERT_TRUE(s.wait_state(1, kQueueBusy));
    s.kill_ch(0);
    ASSERT_TRUE(s.wait_state(1, kStopped));
    EXPECT_TRUE(s.same(0x10000, 0x20000, 256));
    // Two channels that both hold half of the MFIFO and both need more before storing: the
    // second to block finds every thread blocked -> lockup; the other completes after the kill.
    Prog c2, c3;
    c2.sar(0x10000).dar(0x30000).ccr(make_ccr(8, 16, 8, 16)).ld().ld().ld().ld().sev(2).wfe(1);
    c2.ld().ld().ld().ld().st().st().st().st().st().st().st().st().end();
    c3.sar(0x10000).dar(0x40000).ccr(make_ccr(8, 16, 8, 16)).wfe(2).ld().ld().ld().ld().sev(1);
    c3.ld().ld().ld().ld().st().st().st().st().st().st().st().st().end();
    s.put(0x1200, c2);
    s.put(0x1400, c3);
    s.go(3, 0x1400);
    ASSERT_TRUE(s.wait_state(3, kWaitingEvent));
    s.go(2, 0x1200);
    ASSERT_TRUE(s.wait_state(2, kFaulting));
    EXPECT_EQ(s.rd(ftr(2)), kLockupErr);
    EXPECT_EQ(s.csr(3), uint32_t(kQueueBusy));  // the faulting thread still holds its data
    s.kill_ch(2);                               // ... until DMAKILL discards it
    ASSERT_TRUE(s.wait_state(3, kStopped));
    EXPECT_TRUE(s.same(0x10000, 0x40000, 1024));
    EXPECT_EQ(s.dma.mfifo_used(), 0u);
  });
}
