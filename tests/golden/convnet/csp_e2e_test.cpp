// The firmware side of seed 001 on the real models: the RISC-V Middleware ELF (built by the
// firmware tree) runs on the CspAccelerator's Zero-riscy; the ARM front end's work is done by
// this test through the same shared C code (csp_plan layouts in DDR, PL330 micro-code from
// drivers/csp/csp_dma.c, mailbox + doorbell), and the PL330 model moves the data over its
// peripheral request interfaces driven by the DMA Action Scheduler. Every output must equal the
// golden model; the simulated layer time is printed (and, for the seed's layer shapes in the
// `slow` executable, compared with Tables II / III for information).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "accel/csp/csp_accelerator.h"
#include "support/test_initiator.h"
#include "core/memory.h"
#include "core/router.h"
#include "dma/pl330/pl330.h"
extern "C" {
#include "golden/convnet/convnet.h"
#include "golden/convnet/csp_plan.h"
#include "golden/csp/csp_ref.h"
#include "drivers/csp/csp_dma.h"
#include "drivers/pl330/pl330_asm.h"
}
#include "regs/csp_regs.h"
#include "regs/pl330_regs.h"
#include "zvp_memmap.h"

using namespace zvp;

namespace {

constexpr uint64_t kDdrSize = 96u << 20;
constexpr uint32_t kGp = ZVP_CSP_BASE;  // CSP aperture on GP0
constexpr uint32_t kDmac = ZVP_DMAC_S_BASE;
constexpr uint32_t kIn = 0x00100000, kW = 0x01000000, kOut = 0x02000000, kProg = 0x03000000;

struct Sys {
  Clock dma_clk{"cpu_2x", 222e6};
  Memory ddr{"ddr", kDdrSize};
  Router bus{"bus"};
  Pl330 dmac{"dmac", dma_clk};
  CspAccelerator csp;
  test::TestInitiator arm{"arm"};
  IrqLine f2p{"irq_f2p0"};
  IrqLine ev[Pl330::kIrqs];
  IrqLine abort_line{"dmac_abort"};

  static CspParams params(double pl_hz) {
    CspParams p;
    p.clock = Clock("pl", pl_hz);
    p.propagate();
    // Exploration knob: the Zero-riscy's temporal-decoupling quantum (default: the model's).
    if (const char* q = std::getenv("CONVNET_RV_QUANTUM_NS"))
      p.riscv.quantum = sc_core::sc_time(std::atof(q), sc_core::SC_NS);
    return p;
  }
  explicit Sys(double pl_hz) : csp("csp", params(pl_hz)) {
    arm.socket.bind(bus.target);
    dmac.master.bind(bus.target);
    bus.initiator.bind(ddr.socket);
    bus.initiator.bind(dmac.socket_s);
    bus.initiator.bind(csp.s_axi);
    bus.initiator.bind(dmac.socket_ns);
    bus.map(0, kDdrSize, 0, true, "ddr");
    bus.map(kDmac, 0x1000, 1, true, "dmac");
    bus.map(kGp, CspAccelerator::kGpSize, 2, true, "csp");
    bus.map(kDmac + 0x1000, 0x1000, 3, true, "dmac_ns");
    ddr.set_latency(sc_core::sc_time(40, sc_core::SC_NS), sc_core::sc_time(40, sc_core::SC_NS));
    ddr.set_beat(sc_core::sc_time(1.876, sc_core::SC_NS), 8);
    for (unsigned c = 0; c < 3; ++c) csp.bind_periph(c, dmac.periph[c]);
    csp.irq_arm.bind(f2p);
    for (unsigned i = 0; i < Pl330::kIrqs; ++i) dmac.irq[i].bind(ev[i]);
    dmac.irq_abort.bind(abort_line);
  }

