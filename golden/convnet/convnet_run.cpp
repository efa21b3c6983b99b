#include "golden/convnet/convnet_run.h"

namespace zvp::convnet {

int conv_reference(const cn_net_def* net, int layer, const cn_shape& s, int mode,
                   const std::vector<int16_t>& in, std::vector<int16_t>& out,
                   std::vector<int16_t>* weights, std::vector<int32_t>* bias, csp_geom_t* geom) {
  const cn_layer_def* l = &net->layers[layer];
  csp_geom_t g{};
  int rc = cn_conv_geom(l, &s, mode, kLineBufferWords, &g);
  if (rc) return rc;
  std::vector<int16_t> w(size_t(s.cout) * s.cin * l->k * l->k);
  std::vector<int32_t> b(s.cout);
  cn_gen_conv(net, layer, s.cin, mode, w.data(), b.data());
  const int ho = csp_out_h(&g), wo = csp_out_w(&g);
  out.assign(size_t(s.cout) * ho * wo, 0);
  std::vector<int32_t> scratch(size_t(ho) * wo);
  if (csp_conv_layer_ref(&g, s.cin, s.cout, in.data(), w.data(), b.data(), out.data(),
                         scratch.data()) != 0)
    return CN_REJECT_STRIDE;
  if (weights) *weights = std::move(w);
  if (bias) *bias = std::move(b);
  if (geom) *geom = g;
  return 0;
}

bool run_reference(int net_id, int mode, RunResult& r, std::string& err) {
  const cn_net_def* net = cn_net(net_id);
  if (!net) {
    err = "unknown network";
    return false;
  }
  std::vector<cn_shape> shapes(net->nlayers);
  if (cn_shapes(net, shapes.data()) != 0) {
    err = "network shape collapses to nothing";
    return false;
  }
  std::vector<int16_t> act(size_t(net->c) * net->h * net->w);
  cn_gen_input(net, mode, act.data());
  r = RunResult{};
  for (int i = 0; i < net->nlayers; ++i) {
    const cn_layer_def* l = &net->layers[i];
    const cn_shape& s = shapes[i];
    LayerResult lr;
    lr.name = l->name;
    lr.w = s.w, lr.h = s.h, lr.cin = s.cin, lr.cout = s.cout, lr.wo = s.wo, lr.ho = s.ho;
    std::vector<int16_t> out;
    switch (l->kind) {
      case CN_CONV: {
        lr.kind = "conv";
        lr.gops = cn_conv_gops(l, &s);
        int rc = conv_reference(net, i, s, mode, act, out);
        if (rc) {
          err = std::string(l->name) + ": " + cn_reject_text(rc);
          return false;
        }
        break;
      }
      case CN_MAXPOOL:
        lr.kind = "maxpool";
        out.resize(size_t(s.cout) * s.ho * s.wo);
        cn_maxpool(act.data(), s.cin, s.h, s.w, l->k, l->stride, out.data(), nullptr, nullptr);
        break;
      case CN_AVGPOOL:
        lr.kind = "avgpool";
        out.resize(s.cout);
        cn_avgpool(act.data(), s.cin, s.h, s.w, out.data());
        break;
      default:
        lr.kind = "softmax";
        r.top1 = cn_softmax_top(act.data(), s.cin, 0, nullptr);
        r.logits = act;
        out = act;
        break;
    }
    lr.checksum = cn_checksum(out.data(), out.size());
    const int lim = mode == CSP_MODE_8BIT ? 127 : 32767;
    size_t zeros = 0, sats = 0;
    for (int16_t v : out) {
      zeros += v == 0;
      sats += v >= lim || v <= -lim - 1;
    }
    if (!out.empty()) {
      lr.zero_frac = double(zeros) / out.size();
      lr.sat_frac = double(sats) / out.size();
    }
    r.layers.push_back(lr);
    act = std::move(out);
  }
  return true;
}

}  // namespace zvp::convnet
