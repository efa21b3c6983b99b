// The RISC-V Middleware's scheduling loop (firmware/riscv/middleware/mw.c, built for the host with
// MW_HOST_MOCK) against a functional mock of the CSP: DMA Action Scheduler channels whose requests
// are executed from the ARM's side of the same plan (csp_plan_*_req: what the PL330 micro-code
// moves), a Convolution Engine that runs the golden model on what it finds in the TCDM / Weight
// Memory at START and writes back at completion, and hazard checks (a DMA write into the inputs,
// weights or outputs of a pass in flight, an output write-back of buffers a pass overwrites).
// Every layer's outputs must equal csp_conv_layer_ref bit for bit.
#include <gtest/gtest.h>

#include <cstring>
#include <deque>
#include <string>
#include <vector>

extern "C" {
#include "golden/convnet/convnet.h"
#include "golden/convnet/csp_plan.h"
#include "golden/csp/csp_ref.h"
#include "middleware/mw.h"
#include "middleware/mw_hal.h"
}
#include "regs/csp_regs.h"

namespace {
// The engine's register file ends after its last register (INFO).
constexpr uint32_t kEngineBytes = ZVP_CSP_ENGINE_INFO + 4;
}  // namespace

namespace {

struct Region {
  bool wm;
  uint32_t off, len;
};
bool overlap(const Region& a, const Region& b) {
  return a.wm == b.wm && a.off < b.off + b.len && b.off < a.off + a.len;
}

struct MockCsp {
  csp_plan plan{};
  bool eager_dma = false;  // complete a request at PUSH (else when its channel is polled)
  unsigned engine_latency_polls = 2;
  std::vector<uint8_t> ddr[3];  // inputs, weights, outputs
  std::vector<uint8_t> tcdm, wm;
  struct Chan {
    uint32_t addr = 0, len = 0, pushed = 0, done = 0;
    std::deque<uint32_t> fifo;
  } ch[3];
  uint32_t eng[kEngineBytes / 4] = {};
  bool busy = false;
  unsigned busy_polls = 0;
  uint32_t passes = 0;
  std::vector<Region> in_flight;  // regions a pass in flight reads or writes
  Region result_region{};
  std::vector<uint8_t> result;
  std::vector<std::string> errors;
  uint32_t fifo_depth = 8;

  void error(const std::string& e) {
    if (errors.size() < 20) errors.push_back(e);
  }
  // Scheduler channel index of a plan channel (identity with the memory map's constants).
  static int plan_ch(uint32_t sched) {
    return sched == ZVP_CSP_SCHED_CH_INPUT ? CSP_CH_IN
           : sched == ZVP_CSP_SCHED_CH_WEIGHTS ? CSP_CH_W
                                               : CSP_CH_OUT;
  }

  unsigned segments(int c, uint32_t n, csp_seg* seg) {
    if (c == CSP_CH_IN) return csp_plan_in_req(&plan, n, seg);
    if (c == CSP_CH_W) return csp_plan_w_req(&plan, n, seg);
    return csp_plan_out_req(&plan, n / plan.n_og, n % plan.n_og, seg);
  }

  void complete_one(int c) {
    Chan& k = ch[c];
    if (k.fifo.empty()) return;
    const uint32_t n = k.fifo.front();
    k.fifo.pop_front();
    static csp_seg seg[CSP_SEG_MAX];
    const unsigned ns = segments(c, n, seg);
    for (unsigned i = 0; i < ns; ++i) {
      const Region r{c == CSP_CH_W, seg[i].pl_off, seg[i].len};
      std::vector<uint8_t>& pl = r.wm ? wm : tcdm;
      std::vector<uint8_t>& dd = ddr[c];
      if (r.off + r.len > pl.size() || seg[i].ddr_off + r.len > dd.size()) {
        error("DMA segment out of range");
        continue;
      }
      if (busy && c != CSP_CH_OUT)
        for (const Region& f : in_flight)
          if (overlap(f, r)) error("DMA write into a region of the pass in flight");
      if (busy && c == CSP_CH_OUT && overlap(result_region, r))
        error("write-back of a buffer the pass in flight writes");
      if (c == CSP_CH_OUT)
        std::memcpy(&dd[seg[i].ddr_off], &pl[r.off], r.len);
      else
        std::memcpy(&pl[r.off], &dd[seg[i].ddr_off], r.len);
    }
    ++k.done;
  }

