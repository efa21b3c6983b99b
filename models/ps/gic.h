// The Cortex-A9 MPCore interrupt controller (ARM PL390-class GIC v1) as the Zynq-7000 has it:
// 96 interrupt IDs (16 SGIs, PPIs 27..31, SPIs 32..95), 5 implemented priority bits. Two
// register windows: the distributor (0xF8F01000) and the CPU interface (0xF8F00100), each a
// RegisterDevice with its own target socket. Offsets no register covers (GIC v2 registers such
// as ICACTIVER at 0x380, which Linux writes) read as zero and ignore writes, as on the chip.
//
// State is kept per CPU (GicCpuBank: the banked distributor state of IDs 0..31 and the CPU
// interface) for every CPU of the cluster; SGIs are pending per source CPU. Each CPU has its own
// pair of windows (the MPCore decodes the private region per core: the same addresses reach the
// accessing core's CPU interface and its bank of IDs 0..31) and its own irq/fiq outputs.
//
// Inputs are level wires (connect()); edge-configured IDs latch pending on a rising edge,
// level-configured IDs are pending while their line is high (or a software pending latch is
// set). `irq` (or `fiq` when ICCICR.FIQEn is set: all interrupts are Secure/Group 0 here) is
// asserted exactly while IAR would return an interrupt: highest-priority pending, enabled,
// targeted to that CPU, priority below PMR, and preempting the running priority (BPR groups).
#pragma once
#include <systemc>
#include <tlm_utils/simple_target_socket.h>

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/irq.h"
#include "core/register_device.h"
#include "regs/gic_regs.h"

namespace zvp {

class Gic;

// Distributor register window (ICD*) as CPU `cpu` sees it (its bank of IDs 0..31).
class GicDistributor : public RegisterDevice {
 public:
  GicDistributor(sc_core::sc_module_name name, Gic& gic, unsigned num_irqs, unsigned num_cpus,
                 unsigned cpu);

 private:
  Gic& gic_;
  const unsigned cpu_;
};

// CPU interface register window (ICC*) of CPU `cpu`.
class GicCpuInterface : public RegisterDevice {
 public:
  GicCpuInterface(sc_core::sc_module_name name, Gic& gic, unsigned cpu);

 private:
  Gic& gic_;
  const unsigned cpu_;
};

// What the GIC keeps for one interrupt ID (shared for SPIs, banked per CPU for IDs 0..31).
struct GicIrqState {
  bool enabled = false, latch = false, line = false, active = false, edge = false;
  uint8_t prio = 0;
  uint8_t target = 0;  // SPIs: CPU target bits
};

// One CPU's bank: the private IDs (SGIs 0..15, PPIs 16..31) and the CPU interface registers.
struct GicCpuBank {
  std::array<GicIrqState, 32> priv;
  std::array<uint8_t, 16> sgi_sources{};  // per SGI: bit s set = pending from CPU s
  struct Ack {
    unsigned id;
    unsigned source;  // requesting CPU of an SGI
    uint8_t prio;
  };
  std::vector<Ack> active_stack;  // acknowledged, not yet EOI'd (running priority)
  uint32_t icr = 0;
  uint8_t pmr = 0, bpr = 0;
};

class Gic : public sc_core::sc_module {
 public:
  static constexpr unsigned kMaxCpus = 8;  // the CPU target fields are 8 bits wide
  static constexpr unsigned kSpurious = regs::gicc::SPURIOUS;
  // 32 priority levels implemented (UG585): the PMR's priority field.
  static constexpr uint8_t kPriorityMask = regs::gicc::pmr::PRIORITY.mask();

  // num_irqs: multiple of 32, at most the 96 of the Zynq (the arrays of gic.regs.yaml; more
  // throws std::logic_error). num_cpus: CPUs in the MPCore cluster (1 for 7z007s,
  // 2 otherwise): sets the writable SPI target bits, ICDICTR.CPUNumber and the banks kept.
  Gic(sc_core::sc_module_name name, unsigned num_irqs = 96, unsigned num_cpus = 1);

 private:
  // One window pair and one output pair per CPU (declared before the CPU0 aliases below).
  std::vector<std::unique_ptr<GicDistributor>> dists_;
  std::vector<std::unique_ptr<GicCpuInterface>> cpus_;
  std::array<IrqOut, 8> irq_outs_, fiq_outs_;

