// zvp::CspControl - the small glue register block of the CSP seen by both the ARM (over GP0)
// and the RISC-V (data bus): Zero-riscy reset / boot address, doorbells in both directions
// (the ARM "orders Middleware execution", the middleware reports completion: seed 001 III) and
// eight shared mailbox words for layer descriptors and status. Seed 001 does not describe this
// block; its layout is ours (offsets in models/accel/csp/csp.regs.yaml, CSP_CTRL).
//
//  RISCV_CTRL     RW  HOLD: reset held (reset value 1); 1 -> 0 starts the core at BOOT_ADDR
//  BOOT_ADDR      RW
//  ARM_IRQ_STATUS W1C set by DOORBELL_ARM; irq_arm = STATUS & ENABLE (IRQ_F2P)
//  ARM_IRQ_ENABLE RW
//  DOORBELL_ARM   WO  ORs the written bits into ARM_IRQ_STATUS (written by the RISC-V)
//  RV_IRQ_STATUS  W1C set by DOORBELL_RV; irq_rv = STATUS & ENABLE (RISC-V external irq)
//  RV_IRQ_ENABLE  RW
//  DOORBELL_RV    WO  ORs the written bits into RV_IRQ_STATUS (written by the ARM)
//  MAILBOX0..7    RW
#pragma once
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <functional>

#include "core/irq.h"
#include "core/register_bank.h"
#include "regs/csp_regs.h"

namespace zvp {

class CspControl : public sc_core::sc_module {
 public:
  enum Reg : uint32_t {
#define ZVP_X_(name, offset, ...) name = offset,
    ZVP_CSP_CTRL_REGS(ZVP_X_)  // csp.regs.yaml
#undef ZVP_X_
  };
  tlm_utils::simple_target_socket<CspControl> arm_socket;  // GP0 side
  tlm_utils::simple_target_socket<CspControl> rv_socket;   // RISC-V data bus side
  IrqOut irq_arm, irq_rv;

  explicit CspControl(sc_core::sc_module_name name);
  // Called when RISCV_CTRL[0] changes: (held, boot address).
  void on_reset(std::function<void(bool, uint32_t)> f) { reset_fn_ = std::move(f); }
  void set_access_latency(const sc_core::sc_time& t) { latency_ = t; }
  RegisterBank& regs() { return regs_; }

 private:
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& d);
  unsigned dbg(tlm::tlm_generic_payload& gp) { return regs_.transport_dbg(gp); }
  void update();
  RegisterBank regs_;
  Register *riscv_ctrl_, *boot_addr_, *arm_status_, *arm_enable_, *rv_status_, *rv_enable_;
  std::function<void(bool, uint32_t)> reset_fn_;
  sc_core::sc_time latency_ = sc_core::SC_ZERO_TIME;
};

}  // namespace zvp