  void pause(double ns) { sc_core::wait(sc_core::sc_time(ns, sc_core::SC_NS)); }
  void ctrl(uint32_t reg, uint32_t v) { arm.write32(ZVP_CSP_CTRL_BASE + reg, v); }
  uint32_t ctrl_rd(uint32_t reg) { return arm.read32(ZVP_CSP_CTRL_BASE + reg); }
  void dbg(uint32_t inst0, uint32_t inst1) {
    while (arm.read32(kDmac + ZVP_PL330_DBGSTATUS) & ZVP_PL330_DBGSTATUS_BUSY_MASK) pause(10);
    arm.write32(kDmac + ZVP_PL330_DBGINST0, inst0);
    arm.write32(kDmac + ZVP_PL330_DBGINST1, inst1);
    arm.write32(kDmac + ZVP_PL330_DBGCMD, 0);
  }

  // The ARM's loader (drivers/csp/csp.c does the same over GP0).
  bool load_elf(const std::vector<uint8_t>& e, uint32_t& entry) {
    auto u32 = [&](size_t o) { return e[o] | e[o + 1] << 8 | e[o + 2] << 16 | uint32_t(e[o + 3]) << 24; };
    auto u16 = [&](size_t o) { return unsigned(e[o] | e[o + 1] << 8); };
    if (e.size() < 52 || std::memcmp(e.data(), "\177ELF", 4) != 0 || u16(18) != 243) return false;
    ctrl(ZVP_CSP_CTRL_RISCV_CTRL, ZVP_CSP_CTRL_RISCV_CTRL_HOLD_MASK);
    for (unsigned i = 0; i < u16(44); ++i) {
      const size_t ph = u32(28) + i * u16(42);
      if (u32(ph) != 1) continue;
      const uint32_t off = u32(ph + 4), paddr = u32(ph + 12), filesz = u32(ph + 16), memsz = u32(ph + 20);
      std::vector<uint8_t> img(memsz, 0);
      std::memcpy(img.data(), &e[off], filesz);
      if (arm.write(ZVP_CSP_L2_BASE + paddr, img.data(), img.size()) != tlm::TLM_OK_RESPONSE) return false;
    }
    entry = u32(24);
    return true;
  }
};

std::vector<uint8_t> read_file(const char* path) {
  std::ifstream f(path, std::ios::binary);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

struct LayerCase {
  const char* name;
  uint16_t w, h, cin, cout;
  uint8_t stride, pad, mode;
  double seed_ms;  // seed 001 measured time (0: none)
  double gops;     // seed convention
  uint8_t kernel = CSP_KERNEL_3X3;
};

// Runs the layers in one simulation; returns per-layer simulated seconds.
void run_layers(const std::vector<LayerCase>& cases, double pl_hz) {
  const std::vector<uint8_t> elf = read_file(CSP_MW_ELF);
  ASSERT_FALSE(elf.empty()) << "middleware ELF missing: " << CSP_MW_ELF;
  Sys sys(pl_hz);
  test::run_sim([&] {
    uint32_t entry = 0;
    ASSERT_TRUE(sys.load_elf(elf, entry));
    sys.ctrl(ZVP_CSP_CTRL_BOOT_ADDR, entry);
    sys.ctrl(ZVP_CSP_CTRL_RISCV_CTRL, ZVP_FIELD_PREP(ZVP_CSP_CTRL_RISCV_CTRL_HOLD, 0u));
    uint32_t seq = 0;
    for (const LayerCase& c : cases) {
      csp_layer_desc d{};
      d.w = c.w, d.h = c.h, d.cin = c.cin, d.cout = c.cout, d.stride = c.stride, d.pad = c.pad;
      d.mode = c.mode, d.relu = 1, d.shift = c.mode ? 8 : 12, d.kernel = c.kernel;
      d.bank_bytes = sys.csp.tcdm.params().bank_bytes;
      d.wm_words = sys.csp.wm.words();
      csp_plan p;
      ASSERT_EQ(csp_plan_init(&p, &d, ZVP_CSP_LINE_BUFFER_WORDS), CSP_PLAN_OK) << c.name;
      // Data.
      cn_rng r;
      cn_rng_seed(&r, 0xC0FFEE, seq);
      const int amp = c.mode ? 60 : 8000, wamp = c.mode ? 16 : 1024;
      const size_t kk = size_t(csp_ksize(c.kernel)) * csp_ksize(c.kernel);
      std::vector<int16_t> in(size_t(c.cin) * c.h * c.w), w(size_t(c.cout) * c.cin * kk);
      std::vector<int32_t> bias(c.cout);
      for (auto& v : in) v = int16_t(cn_rng_range(&r, -amp, amp));
      for (auto& v : w) v = int16_t(cn_rng_range(&r, -wamp, wamp));
      for (auto& v : bias) v = cn_rng_range(&r, -300, 300);
      std::vector<uint8_t> din(csp_plan_in_bytes(&p)), dw(csp_plan_weight_words(&p) * 8);
      csp_plan_pack_inputs(&p, in.data(), din.data());
      csp_plan_pack_weights(&p, w.data(), bias.data(), dw.data());
      ASSERT_TRUE(sys.ddr.load(kIn, din.data(), din.size()));
      ASSERT_TRUE(sys.ddr.load(kW, dw.data(), dw.size()));
      std::vector<uint8_t> poison(csp_plan_out_bytes(&p), 0xA5);
      ASSERT_TRUE(sys.ddr.load(kOut, poison.data(), poison.size()));
      const csp_dma_map m = {{kIn, kW, kOut},
                             {ZVP_CSP_TCDM_BASE, ZVP_CSP_WM_BASE, ZVP_CSP_TCDM_BASE},
                             {ZVP_CSP_SCHED_CH_INPUT, ZVP_CSP_SCHED_CH_WEIGHTS, ZVP_CSP_SCHED_CH_OUTPUT}};
      uint32_t prog_addr[3];
      for (int ch = 0; ch < 3; ++ch) {
        std::vector<uint8_t> code(csp_dma_prog_bound(&p, ch));
        pl330_prog prog;
        pl330_prog_init(&prog, code.data(), uint32_t(code.size()));
        ASSERT_EQ(csp_dma_build(&prog, &p, ch, &m, uint32_t(ch)), 0);
        prog_addr[ch] = kProg + uint32_t(ch) * 0x400000u;
        ASSERT_LE(prog.len, 0x400000u);
        ASSERT_TRUE(sys.ddr.load(prog_addr[ch], code.data(), prog.len));
      }
      // Order the layer: descriptor, channels, doorbell.
      uint32_t mb[CSP_MB_WORDS] = {};
      csp_desc_encode(&d, mb);
      ++seq;
      for (unsigned k = 1; k < 6; ++k) sys.ctrl(ZVP_CSP_CTRL_MAILBOX0 + ZVP_CSP_CTRL_MAILBOX0_STRIDE * k, mb[k]);
      sys.ctrl(ZVP_CSP_CTRL_MAILBOX0, seq << 8 | CSP_CMD_LAYER);
      const sc_core::sc_time t0 = sc_core::sc_time_stamp();
      const uint64_t eng0 = sys.csp.engine.total_cycles(), conf0 = sys.csp.engine.total_conflicts();
      const uint64_t ins0 = sys.csp.riscv.instructions(), pass0 = sys.csp.engine.passes();
      for (unsigned ch = 0; ch < 3; ++ch)  // DMAGO channel ch from the manager thread
        sys.dbg(ZVP_FIELD_PREP(ZVP_PL330_DBGINST0_INSTR0, 0xA0u) | ZVP_FIELD_PREP(ZVP_PL330_DBGINST0_INSTR1, ch),
                prog_addr[ch]);
      sys.ctrl(ZVP_CSP_CTRL_DOORBELL_RV, ZVP_CSP_CTRL_DOORBELL_RV_DOORBELL_MASK);
      const sc_core::sc_time limit = t0 + sc_core::sc_time(2, sc_core::SC_SEC);
      while (!(sys.ctrl_rd(ZVP_CSP_CTRL_ARM_IRQ_STATUS) & ZVP_CSP_CTRL_ARM_IRQ_STATUS_DOORBELL_MASK) && sc_core::sc_time_stamp() < limit)
        sys.pause(500);
      ASSERT_TRUE(sys.ctrl_rd(ZVP_CSP_CTRL_ARM_IRQ_STATUS) & ZVP_CSP_CTRL_ARM_IRQ_STATUS_DOORBELL_MASK) << c.name << ": no completion";
      sys.ctrl(ZVP_CSP_CTRL_ARM_IRQ_STATUS, ZVP_CSP_CTRL_ARM_IRQ_STATUS_DOORBELL_MASK);
      for (unsigned ch = 0; ch < 3; ++ch)
        while (sys.dmac.channel_state(ch) != 0 && sc_core::sc_time_stamp() < limit) sys.pause(100);
      const double secs = (sc_core::sc_time_stamp() - t0).to_seconds();
      const uint32_t st = sys.ctrl_rd(ZVP_CSP_CTRL_MAILBOX0 + ZVP_CSP_CTRL_MAILBOX0_STRIDE * CSP_MB_STATUS);
      EXPECT_EQ(st, seq << 8) << c.name << ": middleware status";
      EXPECT_FALSE(sys.abort_line.read()) << c.name << ": DMAC fault";
      for (unsigned ch = 0; ch < 3; ++ch) EXPECT_EQ(sys.dmac.channel_state(ch), 0u) << "channel " << ch;
      // Check against the golden model.
      csp_geom_t g{c.w, c.h, c.stride, c.pad, c.mode, d.shift, 1, c.kernel};
      const int ho = csp_out_h(&g), wo = csp_out_w(&g);
      std::vector<int16_t> ref(size_t(c.cout) * ho * wo), got(ref.size());
      std::vector<int32_t> scratch(size_t(ho) * wo);
      csp_conv_layer_ref(&g, c.cin, c.cout, in.data(), w.data(), bias.data(), ref.data(), scratch.data());
      std::vector<uint8_t> dout(csp_plan_out_bytes(&p));
      ASSERT_TRUE(sys.ddr.peek(kOut, dout.data(), dout.size()));
      csp_plan_unpack_outputs(&p, dout.data(), got.data());
      size_t bad = 0, nz = 0;
      for (size_t i = 0; i < ref.size(); ++i) {
        bad += ref[i] != got[i];
        nz += ref[i] != 0;
      }
      EXPECT_EQ(bad, 0u) << c.name << ": of " << ref.size() << " outputs";
      EXPECT_GT(nz, ref.size() / 10) << "degenerate test data";
      const uint32_t cycles = sys.ctrl_rd(ZVP_CSP_CTRL_MAILBOX0 + ZVP_CSP_CTRL_MAILBOX0_STRIDE * CSP_MB_CYCLES);
      const double peak = 2.0 * 27 * 2 * pl_hz * (c.mode ? 2 : 1);
      std::printf("[ layer    ] %-16s %3ux%-3u %4u->%-4u s%u %2d-bit: %9.3f ms  rv %9u cyc  tiles %u OG %u x%u IG %u",
                  c.name, c.w, c.h, c.cin, c.cout, c.stride, c.mode ? 8 : 16, secs * 1e3, cycles, p.n_tiles,
                  p.n_og, p.og, p.n_ig);
      std::printf("  %.1f rv insn/pass", double(sys.csp.riscv.instructions() - ins0) /
                                           double(sys.csp.engine.passes() - pass0));
      std::printf("  engine %.0f%% busy, %llu conflicts", 100.0 * double(sys.csp.engine.total_cycles() - eng0) / (secs * pl_hz),
                  (unsigned long long)(sys.csp.engine.total_conflicts() - conf0));
      if (c.gops > 0)
        std::printf("  %.2f GOPS eff %.0f%%", c.gops / secs, 100.0 * c.gops * 1e9 / secs / peak);
      if (c.seed_ms > 0) std::printf("  seed %.2f ms (%+.0f%%)", c.seed_ms, 100.0 * (secs * 1e3 / c.seed_ms - 1));
      std::printf("\n");
    }
    // Quit: the Middleware answers and leaves its loop.
    ++seq;
    sys.ctrl(ZVP_CSP_CTRL_MAILBOX0, seq << 8 | CSP_CMD_QUIT);
    sys.ctrl(ZVP_CSP_CTRL_DOORBELL_RV, ZVP_CSP_CTRL_DOORBELL_RV_DOORBELL_MASK);
    sys.pause(20000);
    EXPECT_EQ(sys.ctrl_rd(ZVP_CSP_CTRL_MAILBOX0 + ZVP_CSP_CTRL_MAILBOX0_STRIDE * CSP_MB_STATUS), seq << 8);
  });
}

}  // namespace

#ifndef CSP_E2E_SLOW
TEST(ConvnetCspE2E, SmallLayersBitExactOnTheModels) {
  run_layers({{"same16", 16, 16, 4, 5, 1, 1, CSP_MODE_16BIT, 0, 0},
              {"stride2_valid8", 15, 13, 5, 4, 2, 0, CSP_MODE_8BIT, 0, 0},
              {"groups16", 8, 8, 7, 9, 1, 1, CSP_MODE_16BIT, 0, 0},
              {"one_by_one8", 6, 6, 8, 12, 1, 0, CSP_MODE_8BIT, 0, 0, CSP_KERNEL_1X1},
              {"one_by_one16", 7, 5, 4, 3, 1, 0, CSP_MODE_16BIT, 0, 0, CSP_KERNEL_1X1}},
             80e6);
}
#else
// Seed 001 layer shapes (MiniZed, 80 MHz): bit-exact, and the simulated time beside the seed's.
TEST(ConvnetCspE2ESlow, AllCnnCLayers8Bit) {
  run_layers({{"allcnnc.conv_1", 32, 32, 3, 96, 1, 1, CSP_MODE_8BIT, 1.09, 0.0053},
              {"allcnnc.conv_2", 32, 32, 96, 96, 1, 1, CSP_MODE_8BIT, 11.0, 0.1699},
              {"allcnnc.conv_7", 8, 8, 192, 192, 1, 0, CSP_MODE_8BIT, 6.6, 0.0425},
              {"allcnnc.conv_8", 6, 6, 192, 192, 1, 0, CSP_MODE_8BIT, 6.15, 0.0027, CSP_KERNEL_1X1}},
             80e6);
}
TEST(ConvnetCspE2ESlow, AllCnnCLayers16Bit) {
  run_layers({{"allcnnc.conv_1", 32, 32, 3, 96, 1, 1, CSP_MODE_16BIT, 2.0, 0.0053},
              {"allcnnc.conv_2", 32, 32, 96, 96, 1, 1, CSP_MODE_16BIT, 22.8, 0.1699},
              {"allcnnc.conv_3", 32, 32, 96, 96, 2, 1, CSP_MODE_16BIT, 26.8, 0.1699}},
             80e6);
}
TEST(ConvnetCspE2ESlow, DarkNetLayers16Bit) {
  run_layers({{"darknet.conv_1", 256, 256, 3, 16, 1, 1, CSP_MODE_16BIT, 25.52, 0.0566},
              {"darknet.conv_4", 32, 32, 64, 128, 1, 1, CSP_MODE_16BIT, 19.57, 0.1509}},
             80e6);
}
#endif
