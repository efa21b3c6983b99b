#include "accel/csp/csp_control.h"

#include <string>

namespace zvp {

CspControl::CspControl(sc_core::sc_module_name name)
    : sc_module(name), arm_socket("arm_socket"), rv_socket("rv_socket"), regs_(this->name()) {
  arm_socket.register_b_transport(this, &CspControl::b_transport);
  rv_socket.register_b_transport(this, &CspControl::b_transport);
  arm_socket.register_transport_dbg(this, &CspControl::dbg);
  rv_socket.register_transport_dbg(this, &CspControl::dbg);
  namespace R = regs::csp_ctrl;
  riscv_ctrl_ = &regs_.add(R::RISCV_CTRL_INFO).on_write([this](uint32_t o, uint32_t n) {
    if (R::riscv_ctrl::HOLD.get(o ^ n) && reset_fn_) reset_fn_(R::riscv_ctrl::HOLD.get(n), boot_addr_->get());
  });
  boot_addr_ = &regs_.add(R::BOOT_ADDR_INFO);
  // The IRQ_STATUS registers: every bit write-1-to-clear, set by the other side's doorbell.
  arm_status_ = &regs_.add(R::ARM_IRQ_STATUS_INFO).on_write([this](uint32_t, uint32_t) { update(); });
  arm_enable_ = &regs_.add(R::ARM_IRQ_ENABLE_INFO).on_write([this](uint32_t, uint32_t) { update(); });
  regs_.add(R::DOORBELL_ARM_INFO).on_write_raw([this](uint32_t v, uint32_t) {
    arm_status_->set(arm_status_->get() | v);
    update();
  });
  rv_status_ = &regs_.add(R::RV_IRQ_STATUS_INFO).on_write([this](uint32_t, uint32_t) { update(); });
  rv_enable_ = &regs_.add(R::RV_IRQ_ENABLE_INFO).on_write([this](uint32_t, uint32_t) { update(); });
  regs_.add(R::DOORBELL_RV_INFO).on_write_raw([this](uint32_t v, uint32_t) {
    rv_status_->set(rv_status_->get() | v);
    update();
  });
  regs_.add_array(R::MAILBOX0_INFO);
}

void CspControl::update() {
  irq_arm.write((arm_status_->get() & arm_enable_->get()) != 0);
  irq_rv.write((rv_status_->get() & rv_enable_->get()) != 0);
}

void CspControl::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& d) {
  regs_.transport(gp);
  d += latency_;
}

}  // namespace zvp