  void push(int c, uint32_t ctrl) {
    Chan& k = ch[c];
    if (k.len == 0 || k.fifo.size() >= fifo_depth) {
      error("push rejected (zero length or FIFO full)");
      return;
    }
    const uint32_t n = k.pushed++;
    static csp_seg seg[CSP_SEG_MAX];
    const unsigned ns = segments(c, n, seg);
    uint32_t total = 0;
    for (unsigned i = 0; i < ns; ++i) total += seg[i].len;
    if (k.addr != seg[0].pl_off || k.len != total)
      error("push " + std::to_string(n) + " on channel " + std::to_string(c) +
            " differs from the ARM's request list");
    if ((ZVP_FIELD_GET(ZVP_CSP_SCHED_PUSH_DIR, ctrl) == ZVP_CSP_SCHED_PUSH_DIR_PL_TO_DDR) != (c == CSP_CH_OUT))
      error("push direction wrong");
    k.fifo.push_back(n);
    if (eager_dma) complete_one(c);
  }

  uint32_t word(const std::vector<uint8_t>& m, uint32_t off) {
    uint32_t v = 0;
    if (off + 4 <= m.size()) std::memcpy(&v, &m[off], 4);
    return v;
  }

  void start() {
    if (busy) {
      error("START while busy");
      return;
    }
    const uint32_t cfg = eng[ZVP_CSP_ENGINE_CFG / 4], dim = eng[ZVP_CSP_ENGINE_DIM / 4];
    csp_geom_t g{};
    g.width = ZVP_FIELD_GET(ZVP_CSP_ENGINE_DIM_WIDTH, dim);
    g.height = ZVP_FIELD_GET(ZVP_CSP_ENGINE_DIM_HEIGHT, dim);
    g.stride = ZVP_FIELD_GET(ZVP_CSP_ENGINE_CFG_STRIDE, cfg);
    g.pad = ZVP_FIELD_GET(ZVP_CSP_ENGINE_CFG_PAD, cfg);
    g.mode = ZVP_FIELD_GET(ZVP_CSP_ENGINE_CFG_MODE8, cfg);
    g.relu = ZVP_FIELD_GET(ZVP_CSP_ENGINE_CFG_RELU, cfg);
    g.kernel = ZVP_FIELD_GET(ZVP_CSP_ENGINE_CFG_KERNEL, cfg);
    g.shift = ZVP_FIELD_GET(ZVP_CSP_ENGINE_CFG_SHIFT, cfg);
    const bool first = ZVP_FIELD_GET(ZVP_CSP_ENGINE_CFG_FIRST, cfg), last = ZVP_FIELD_GET(ZVP_CSP_ENGINE_CFG_LAST, cfg);
    const unsigned nf = ZVP_FIELD_GET(ZVP_CSP_ENGINE_CFG_FEATURES, cfg);
    if (csp_geom_check(&g) != CSP_GEOM_OK || nf < 1) {
      error("bad pass descriptor");
      return;
    }
    const int ho = csp_out_h(&g), wo = csp_out_w(&g);
    const uint32_t fbytes = csp_row_words(g.width, g.mode) * 4u * g.height;
    in_flight.clear();
    std::vector<std::vector<int16_t>> feat(3, std::vector<int16_t>(size_t(g.width) * g.height));
    const int16_t* in[3];
    for (unsigned b = 0; b < 3; ++b) {
      in[b] = feat[b].data();
      if (b >= nf) continue;
      const uint32_t off = eng[(ZVP_CSP_ENGINE_IN_ADDR0 + (ZVP_CSP_ENGINE_IN_ADDR1 - ZVP_CSP_ENGINE_IN_ADDR0) * b) / 4];
      if (off + fbytes > plan.acc_base) error("input stream outside the input banks");
      in_flight.push_back({false, off, fbytes});
      std::vector<uint32_t> w(fbytes / 4);
      for (size_t i = 0; i < w.size(); ++i) w[i] = word(tcdm, off + 4 * i);
      csp_unpack_feature(w.data(), g.height, g.width, g.mode, feat[b].data());
    }
    const uint32_t wa = eng[ZVP_CSP_ENGINE_W_ADDR / 4];
    const int ww = csp_weight_words(g.mode, g.kernel);
    uint64_t wwords[8];
    for (int i = 0; i < ww; ++i)
      wwords[i] = word(wm, (wa + i) * 8) | uint64_t(word(wm, (wa + i) * 8 + 4)) << 32;
    in_flight.push_back({true, wa * 8, uint32_t(ww) * 8});
    int16_t wts[CSP_WEIGHTS_PER_PASS] = {};
    csp_unpack_weights(wwords, g.mode, g.kernel, wts);
    const uint32_t acc_off = eng[ZVP_CSP_ENGINE_ACC_ADDR / 4];
    std::vector<int32_t> acc(size_t(ho) * wo);
    for (size_t i = 0; i < acc.size(); ++i) acc[i] = int32_t(word(tcdm, acc_off + 4 * i));
    if (acc_off < plan.acc_base || acc_off + acc.size() * 4 > tcdm.size())
      error("partial sums outside the output banks");
    in_flight.push_back({false, acc_off, uint32_t(acc.size() * 4)});
    csp_pass_accumulate(&g, in, int(nf), wts, first, acc.data());
    if (last) {
      std::vector<int16_t> o(acc.size());
      csp_pass_finalize(&g, acc.data(), int32_t(eng[ZVP_CSP_ENGINE_BIAS / 4]), o.data());
      std::vector<uint32_t> pk(size_t(csp_row_words(wo, g.mode)) * ho);
      csp_pack_feature(o.data(), ho, wo, g.mode, pk.data());
      result_region = {false, eng[ZVP_CSP_ENGINE_OUT_ADDR / 4], uint32_t(pk.size() * 4)};
      result.resize(pk.size() * 4);
      std::memcpy(result.data(), pk.data(), result.size());
    } else {
      result_region = {false, acc_off, uint32_t(acc.size() * 4)};
      result.resize(acc.size() * 4);
      std::memcpy(result.data(), acc.data(), result.size());
    }
    in_flight.push_back(result_region);
    if (result_region.off + result_region.len > tcdm.size()) {
      error("pass result outside the TCDM");
      return;
    }
    busy = true;
    busy_polls = engine_latency_polls;
    ++passes;
  }

