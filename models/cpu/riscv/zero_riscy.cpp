#include "cpu/riscv/zero_riscy.h"
#include "core/timeline.h"

#include <algorithm>
#include <cmath>

namespace zvp {

using sc_core::sc_time;
using sc_core::sc_time_stamp;

void ZeroRiscy::Params::declare(ParamScope& p) {
  p.time("quantum", quantum, "temporal-decoupling quantum of the core",
         sc_core::sc_time(1, sc_core::SC_NS), sc_core::sc_time(1, sc_core::SC_SEC));
  p.choice("misaligned", core.misaligned, {{"split", Rv32Misaligned::Split}, {"trap", Rv32Misaligned::Trap}},
           "misaligned load/store: split into two accesses (Zero-riscy) or trap");
  Rv32Timing& t = core.timing;
  auto c = p.sub("timing");
  c.add("alu", t.alu, "cycles", "integer computational, LUI/AUIPC, FENCE", 1, 64);
  c.add("csr", t.csr, "cycles", "Zicsr accesses", 1, 64);
  c.add("load", t.load, "cycles", "load (issue + response), before bus wait states", 1, 64);
  c.add("store", t.store, "cycles", "store, before bus wait states", 1, 64);
  c.add("misaligned_extra", t.misaligned_extra, "cycles", "second access of a split misaligned load/store", 0, 64);
  c.add("branch_taken", t.branch_taken, "cycles", "taken branch (target from the ALU, then fetched)", 1, 64);
  c.add("branch_not_taken", t.branch_not_taken, "cycles", "branch not taken", 1, 64);
  c.add("jump", t.jump, "cycles", "JAL/JALR", 1, 64);
  c.add("mul", t.mul, "cycles", "MUL", 1, 64);
  c.add("mulh", t.mulh, "cycles", "MULH/MULHSU/MULHU", 1, 64);
  c.add("div", t.div, "cycles", "DIV/DIVU/REM/REMU (iterative divider)", 1, 256);
  c.add("fence_i", t.fence_i, "cycles", "FENCE.I (prefetch buffer flush)", 1, 64);
  c.add("trap", t.trap, "cycles", "exception/interrupt entry (flush + fetch from mtvec)", 1, 64);
  c.add("mret", t.mret, "cycles", "MRET", 1, 64);
  c.add("wfi", t.wfi, "cycles", "WFI", 1, 64);
}

ZeroRiscy::ZeroRiscy(sc_core::sc_module_name name, const Params& p)
    : sc_core::sc_module(name), ibus("ibus"), dbus("dbus"), p_(p), core_(*this, p.core),
      boot_pc_(p.core.reset_pc), in_reset_(p.start_in_reset), restart_(!p.start_in_reset) {
  ibus.register_invalidate_direct_mem_ptr(this, &ZeroRiscy::invalidate_dmi);
  dbus.register_invalidate_direct_mem_ptr(this, &ZeroRiscy::invalidate_dmi);
  SC_HAS_PROCESS(ZeroRiscy);
  SC_THREAD(thread);
}

void ZeroRiscy::set_instruction_memory(Memory& mem, uint32_t base) {
  imem_ = &mem;
  imem_base_ = base;
}

void ZeroRiscy::on_irq() {
  if (sc_core::sc_is_running()) wake_ev_.notify(sc_core::SC_ZERO_TIME);
}

void ZeroRiscy::connect_external_irq(IrqLine& line) {
  line.listen([this](bool l) { core_.set_irq_external(l); on_irq(); });
  core_.set_irq_external(line.read());
}

void ZeroRiscy::connect_timer_irq(IrqLine& line) {
  line.listen([this](bool l) { core_.set_irq_timer(l); on_irq(); });
  core_.set_irq_timer(line.read());
}

void ZeroRiscy::connect_software_irq(IrqLine& line) {
  line.listen([this](bool l) { core_.set_irq_software(l); on_irq(); });
  core_.set_irq_software(line.read());
}

void ZeroRiscy::set_reset(bool asserted) {
  if (asserted == in_reset_) return;
  in_reset_ = asserted;
  if (!asserted) restart_ = true;
  core_.request_stop();  // leave run() at the next instruction boundary
  if (sc_core::sc_is_running()) reset_ev_.notify(sc_core::SC_ZERO_TIME);
}

void ZeroRiscy::start(uint32_t pc) {
  boot_pc_ = pc;
  if (in_reset_) {
    set_reset(false);
  } else {  // already running: a restart at pc
    set_reset(true);
    set_reset(false);
  }
}

void ZeroRiscy::publish_stats(Stats& s, const std::string& prefix) const {
  s.counter(prefix + ".instructions") = core_.instructions();
  s.counter(prefix + ".cycles") = core_.cycles();
  s.counter(prefix + ".traps") = core_.traps();
  s.counter(prefix + ".interrupts") = core_.interrupts();
  s.counter(prefix + ".idle_cycles") = core_.idle_cycles();
  s.counter(prefix + ".bus_accesses") = bus_accesses_;
}

// ---------------------------------------------------------------- time

void ZeroRiscy::sync() {
  const sc_time core_time = sync_time_ + p_.clock.cycles(core_.cycles() - sync_cycles_);
  if (core_time > sc_time_stamp()) wait(core_time - sc_time_stamp());
  sync_time_ = sc_time_stamp();
  sync_cycles_ = core_.cycles();
}

// Waits for `ev` (reset release, a wake-up). With a debugger the wait is sliced into quanta so
// that its Ctrl-C and a new connection are seen while the core is held or asleep; the slices
// wake only this thread, so nothing else in the platform changes. False if the debugger killed
// the run.
bool ZeroRiscy::wait_watching_debugger(bool for_reset) {
  if (!agent_) {
    if (for_reset) wait(reset_ev_);
    else wait(wake_ev_ | reset_ev_);
    return true;
  }
  if (for_reset) wait(p_.quantum, reset_ev_);
  else wait(p_.quantum, wake_ev_ | reset_ev_);
  if (agent_->poll()) return debug_stop(StopReason{StopReason::Interrupted});
  return true;
}

void ZeroRiscy::thread() {
  uint64_t quantum_cycles = p_.clock.to_cycles(p_.quantum);
  if (quantum_cycles == 0) quantum_cycles = 1;
  // A debugger is told where the core is before anything runs (--gdb-wait holds it here).
  if (agent_ && !debug_stop(StopReason{StopReason::Attached})) return;
  bool step_after_wake = false;  // a single step ended in WFI: it completes on waking
  uint64_t qstart = ~0ull, qend = 0;  // under a debugger: the quantum in progress, in cycles
  for (;;) {
    if (agent_ && agent_->poll() && !debug_stop(StopReason{StopReason::Interrupted})) return;
    if (in_reset_) {
      sync();
      bool released = !in_reset_;
      while (!released) {
        if (!wait_watching_debugger(true)) return;
        released = !in_reset_;
      }
    }
    if (restart_) {
      // Reset release: architectural reset, fresh DMI regions, time base at "now".
      restart_ = false;
      core_.reset(boot_pc_);
      acquire_regions();
      sync_time_ = sc_time_stamp();
      sync_cycles_ = core_.cycles();
    }
    if (core_.sleeping()) {
      sync();
      const sc_time t0 = sc_time_stamp();
      bool woken = !(core_.sleeping() && !in_reset_ && !restart_);
      while (!woken) {
        if (!wait_watching_debugger(false)) return;
        woken = !(core_.sleeping() && !in_reset_ && !restart_);
      }
      // The core is clocked while it sleeps: mcycle counts the idle time.
      const sc_time idle = sc_time_stamp() - t0;
      const uint64_t n = p_.clock.to_cycles_ceil(idle);
      core_.add_idle_cycles(n);
      if (Timeline* tl = Timeline::get())  // the controller asleep in WFI, waiting for an interrupt
        tl->complete(tl->track("PL RISC-V", name()), "WFI", t0, sc_time_stamp());
      sync_time_ = t0 + p_.clock.cycles(n);
      sync_cycles_ = core_.cycles();
      if (step_after_wake && !core_.sleeping()) {
        step_after_wake = false;
        if (!debug_stop(StopReason{StopReason::Step})) return;
      }
      continue;
    }
    if (!agent_) {
      core_.run(sync_cycles_ + quantum_cycles);
      sync();
      continue;
    }
    // Under a debugger: one instruction per step, and stops at breakpoints and watchpoints.
    // A stop for the debugger does not end the quantum: the core resumes in the quantum it
    // was in, so it synchronises at the same instants as without a debugger and sees the other
    // models (a DMA it polls) at the same times. (Ending the quantum at each stop changed a
    // barrier's poll count under a watchpoint.)
    if (qstart != sync_cycles_) {
      qstart = sync_cycles_;
      qend = sync_cycles_ + quantum_cycles;
    }
    const Rv32Stop s = step_ ? core_.run(qend, core_.instructions() + 1) : core_.run(qend);
    bool paused = false;  // stopped for the debugger only, inside the quantum
    if (s == Rv32Stop::Debug) {
      const Rv32DebugHit& h = core_.debug_hit();
      StopReason why{h.kind == Rv32DebugHit::Breakpoint ? StopReason::Breakpoint : StopReason::Watchpoint, h.addr};
      why.watch = h.both ? WatchKind::Access : h.write ? WatchKind::Write : WatchKind::Read;
      if (!debug_stop(why)) return;
      paused = true;
    } else if (step_) {
      if (core_.sleeping()) {
        step_after_wake = true;
      } else {
        if (!debug_stop(StopReason{StopReason::Step})) return;
        paused = s == Rv32Stop::Budget;
      }
    }
    if (paused && core_.cycles() < qend) continue;
    sync();
  }
}

// ---------------------------------------------------------------- memory

void ZeroRiscy::acquire_regions() {
  core_.clear_regions();
  if (imem_) core_.add_region(imem_base_, static_cast<uint32_t>(imem_->size()), imem_->data(), kRv32Exec);
  else if (ibus.size() > 0) try_dmi(ibus, boot_pc_, true);
}

void ZeroRiscy::try_dmi(tlm_utils::simple_initiator_socket<ZeroRiscy>& s, uint32_t addr,
                        bool instr) {
  tlm::tlm_generic_payload gp;
  gp.set_address(addr);
  gp.set_command(instr ? tlm::TLM_READ_COMMAND : tlm::TLM_WRITE_COMMAND);
  tlm::tlm_dmi dmi;
  if (!s->get_direct_mem_ptr(gp, dmi) || !dmi.get_dmi_ptr()) {
    if (instr) return;
    gp.set_command(tlm::TLM_READ_COMMAND);  // maybe a read-only window
    if (!s->get_direct_mem_ptr(gp, dmi) || !dmi.get_dmi_ptr()) return;
  }
  const uint64_t start = dmi.get_start_address(), end = dmi.get_end_address();
  if (start > 0xffffffffull || end < start) return;
  const uint64_t last = std::min<uint64_t>(end, 0xffffffffull);
  const uint64_t size64 = last - start + 1;
  const uint32_t size = size64 > 0xfffffff0ull ? 0xfffffff0u : static_cast<uint32_t>(size64);
  unsigned flags = 0;
  if (instr) {
    flags = dmi.is_read_allowed() ? static_cast<unsigned>(kRv32Exec) : 0u;
  } else {
    if (dmi.is_read_allowed()) flags |= kRv32Read;
    if (dmi.is_write_allowed()) flags |= kRv32Write;
  }
  if (!flags) return;
  // A DMI latency is the time of one access (core/dmi_latency.h): the same wait states as the
  // access would get through b_transport.
  core_.add_region(static_cast<uint32_t>(start), size, dmi.get_dmi_ptr(), flags,
                   wait_states(dmi.get_read_latency()), wait_states(dmi.get_write_latency()));
}

void ZeroRiscy::invalidate_dmi(sc_dt::uint64 start, sc_dt::uint64 end) {
  core_.remove_regions(start, end - start + 1);
  // The directly given instruction memory is not a DMI grant: keep it.
  if (imem_) core_.add_region(imem_base_, static_cast<uint32_t>(imem_->size()), imem_->data(), kRv32Exec);
}

bool ZeroRiscy::transport(tlm_utils::simple_initiator_socket<ZeroRiscy>& s, bool write,
                          uint32_t addr, unsigned len, uint32_t& value, uint32_t& wait_cycles,
                          unsigned exec_flag) {
  if (s.size() == 0) return false;  // unbound bus: nothing answers
  ++bus_accesses_;
  uint8_t buf[4] = {};
  if (write) {
    for (unsigned i = 0; i < len; ++i) buf[i] = static_cast<uint8_t>(value >> (8 * i));
  }
  gp_.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
  gp_.set_address(addr);
  gp_.set_data_ptr(buf);
  gp_.set_data_length(len);
  gp_.set_streaming_width(len);
  gp_.set_byte_enable_ptr(nullptr);
  gp_.set_byte_enable_length(0);
  gp_.set_dmi_allowed(false);
  gp_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  // The access starts at the core's local time; what the target adds becomes wait cycles.
  const sc_time issue = sync_time_ + p_.clock.cycles(core_.cycles() - sync_cycles_);
  sc_time delay = issue > sc_time_stamp() ? issue - sc_time_stamp() : sc_core::SC_ZERO_TIME;
  s->b_transport(gp_, delay);
  const sc_time done = sc_time_stamp() + delay;
  if (done > issue) {
    const sc_time extra = done - issue;
    wait_cycles += wait_states(extra);
  }
  if (gp_.get_response_status() != tlm::TLM_OK_RESPONSE) return false;
  if (!write) {
    value = 0;
    for (unsigned i = 0; i < len; ++i) value |= static_cast<uint32_t>(buf[i]) << (8 * i);
  }
  if (gp_.is_dmi_allowed()) try_dmi(s, addr, exec_flag != 0);
  return true;
}

bool ZeroRiscy::load(uint32_t addr, unsigned len, uint32_t& value, uint32_t& wait) {
  return transport(dbus, false, addr, len, value, wait, 0);
}

bool ZeroRiscy::store(uint32_t addr, unsigned len, uint32_t value, uint32_t& wait) {
  return transport(dbus, true, addr, len, value, wait, 0);
}

bool ZeroRiscy::fetch(uint32_t addr, uint16_t& parcel, uint32_t& wait) {
  uint32_t v = 0;
  if (!transport(ibus, false, addr, 2, v, wait, kRv32Exec)) return false;
  parcel = static_cast<uint16_t>(v);
  return true;
}

}  // namespace zvp
