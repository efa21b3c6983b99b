// Test bench for the AXI DMA: a CPU-side test initiator on the register slave, the DMA's
// master through a Router to a DDR memory (0x0000_0000, 1 MB) and to a target that answers
// every access with TLM_GENERIC_ERROR_RESPONSE (0x8000_0000); the rest is unmapped (DECERR).
// The MM2S stream goes into `fifo`; with loopback the S2MM channel reads the same FIFO.
#pragma once
#define SC_INCLUDE_DYNAMIC_PROCESSES
#include <systemc>
#include <tlm_utils/simple_target_socket.h>

#include <vector>

#include "support/test_initiator.h"
#include "core/irq.h"
#include "core/memory.h"
#include "core/router.h"
#include "dma/axi_dma/axi_dma.h"
#include "pl/axis.h"
#include "pl/axis_checker.h"

namespace zvp::test {

struct ErrorTarget : sc_core::sc_module {
  tlm_utils::simple_target_socket<ErrorTarget> socket;
  explicit ErrorTarget(sc_core::sc_module_name n) : sc_core::sc_module(n), socket("socket") {
    socket.register_b_transport(this, &ErrorTarget::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time&) {
    gp.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
  }
};

// Register offsets (channel base + offset), from axi_dma.regs.yaml.
namespace R = regs::axi_dma;
constexpr uint64_t MM2S = 0, S2MM = AxiDma::kS2mmOffset;
constexpr uint64_t CR = R::MM2S_DMACR, SR = R::MM2S_DMASR, CURDESC = R::MM2S_CURDESC, TAILDESC = R::MM2S_TAILDESC,
                   ADDR = R::MM2S_SA, LENGTH = R::MM2S_LENGTH;
constexpr uint64_t kErrBase = 0x8000'0000, kUnmapped = 0x4000'0000;
// DMACR / DMASR fields (the same in both channels).
namespace CRF = R::mm2s_dmacr;
namespace SRF = R::mm2s_dmasr;
constexpr uint32_t threshold(uint32_t n) { return CRF::IRQ_THRESHOLD.prep(n); }
constexpr uint32_t delay(uint32_t n) { return CRF::IRQ_DELAY.prep(n); }
// DMASR without its two counters (IRQThresholdSts, IRQDelaySts): the status flags.
constexpr uint32_t kSrFlags = ~(SRF::IRQ_THRESHOLD_STS.mask() | SRF::IRQ_DELAY_STS.mask());

inline AxiDmaConfig default_cfg(bool sg = false) {
  AxiDmaConfig c;
  c.sg = sg;
  c.clk = Clock("pl", 100e6);  // 10 ns
  c.sg_clk = Clock("pl", 100e6);
  return c;
}

struct DmaBench {
  TestInitiator cpu{"cpu"};
  AxiDma dma;
  Router bus{"bus"};
  Memory ddr{"ddr", 0x100000};
  ErrorTarget err{"err"};
  AxisFifo fifo;
  AxisChecker chk;
  IrqLine mm2s_line{"mm2s_irq"}, s2mm_line{"s2mm_irq"};
  std::vector<sc_core::sc_time> mm2s_rises, s2mm_rises;

  DmaBench(const AxiDmaConfig& cfg, bool loopback, unsigned depth = 16)
      : dma("dma", cfg), fifo("fifo", cfg.mm2s_stream_bytes, depth),
        chk("mm2s", cfg.mm2s_stream_bytes, {true, false, 0}) {
    cpu.socket.bind(dma.socket);
    dma.m_axi.bind(bus.target);
    bus.initiator.bind(ddr.socket);
    bus.initiator.bind(err.socket);
    bus.map(0x0, 0x100000, 0, true, "ddr");
    bus.map(kErrBase, 0x1000, 1, true, "err");
    ddr.set_latency(sc_core::sc_time(60, sc_core::SC_NS), sc_core::sc_time(30, sc_core::SC_NS));
    ddr.set_beat(sc_core::sc_time(5, sc_core::SC_NS), 8);
    dma.mm2s.bind(fifo);
    if (loopback) dma.s2mm.bind(fifo);
    chk.attach(fifo);
    dma.mm2s_irq.bind(mm2s_line);
    dma.s2mm_irq.bind(s2mm_line);
    mm2s_line.listen([this](bool v) { if (v) mm2s_rises.push_back(sc_core::sc_time_stamp()); });
    s2mm_line.listen([this](bool v) { if (v) s2mm_rises.push_back(sc_core::sc_time_stamp()); });
  }

  uint32_t rd(uint64_t off) { return cpu.read32(off); }
  void wr(uint64_t off, uint32_t v) { cpu.write32(off, v); }
  void fill(uint64_t addr, size_t n, uint8_t seed) {
    std::vector<uint8_t> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = uint8_t(seed + i * 13 + (i >> 8));
    ddr.load(addr, v.data(), n);
  }
  std::vector<uint8_t> mem(uint64_t addr, size_t n) {
    std::vector<uint8_t> v(n);
    ddr.peek(addr, v.data(), n);
    return v;
  }
  uint32_t mem32(uint64_t addr) {
    uint32_t v = 0;
    ddr.peek(addr, &v, 4);
    return v;
  }
  void put32(uint64_t addr, uint32_t v) { ddr.load(addr, &v, 4); }
  // A scatter-gather descriptor (32-bit addressing).
  void bd(uint64_t at, uint64_t next, uint64_t buf, uint32_t control, uint32_t status = 0) {
    uint32_t w[16] = {};
    w[AxiDma::BD_NXTDESC / 4] = uint32_t(next);
    w[AxiDma::BD_BUFFER / 4] = uint32_t(buf);
    w[AxiDma::BD_CONTROL / 4] = control;
    w[AxiDma::BD_STATUS / 4] = status;
    ddr.load(at, w, sizeof w);
  }
  // Polls DMASR until (SR & mask) == want, at most `tries` reads 100 ns apart.
  bool poll(uint64_t ch, uint32_t mask, uint32_t want, int tries = 10000) {
    for (int i = 0; i < tries; ++i) {
      if ((rd(ch + SR) & mask) == want) return true;
      sc_core::wait(sc_core::sc_time(100, sc_core::SC_NS));
    }
    return false;
  }
};

}  // namespace zvp::test