  uint32_t status() {
    if (busy && busy_polls-- == 0) {
      std::memcpy(&tcdm[result_region.off], result.data(), result.size());
      busy = false;
      in_flight.clear();
    }
    return busy ? 1u : 2u;
  }

  uint32_t rd(uint32_t a) {
    if (a >= ZVP_CSP_RV_ENGINE_BASE && a < ZVP_CSP_RV_ENGINE_BASE + kEngineBytes) {
      const uint32_t r = a - ZVP_CSP_RV_ENGINE_BASE;
      return r == ZVP_CSP_ENGINE_STATUS ? status() : eng[r / 4];
    }
    if (a >= ZVP_CSP_RV_SCHED_BASE && a < ZVP_CSP_RV_SCHED_BASE + ZVP_CSP_RV_SCHED_SIZE) {
      const uint32_t r = a - ZVP_CSP_RV_SCHED_BASE;
      if (r >= ZVP_CSP_SCHED_IRQ_STATUS) return 0;
      const int c = plan_ch(r / ZVP_CSP_SCHED_CH_STRIDE);
      const uint32_t reg = r % ZVP_CSP_SCHED_CH_STRIDE;
      if (reg == ZVP_CSP_SCHED_DONE || reg == ZVP_CSP_SCHED_PENDING) complete_one(c);
      if (reg == ZVP_CSP_SCHED_DONE) return ch[c].done;
      if (reg == ZVP_CSP_SCHED_PENDING) return uint32_t(ch[c].fifo.size());
      return 0;
    }
    if (a >= ZVP_CSP_RV_WM_BASE && a < ZVP_CSP_RV_WM_BASE + wm.size()) return word(wm, a - ZVP_CSP_RV_WM_BASE);
    error("read of an unmapped address");
    return 0;
  }

  void wr(uint32_t a, uint32_t v) {
    if (a >= ZVP_CSP_RV_ENGINE_BASE && a < ZVP_CSP_RV_ENGINE_BASE + kEngineBytes) {
      const uint32_t r = a - ZVP_CSP_RV_ENGINE_BASE;
      if (r == ZVP_CSP_ENGINE_CTRL) {
        if (ZVP_FIELD_GET(ZVP_CSP_ENGINE_CTRL_START, v)) start();
      } else {
        eng[r / 4] = v;
      }
      return;
    }
    if (a >= ZVP_CSP_RV_SCHED_BASE && a < ZVP_CSP_RV_SCHED_BASE + ZVP_CSP_RV_SCHED_SIZE) {
      const uint32_t r = a - ZVP_CSP_RV_SCHED_BASE;
      if (r >= ZVP_CSP_SCHED_IRQ_STATUS) return;
      const int c = plan_ch(r / ZVP_CSP_SCHED_CH_STRIDE);
      const uint32_t reg = r % ZVP_CSP_SCHED_CH_STRIDE;
      if (reg == ZVP_CSP_SCHED_ADDR) ch[c].addr = v;
      if (reg == ZVP_CSP_SCHED_LEN) ch[c].len = v;
      if (reg == ZVP_CSP_SCHED_PUSH) push(c, v);
      return;
    }
    error("write to an unmapped address");
  }
};

MockCsp* g_mock = nullptr;

}  // namespace

