#include "pl/axi_intc.h"

#include <stdexcept>
#include <string>

#include "regs/axi_intc_regs.h"

namespace zvp {

namespace R = regs::axi_intc;

AxiIntc::AxiIntc(sc_core::sc_module_name name, unsigned inputs, uint32_t edge_mask)
    : RegisterDevice(name), n_(inputs), edge_(edge_mask) {
  if (inputs < 1 || inputs > 32) throw std::invalid_argument(std::string(this->name()) + ": 1..32 inputs");
  for (unsigned i = 0; i < n_; ++i) {
    in_.emplace_back(std::string(this->name()) + ".intr" + std::to_string(i));
    in_.back().listen([this, i](bool v) { on_input(i, v); });
  }
  isr_ = &regs_.add(R::ISR_INFO).on_write_raw([this](uint32_t v, uint32_t m) {
    if (mer_->get() & MER_HIE) return;  // hardware mode: software cannot write ISR
    isr_->set(((isr_->get() & ~m) | (v & m)) & valid_mask());
    update();
  });
  regs_.add(R::IPR_INFO).on_read([this](uint32_t) { return isr_->get() & ier_->get(); });
  ier_ = &regs_.add(R::IER_INFO).on_write_raw([this](uint32_t v, uint32_t m) {
    ier_->set(((ier_->get() & ~m) | (v & m)) & valid_mask());
    update();
  });
  regs_.add(R::IAR_INFO).on_write_raw([this](uint32_t v, uint32_t m) {
    isr_->set(isr_->get() & ~(v & m));
    sample_levels();
    update();
  });
  regs_.add(R::SIE_INFO).on_write_raw([this](uint32_t v, uint32_t m) {
    ier_->set((ier_->get() | (v & m)) & valid_mask());
    update();
  });
  regs_.add(R::CIE_INFO).on_write_raw([this](uint32_t v, uint32_t m) {
    ier_->set(ier_->get() & ~(v & m));
    update();
  });
  regs_.add(R::IVR_INFO).on_read([this](uint32_t) {
    const uint32_t p = isr_->get() & ier_->get();
    for (unsigned i = 0; i < n_; ++i)
      if (p & (1u << i)) return uint32_t(i);
    return uint32_t{R::IVR_NONE};
  });
  mer_ = &regs_.add(R::MER_INFO).on_write_raw([this](uint32_t v, uint32_t m) {
    const uint32_t hie = mer_->get() & MER_HIE;  // write-once: stays 1
    mer_->set(((mer_->get() & ~m) | (v & m)) & (MER_ME | MER_HIE));
    mer_->set(mer_->get() | hie);
    sample_levels();
    update();
  });
}

void AxiIntc::on_input(unsigned n, bool level) {
  if (!(mer_->get() & MER_HIE) || !level) return;  // rising edge, or a level going high
  isr_->set(isr_->get() | (1u << n));
  update();
}

void AxiIntc::sample_levels() {
  if (!(mer_->get() & MER_HIE)) return;
  for (unsigned i = 0; i < n_; ++i)
    if (!(edge_ & (1u << i)) && in_[i].read()) isr_->set(isr_->get() | (1u << i));
}

void AxiIntc::update() {
  irq.write((mer_->get() & MER_ME) && (isr_->get() & ier_->get()) != 0);
}

}  // namespace zvp
