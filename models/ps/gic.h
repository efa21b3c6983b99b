// The Cortex-A9 MPCore interrupt controller (ARM PL390-class GIC v1) as the Zynq-7000 has it:
// 96 interrupt IDs (16 SGIs, PPIs 27..31, SPIs 32..95), 5 implemented priority bits, one CPU
// interface modelled (CPU0). Two register windows: the distributor (0xF8F01000) and the CPU
// interface (0xF8F00100), each a RegisterDevice with its own target socket.
//
// Inputs are level wires (connect()); edge-configured IDs latch pending on a rising edge,
// level-configured IDs are pending while their line is high (or a software pending latch is
// set). `irq` (or `fiq` when ICCICR.FIQEn is set: all interrupts are Secure/Group 0 here) is
// asserted exactly while IAR would return an interrupt: highest-priority pending, enabled,
// targeted to CPU0, priority below PMR, and preempting the running priority (BPR groups).
#pragma once
#include <systemc>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <vector>

#include "core/irq.h"
#include "core/register_device.h"
#include "regs/gic_regs.h"

namespace zvp {

class Gic;

// Distributor register window (ICD*).
class GicDistributor : public RegisterDevice {
 public:
  GicDistributor(sc_core::sc_module_name name, Gic& gic, unsigned num_irqs, unsigned num_cpus);

 private:
  Gic& gic_;
};

// CPU interface register window (ICC*), CPU0.
class GicCpuInterface : public RegisterDevice {
 public:
  GicCpuInterface(sc_core::sc_module_name name, Gic& gic);

 private:
  Gic& gic_;
};

class Gic : public sc_core::sc_module {
 public:
  static constexpr unsigned kSpurious = regs::gicc::SPURIOUS;
  // 32 priority levels implemented (UG585): the PMR's priority field.
  static constexpr uint8_t kPriorityMask = regs::gicc::pmr::PRIORITY.mask();

  // num_irqs: multiple of 32, at most the 96 of the Zynq (the arrays of gic.regs.yaml; more
  // throws std::logic_error). num_cpus: CPUs in the MPCore cluster (1 for 7z007s,
  // 2 otherwise): sets the writable SPI target bits and ICDICTR.CPUNumber; only CPU0's
  // interface is modelled.
  Gic(sc_core::sc_module_name name, unsigned num_irqs = 96, unsigned num_cpus = 1);

  GicDistributor dist;    // bind dist.socket at ZVP_GIC_DIST_BASE
  GicCpuInterface cpu;    // bind cpu.socket at ZVP_GIC_CPU_BASE
  tlm_utils::simple_target_socket<RegisterDevice>& dist_socket;
  tlm_utils::simple_target_socket<RegisterDevice>& cpu_socket;

  IrqOut irq;  // nIRQ to CPU0 (active high here)
  IrqOut fiq;  // nFIQ to CPU0 (used only when ICCICR.FIQEn = 1)

  // Listens to `line` as interrupt input `id` (PPIs 27..31, SPIs 32..num_irqs-1).
  void connect(unsigned id, IrqLine& line);
  // Drives input `id` directly (what a connected line does).
  void set_input(unsigned id, bool level);

  // Model-side inspection (tests, debuggers): no side effects.
  bool pending(unsigned id) const;
  bool active(unsigned id) const { return id < n_ && active_[id]; }
  bool enabled(unsigned id) const { return id < n_ && enabled_[id]; }
  uint8_t priority(unsigned id) const { return id < n_ ? prio_[id] : 0; }
  unsigned num_irqs() const { return n_; }
  uint8_t running_priority() const;

  void reset();

 private:
  friend class GicDistributor;
  friend class GicCpuInterface;

  // Register semantics shared by the two windows.
  uint32_t read_bits(unsigned first_id, int what) const;  // what: 0 enable, 1 pending, 2 active
  void write_enable(unsigned first_id, uint32_t bits, bool set);
  void write_pending(unsigned first_id, uint32_t bits, bool set);
  uint32_t read_bytes(unsigned first_id, bool targets) const;
  void write_bytes(unsigned first_id, uint32_t data, uint32_t byte_mask, bool targets);
  void write_config(unsigned word, uint32_t value);
  void write_sgir(uint32_t v);
  uint32_t line_bits(unsigned first_id) const;

  uint32_t acknowledge();           // IAR read
  void end_of_interrupt(uint32_t);  // EOIR write
  uint32_t highest_pending_id() const;

  int best_candidate() const;  // highest priority pending enabled targeted inactive ID or -1
  bool signalled(int id) const;
  uint8_t group_mask() const;
  void update();

  bool is_edge(unsigned id) const { return edge_[id]; }

  unsigned n_;
  unsigned ncpu_;
  std::vector<bool> enabled_, latch_, line_, active_, edge_;
  std::vector<uint8_t> prio_, target_;
  std::vector<uint32_t> cfg_;  // ICDICFR storage (2 bits per ID)
  std::vector<uint8_t> sgi_src_;
  struct Ack {
    unsigned id;
    uint8_t prio;
  };
  std::vector<Ack> active_stack_;  // acknowledged, not yet EOI'd (running priority)

  // CPU interface / distributor control state (mirrors of registers, kept by callbacks).
  bool dist_enable_ = false;
  uint32_t icr_ = 0;
  uint8_t pmr_ = regs::gicc::PMR_RESET;
  uint8_t bpr_ = regs::gicc::BPR_RESET;
};

}  // namespace zvp