extern "C" uint32_t mw_mock_rd(uint32_t a) { return g_mock->rd(a); }
extern "C" void mw_mock_wr(uint32_t a, uint32_t v) { g_mock->wr(a, v); }
extern "C" void mw_mock_wait(void) {}
extern "C" uint32_t mw_mock_cycles(void) { return 0; }

namespace {

struct Case {
  uint16_t w, h, cin, cout;
  uint8_t stride, pad, mode;
  uint32_t bank_bytes;
  uint8_t kernel = CSP_KERNEL_3X3;
  uint16_t tiles = 0;  // > 0: the plan's row-tile count, hand-counted in the test
};

// Runs one layer through the Middleware and the mock; returns the number of output mismatches.
void run_case(const Case& c, bool eager, uint32_t seed) {
  csp_layer_desc d{};
  d.w = c.w, d.h = c.h, d.cin = c.cin, d.cout = c.cout;
  d.stride = c.stride, d.pad = c.pad, d.mode = c.mode, d.relu = 1;
  d.shift = c.mode ? 7 : 11;
  d.kernel = c.kernel;
  d.bank_bytes = c.bank_bytes;
  d.wm_words = ZVP_CSP_WM_WORDS;
  MockCsp m;
  m.eager_dma = eager;
  ASSERT_EQ(csp_plan_init(&m.plan, &d, ZVP_CSP_LINE_BUFFER_WORDS), CSP_PLAN_OK);
  const csp_plan& p = m.plan;
  if (c.tiles) EXPECT_EQ(p.n_tiles, c.tiles);
  // ARM side: data in DDR.
  cn_rng r;
  cn_rng_seed(&r, seed, 1);
  const int amp = c.mode ? 100 : 20000, wamp = c.mode ? 60 : 3000;
  const size_t kk = size_t(csp_ksize(c.kernel)) * csp_ksize(c.kernel);
  std::vector<int16_t> in(size_t(c.cin) * c.h * c.w), w(size_t(c.cout) * c.cin * kk);
  std::vector<int32_t> bias(c.cout);
  for (auto& v : in) v = int16_t(cn_rng_range(&r, -amp, amp));
  for (auto& v : w) v = int16_t(cn_rng_range(&r, -wamp, wamp));
  for (auto& v : bias) v = cn_rng_range(&r, -5000, 5000);
  m.ddr[CSP_CH_IN].assign(csp_plan_in_bytes(&p), 0);
  m.ddr[CSP_CH_W].assign(csp_plan_weight_words(&p) * 8, 0);
  m.ddr[CSP_CH_OUT].assign(csp_plan_out_bytes(&p), 0xCD);
  csp_plan_pack_inputs(&p, in.data(), m.ddr[CSP_CH_IN].data());
  csp_plan_pack_weights(&p, w.data(), bias.data(), m.ddr[CSP_CH_W].data());
  m.tcdm.assign(13 * c.bank_bytes, 0xEE);
  m.wm.assign(ZVP_CSP_WM_WORDS * 8, 0xEE);
  g_mock = &m;
  mw_stats st{};
  const int rc = mw_run_layer(&d, &st);
  g_mock = nullptr;
  EXPECT_EQ(rc, MW_OK);
  for (const auto& e : m.errors) ADD_FAILURE() << e;
  EXPECT_EQ(m.ch[CSP_CH_IN].pushed, csp_plan_requests(&p, CSP_CH_IN));
  EXPECT_EQ(m.ch[CSP_CH_W].pushed, csp_plan_requests(&p, CSP_CH_W));
  EXPECT_EQ(m.ch[CSP_CH_OUT].pushed, csp_plan_requests(&p, CSP_CH_OUT));
  EXPECT_EQ(m.ch[CSP_CH_OUT].done, m.ch[CSP_CH_OUT].pushed) << "write-back not finished";
  EXPECT_EQ(m.passes, uint32_t(p.n_tiles) * c.cout * p.n_ig);
  EXPECT_EQ(st.passes, m.passes);
  // Golden model of the whole layer.
  csp_geom_t g{c.w, c.h, c.stride, c.pad, c.mode, d.shift, 1, c.kernel};
  const int ho = csp_out_h(&g), wo = csp_out_w(&g);
  std::vector<int16_t> ref(size_t(c.cout) * ho * wo), got(ref.size());
  std::vector<int32_t> scratch(size_t(ho) * wo);
  ASSERT_EQ(csp_conv_layer_ref(&g, c.cin, c.cout, in.data(), w.data(), bias.data(), ref.data(),
                               scratch.data()),
            0);
  csp_plan_unpack_outputs(&p, m.ddr[CSP_CH_OUT].data(), got.data());
  size_t bad = 0, nz = 0;
  for (size_t i = 0; i < ref.size(); ++i) {
    bad += ref[i] != got[i];
    nz += ref[i] != 0;
  }
  EXPECT_EQ(bad, 0u) << "of " << ref.size() << " outputs (tiles " << p.n_tiles << ", OGs "
                     << p.n_og << ", IGs " << p.n_ig << ")";
  EXPECT_GT(nz, ref.size() / 10) << "test data degenerate";
}

class MiddlewareMock : public ::testing::TestWithParam<bool> {};

TEST_P(MiddlewareMock, SingleGroup) { run_case({8, 8, 3, 1, 1, 1, CSP_MODE_16BIT, 8192}, GetParam(), 1); }
TEST_P(MiddlewareMock, SeveralInputAndOutputGroups) {
  run_case({12, 10, 7, 9, 1, 1, CSP_MODE_16BIT, 8192}, GetParam(), 2);
}
TEST_P(MiddlewareMock, Stride2Valid8Bit) { run_case({15, 13, 5, 4, 2, 0, CSP_MODE_8BIT, 8192}, GetParam(), 3); }
TEST_P(MiddlewareMock, ManyOutputGroupsSmallFeatures) {
  // 4x4 features: the Weight Memory half limits an OG (DarkNet conv_7 style).
  run_case({4, 4, 4, 150, 1, 1, CSP_MODE_16BIT, 8192}, GetParam(), 4);
}
TEST_P(MiddlewareMock, RowTilingSameStride1) {
  // 1 KB banks: 512-byte halves hold 8 rows of 32 16-bit pixels (64 bytes) -> 6 output rows per
  // tile (3x3, pad 1): 29 rows in 5 tiles.
  run_case({32, 29, 4, 5, 1, 1, CSP_MODE_16BIT, 1024, CSP_KERNEL_3X3, 5}, GetParam(), 5);
}
TEST_P(MiddlewareMock, RowTilingStride2) { run_case({32, 31, 3, 3, 2, 1, CSP_MODE_16BIT, 1024}, GetParam(), 6); }
TEST_P(MiddlewareMock, RowTilingValid8Bit) { run_case({40, 37, 4, 3, 1, 0, CSP_MODE_8BIT, 512}, GetParam(), 7); }
TEST_P(MiddlewareMock, RowTilingValidStride2) { run_case({30, 33, 2, 2, 2, 0, CSP_MODE_16BIT, 512}, GetParam(), 8); }
TEST_P(MiddlewareMock, OneByOne8Bit) {
  // The 1x1 kernel setting (All-CNN-C conv_8 style): one Weight Memory word per pass.
  run_case({6, 6, 20, 30, 1, 0, CSP_MODE_8BIT, 8192, CSP_KERNEL_1X1}, GetParam(), 9);
}
TEST_P(MiddlewareMock, OneByOneRowTiling16Bit) {
  // 512-byte banks: a row of 21 16-bit pixels takes 11 words (44 bytes), so a 256-byte half holds
  // 5 rows -> 5-row 1x1 tiles: 17 rows in 4 tiles.
  run_case({21, 17, 5, 4, 1, 0, CSP_MODE_16BIT, 512, CSP_KERNEL_1X1, 4}, GetParam(), 10);
}

INSTANTIATE_TEST_SUITE_P(Dma, MiddlewareMock, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& i) {
                           return i.param ? std::string("Eager") : std::string("Lazy");
                         });

TEST(MiddlewareMock, RejectsTooWideLayer) {
  csp_layer_desc d{};
  d.w = 300, d.h = 8, d.cin = 3, d.cout = 2, d.stride = 1, d.pad = 1, d.mode = CSP_MODE_16BIT;
  d.bank_bytes = 8192;
  d.wm_words = ZVP_CSP_WM_WORDS;
  MockCsp m;
  g_mock = &m;
  mw_stats st{};
  EXPECT_EQ(mw_run_layer(&d, &st), CSP_PLAN_E_WIDTH);
  g_mock = nullptr;
  EXPECT_EQ(m.ch[0].pushed + m.ch[1].pushed + m.ch[2].pushed, 0u);
}

}  // namespace
