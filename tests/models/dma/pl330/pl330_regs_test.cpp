// Register file: IDs and configuration as on Zynq, bad accesses, both apertures, the vendor
// driver's reset and self-test sequences.
#include <gtest/gtest.h>

#include "pl330_sys.h"

using namespace zvp;
using namespace zvp::test;
using namespace zvp::pl330;

// Datasheet values, independent oracle: ARM DDI 0424D (DMA-330 TRM) 3.3 and the Zynq
// configuration (UG585 9.2), not the generated pl330.regs.yaml.
TEST(Pl330Regs, ConfigurationAndIds) {
  Sys s;
  run_sim([&] {
    // CR0: periph requests present, 8 channels, 4 request interfaces, 16 events.
    EXPECT_EQ(s.rd(CR0), 0x001E3071u);
    EXPECT_EQ(s.rd(CR1), 0x74u);  // 8 lines of 16 bytes
    // CRD: 64-bit, 8 reads/8 writes issuing, queues of 16, 128-line MFIFO (1,024 B).
    EXPECT_EQ(s.rd(CRD), 0x07FF7F73u);
    uint32_t pid = 0, cid = 0;
    const uint32_t pids[4] = {PERIPH_ID0, PERIPH_ID1, PERIPH_ID2, PERIPH_ID3};
    const uint32_t cids[4] = {PCELL_ID0, PCELL_ID1, PCELL_ID2, PCELL_ID3};
    for (unsigned i = 0; i < 4; ++i) {  // one byte each
      pid |= (s.rd(pids[i]) & 0xFF) << (8 * i);
      cid |= (s.rd(cids[i]) & 0xFF) << (8 * i);
    }
    EXPECT_EQ(pid & 0xFFFFF, 0x41330u);  // the check Linux's driver makes
    EXPECT_EQ(cid, 0xB105F00Du);
    EXPECT_EQ(s.rd(DSR), 0u);
    EXPECT_EQ(s.rd(DBGSTATUS), 0u);
    for (unsigned c = 0; c < 8; ++c) EXPECT_EQ(s.rd(csr(c)), 0u);
    // The non-secure aperture serves the same register file.
    EXPECT_EQ(s.rd(CR0, true), 0x001E3071u);
  });
}

// The model decodes every register instance of pl330.regs.yaml (the map the firmware uses).
TEST(Pl330Regs, EveryRegisterOfTheMapIsDecoded) {
  Sys s;
  run_sim([&] {
    unsigned n_regs = 0;
#define ZVP_X_(name, offset, width, count, stride, access)                            \
  for (uint32_t i = 0; i < count; ++i, ++n_regs) {                                    \
    tlm::tlm_response_status st;                                                      \
    s.cpu.read32(kSBase + offset + i * stride, &st);                                  \
    EXPECT_EQ(st, tlm::TLM_OK_RESPONSE) << #name << "[" << i << "]";                  \
  }
    ZVP_PL330_REGS(ZVP_X_)
#undef ZVP_X_
    EXPECT_EQ(n_regs, 92u);  // 28 single registers (8 of them IDs), 8 per-channel arrays of 8
  });
}

