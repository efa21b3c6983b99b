#include "accel/csp/csp_control.h"

#include <string>

namespace zvp {

CspControl::CspControl(sc_core::sc_module_name name)
    : sc_module(name), arm_socket("arm_socket"), rv_socket("rv_socket"), regs_(this->name()) {
  arm_socket.register_b_transport(this, &CspControl::b_transport);
  rv_socket.register_b_transport(this, &CspControl::b_transport);
  arm_socket.register_transport_dbg(this, &CspControl::dbg);
  rv_socket.register_transport_dbg(this, &CspControl::dbg);
  regs_.add("RISCV_CTRL", RISCV_CTRL, 1).writable(1).on_write([this](uint32_t o, uint32_t n) {
    if ((o ^ n) & 1u && reset_fn_) reset_fn_(n & 1u, regs_["BOOT_ADDR"].get());
  });
  regs_.add("BOOT_ADDR", BOOT_ADDR).writable(0xFFFFFFFEu);
  regs_.add("ARM_IRQ_STATUS", ARM_IRQ_STATUS).writable(0).w1c(~0u).on_write([this](uint32_t, uint32_t) { update(); });
  regs_.add("ARM_IRQ_ENABLE", ARM_IRQ_ENABLE).on_write([this](uint32_t, uint32_t) { update(); });
  regs_.add("DOORBELL_ARM", DOORBELL_ARM, 0, Access::WO).on_write_raw([this](uint32_t v, uint32_t) {
    Register& r = regs_["ARM_IRQ_STATUS"];
    r.set(r.get() | v);
    update();
  });
  regs_.add("RV_IRQ_STATUS", RV_IRQ_STATUS).writable(0).w1c(~0u).on_write([this](uint32_t, uint32_t) { update(); });
  regs_.add("RV_IRQ_ENABLE", RV_IRQ_ENABLE).on_write([this](uint32_t, uint32_t) { update(); });
  regs_.add("DOORBELL_RV", DOORBELL_RV, 0, Access::WO).on_write_raw([this](uint32_t v, uint32_t) {
    Register& r = regs_["RV_IRQ_STATUS"];
    r.set(r.get() | v);
    update();
  });
  regs_.add_array("MAILBOX", MAILBOX0, regs::csp_ctrl::MAILBOX0_COUNT, regs::csp_ctrl::MAILBOX0_STRIDE);
}

void CspControl::update() {
  irq_arm.write((regs_["ARM_IRQ_STATUS"].get() & regs_["ARM_IRQ_ENABLE"].get()) != 0);
  irq_rv.write((regs_["RV_IRQ_STATUS"].get() & regs_["RV_IRQ_ENABLE"].get()) != 0);
}

void CspControl::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& d) {
  regs_.transport(gp);
  d += latency_;
}

}  // namespace zvp
