#include "csp_test_util.h"

#include <gtest/gtest.h>

namespace zvp::test {

EngineBench::EngineBench(const ConvEngineParams& e, const TcdmParams& t)
    : tp(t), ep(e), tcdm("tcdm", tp), wm("wm", wp), engine("engine", ep, tcdm, wm), regs("regs"),
      mem("mem"), wmbus("wmbus") {
  regs.socket.bind(engine.socket);
  mem.socket.bind(tcdm.socket);
  wmbus.socket.bind(wm.socket);
  engine.irq.bind(irq);
}

uint32_t EngineBench::cfg(const csp_geom_t& g, bool first, bool last, unsigned nfeat) {
  namespace c = eng::cfg;
  return c::STRIDE.prep(g.stride) | c::PAD.prep(g.pad) | c::MODE8.prep(g.mode) | c::RELU.prep(g.relu ? 1 : 0) |
         c::FIRST.prep(first) | c::LAST.prep(last) | c::FEATURES.prep(nfeat) | c::KERNEL.prep(g.kernel) |
         c::SHIFT.prep(g.shift);
}

uint32_t EngineBench::run_pass(const uint32_t in[3], uint32_t acc, uint32_t out, uint32_t waddr,
                               unsigned w, unsigned h, uint32_t c, int32_t bias) {
  regs.write32(ConvEngine::IN_ADDR0, in[0]);
  regs.write32(ConvEngine::IN_ADDR1, in[1]);
  regs.write32(ConvEngine::IN_ADDR2, in[2]);
  regs.write32(ConvEngine::ACC_ADDR, acc);
  regs.write32(ConvEngine::OUT_ADDR, out);
  regs.write32(ConvEngine::W_ADDR, waddr);
  regs.write32(ConvEngine::DIM, eng_dim(w, h));
  regs.write32(ConvEngine::CFG, c);
  regs.write32(ConvEngine::BIAS, static_cast<uint32_t>(bias));
  regs.write32(ConvEngine::IRQ_ENABLE, kEngIrqs);
  regs.write32(ConvEngine::CTRL, kEngStart);
  while (!irq.read()) sc_core::wait(engine.params().clock.period() * 16);
  const uint32_t st = regs.read32(ConvEngine::STATUS);
  regs.write32(ConvEngine::IRQ_STATUS, kEngIrqs);
  return st;
}

std::vector<int16_t> engine_layer(EngineBench& b, const csp_geom_t& g, int cin, int cout,
                                  const std::vector<int16_t>& in, const std::vector<int16_t>& w,
                                  const std::vector<int32_t>& bias, uint64_t* cycles) {
  const int ho = csp_out_h(&g), wo = csp_out_w(&g);
  const uint32_t B = b.tp.bank_bytes;
  const uint32_t in_addr[3] = {0, B, 2 * B};
  const uint32_t acc = b.tcdm.output_base();
  const uint32_t out = acc + uint32_t(ho) * wo * 4;
  std::vector<int16_t> result(size_t(cout) * ho * wo);
  std::vector<uint32_t> words(size_t(csp_row_words(g.width, g.mode)) * g.height);
  const size_t plane = size_t(g.width) * g.height;
  const int kk = csp_ksize(g.kernel) * csp_ksize(g.kernel);
  for (int o = 0; o < cout; ++o) {
    for (int c = 0; c < cin; c += 3) {
      const int n = std::min(3, cin - c);
      int16_t wt[27] = {0};
      for (int f = 0; f < n; ++f) {
        csp_pack_feature(&in[(c + f) * plane], g.height, g.width, g.mode, words.data());
        EXPECT_TRUE(b.tcdm.write_words(in_addr[f], words.data(), words.size()));
        for (int k = 0; k < kk; ++k) wt[f * kk + k] = w[(size_t(o) * cin + c + f) * kk + k];
      }
      uint64_t ww[8];
      csp_pack_weights(wt, g.mode, g.kernel, ww);
      for (int i = 0; i < csp_weight_words(g.mode, g.kernel); ++i) b.wm.write_word(i, ww[i]);
      const bool last = c + 3 >= cin;
      const uint32_t st = b.run_pass(in_addr, acc, out, 0, g.width, g.height,
                                     EngineBench::cfg(g, c == 0, last, unsigned(n)), bias[o]);
      EXPECT_EQ(st & (kEngDone | kEngError), kEngDone) << "pass failed, STATUS=" << std::hex << st;
      if (cycles) *cycles += b.engine.last_pass().total;
    }
    std::vector<uint32_t> ow(size_t(csp_row_words(wo, g.mode)) * ho);
    EXPECT_TRUE(b.tcdm.read_words(out, ow.data(), ow.size()));
    csp_unpack_feature(ow.data(), ho, wo, g.mode, &result[size_t(o) * ho * wo]);
  }
  return result;
}

}  // namespace zvp::test