TEST(Pl330Regs, BadAccessesGetErrorResponsesOrAreIgnored) {
  Sys s;
  run_sim([&] {
    uint8_t b = 0;
    EXPECT_EQ(s.cpu.read(kSBase + CR0, &b, 1), tlm::TLM_BURST_ERROR_RESPONSE);  // byte access
    uint16_t h = 0;
    EXPECT_EQ(s.cpu.read(kSBase + INTEN, &h, 2), tlm::TLM_BURST_ERROR_RESPONSE);
    EXPECT_EQ(s.wr(0x010, 1), tlm::TLM_ADDRESS_ERROR_RESPONSE);  // hole
    tlm::tlm_response_status st;
    s.cpu.read32(kSBase + 0x900, &st);
    EXPECT_EQ(st, tlm::TLM_ADDRESS_ERROR_RESPONSE);
    // Writes to read-only registers are ignored.
    EXPECT_EQ(s.wr(CR0, 0), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(s.rd(CR0), 0x001E3071u);
    EXPECT_EQ(s.wr(csr(2), 0xF), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(s.rd(csr(2)), 0u);
    // INTEN keeps only the 16 event bits.
    s.wr(INTEN, 0xFFFFFFFF);
    EXPECT_EQ(s.rd(INTEN), 0xFFFFu);
    // Write-only registers read as zero.
    s.wr(DBGINST1, 0x1234);
    EXPECT_EQ(s.rd(DBGINST1), 0u);
    // Reserved DBGCMD encodings do nothing.
    s.wr(DBGINST0, Sys::inst0(-1, KILL));  // would kill the manager
    s.wr(DBGCMD, 3);  // a reserved encoding (CMD is 0 only)
    s.pause(100);
    EXPECT_EQ(s.rd(DBGSTATUS), 0u);
  });
}

TEST(Pl330Regs, VendorResetAndSelfTest) {
  Sys s;
  run_sim([&] {
    // Start a channel that waits forever, so the reset has something to kill.
    Prog p;
    p.wfe(5).end();
    s.put(0x1000, p);
    s.go(3, 0x1000);
    ASSERT_TRUE(s.wait_state(3, kWaitingEvent));
    // Reset: INTEN 0, INTCLR 0xFF, DMAKILL every channel and the manager via the debug registers.
    s.wr(INTEN, 0);
    s.wr(INTCLR, 0xFF);
    for (unsigned c = 0; c < 8; ++c) s.kill_ch(c);
    s.kill_mgr();
    // Self test: DBGSTATUS idle, every CSRn reads 0.
    EXPECT_EQ(s.rd(DBGSTATUS) & 1, 0u);
    for (unsigned c = 0; c < 8; ++c) EXPECT_EQ(s.rd(csr(c)), 0u) << "channel " << c;
    EXPECT_EQ(s.rd(FSRC), 0u);
    EXPECT_EQ(s.rd(FSRD), 0u);
  });
}

TEST(Pl330Regs, DebugStatusBusyWhileExecuting) {
  Sys s;
  run_sim([&] {
    s.wr(DBGINST0, Sys::inst0(-1, GO, 0));
    s.wr(DBGINST1, 0x1000);
    s.wr(DBGCMD, 0);
    EXPECT_EQ(s.rd(DBGSTATUS), 1u);  // accepted, not yet executed
    s.pause(100);
    EXPECT_EQ(s.rd(DBGSTATUS), 0u);
  });
}

// A DMAC whose channel program at 0x1000 waits for event 5, for a CPU `lead` ahead of the kernel.
struct AheadSys : Sys {
  AheadSys() {
    Prog wait_ev;
    wait_ev.wfe(5).end();
    put(0x1000, wait_ev);
  }
  const sc_core::sc_time lead{5, sc_core::SC_US};
};

// A CPU runs ahead of the kernel (temporal decoupling): a DMAGO written at its local time t is
// taken at t + 1 cycle, executed at t + 2 cycles, and DBGSTATUS read at the CPU's time follows
// that, even before the kernel has got there. A second DMAGO written once the interface is idle
// in the CPU's time is accepted and runs after the first. (Before, the command ran at the
// kernel's time + 1 cycle and the CPU saw the interface busy until its quantum ended.)
TEST(Pl330Regs, DebugCommandsRunAtTheWritersLocalTime) {
  AheadSys s;
  const sc_core::sc_time lead = s.lead, c = s.clk.period();
  // Accesses `t` ahead of the kernel.
  auto w = [&](uint32_t off, uint32_t v, const sc_core::sc_time& t) { s.cpu.write32_at(kSBase + off, v, t); };
  auto r = [&](uint32_t off, const sc_core::sc_time& t) { return s.cpu.read32_at(kSBase + off, t); };
  run_sim([&] {
    w(DBGINST0, Sys::inst0(-1, pl330::GO, 0), lead);  // DMAGO channel 0
    w(DBGINST1, 0x1000, lead);
    w(DBGCMD, 0, lead);
    EXPECT_EQ(r(DBGSTATUS, lead + c), 1u);  // taken at +1, executing; idle from +2 cycles (below)
    w(DBGINST0, Sys::inst0(-1, pl330::GO, 1), lead + 2 * c);  // DMAGO channel 1
    w(DBGCMD, 0, lead + 2 * c);
    sc_core::wait(lead + 2 * c - sc_core::sc_time(1, sc_core::SC_PS));  // kernel at 0 until here
    EXPECT_EQ(s.csr(0), uint32_t(pl330::kStopped));  // the kernel is not there yet
    sc_core::wait(sc_core::sc_time(2, sc_core::SC_PS));
    EXPECT_NE(s.csr(0), uint32_t(pl330::kStopped));  // started at lead + 2 cycles
    EXPECT_EQ(s.csr(1), uint32_t(pl330::kStopped));
    // (A read at a time the first command is over by waits for it: AReadAfterADebugCommand...)
    EXPECT_EQ(r(DBGSTATUS, lead + 3 * c - sc_core::sc_time_stamp()), 1u);  // the second, at +3
    sc_core::wait(2 * c);
    EXPECT_NE(s.csr(1), uint32_t(pl330::kStopped));  // started at lead + 4 cycles
    // A command written while the interface is busy in the writer's time is ignored.
    const sc_core::sc_time now = sc_core::SC_ZERO_TIME;  // no lead over the kernel
    w(DBGINST0, Sys::inst0(2, pl330::KILL), now);  // DMAKILL channel 2
    w(DBGCMD, 0, now);
    w(DBGINST0, Sys::inst0(-1, pl330::GO, 3), now);
    w(DBGCMD, 0, now);  // busy with the kill: ignored
    s.pause(1000);
    EXPECT_EQ(s.csr(3), uint32_t(pl330::kStopped));
    EXPECT_EQ(s.rd(DBGSTATUS), 0u);
  });
}

// A read at the CPU's local time sees the debug commands that are over by then, though the kernel
// is behind: DBGSTATUS reads idle from a DMAGO's end (+2 cycles), so CSR0 must then show the
// channel started and FSRD a manager fault. The reader waits for the manager thread (the kernel
// catches up to the command's end, never past the reader's time); the access keeps its time.
TEST(Pl330Regs, AReadAfterADebugCommandSeesItsEffects) {
  AheadSys s;
  const sc_core::sc_time lead = s.lead, c = s.clk.period();
  // Accesses at absolute time t (>= the kernel's), issued from the kernel's time.
  auto ahead = [](const sc_core::sc_time& t) { return t - sc_core::sc_time_stamp(); };
  auto w = [&](uint32_t off, uint32_t v, const sc_core::sc_time& t) { s.cpu.write32_at(kSBase + off, v, ahead(t)); };
  auto r = [&](uint32_t off, const sc_core::sc_time& t) { return s.cpu.read32_at(kSBase + off, ahead(t)); };
  run_sim([&] {
    w(DBGINST0, Sys::inst0(-1, pl330::GO, 0), lead);  // DMAGO channel 0
    w(DBGINST1, 0x1000, lead);
    w(DBGCMD, 0, lead);
    EXPECT_EQ(regs::pl330::csr0::CHANNEL_STATUS.get(r(CSR0, lead + c)), uint32_t(pl330::kStopped));  // not executed yet
    EXPECT_EQ(sc_core::sc_time_stamp(), sc_core::SC_ZERO_TIME);     // nothing to wait for
    const sc_core::sc_time latency = s.cpu.last_delay;
    EXPECT_EQ(r(DBGSTATUS, lead + 2 * c), 0u);
    EXPECT_EQ(sc_core::sc_time_stamp(), lead + 2 * c);  // the kernel caught up to the command's end
    EXPECT_EQ(s.cpu.last_delay, latency);               // the access kept its time
    EXPECT_NE(regs::pl330::csr0::CHANNEL_STATUS.get(r(CSR0, lead + 2 * c)), uint32_t(pl330::kStopped));
    // DMAGO to the busy channel 0 at T: the manager faults at T + 2 cycles.
    const sc_core::sc_time t = lead + 10 * c;
    w(DBGCMD, 0, t);
    EXPECT_EQ(r(FSRD, t + c), 0u);
    EXPECT_EQ(sc_core::sc_time_stamp(), lead + 2 * c);
    EXPECT_EQ(r(FSRD, t + 2 * c), 1u);
    EXPECT_EQ(sc_core::sc_time_stamp(), t + 2 * c);
  });
}

TEST(Pl330Regs, SecurityBitsFollowApertureAndDmagoNs) {
  Sys s;
  run_sim([&] {
    Prog p;
    p.wfe(1).end();
    s.put(0x1000, p);
    s.go(0, 0x1000, false, false);  // secure aperture, DMAGO (secure)
    s.go(1, 0x1000, true, false);   // secure aperture, DMAGO ns
    s.go(2, 0x1000, false, true);   // non-secure aperture
    s.pause(200);
    EXPECT_EQ(s.rd(csr(0)) >> 21 & 1, 0u);
    EXPECT_EQ(s.rd(csr(1)) >> 21 & 1, 1u);
    EXPECT_EQ(s.rd(csr(2)) >> 21 & 1, 1u);
    EXPECT_EQ(regs::pl330::csr0::CHANNEL_STATUS.get(s.rd(csr(2))), uint32_t(kWaitingEvent));
    EXPECT_EQ(regs::pl330::csr0::WAKEUP_NUMBER.get(s.rd(csr(2))), 1u);  // wake-up event number
    EXPECT_EQ(regs::pl330::dsr::DNS.get(s.rd(DSR)), 0u);        // the manager is secure (Zynq reset)
  });
}

TEST(Pl330Regs, NonSecureManagerCannotStartSecureThread) {
  Pl330Params prm;
  prm.manager_ns = true;
  Sys s(TimingMode::LT, prm);
  run_sim([&] {
    EXPECT_EQ(regs::pl330::dsr::DNS.get(s.rd(DSR)), 1u);
    EXPECT_EQ(s.rd(CR0) >> 2 & 1, 1u);
    Prog p;
    p.end();
    s.put(0x1000, p);
    s.go(0, 0x1000, false);
    EXPECT_EQ(regs::pl330::dsr::DMA_STATUS.get(s.rd(DSR)), uint32_t(kFaulting));
    EXPECT_TRUE(s.rd(FTRD) & kDmagoErr);
    EXPECT_EQ(s.rd(FSRD), 1u);
    EXPECT_TRUE(s.abort_line.read());
    s.kill_mgr();
    EXPECT_EQ(regs::pl330::dsr::DMA_STATUS.get(s.rd(DSR)), 0u);
    EXPECT_FALSE(s.abort_line.read());
    s.go(0, 0x1000, true);  // DMAGO ns works
    EXPECT_TRUE(s.wait_state(0, kStopped));
    EXPECT_EQ(s.rd(FSRD), 0u);
  });
}
