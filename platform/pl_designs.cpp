#include "pl_designs.h"

#include "accel/csp/csp_accelerator.h"
#include "board.h"
#include "lenet_design.h"
#include "zvp_memmap.h"
#include "zynq_platform.h"

namespace zvp {

namespace {

// Seed 001's Convolution-Specific Processor behind M_AXI_GP0, clocked by FCLK0 (80 MHz on the
// MiniZed, 140 MHz on the ZC706), its DMA Action Scheduler on PL330 peripheral interfaces 0-2
// and its doorbell on IRQ_F2P[0].
class CspDesign : public PlDesign {
 public:
  explicit CspDesign(ZynqPlatform& soc) : csp_("csp", params(soc)) {
    soc.attach_gp0_slave(csp_.s_axi, ZVP_CSP_L2_BASE, CspAccelerator::kGpSize, "csp");
    csp_.irq_arm.bind(soc.f2p(0));
    for (unsigned ch = 0; ch < 3; ++ch) csp_.bind_periph(ch, soc.dmac.periph[ch]);
  }
  std::string describe() const override {
    return "csp (seed 001 Convolution-Specific Processor) at " +
           std::to_string(csp_.params().clock.mhz()) + " MHz";
  }
  CspAccelerator& csp() { return csp_; }
  uint64_t riscv_instructions() const override { return csp_.riscv.instructions(); }

 private:
  static CspParams params(ZynqPlatform& soc) {
    CspParams p;
    p.clock = soc.fclk[0];
    p.mode = soc.options().mode;
    p.propagate();
    return p;
  }
  CspAccelerator csp_;
};

}  // namespace

std::vector<std::string> pl_design_names() { return {"none", "lenet", "csp"}; }

std::unique_ptr<PlDesign> make_pl_design(const std::string& name, const std::string& variant,
                                         ZynqPlatform& soc) {
  if (name.empty() || name == "none") return nullptr;
  if (name == "lenet") return make_lenet_design(soc, variant);
  if (name == "csp") {
    if (!variant.empty()) throw ConfigError("PL design csp has no variant '" + variant + "'");
    return std::make_unique<CspDesign>(soc);
  }
  std::string known;
  for (auto& n : pl_design_names()) known += (known.empty() ? "" : ", ") + n;
  throw ConfigError("unknown PL design '" + name + "' (known: " + known + ")");
}

}  // namespace zvp
