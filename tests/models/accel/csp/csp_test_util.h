// Test bench of the Convolution Engine: TCDM + Weight Memory + engine, a register initiator
// and a port-B initiator, and a tiny "middleware" that runs a whole layer pass by pass.
#pragma once
#include <systemc>

#include <cstdint>
#include <vector>

#include "accel/csp/conv_engine.h"
#include "accel/csp/tcdm.h"
#include "accel/csp/weight_memory.h"
#include "support/test_initiator.h"
#include "golden/csp/csp_ref.h"

namespace zvp::test {

// ConvEngine register fields (csp.regs.yaml, CSP_ENGINE).
namespace eng = zvp::regs::csp_engine;
constexpr uint32_t kEngStart = eng::ctrl::START.mask();
constexpr uint32_t kEngBusy = eng::status::BUSY.mask(), kEngDone = eng::status::DONE.mask(),
                   kEngError = eng::status::ERROR.mask();
constexpr uint32_t kEngIrqs = eng::irq_enable::DONE.mask() | eng::irq_enable::ERROR.mask();
inline uint32_t eng_code(uint32_t status) { return eng::status::CODE.get(status); }
inline uint32_t eng_dim(uint32_t w, uint32_t h) { return eng::dim::WIDTH.prep(w) | eng::dim::HEIGHT.prep(h); }

struct EngineBench {
  TcdmParams tp;
  WeightMemoryParams wp;
  ConvEngineParams ep;
  Tcdm tcdm;
  WeightMemory wm;
  ConvEngine engine;
  TestInitiator regs;  // engine registers
  TestInitiator mem;   // TCDM port B
  TestInitiator wmbus; // Weight Memory AXI BRAM controller
  IrqLine irq{"engine_irq"};

  explicit EngineBench(const ConvEngineParams& e = {}, const TcdmParams& t = {});

  // Program one pass and wait for DONE or ERROR; returns STATUS.
  uint32_t run_pass(const uint32_t in[3], uint32_t acc, uint32_t out, uint32_t waddr, unsigned w,
                    unsigned h, uint32_t cfg, int32_t bias);
  static uint32_t cfg(const csp_geom_t& g, bool first, bool last, unsigned nfeat);
};

// Runs a layer on the engine as the middleware would (features of a group in the three input
// banks, partial sums and outputs in the output region, weights at WM word 0; w is
// cout x cin x K x K for the geometry's kernel setting) and returns
// the output features (Ho x Wo each). Adds every pass's cycles to *cycles if given.
std::vector<int16_t> engine_layer(EngineBench& b, const csp_geom_t& g, int cin, int cout,
                                  const std::vector<int16_t>& in, const std::vector<int16_t>& w,
                                  const std::vector<int32_t>& bias, uint64_t* cycles = nullptr);

}  // namespace zvp::test