 public:
  // CPU c's windows (bind at ZVP_GIC_DIST_BASE / ZVP_GIC_CPU_BASE of core c's private region)
  // and outputs (nIRQ, and nFIQ used only when its ICCICR.FIQEn = 1; active high here).
  GicDistributor& dist_of(unsigned c) { return *dists_.at(c); }
  GicCpuInterface& cpu_of(unsigned c) { return *cpus_.at(c); }
  IrqOut& irq_of(unsigned c) { return irq_outs_.at(c); }
  IrqOut& fiq_of(unsigned c) { return fiq_outs_.at(c); }

  // CPU0's windows, sockets and outputs (a single-core platform uses only these).
  GicDistributor& dist;
  GicCpuInterface& cpu;
  tlm_utils::simple_target_socket<RegisterDevice>& dist_socket;
  tlm_utils::simple_target_socket<RegisterDevice>& cpu_socket;
  IrqOut& irq;
  IrqOut& fiq;

  // Listens to `line` as interrupt input `id` (PPIs 27..31 of CPU `c`, SPIs 32..num_irqs-1).
  void connect(unsigned id, IrqLine& line, unsigned c = 0);
  // Drives input `id` directly (what a connected line does); PPIs are `cpu`'s own.
  void set_input(unsigned id, bool level, unsigned cpu = 0);

  // Model-side inspection for CPU0 (tests, debuggers): no side effects.
  bool pending(unsigned id) const { return id < n_ && pending(0, id); }
  bool pending_for(unsigned c, unsigned id) const { return c < ncpu_ && id < n_ && pending(c, id); }
  bool active(unsigned id) const { return id < n_ && st(0, id).active; }
  bool enabled(unsigned id) const { return id < n_ && st(0, id).enabled; }
  uint8_t priority(unsigned id) const { return id < n_ ? st(0, id).prio : 0; }
  unsigned num_irqs() const { return n_; }
  unsigned num_cpus() const { return ncpu_; }
  uint8_t running_priority() const { return running_priority(0); }
  // SGI `id` pending for `cpu`: bit s set = requested by CPU s.
  uint8_t sgi_sources(unsigned cpu, unsigned id) const { return bank_.at(cpu).sgi_sources.at(id); }

  void reset();

 private:
  friend class GicDistributor;
  friend class GicCpuInterface;

  GicIrqState& st(unsigned cpu, unsigned id) { return id < 32 ? bank_[cpu].priv[id] : spi_[id]; }
  const GicIrqState& st(unsigned cpu, unsigned id) const {
    return id < 32 ? bank_[cpu].priv[id] : spi_[id];
  }
  bool pending(unsigned cpu, unsigned id) const;

  // Register semantics shared by the two windows (for CPU `c`).
  uint32_t read_bits(unsigned c, unsigned first_id, int what) const;  // what: 0 enable, 1 pending, 2 active
  void write_enable(unsigned c, unsigned first_id, uint32_t bits, bool set);
  void write_pending(unsigned c, unsigned first_id, uint32_t bits, bool set);
  uint32_t read_bytes(unsigned c, unsigned first_id, bool targets) const;
  void write_bytes(unsigned c, unsigned first_id, uint32_t data, uint32_t byte_mask, bool targets);
  void write_config(unsigned word, uint32_t value);
  void write_sgir(unsigned c, uint32_t v);
  uint32_t line_bits(unsigned c, unsigned first_id) const;

  uint32_t acknowledge(unsigned c);           // IAR read
  void end_of_interrupt(unsigned c, uint32_t);  // EOIR write
  uint32_t highest_pending_id(unsigned c) const;
  uint8_t running_priority(unsigned c) const;

  int best_candidate(unsigned c) const;  // highest priority pending enabled targeted inactive ID or -1
  bool signalled(unsigned c, int id) const;
  void update();
  void update(unsigned c);  // CPU c's outputs

  unsigned n_;
  unsigned ncpu_;

  std::vector<GicIrqState> spi_;   // indexed by ID (entries 0..31 unused)
  std::vector<GicCpuBank> bank_;   // one per CPU of the cluster
  std::vector<uint32_t> cfg_;      // ICDICFR storage (2 bits per ID)
  bool dist_enable_ = false;
};

}  // namespace zvp
