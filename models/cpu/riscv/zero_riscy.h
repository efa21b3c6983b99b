// ZeroRiscy: the Zero-riscy (Ibex "small") RV32IMC core of the CSP as a SystemC module around
// the pure ISS Rv32Core. Loosely timed with temporal decoupling: the core runs ahead of the
// kernel by up to `quantum`, its local time being cycles x the clock period; bus accesses carry
// that local time as the b_transport delay and the delay they add becomes wait cycles.
//
// Sockets (addresses are the core's addresses):
// - ibus: instruction fetch (the L2 instruction BRAM). DMI is requested at start and used when
//   granted; otherwise each 16-bit parcel is a b_transport. set_instruction_memory() gives the
//   memory directly instead (no ibus traffic; ibus may stay unbound).
// - dbus: loads and stores (TCDM, engine registers, ...). DMI is used where a target grants it;
//   TLM error responses become load/store access faults.
// Interrupts: connect_external_irq (MEIP, e.g. the CSP engine), connect_timer_irq (MTIP),
// connect_software_irq (MSIP). Level sensitive.
// Run control: the core starts held in reset (Params::start_in_reset) until set_reset(false) or
// start(pc); reset restarts it at the boot address (Params::core.reset_pc or start's pc).
#pragma once
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <cstdint>
#include <string>
#include <vector>

#include "core/clock.h"
#include "core/code_profile.h"
#include "core/debug_target.h"
#include "core/irq.h"
#include "core/memory.h"
#include "core/params.h"
#include "core/stats.h"
#include "cpu/riscv/rv32_core.h"

namespace zvp {

class ZeroRiscy : public sc_core::sc_module, public DebugTarget, public ProfiledCore, private Rv32Bus {
 public:
  struct Params {
    Clock clock{"pl", 80e6};
    sc_core::sc_time quantum{1, sc_core::SC_US};
    Rv32Config core;            // boot address (reset_pc), hartid, timing, misaligned policy
    bool start_in_reset = true;

    // Parameters (pl.csp.riscv): the quantum, the misaligned-access policy and the cycles of
    // each instruction class (timing.*, Ibex "small"; bus wait states add to them).
    void declare(ParamScope& p);
  };

  tlm_utils::simple_initiator_socket<ZeroRiscy> ibus;
  tlm_utils::simple_initiator_socket<ZeroRiscy> dbus;

  ZeroRiscy(sc_core::sc_module_name name, const Params& p);

  // The instruction memory reached directly: core address `base` is offset 0 of `mem`.
  void set_instruction_memory(Memory& mem, uint32_t base);

  void connect_external_irq(IrqLine& line);
  void connect_timer_irq(IrqLine& line);
  void connect_software_irq(IrqLine& line);

  // Reset input: asserted holds the core; released restarts it at the boot address.
  void set_reset(bool asserted);
  void start(uint32_t pc);  // sets the boot address and releases reset
  bool in_reset() const { return in_reset_; }
  bool sleeping() const { return core_.sleeping(); }

  Rv32Core& core() { return core_; }
  // The core's sampled profile (Rv32Core::set_profile_period): execution only, sleep excluded.
  void set_profile_period(uint64_t period_cycles) override { core_.set_profile_period(period_cycles); }
  uint64_t profile_period() const override { return core_.profile_period(); }
  const std::unordered_map<uint32_t, uint64_t>& profile_samples() const override { return core_.profile_samples(); }
  std::string profile_scope() const override { return Rv32Core::kProfileScope; }
  const Rv32Core& core() const { return core_; }
  uint64_t instructions() const { return core_.instructions(); }
  uint64_t cycles() const { return core_.cycles(); }
  const Clock& clock() const { return p_.clock; }
  // Adds <prefix>.instructions/.cycles/.traps/.interrupts/.idle_cycles/.bus_accesses.
  void publish_stats(Stats& s, const std::string& prefix = "riscv") const;

  // DebugTarget (zero_riscy_debug.cpp): x0-x31, pc and the machine-mode CSRs; memory through
  // the debug transport of dbus, then ibus (code); breakpoints and watchpoints in the ISS.
  std::string gdb_arch() const override { return "riscv:rv32"; }
  std::string target_xml() const override;
  unsigned num_regs() const override;
  unsigned pc_regnum() const override { return 32; }
  unsigned reg_bytes(unsigned) const override { return 4; }
  bool read_reg(unsigned n, uint64_t& v) override;
  bool write_reg(unsigned n, uint64_t v) override;
  size_t read_mem(uint64_t addr, uint8_t* data, size_t n) override;
  size_t write_mem(uint64_t addr, const uint8_t* data, size_t n) override;
  bool add_breakpoint(uint64_t addr) override;
  bool remove_breakpoint(uint64_t addr) override;
  bool add_watchpoint(uint64_t addr, uint64_t len, WatchKind kind) override;
  bool remove_watchpoint(uint64_t addr, uint64_t len, WatchKind kind) override;
  void set_single_step(bool on) override { step_ = on; }
  void reset_core() override;
  double sim_time_s() const override;
  void set_debug_agent(DebugAgent* agent) override { agent_ = agent; }

 private:
  void thread();
  void sync();
  void acquire_regions();
  bool transport(tlm_utils::simple_initiator_socket<ZeroRiscy>& s, bool write, uint32_t addr,
                 unsigned len, uint32_t& value, uint32_t& wait_cycles, unsigned exec_flag);
  void try_dmi(tlm_utils::simple_initiator_socket<ZeroRiscy>& s, uint32_t addr, bool instr);
  // Wait cycles of a bus access that takes `t`: its whole cycles, less the one already in the
  // load/store's base cost.
  uint32_t wait_states(const sc_core::sc_time& t) const {
    const uint64_t n = p_.clock.to_cycles_ceil(t);
    return static_cast<uint32_t>(n > 1 ? n - 1 : 0);
  }
  void invalidate_dmi(sc_dt::uint64 start, sc_dt::uint64 end);
  void on_irq();
  // Hands control to the debugger; false if it killed the run.
  bool debug_stop(const StopReason& why);
  bool wait_watching_debugger(bool for_reset);
  unsigned debug_piece(bool write, uint64_t addr, uint8_t* data, unsigned len);
  // Rv32Bus
  bool load(uint32_t addr, unsigned len, uint32_t& value, uint32_t& wait) override;
  bool store(uint32_t addr, unsigned len, uint32_t value, uint32_t& wait) override;
  bool fetch(uint32_t addr, uint16_t& parcel, uint32_t& wait) override;

  Params p_;
  Rv32Core core_;
  Memory* imem_ = nullptr;
  uint32_t imem_base_ = 0;
  uint32_t boot_pc_;
  bool in_reset_;
  bool restart_;  // reset was released: reset the core and restart at boot_pc_
  sc_core::sc_event reset_ev_, wake_ev_;
  // Core time = sync_time_ + (cycles - sync_cycles_) x period.
  sc_core::sc_time sync_time_;
  uint64_t sync_cycles_ = 0;
  uint64_t bus_accesses_ = 0;
  DebugAgent* agent_ = nullptr;
  bool step_ = false;
  tlm::tlm_generic_payload gp_;
};

}  // namespace zvp
