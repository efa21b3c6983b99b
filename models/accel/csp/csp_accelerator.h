// zvp::CspAccelerator - the Convolution-Specific Processor of seed 001 (Figure 1) as one PL
// design: Zero-riscy core, L2 instruction BRAM, TCDM (13 banks), Weight Memory, Convolution
// Engine, DMA Action Scheduler, the CSP control block, a local router for the RISC-V data bus
// and the GP-side router of the AXI BRAM controllers. No board knowledge: sizes and the clock
// come from CspParams (the platform fills them from the board config).
//
// Binding (the platform does this):
//   s_axi      multi-passthrough target: the PS side (ARM over M_AXI_GP0 and the PL330's data
//              path through GP0/GP1 bind here; bind as many initiators as needed). Addresses
//              are offsets from the CSP aperture (kGp* below; platform/designs/csp/memmap.yaml places the aperture).
//   irq_arm    -> IRQ_F2P (the middleware's doorbell to the ARM: CspControl)
//   bind_pl330(Pl330PeriphPort* ports[3]) or bind_periph(ch, port): channel 0 input features,
//              1 weights, 2 output features -> PL330 peripheral request interfaces.
// RISC-V data bus (rv_router): kRv* below; unmapped addresses answer TLM_ADDRESS_ERROR, which
// the core turns into a load/store access fault. The core fetches from the L2 BRAM (ibus).
// The core starts held in reset; the ARM releases it through CspControl::RISCV_CTRL.
#pragma once
#include <systemc>

#include <memory>

#include "accel/csp/conv_engine.h"
#include "accel/csp/csp_control.h"
#include "accel/csp/dma_action_scheduler.h"
#include "accel/csp/tcdm.h"
#include "accel/csp/weight_memory.h"
#include "core/irq.h"
#include "core/params.h"
#include "core/router.h"
#include "cpu/riscv/zero_riscy.h"
#include "memory/sram.h"
#include "regs/csp_regs.h"

namespace zvp {

struct CspParams {
  Clock clock{"pl", 80e6};
  uint64_t l2_bytes = 32 * 1024;
  TcdmParams tcdm;
  WeightMemoryParams wm;
  ConvEngineParams engine;
  DmaSchedulerParams scheduler;
  ZeroRiscy::Params riscv;
  TimingMode mode = TimingMode::LT;
  unsigned router_hop_cycles = 1;  // AXI interconnect / local bus decode
  unsigned reg_access_cycles = 1;  // register access of the engine, scheduler and control blocks
  // Applies `clock` and `mode` to every block (call after editing them).
  void propagate();
  // Parameters under pl.csp (the clock is declared by the design, which links it to FCLK0).
  void declare(ParamScope& p);
};

class CspAccelerator : public sc_core::sc_module {
 public:
  // GP-side offsets (from the CSP aperture) and RISC-V addresses: csp.regs.yaml (CSP_GP, CSP_RV).
  static constexpr uint64_t kGpL2 = regs::csp_gp::L2_BASE, kGpTcdm = regs::csp_gp::TCDM_BASE,
                            kGpWm = regs::csp_gp::WM_BASE, kGpCtrl = regs::csp_gp::CTRL_BASE,
                            kGpSize = regs::csp_gp::SIZE;
  static constexpr uint32_t kRvL2 = regs::csp_rv::L2_BASE, kRvTcdm = regs::csp_rv::TCDM_BASE,
                            kRvWm = regs::csp_rv::WM_BASE, kRvEngine = regs::csp_rv::ENGINE_BASE,
                            kRvScheduler = regs::csp_rv::SCHED_BASE, kRvCtrl = regs::csp_rv::CTRL_BASE,
                            kRvRegSize = regs::csp_rv::ENGINE_SIZE;

  CspAccelerator(sc_core::sc_module_name name, const CspParams& p);

  void bind_periph(unsigned ch, Pl330PeriphPort& port) { scheduler.bind_periph(ch, port); }

  const CspParams& params() const { return p_; }

  // Blocks (public for the platform's statistics and the tests' backdoors).
  Bram l2;
  Tcdm tcdm;
  WeightMemory wm;
  ConvEngine engine;
  DmaActionScheduler scheduler;
  CspControl control;
  ZeroRiscy riscv;
  Router gp_router;
  Router rv_router;

  // The ports: references into the blocks above, declared after them so that they are bound to
  // constructed objects (UBSan: member access before construction).
  tlm_utils::multi_passthrough_target_socket<Router>& s_axi;
  IrqOut& irq_arm;

 private:
  static BramConfig l2_config(const CspParams& p);
  void update_rv_irq();
  CspParams p_;
  IrqLine engine_irq_{"csp_engine_irq"}, sched_irq_{"csp_sched_irq"}, ctrl_rv_irq_{"csp_ctrl_rv_irq"};
  IrqLine rv_ext_irq_{"csp_rv_meip"};
};

}  // namespace zvp
