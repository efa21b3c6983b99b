// Test system for the PL330: a TestInitiator (the "CPU") and the DMAC's master share one Router
// in front of a Memory (16 MB at 0) and the DMAC's two register apertures; 0x2000_0000 and up is
// unmapped (address errors). A tiny micro-code assembler and a test peripheral drive it.
#pragma once
#include <systemc>

#include <cstdint>
#include <cstring>
#include <vector>

#include "support/test_initiator.h"
#include "core/clock.h"
#include "core/irq.h"
#include "core/memory.h"
#include "core/router.h"
#include "dma/pl330/pl330.h"

namespace zvp::test {

constexpr uint64_t kSBase = 0xF8003000, kNsBase = 0xF8004000;
constexpr uint64_t kMemSize = 16u << 20;
constexpr uint32_t kUnmapped = 0x20000000;

// Micro-code assembler for tests (the firmware has its own, in C).
struct Prog {
  std::vector<uint8_t> b;
  Prog& byte(uint8_t v) { b.push_back(v); return *this; }
  Prog& imm32(uint32_t v) { for (int i = 0; i < 4; ++i) b.push_back(uint8_t(v >> (8 * i))); return *this; }
  Prog& mov(unsigned rd, uint32_t v) { return byte(0xBC).byte(uint8_t(rd)).imm32(v); }
  Prog& sar(uint32_t v) { return mov(0, v); }
  Prog& ccr(uint32_t v) { return mov(1, v); }
  Prog& dar(uint32_t v) { return mov(2, v); }
  Prog& end() { return byte(0x00); }
  Prog& kill() { return byte(0x01); }
  Prog& ld() { return byte(0x04); }
  Prog& lds() { return byte(0x05); }
  Prog& ldb() { return byte(0x07); }
  Prog& st() { return byte(0x08); }
  Prog& sts() { return byte(0x09); }
  Prog& stb() { return byte(0x0B); }
  Prog& stz() { return byte(0x0C); }
  Prog& rmb() { return byte(0x12); }
  Prog& wmb() { return byte(0x13); }
  Prog& nop() { return byte(0x18); }
  Prog& ldp(bool burst, unsigned p) { return byte(burst ? 0x27 : 0x25).byte(uint8_t(p << 3)); }
  Prog& stp(bool burst, unsigned p) { return byte(burst ? 0x2B : 0x29).byte(uint8_t(p << 3)); }
  Prog& wfp(unsigned p, char kind) {  // 'S', 'B' or 'P'
    return byte(kind == 'S' ? 0x30 : kind == 'B' ? 0x32 : 0x31).byte(uint8_t(p << 3));
  }
  Prog& sev(unsigned e) { return byte(0x34).byte(uint8_t(e << 3)); }
  Prog& wfe(unsigned e, bool inv = false) { return byte(0x36).byte(uint8_t(e << 3 | (inv ? 2 : 0))); }
  Prog& flushp(unsigned p) { return byte(0x35).byte(uint8_t(p << 3)); }
  Prog& addh(bool dst, uint16_t v) { return byte(dst ? 0x56 : 0x54).byte(uint8_t(v)).byte(uint8_t(v >> 8)); }
  Prog& adnh(bool dst, uint16_t v) { return byte(dst ? 0x5E : 0x5C).byte(uint8_t(v)).byte(uint8_t(v >> 8)); }
  Prog& go(unsigned ch, uint32_t pc, bool ns = false) { return byte(ns ? 0xA2 : 0xA0).byte(uint8_t(ch)).imm32(pc); }
  // DMALP: returns the loop start (the body's first byte).
  size_t lp(unsigned lc, unsigned iters) {
    byte(lc ? 0x22 : 0x20).byte(uint8_t(iters - 1));
    return b.size();
  }
  // DMALPEND (counted) / DMALPFE (forever: pass forever=true). cond: 0, 'S' or 'B'.
  Prog& lpend(unsigned lc, size_t start, bool forever = false, char cond = 0) {
    uint8_t op = uint8_t(0x28 | (forever ? 0 : 0x10) | (lc ? 4 : 0));
    if (cond == 'S') op |= 1;
    if (cond == 'B') op |= 3;
    const size_t jump = b.size() - start;
    return byte(op).byte(uint8_t(jump));
  }
  size_t here() const { return b.size(); }
};

// CCR value: sizes in bytes (1..8), lengths in beats (1..16).
inline uint32_t make_ccr(unsigned src_size, unsigned src_len, unsigned dst_size, unsigned dst_len,
                         bool src_inc = true, bool dst_inc = true, unsigned swap = 0) {
  auto lg = [](unsigned v) { unsigned n = 0; while ((1u << n) < v) ++n; return n; };
  namespace cc = regs::pl330::cc0;  // values at their fields' places, not masked (tests may overflow one)
  return uint32_t(src_inc) << cc::SRC_INC.shift | lg(src_size) << cc::SRC_BURST_SIZE.shift |
         (src_len - 1) << cc::SRC_BURST_LEN.shift | uint32_t(dst_inc) << cc::DST_INC.shift |
         lg(dst_size) << cc::DST_BURST_SIZE.shift | (dst_len - 1) << cc::DST_BURST_LEN.shift |
         swap << cc::ENDIAN_SWAP_SIZE.shift;
}

// A peripheral on one request interface: records the DMAC's acknowledges, answers flush
// requests with a flush acknowledge when auto_flush_ack is set.
struct TestPeriph : Pl330PeriphListener {
  Pl330PeriphPort* port = nullptr;
  std::vector<Pl330AckType> acks;
  bool auto_flush_ack = true;
  void attach(Pl330PeriphPort& p) { port = &p; p.bind(*this); }
  void pl330_ack(unsigned, Pl330AckType t) override {
    acks.push_back(t);
    if (t == Pl330AckType::FlushReq && auto_flush_ack) port->request(Pl330ReqType::FlushAck);
  }
  unsigned count(Pl330AckType t) const {
    unsigned n = 0;
    for (auto a : acks) n += a == t;
    return n;
  }
};

struct Sys {
  Clock clk{"cpu_2x", 222e6};
  Memory mem{"mem", kMemSize};
  Router bus{"bus"};
  Pl330 dma;
  TestInitiator cpu{"cpu"};
  IrqLine ev[Pl330::kIrqs];
  IrqLine abort_line{"abort"};
  TestPeriph per[Pl330::kPeriphs];

