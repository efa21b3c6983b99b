// ConvNet network definitions (seed 001 Tables II and III), generators, ARM-side layers and the
// CSP layer plan's invariants.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <vector>

#include "golden/convnet/convnet_run.h"
extern "C" {
#include "golden/convnet/csp_plan.h"
}

namespace {

struct Row {
  const char* name;
  unsigned w, cin, cout;
  double gops;
};

void expect_table(int net_id, const std::vector<Row>& table) {
  const cn_net_def* net = cn_net(net_id);
  ASSERT_NE(net, nullptr);
  std::vector<cn_shape> s(net->nlayers);
  ASSERT_EQ(cn_shapes(net, s.data()), 0);
  size_t k = 0;
  for (int i = 0; i < net->nlayers; ++i) {
    if (net->layers[i].kind != CN_CONV) continue;
    ASSERT_LT(k, table.size());
    const Row& r = table[k++];
    EXPECT_STREQ(net->layers[i].name, r.name);
    EXPECT_EQ(s[i].w, r.w) << r.name;
    EXPECT_EQ(s[i].h, r.w) << r.name;
    EXPECT_EQ(s[i].cin, r.cin) << r.name;
    EXPECT_EQ(s[i].cout, r.cout) << r.name;
    // The tables print 4 decimals.
    EXPECT_NEAR(cn_conv_gops(&net->layers[i], &s[i]), r.gops, 0.00015) << r.name;
  }
  EXPECT_EQ(k, table.size());
}

TEST(ConvnetNet, AllCnnCMatchesTableIII) {
  expect_table(CN_NET_ALLCNNC, {{"conv_1", 32, 3, 96, 0.0053},
                                {"conv_2", 32, 96, 96, 0.1699},
                                {"conv_3", 32, 96, 96, 0.1699},
                                {"conv_4", 16, 96, 192, 0.0849},
                                {"conv_5", 16, 192, 192, 0.1699},
                                {"conv_6", 16, 192, 192, 0.1699},
                                {"conv_7", 8, 192, 192, 0.0425},
                                {"conv_8", 6, 192, 192, 0.0027},
                                {"conv_9", 6, 192, 10, 0.0001}});
}

TEST(ConvnetNet, DarkNetMatchesTableII) {
  expect_table(CN_NET_DARKNET, {{"conv_1", 256, 3, 16, 0.0566},
                                {"conv_2", 128, 16, 32, 0.1509},
                                {"conv_3", 64, 32, 64, 0.1509},
                                {"conv_4", 32, 64, 128, 0.1509},
                                {"conv_5", 16, 128, 256, 0.1509},
                                {"conv_6", 8, 256, 512, 0.1509},
                                {"conv_7", 4, 512, 1024, 0.1509},
                                {"conv_8", 4, 1024, 1000, 0.0327}});
}

TEST(ConvnetNet, GeneratorIsDeterministicAndSeedDependent) {
  const cn_net_def* net = cn_net(CN_NET_ALLCNNC);
  std::vector<int16_t> a(96 * 3 * 9), b(a.size()), c(a.size());
  std::vector<int32_t> ba(96), bb(96), bc(96);
  cn_gen_conv(net, 0, 3, CSP_MODE_16BIT, a.data(), ba.data());
  cn_gen_conv(net, 0, 3, CSP_MODE_16BIT, b.data(), bb.data());
  cn_gen_conv(net, 0, 3, CSP_MODE_8BIT, c.data(), bc.data());
  EXPECT_EQ(a, b);
  EXPECT_EQ(ba, bb);
  EXPECT_NE(a, c);
  for (int16_t v : c) EXPECT_LE(std::abs(v), 16);  // 8-bit weights fit the engine's bytes
  std::set<int16_t> distinct(a.begin(), a.end());
  EXPECT_GT(distinct.size(), 100u);
}

TEST(ConvnetNet, OneByOneHasOneWeightPerFilter) {
  // A 1x1 layer's weights are cout x cin (no 3x3 expansion), drawn as the 3x3 ones are.
  const cn_net_def* net = cn_net(CN_NET_ALLCNNC);
  ASSERT_EQ(net->layers[8].k, 1);
  std::vector<int16_t> w(192 * 10 + 1, int16_t(0x7777));
  std::vector<int32_t> b(10);
  cn_gen_conv(net, 8, 192, CSP_MODE_8BIT, w.data(), b.data());
  EXPECT_EQ(w.back(), int16_t(0x7777));  // nothing beyond cout x cin
  std::set<int16_t> distinct(w.begin(), w.end() - 1);
  EXPECT_GT(distinct.size(), 20u);
  for (size_t i = 0; i + 1 < w.size(); ++i) EXPECT_LE(std::abs(w[i]), 16);
}

TEST(ConvnetNet, AdmissionRejectsWhatTheEngineCannotRun) {
  cn_shape s{32, 32, 8, 32, 32, 8};
  csp_geom_t g{};
  cn_layer_def k5{"k5", CN_CONV, 5, 1, 2, 8, 1};
  EXPECT_EQ(cn_conv_geom(&k5, &s, CSP_MODE_16BIT, 128, &g), CN_REJECT_KERNEL);
  cn_layer_def s3{"s3", CN_CONV, 3, 3, 1, 8, 1};
  EXPECT_EQ(cn_conv_geom(&s3, &s, CSP_MODE_16BIT, 128, &g), CN_REJECT_STRIDE);
  cn_layer_def ok{"ok", CN_CONV, 3, 1, 1, 8, 1};
  cn_shape wide{300, 8, 3, 300, 8, 8};
  EXPECT_EQ(cn_conv_geom(&ok, &wide, CSP_MODE_16BIT, 128, &g), CN_REJECT_WIDTH);
  EXPECT_EQ(cn_conv_geom(&ok, &wide, CSP_MODE_8BIT, 128, &g), 0);  // 4 pixels per word
  cn_layer_def one{"one", CN_CONV, 1, 1, 0, 8, 1};
  EXPECT_EQ(cn_conv_geom(&one, &s, CSP_MODE_16BIT, 128, &g), 0);
  EXPECT_EQ(g.kernel, CSP_KERNEL_1X1);  // the engine's 1x1 setting: no padding
  EXPECT_EQ(g.pad, 0);
  EXPECT_EQ(g.stride, 1);
  cn_layer_def one_pad{"one_pad", CN_CONV, 1, 1, 1, 8, 1};
  EXPECT_EQ(cn_conv_geom(&one_pad, &s, CSP_MODE_16BIT, 128, &g), CN_REJECT_STRIDE);
  EXPECT_STRNE(cn_reject_text(CN_REJECT_KERNEL), cn_reject_text(CN_REJECT_WIDTH));
}

TEST(ConvnetNet, PoolsAndSoftmax) {
  const int16_t in[16] = {1, 2, 3, 4, 5, -6, 7, 8, 9, 10, -11, 12, 13, 14, 15, -16};
  int16_t out[4];
  int ho = 0, wo = 0;
  cn_maxpool(in, 1, 4, 4, 2, 2, out, &ho, &wo);
  EXPECT_EQ(ho, 2);
  EXPECT_EQ(wo, 2);
  EXPECT_EQ(out[0], 5);
  EXPECT_EQ(out[1], 8);
  EXPECT_EQ(out[2], 14);
  EXPECT_EQ(out[3], 15);
  const int16_t a[6] = {1, 2, 2, -1, -2, -2};  // sums 5 and -5 over 3: round half away
  int16_t m[2];
  cn_avgpool(a, 2, 1, 3, m);
  EXPECT_EQ(m[0], 2);
  EXPECT_EQ(m[1], -2);
  const int16_t logits[4] = {3, 9, 9, -2};
  double p = 0;
  EXPECT_EQ(cn_softmax_top(logits, 4, 0, &p), 1);
  EXPECT_NEAR(p, 1.0 / (2.0 + std::exp(-6.0) + std::exp(-11.0)), 1e-9);
}

TEST(ConvnetNet, ReferenceRunKeepsActivationsAlive) {
  for (int mode : {CSP_MODE_16BIT, CSP_MODE_8BIT}) {
    zvp::convnet::RunResult r;
    std::string err;
    ASSERT_TRUE(zvp::convnet::run_reference(CN_NET_TINY, mode, r, err)) << err;
    for (const auto& l : r.layers) {
      EXPECT_LT(l.zero_frac, 0.9) << l.name;
      EXPECT_LT(l.sat_frac, 0.05) << l.name;
    }
    EXPECT_GE(r.top1, 0);
  }
}


// Calls f(net, layer index, geometry, plan) for every convolution of the seed networks in `mode`,
// planned for the MiniZed's CSP (8 KB TCDM banks, 1,024 Weight Memory words, 128-word line buffer).
template <typename F>
void for_each_seed_plan(int mode, F f) {
  for (int n = 0; n < CN_NET_SEED_COUNT; ++n) {
    const cn_net_def* net = cn_net(n);
    std::vector<cn_shape> sh(net->nlayers);
    ASSERT_EQ(cn_shapes(net, sh.data()), 0);
    for (int i = 0; i < net->nlayers; ++i) {
      if (net->layers[i].kind != CN_CONV) continue;
      csp_geom_t g{};
      ASSERT_EQ(cn_conv_geom(&net->layers[i], &sh[i], mode, 128, &g), 0);
      csp_layer_desc d{g.width, g.height, sh[i].cin, sh[i].cout, g.stride, g.pad, g.mode,
                       g.relu, g.shift, 8192, 1024, g.kernel};
      csp_plan p;
      ASSERT_EQ(csp_plan_init(&p, &d, 128), CSP_PLAN_OK) << net->name << " " << net->layers[i].name;
      f(*net, i, g, p);
    }
  }
}

// Plan invariants on every conv layer of the three networks, both precisions: the TCDM and
// Weight Memory regions of a step stay in their halves and banks, tiles cover the output rows
// exactly once, DMA segments are 4-byte aligned and inside the DDR buffers.
TEST(ConvnetPlan, NetworkLayersFitTheCsp) {
  for (int mode : {CSP_MODE_16BIT, CSP_MODE_8BIT}) {
    for_each_seed_plan(mode, [&](const cn_net_def&, int, const csp_geom_t& g, const csp_plan& p) {
      EXPECT_EQ(p.ho, csp_out_h(&g));
      // Tiles cover [0, ho) in order.
      unsigned next = 0;
      for (unsigned t = 0; t < p.n_tiles; ++t) {
        csp_tile tl;
        csp_plan_tile(&p, t, &tl);
        EXPECT_EQ(tl.oy0, next);
        EXPECT_GT(tl.oy1, tl.oy0);
        EXPECT_LE(tl.j0 + tl.oy1 - tl.oy0, tl.ho_t);
        EXPECT_LE(uint32_t(tl.in_r1 - tl.in_r0) * p.pitch_in * 4, p.d.bank_bytes / 2);
        next = tl.oy1;
      }
      EXPECT_EQ(next, p.ho);
      EXPECT_LE(p.out_base + p.og * p.out_stride, 13u * p.d.bank_bytes);
      EXPECT_LE(csp_plan_wblock_len(&p, 0, p.n_ig - 1), p.wm_half);
      // Segments of the first and last steps.
      csp_seg seg[CSP_SEG_MAX];
      for (uint32_t s : {0u, p.steps - 1}) {
        unsigned nseg = csp_plan_in_req(&p, s, seg);
        for (unsigned k = 0; k < nseg; ++k) {
          EXPECT_EQ(seg[k].ddr_off % 4, 0u);
          EXPECT_LE(seg[k].ddr_off + seg[k].len, csp_plan_in_bytes(&p));
        }
        csp_plan_w_req(&p, s, seg);
        EXPECT_LE(seg[0].ddr_off + seg[0].len, csp_plan_weight_words(&p) * 8);
      }
      unsigned nseg = csp_plan_out_req(&p, p.n_tiles - 1, p.n_og - 1, seg);
      EXPECT_LE(seg[nseg - 1].ddr_off + seg[nseg - 1].len, csp_plan_out_bytes(&p));
      // The write-back span the Middleware pushes: first TCDM offset and total bytes of every
      // (tile, OG)'s segments.
      for (unsigned t = 0; t < p.n_tiles; ++t)
        for (unsigned o = 0; o < p.n_og; ++o) {
          nseg = csp_plan_out_req(&p, t, o, seg);
          uint32_t off = 0, len = 0, total = 0;
          csp_plan_out_span(&p, t, o, &off, &len);
          for (unsigned k = 0; k < nseg; ++k) total += seg[k].len;
          EXPECT_EQ(off, seg[0].pl_off);
          EXPECT_EQ(len, total);
        }
      EXPECT_LE(p.og, unsigned(CSP_SEG_MAX));
    });
  }
}

// The Middleware counts steps (csp_plan_next) instead of dividing (csp_plan_step): over every
// step of every seed layer both give the same (t, o, g), the requests built from the counted
// triple equal those built from the step number, and the spans it pushes (csp_plan_*_span)
// are those requests' first PL offset and total length.
TEST(ConvnetPlan, CountedStepsMatchTheDividedOnes) {
  for_each_seed_plan(CSP_MODE_8BIT, [&](const cn_net_def& net, int i, const csp_geom_t&, const csp_plan& p) {
      unsigned t = 0, o = 0, gr = 0;
      csp_seg a[CSP_SEG_MAX], b[CSP_SEG_MAX];
      csp_spans spans;
      csp_spans_init(&spans, &p);
      for (uint32_t s = 0; s < p.steps; ++s) {
        unsigned t2, o2, g2;
        csp_plan_step(&p, s, &t2, &o2, &g2);
        ASSERT_EQ(t, t2) << net.name << " " << net.layers[i].name << " step " << s;
        ASSERT_EQ(o, o2);
        ASSERT_EQ(gr, g2);
        const unsigned na = csp_plan_in_req(&p, s, a), nb = csp_plan_in_req_at(&p, s, t, gr, b);
        ASSERT_EQ(na, nb);
        for (unsigned k = 0; k < na; ++k) {
          EXPECT_EQ(a[k].ddr_off, b[k].ddr_off);
          EXPECT_EQ(a[k].pl_off, b[k].pl_off);
          EXPECT_EQ(a[k].len, b[k].len);
        }
        // The spans the Middleware pushes: the first segment's PL offset, the total bytes.
        uint32_t in_off = 0, in_len = 0, w_off = 0, w_len = 0, total = 0;
        csp_spans_step(&spans, &p, s, t, o, gr, &in_off, &in_len, &w_off, &w_len);
        for (unsigned k = 0; k < na; ++k) total += a[k].len;
        EXPECT_EQ(in_off, a[0].pl_off);
        EXPECT_EQ(in_len, total);
        csp_plan_w_req(&p, s, a);
        csp_plan_w_req_at(&p, s, o, gr, b);
        EXPECT_EQ(a[0].ddr_off, b[0].ddr_off);
        EXPECT_EQ(a[0].pl_off, b[0].pl_off);
        EXPECT_EQ(a[0].len, b[0].len);
        EXPECT_EQ(w_off, a[0].pl_off);
        EXPECT_EQ(w_len, a[0].len);
        csp_plan_next(&p, &t, &o, &gr);
      }
      EXPECT_EQ(t, p.n_tiles);  // one past the last step
      EXPECT_EQ(o, 0u);
      EXPECT_EQ(gr, 0u);
  });
}

TEST(ConvnetNet, AdmissionTestNetworksAreRejected) {
  zvp::convnet::RunResult r;
  std::string err;
  EXPECT_FALSE(zvp::convnet::run_reference(CN_NET_BAD_KERNEL, CSP_MODE_16BIT, r, err));
  EXPECT_NE(err.find("kernel"), std::string::npos) << err;
  EXPECT_FALSE(zvp::convnet::run_reference(CN_NET_TOO_WIDE, CSP_MODE_16BIT, r, err));
  EXPECT_NE(err.find("wider"), std::string::npos) << err;
  EXPECT_TRUE(zvp::convnet::run_reference(CN_NET_TOO_WIDE, CSP_MODE_8BIT, r, err)) << err;
}

TEST(ConvnetPlan, DarkNetConv1IsTiled) {
  csp_layer_desc d{256, 256, 3, 16, 1, 1, CSP_MODE_16BIT, 1, 10, 8192, 1024};
  csp_plan p;
  ASSERT_EQ(csp_plan_init(&p, &d, 128), CSP_PLAN_OK);
  EXPECT_GT(p.n_tiles, 1);       // 128 KB features in 4 KB halves
  EXPECT_EQ(p.max_in_rows, 8);   // 512-byte rows
  EXPECT_EQ(p.tile_rows, 6);
}

TEST(ConvnetPlan, OneByOneMovesOneWeightWordPerPass) {
  // All-CNN-C conv_8, 8 bit: 6x6, 192 -> 192, 1x1. Counted by hand: one 64-bit Weight Memory
  // word per pass (3 weights of 8 bit); an OG is bounded by the output banks (10 x 8 KB over
  // 144-byte partial sums + 48-byte outputs: 426), the Weight Memory half (k + ceil(k/2) <= 512:
  // 341) and cout: all 192 outputs in one OG. Weights: 64 IGs x 192 words + 96 bias words.
  csp_layer_desc d{6, 6, 192, 192, 1, 0, CSP_MODE_8BIT, 1, 9, 8192, 1024, CSP_KERNEL_1X1};
  csp_plan p;
  ASSERT_EQ(csp_plan_init(&p, &d, 128), CSP_PLAN_OK);
  EXPECT_EQ(p.ww, 1);
  EXPECT_EQ(p.wo, 6);
  EXPECT_EQ(p.ho, 6);
  EXPECT_EQ(p.og, 192);
  EXPECT_EQ(p.n_ig, 64);
  EXPECT_EQ(csp_plan_weight_words(&p), 64u * 192u + 96u);
  // The same layer as the 3x3 it used to be mapped to (centre-only, pad 1): 4 words per pass,
  // so a Weight Memory half holds 113 passes + 57 bias words (4 k + ceil(k / 2) <= 512): two
  // OGs of 113 and 79 outputs, 57 + 40 bias words.
  d.kernel = CSP_KERNEL_3X3;
  d.pad = 1;
  ASSERT_EQ(csp_plan_init(&p, &d, 128), CSP_PLAN_OK);
  EXPECT_EQ(p.ww, 4);
  EXPECT_EQ(p.og, 113);
  EXPECT_EQ(csp_plan_weight_words(&p), 64u * 192u * 4u + 57u + 40u);
  // 1x1 with padding is no geometry of the engine.
  d.kernel = CSP_KERNEL_1X1;
  EXPECT_EQ(csp_plan_init(&p, &d, 128), CSP_PLAN_E_GEOM);
}

TEST(ConvnetPlan, DescriptorSurvivesTheMailbox) {
  csp_layer_desc d{200, 7, 1000, 1024, 2, 0, CSP_MODE_8BIT, 1, 13, 8192, 1024, CSP_KERNEL_1X1}, e{};
  uint32_t mb[CSP_MB_WORDS] = {};
  csp_desc_encode(&d, mb);
  csp_desc_decode(mb, &e);
  EXPECT_EQ(e.w, d.w);
  EXPECT_EQ(e.h, d.h);
  EXPECT_EQ(e.cin, d.cin);
  EXPECT_EQ(e.cout, d.cout);
  EXPECT_EQ(e.stride, d.stride);
  EXPECT_EQ(e.pad, d.pad);
  EXPECT_EQ(e.mode, d.mode);
  EXPECT_EQ(e.relu, d.relu);
  EXPECT_EQ(e.shift, d.shift);
  EXPECT_EQ(e.bank_bytes, d.bank_bytes);
  EXPECT_EQ(e.wm_words, d.wm_words);
  EXPECT_EQ(e.kernel, d.kernel);
}

}  // namespace
