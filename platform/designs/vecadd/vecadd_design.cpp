// PL design "vecadd": the example of a design that lives in one folder (docs/adding-a-design.md, "Adding an
// accelerator"): the VecAddAccel block on M_AXI_GP0 at ZVP_VECADD_BASE, its interrupt on
// IRQ_F2P[0]. Registers: vecadd.regs.yaml; placement: memmap.yaml.
#include <memory>
#include <sstream>

#include "pl_design.h"
#include "vecadd_accel.h"
#include "zvp_memmap.h"
#include "zynq_platform.h"

namespace zvp {

class VecAddDesign : public PlDesign {
 public:
  void declare(ParamScope& p) override {
    p.frequency("clock", clock_, "clock of the adder (FCLK0)", 1e6, 500e6);
    p.link("clock", "clocks.fclk0");
    p.add("cycles_per_add", cycles_per_add_, "cycles", "clock cycles per element", 1, 1024);
    p.add("lite_latency", lite_, "cycles", "AXI-Lite slave response latency", 0, 64);
  }

  void build(ZynqPlatform& soc) override {
    const Clock fclk("fclk0", clock_);
    accel_ = std::make_unique<VecAddAccel>("vecadd", fclk, cycles_per_add_);
    accel_->set_access_latency(fclk.cycles(uint64_t(lite_)));
    soc.attach_gp0_slave(accel_->socket, ZVP_VECADD_BASE, ZVP_VECADD_SIZE, "vecadd");
    accel_->irq.bind(soc.irq(ZVP_IRQ_VECADD));
  }

  std::string describe() const override {
    std::ostringstream o;
    o << "vecadd: " << VecAddAccel::kLen << "-element adder, " << cycles_per_add_ << " cycle(s) per element; "
      << clock_ / 1e6 << " MHz";
    return o.str();
  }

  uint64_t items_done() const override { return accel_ ? accel_->vectors_done() : 0; }

 private:
  double clock_ = 100e6;
  unsigned cycles_per_add_ = 1;
  unsigned lite_ = 2;
  std::unique_ptr<VecAddAccel> accel_;
};

}  // namespace zvp

ZVP_REGISTER_PL_DESIGN(zvp::VecAddDesign, "vecadd", "example: a 16-element vector adder with one interrupt")
