// Xilinx AXI Interrupt Controller v4.1 (PG099): up to 32 interrupt inputs, each edge (rising)
// or level (active high) sensitive, gathered into one level output.
//
// Registers (axi_intc.regs.yaml): ISR, IPR (RO), IER, IAR (WO), SIE (WO), CIE (WO), IVR (RO),
// MER. Behaviour (PG099):
//  * Inputs are recorded in ISR only once MER.HIE is 1 (hardware interrupts enabled); before
//    that, software may write ISR to raise interrupts (software test mode). HIE, once 1, can
//    only be cleared by a reset (write-once); ME can be toggled.
//  * Edge inputs set their ISR bit on a rising edge; level inputs set it while high, so an
//    acknowledge (IAR) of a level input that is still high sets the bit again at once.
//  * IPR = ISR & IER; IVR = the lowest-numbered bit of IPR (the highest priority), or all ones.
//  * irq (level, "irq" output configured active-high level) = ME & (IPR != 0).
//  * IER bits of absent inputs (>= inputs) stay 0; IAR/SIE/CIE read as 0 (write-only).
#pragma once
#include <systemc>

#include <cstdint>
#include <deque>

#include "core/irq.h"
#include "core/register_device.h"
#include "regs/axi_intc_regs.h"

namespace zvp {

class AxiIntc : public RegisterDevice {
 public:
  // MER bits (axi_intc.regs.yaml).
  enum : uint32_t { MER_ME = regs::axi_intc::mer::ME.mask(), MER_HIE = regs::axi_intc::mer::HIE.mask() };

  // `inputs` interrupt inputs (1..32); bit n of edge_mask set = input n is edge-sensitive
  // (C_KIND_OF_INTR), else level.
  AxiIntc(sc_core::sc_module_name name, unsigned inputs, uint32_t edge_mask);

  // Input wires: a source binds its IrqOut to input(n).
  IrqLine& input(unsigned n) { return in_.at(n); }
  IrqOut irq;

  unsigned inputs() const { return n_; }
  uint32_t isr() const { return isr_->get(); }

 private:
  void on_input(unsigned n, bool level);
  void sample_levels();  // level inputs that are high (re)assert their ISR bit
  void update();
  uint32_t valid_mask() const { return n_ >= 32 ? ~0u : ((1u << n_) - 1u); }

  unsigned n_;
  uint32_t edge_;
  std::deque<IrqLine> in_;
  Register *isr_, *ier_, *mer_;
};

}  // namespace zvp
