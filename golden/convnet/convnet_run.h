// Host reference run of a ConvNet network: the chain the ARM front end runs (conv layers on the
// CSP golden model with the engine's geometry, max/average pools and soft-max as on the ARM).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

extern "C" {
#include "golden/convnet/convnet.h"
#include "golden/csp/csp_ref.h"
}

namespace zvp::convnet {

struct LayerResult {
  std::string name, kind;
  unsigned w = 0, h = 0, cin = 0, cout = 0, wo = 0, ho = 0;
  double gops = 0;
  uint32_t checksum = 0;  // of the layer's output (conv, pools)
  double zero_frac = 0, sat_frac = 0;  // activation health: zeros, values at the type's limits
};

struct RunResult {
  std::vector<LayerResult> layers;
  int top1 = -1;
  std::vector<int16_t> logits;
};

// Line-buffer capacity used for the admission check (ZVP_CSP_LINE_BUFFER_WORDS on the target).
constexpr uint32_t kLineBufferWords = 128;

// Runs network `net` (CN_NET_*) in `mode` (CSP_MODE_*). false + err on a rejected layer.
bool run_reference(int net, int mode, RunResult& out, std::string& err);

// One conv layer of a network on the golden model (what the engine must produce): fills
// weights/bias/out. Returns 0 or a CN_REJECT_* code.
int conv_reference(const cn_net_def* net, int layer, const cn_shape& s, int mode,
                   const std::vector<int16_t>& in, std::vector<int16_t>& out,
                   std::vector<int16_t>* weights = nullptr, std::vector<int32_t>* bias = nullptr,
                   csp_geom_t* geom = nullptr);

}  // namespace zvp::convnet
