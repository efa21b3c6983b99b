// The PU behind a test initiator (AXI-Lite) with a memory on its AXI master: a two-descriptor
// chain checked against the golden model (outputs and write-back counters), the registers, the
// interrupt, and every bad input's documented reaction.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

#include "accel/dnnweaver/dnnweaver_pu.h"
#include "core/memory.h"
#include "support/test_initiator.h"

namespace {

using namespace zvp;
namespace R = regs::dnnw;
namespace D = regs::dnnw_desc;
using sc_core::sc_time;
using sc_core::SC_NS;

constexpr uint32_t kMem = 0x100000;
// A value at its field's place, not masked (the bad-parameter tests may overflow a field).
constexpr uint32_t at(regs::Field f, uint32_t v) { return v << f.shift; }
constexpr uint32_t kIrqs = R::irq_enable::DONE.mask() | R::irq_enable::ERROR.mask();
constexpr uint32_t kDone = R::status::DONE.mask(), kError = R::status::ERROR.mask();
uint32_t error_status(uint32_t code) { return kError | R::status::CODE.prep(code); }

struct Bench {
  DnnweaverConfig cfg;
  test::TestInitiator cpu{"cpu"};
  Memory mem{"ddr", kMem};
  IrqLine irq{"irq"};
  DnnweaverPu pu;
  explicit Bench(const DnnweaverConfig& c) : cfg(c), pu("pu", c) {
    cpu.socket.bind(pu.socket);
    pu.m_axi.bind(mem.socket);
    pu.irq.bind(irq);
  }
  void put32(uint32_t a, uint32_t v) { mem.load(a, &v, 4); }
  uint64_t get64(uint32_t a) { uint64_t v = 0; mem.peek(a, &v, 8); return v; }
  void desc(uint32_t a, const dw_layer& l, uint32_t in, uint32_t w, uint32_t b, uint32_t out, uint32_t next,
            uint32_t magic = D::MAGIC_VALUE) {
    std::vector<uint8_t> z(D::BYTES, 0);
    mem.load(a, z.data(), z.size());
    put32(a + D::MAGIC, magic);
    put32(a + D::NEXT, next);
    put32(a + D::ENC, at(D::enc::MODE, l.enc.mode) | at(D::enc::BITS, l.enc.bits) | at(D::enc::M1, l.enc.m1) |
                          at(D::enc::M0, l.enc.m0));
    put32(a + D::CTRL, at(D::ctrl::RELU, l.relu) | at(D::ctrl::POOL, l.pool) | at(D::ctrl::FIXED_SLOTS, l.fixed_slots) |
                           at(D::ctrl::ZERO_OVERHEAD, l.enc.zero_overhead) | at(D::ctrl::SHIFT, l.shift));
    put32(a + D::IN_ADDR, in);
    put32(a + D::W_ADDR, w);
    put32(a + D::B_ADDR, b);
    put32(a + D::OUT_ADDR, out);
    put32(a + D::CHANNELS, at(D::channels::IN_C, l.in_c) | at(D::channels::OUT_C, l.out_c));
    put32(a + D::SIZE, at(D::size::IN_H, l.in_h) | at(D::size::IN_W, l.in_w));
    put32(a + D::KERNEL, at(D::kernel::K, l.k) | at(D::kernel::ROW_STRIDE, l.in_row_stride));
    put32(a + D::IN_CSTRIDE, l.in_chan_stride);
    put32(a + D::OUT_CSTRIDE, l.out_chan_stride);
  }
  // Rings the doorbell and waits for the interrupt (at most `limit`).
  bool run(uint32_t first, sc_time limit = sc_time(10, sc_core::SC_MS)) {
    cpu.write32(R::IRQ_ENABLE, kIrqs);
    cpu.write32(R::DOORBELL, first);
    const sc_time end = sc_core::sc_time_stamp() + limit;
    while (!pu.irq.read() && sc_core::sc_time_stamp() < end) sc_core::wait(sc_time(100, SC_NS));
    return pu.irq.read();
  }
};

dw_layer layer(int mode, unsigned m1, unsigned m0, bool pool) {
  dw_layer l{};
  l.enc = dw_enc_params{uint8_t(mode), 16, uint8_t(m1), uint8_t(m0), 2};
  l.in_c = 2; l.in_h = 6; l.in_w = 7; l.out_c = 3; l.k = 3;
  l.in_row_stride = 7; l.in_chan_stride = 42;
  l.relu = 1; l.pool = pool; l.shift = 6;
  l.out_chan_stride = dw_layer_out_h(&l) * dw_layer_out_w(&l);
  return l;
}

TEST(DnnweaverPu, ChainMatchesGoldenWithCounters) {
  Bench b(DnnweaverConfig{});
  std::mt19937 rng(3);
  std::vector<int16_t> in(84), w(54);
  std::vector<int32_t> bias = {100, -200, 300};
  for (auto& v : in) v = int16_t(rng() % 20000);
  for (auto& v : w) v = int16_t(int(rng() % 2001) - 1000);
  b.mem.load(0x2000, in.data(), in.size() * 2);
  b.mem.load(0x3000, w.data(), w.size() * 2);
  b.mem.load(0x3800, bias.data(), 12);
  const dw_layer l0 = layer(DW_MODE_EXACT, 0, 0, true), l1 = layer(DW_MODE_FAST, 4, 2, false);
  b.desc(0x1000, l0, 0x2000, 0x3000, 0x3800, 0x4000, 0x1100);
  b.desc(0x1100, l1, 0x2000, 0x3000, 0x3800, 0x5000, 0);
  test::run_sim([&] {
    ASSERT_TRUE(b.run(0x1000));
    EXPECT_EQ(b.cpu.read32(R::STATUS), kDone);
    EXPECT_EQ(b.cpu.read32(R::IRQ_STATUS), R::irq_status::DONE.mask());
    b.cpu.write32(R::IRQ_STATUS, R::irq_status::DONE.mask());
    EXPECT_FALSE(b.pu.irq.read());
    EXPECT_EQ(b.cpu.read32(R::LAYERS), 2u);
    const DnnweaverConfig c{};  // the default build: 16 PEs, encoder latency 2, 1024 partial sums
    EXPECT_EQ(b.cpu.read32(R::CONFIG), R::config::NUM_PE.prep(c.num_pe) | R::config::ENCODER_LATENCY.prep(c.encoder_latency) |
                                           R::config::PSUM_ENTRIES.prep(c.psum_entries));
    EXPECT_EQ(c.num_pe, 16u);
    EXPECT_EQ(c.encoder_latency, 2u);
    EXPECT_EQ(c.psum_entries, 1024u);
  });
  uint64_t chain_cycles = 0;
  for (int i = 0; i < 2; ++i) {
    const dw_layer& l = i ? l1 : l0;
    const uint32_t d = i ? 0x1100 : 0x1000, out_addr = i ? 0x5000 : 0x4000;
    const size_t n = size_t(l.out_c) * dw_layer_out_h(&l) * dw_layer_out_w(&l);
    std::vector<int16_t> got(n), want(n);
    b.mem.peek(out_addr, got.data(), n * 2);
    dw_layer_counts g;
    dw_layer_run(&l, 16, in.data(), w.data(), bias.data(), want.data(), &g);
    EXPECT_EQ(got, want) << "descriptor " << i;
    // Fill: encoder latency 2 + PE stages 3 (the defaults).
    EXPECT_EQ(b.get64(d + D::WB_CYCLES), g.ours.cycles + 5);
    EXPECT_EQ(b.get64(d + D::WB_MACS), g.ours.macs);
    EXPECT_EQ(b.get64(d + D::WB_TERMS), g.ours.terms);
    EXPECT_EQ(b.get64(d + D::WB_STALLS), g.ours.stalls);
    EXPECT_EQ(b.get64(d + D::WB_PRAG_CYCLES), g.pragmatic.cycles + 5);
    EXPECT_EQ(b.get64(d + D::WB_PAR_CYCLES), g.parallel.cycles + 3);
    EXPECT_EQ(b.get64(d + D::WB_SERIAL_CYCLES), g.serial.cycles + 3);
    // DMA bytes: 64-byte descriptor head + inputs + weights + biases + outputs.
    EXPECT_EQ(b.get64(d + D::WB_DMA_BYTES), 64u + 168 + 108 + 12 + n * 2);
    EXPECT_EQ(b.get64(d + D::WB_DONE) & 0xFF, 1u);
    chain_cycles += b.get64(d + D::WB_CYCLES);
    // 4x5 conv pixels = 20 -> 2 groups of 16 PEs; 18 weights; 3 output channels.
    EXPECT_EQ(g.parallel.cycles, 2u * 18 * 3);
    // Time: at least the compute cycles at 150 MHz, at most that plus 2 us of DMA for ~700 bytes.
    const auto& rec = b.pu.records().at(i);
    const double compute_s = double(b.get64(d + D::WB_CYCLES)) / 150e6;
    EXPECT_GE((rec.end - rec.start).to_seconds(), compute_s);
    EXPECT_LE((rec.end - rec.start).to_seconds(), compute_s + 2e-6);
  }
}

// One bad-input run: returns STATUS and ERR_ADDR after the interrupt.
struct Outcome { bool irq; uint32_t status, err_addr, layers; };
Outcome bad_run(Bench& b, uint32_t first) {
  Outcome o{};
  test::run_sim([&] {
    o.irq = b.run(first);
    o.status = b.cpu.read32(R::STATUS);
    o.err_addr = b.cpu.read32(R::ERR_ADDR);
    o.layers = b.cpu.read32(R::LAYERS);
    EXPECT_EQ(b.cpu.read32(R::IRQ_STATUS), R::irq_status::ERROR.mask());
  });
  return o;
}

TEST(DnnweaverPu, DescriptorOutsideDdrIsDecerr) {
  Bench b(DnnweaverConfig{});
  const Outcome o = bad_run(b, kMem + 0x1000);
  EXPECT_TRUE(o.irq);
  EXPECT_EQ(o.status, error_status(ZVP_DNNW_ERR_DECERR_DESC));
  EXPECT_EQ(o.err_addr, kMem + 0x1000);
}

TEST(DnnweaverPu, DataOutsideDdrIsDecerr) {
  Bench b(DnnweaverConfig{});
  b.desc(0x1000, layer(DW_MODE_EXACT, 0, 0, false), kMem - 16, 0x3000, 0x3800, 0x4000, 0);
  const Outcome o = bad_run(b, 0x1000);
  EXPECT_EQ(o.status, error_status(ZVP_DNNW_ERR_DECERR_DATA));
  EXPECT_EQ(o.err_addr, 0x1000u);
}

TEST(DnnweaverPu, BadMagicAndSecondDescriptorStopsTheChain) {
  Bench b(DnnweaverConfig{});
  b.desc(0x1000, layer(DW_MODE_EXACT, 0, 0, false), 0x2000, 0x3000, 0x3800, 0x4000, 0x1100);
  b.desc(0x1100, layer(DW_MODE_EXACT, 0, 0, false), 0x2000, 0x3000, 0x3800, 0x4000, 0, 0x12345678);
  const Outcome o = bad_run(b, 0x1000);
  EXPECT_EQ(o.status, error_status(ZVP_DNNW_ERR_BAD_MAGIC));
  EXPECT_EQ(o.err_addr, 0x1100u);
  EXPECT_EQ(o.layers, 1u);
}

TEST(DnnweaverPu, BadParametersAreRefused) {
  struct P { int mode; unsigned bits, m1, m0; };
  const P bad[] = {{9, 16, 0, 0}, {DW_MODE_EXACT, 12, 0, 0}, {DW_MODE_FAST, 16, 17, 0}, {DW_MODE_FAST, 8, 5, 3}};
  Bench b(DnnweaverConfig{});
  uint32_t a = 0x1000;
  for (const P& p : bad) {  // a chain where each bad descriptor would follow the previous one
    dw_layer l = layer(DW_MODE_EXACT, 0, 0, false);
    l.enc.mode = uint8_t(p.mode);
    l.enc.bits = uint8_t(p.bits);
    l.enc.m1 = uint8_t(p.m1);
    l.enc.m0 = uint8_t(p.m0);
    b.desc(a, l, 0x2000, 0x3000, 0x3800, 0x4000, 0);
    a += 0x100;
  }
  test::run_sim([&] {
    for (uint32_t d = 0x1000; d < a; d += 0x100) {
      b.cpu.write32(R::IRQ_STATUS, kIrqs);
      ASSERT_TRUE(b.run(d));
      EXPECT_EQ(b.cpu.read32(R::STATUS), error_status(ZVP_DNNW_ERR_BAD_PARAMS)) << std::hex << d;
      EXPECT_EQ(b.cpu.read32(R::ERR_ADDR), d);
    }
  });
}

TEST(DnnweaverPu, LayerExceedingABufferIsRefused) {
  DnnweaverConfig c;
  c.act_buf_bytes = 160;  // the layer's input is 168 bytes
  Bench b(c);
  b.desc(0x1000, layer(DW_MODE_EXACT, 0, 0, false), 0x2000, 0x3000, 0x3800, 0x4000, 0);
  const Outcome o = bad_run(b, 0x1000);
  EXPECT_EQ(o.status, error_status(ZVP_DNNW_ERR_BUFFER));
}

TEST(DnnweaverPu, PartialSumBufferExceededIsRefused) {
  DnnweaverConfig c;
  c.num_pe = 4;
  c.psum_entries = 10;  // 4x5 pixels / 4 lanes = 5 groups x 3 channels = 15 entries
  Bench b(c);
  b.desc(0x1000, layer(DW_MODE_EXACT, 0, 0, false), 0x2000, 0x3000, 0x3800, 0x4000, 0);
  const Outcome o = bad_run(b, 0x1000);
  EXPECT_EQ(o.status, error_status(ZVP_DNNW_ERR_BUFFER));
}

TEST(DnnweaverPu, DoorbellWhileBusyIsIgnoredAndFlagged) {
  Bench b(DnnweaverConfig{});
  b.desc(0x1000, layer(DW_MODE_SERIAL, 0, 0, false), 0x2000, 0x3000, 0x3800, 0x4000, 0);
  test::run_sim([&] {
    b.cpu.write32(R::IRQ_ENABLE, kIrqs);
    b.cpu.write32(R::DOORBELL, 0x1000);
    b.cpu.write32(R::DOORBELL, 0x9999000);  // while busy: ignored
    EXPECT_EQ(b.cpu.read32(R::STATUS) & (R::status::BUSY.mask() | R::status::OVERRUN.mask()),
              R::status::BUSY.mask() | R::status::OVERRUN.mask());  // busy + overrun
    while (!b.pu.irq.read()) sc_core::wait(sc_time(100, SC_NS));
    EXPECT_EQ(b.cpu.read32(R::STATUS), kDone | R::status::OVERRUN.mask());  // done, overrun still flagged
    EXPECT_EQ(b.cpu.read32(R::LAYERS), 1u);
    EXPECT_EQ(b.pu.doorbell_overruns(), 1u);
  });
}

}  // namespace
