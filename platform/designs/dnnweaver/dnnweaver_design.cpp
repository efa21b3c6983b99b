// PL design "dnnweaver" (seeds 000/002, ZC702): the DNNWeaver-style processing unit with
// bit-complementary encoded PEs. Its AXI-Lite slave on M_AXI_GP0 at ZVP_DNNW_BASE, its AXI master
// on S_AXI_HP0, its interrupt on IRQ_F2P[0]; clocked by pl.dnnweaver.clock (FCLK_CLK0: 150 MHz on
// the ZC702 board file, the DNNWeaver templates' target frequency).
#include <memory>
#include <sstream>

#include "accel/dnnweaver/dnnweaver_pu.h"
#include "core/config_error.h"
#include "pl_design.h"
#include "zvp_memmap.h"
#include "zynq_platform.h"

namespace zvp {

namespace {

class DnnweaverDesign : public PlDesign {
 public:
  void declare(ParamScope& pl) override {
    cfg_.declare(pl);
    pl.add("lite_latency", lite_latency_, "cycles", "AXI-Lite slave response latency (PL clocks)", 0, 64);
  }

  void build(ZynqPlatform& soc) override {
    if (cfg_.num_pe < 1 || cfg_.num_pe > 256) throw ConfigError("pl.dnnweaver.num_pe must be 1..256");
    pu_ = std::make_unique<DnnweaverPu>("dnnweaver", cfg_);
    pu_->set_access_latency(cfg_.clock.cycles(uint64_t(lite_latency_)));
    soc.attach_gp0_slave(pu_->socket, ZVP_DNNW_BASE, ZVP_DNNW_SIZE, "dnnweaver");
    soc.bind_hp(0, pu_->m_axi);
    pu_->irq.bind(soc.irq(ZVP_IRQ_DNNW));
  }

  std::string describe() const override {
    std::ostringstream o;
    o << "dnnweaver (seeds 000/002 encoded-PE PU): " << cfg_.num_pe << " PEs at " << cfg_.clock.mhz()
      << " MHz, buffers " << cfg_.act_buf_bytes << " B act / " << cfg_.weight_buf_bytes << " B weights / "
      << cfg_.psum_entries << " psum entries per PE, encoder latency " << cfg_.encoder_latency;
    return o.str();
  }

  uint64_t items_done() const override { return pu_ ? pu_->layers_done() : 0; }

 private:
  DnnweaverConfig cfg_;
  unsigned lite_latency_ = 2;
  std::unique_ptr<DnnweaverPu> pu_;
};

}  // namespace

}  // namespace zvp

ZVP_REGISTER_PL_DESIGN(zvp::DnnweaverDesign, "dnnweaver",
                       "seeds 000/002: DNNWeaver-style PU with bit-complementary encoded PEs (ZC702)")