  explicit Sys(TimingMode m = TimingMode::LT, const Pl330Params& p = {}) : dma("dma", clk, m, p) {
    cpu.socket.bind(bus.target);
    dma.master.bind(bus.target);
    bus.initiator.bind(mem.socket);
    bus.initiator.bind(dma.socket_s);
    bus.initiator.bind(dma.socket_ns);
    bus.map(0, kMemSize, 0, true, "mem");
    bus.map(kSBase, 0x1000, 1, true, "dmac_s");
    bus.map(kNsBase, 0x1000, 2, true, "dmac_ns");
    // A DDR-like memory: 40 ns first beat, 64-bit beats at 533 MHz.
    mem.set_latency(sc_core::sc_time(40, sc_core::SC_NS), sc_core::sc_time(40, sc_core::SC_NS));
    mem.set_beat(sc_core::sc_time(1.876, sc_core::SC_NS), 8);
    for (unsigned i = 0; i < Pl330::kIrqs; ++i) dma.irq[i].bind(ev[i]);
    dma.irq_abort.bind(abort_line);
    for (unsigned i = 0; i < Pl330::kPeriphs; ++i) per[i].attach(dma.periph[i]);
  }

  uint32_t rd(uint32_t off, bool ns = false) { return cpu.read32((ns ? kNsBase : kSBase) + off); }
  tlm::tlm_response_status wr(uint32_t off, uint32_t v, bool ns = false) {
    return cpu.write32((ns ? kNsBase : kSBase) + off, v);
  }
  void pause(double ns) { sc_core::wait(sc_core::sc_time(ns, sc_core::SC_NS)); }

  // The vendor sequence: wait for DBGSTATUS idle, write DBGINST0/1, execute with DBGCMD = 0.
  void dbg(uint32_t inst0, uint32_t inst1, bool ns = false) {
    namespace r = regs::pl330;
    while (r::dbgstatus::BUSY.get(rd(pl330::DBGSTATUS, ns))) pause(10);
    wr(pl330::DBGINST0, inst0, ns);
    wr(pl330::DBGINST1, inst1, ns);
    wr(pl330::DBGCMD, r::dbgcmd::CMD.prep(r::dbgcmd::CMD_EXECUTE), ns);
    while (r::dbgstatus::BUSY.get(rd(pl330::DBGSTATUS, ns))) pause(10);
  }
  // DBGINST0 for the manager (channel < 0) or a channel thread: instruction bytes 0 and 1.
  static uint32_t inst0(int channel, uint8_t b0, uint8_t b1 = 0) {
    namespace i0 = regs::pl330::dbginst0;
    return i0::INSTR1.prep(b1) | i0::INSTR0.prep(b0) | i0::CHANNEL.prep(channel < 0 ? 0 : unsigned(channel)) |
           i0::DEBUG_THREAD.prep(channel < 0 ? i0::DEBUG_THREAD_MANAGER : i0::DEBUG_THREAD_CHANNEL);
  }
  void go(unsigned ch, uint32_t pc, bool ns_op = false, bool ns_aperture = false) {
    dbg(inst0(-1, pl330::Op(ns_op ? pl330::GO_NS : pl330::GO), uint8_t(ch)), pc, ns_aperture);
  }
  void kill_ch(unsigned ch) { dbg(inst0(int(ch), pl330::KILL), 0); }
  void kill_mgr() { dbg(inst0(-1, pl330::KILL), 0); }
  uint32_t csr(unsigned ch) { return regs::pl330::csr0::CHANNEL_STATUS.get(rd(pl330::csr(ch))); }
  // Polls CSRn until it reads `state` (or the simulated timeout passes).
  bool wait_state(unsigned ch, uint32_t state, double timeout_us = 2000) {
    const sc_core::sc_time end = sc_core::sc_time_stamp() + sc_core::sc_time(timeout_us, sc_core::SC_US);
    while (sc_core::sc_time_stamp() < end) {
      if (csr(ch) == state) return true;
      pause(50);
    }
    return false;
  }
  void put(uint32_t addr, const Prog& p) { mem.load(addr, p.b.data(), p.b.size()); }
  void fill(uint32_t addr, size_t n, uint8_t seed) {
    std::vector<uint8_t> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = uint8_t(seed + i * 7 + (i >> 8));
    mem.load(addr, v.data(), n);
  }
  std::vector<uint8_t> get(uint32_t addr, size_t n) {
    std::vector<uint8_t> v(n);
    mem.peek(addr, v.data(), n);
    return v;
  }
  bool same(uint32_t a, uint32_t b, size_t n) { return get(a, n) == get(b, n); }
};

}  // namespace zvp::test
