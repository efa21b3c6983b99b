// PL design "csp": seed 001's Convolution-Specific Processor behind M_AXI_GP0, clocked by
// pl.csp.clock (FCLK0 by default: 80 MHz on the MiniZed, 140 MHz on the ZC706), its DMA Action
// Scheduler on PL330 peripheral interfaces 0-2 and its doorbell on IRQ_F2P[0].
#include <memory>

#include "accel/csp/csp_accelerator.h"
#include "pl_design.h"
#include "zvp_memmap.h"
#include "zynq_platform.h"

namespace zvp {

namespace {

class CspDesign : public PlDesign {
 public:
  void declare(ParamScope& pl) override {
    pl.frequency("clock", params_.clock, "clock of the CSP (all its blocks and the Zero-riscy)", 1e6, 500e6);
    pl.link("clock", "clocks.fclk0");
    params_.declare(pl);
  }

  void build(ZynqPlatform& soc) override {
    params_.mode = soc.mode();
    params_.propagate();
    csp_ = std::make_unique<CspAccelerator>("csp", params_);
    soc.attach_gp0_slave(csp_->s_axi, ZVP_CSP_L2_BASE, CspAccelerator::kGpSize, "csp");
    csp_->irq_arm.bind(soc.f2p(0));
    for (unsigned ch = 0; ch < 3; ++ch) csp_->bind_periph(ch, soc.dmac.periph[ch]);
  }

  std::string describe() const override {
    return "csp (seed 001 Convolution-Specific Processor) at " + std::to_string(params_.clock.mhz()) + " MHz";
  }

  std::map<std::string, uint64_t> instructions() const override {
    return {{"riscv", csp_ ? csp_->riscv.instructions() : 0}};
  }

  DebugTarget* debug_core() override { return csp_ ? &csp_->riscv : nullptr; }
  ProfiledCore* profiled_core() override { return csp_ ? &csp_->riscv : nullptr; }

 private:
  CspParams params_;
  std::unique_ptr<CspAccelerator> csp_;
};

}  // namespace

}  // namespace zvp

ZVP_REGISTER_PL_DESIGN(zvp::CspDesign, "csp",
                       "seed 001: Zero-riscy controlled Convolution-Specific Processor (MiniZed, ZC706)")
