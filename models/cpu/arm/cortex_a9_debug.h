// The Cortex-A9's debug view (cortex_a9_debug.cpp): what a debugger sees of one core and the
// stop it asks for. Registers in GDB's numbering (r0-r15, cpsr, VFPv3 d0-d31, fpscr), memory as
// the core's bus sees it through the debug transport (devices show their state without side
// effects), breakpoints and watchpoints as Unicorn hooks on the core's own engine, the pending
// stop they raise and the core's reset state. It knows the engine and the bus, not the core's
// timing or thread: the core (CortexA9) asks it whether to stop and hands control to the agent.
//
// Watchpoints: a Unicorn memory hook on the range (which takes a watched page off the fast path
// while watched) and, while any exists, a code hook on every instruction, so that Unicorn looks
// for a stop request after each instruction and a hit stops right after the accessing one.
#pragma once
#include <tlm>

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/debug_target.h"
#include "cpu/arm/unicorn_a9.h"

namespace zvp::arm {

class A9DebugView {
 public:
  static constexpr unsigned kRegs = 16 + 1 + 32 + 1;  // r0-r15, cpsr, d0-d31, fpscr

  A9DebugView(UnicornA9& engine, tlm::tlm_initiator_socket<>& bus) : uc_(engine), bus_(bus) {}
  ~A9DebugView();
  A9DebugView(const A9DebugView&) = delete;
  A9DebugView& operator=(const A9DebugView&) = delete;

  // --- the debugger's requests (DebugTarget) ---
  std::string target_xml() const;
  unsigned reg_bytes(unsigned n) const;
  bool read_reg(unsigned n, uint64_t& v) const;
  bool write_reg(unsigned n, uint64_t v);
  size_t read_mem(uint64_t addr, uint8_t* data, size_t n);
  size_t write_mem(uint64_t addr, const uint8_t* data, size_t n);
  bool add_breakpoint(uint64_t addr);
  bool remove_breakpoint(uint64_t addr);
  bool add_watchpoint(uint64_t addr, uint64_t len, WatchKind kind);
  bool remove_watchpoint(uint64_t addr, uint64_t len, WatchKind kind);

  // The core's translation of a virtual address (false: not mapped). Memory requests are in
  // the debugger's (virtual) addresses; without a translation they are physical.
  using Translate = std::function<bool(uint32_t va, uint32_t& pa)>;
  void set_translation(Translate t) { translate_ = std::move(t); }

  // --- the agent and the stop state ---
  void set_agent(DebugAgent* agent) { agent_ = agent; }
  DebugAgent* agent() const { return agent_; }
  void set_single_step(bool on) { step_ = on; }
  bool single_step() const { return step_; }
  // A stop raised inside a run (breakpoint, watchpoint, fault), handed over when the run returns.
  bool stop_pending() const { return pending_; }
  bool breakpoint_pending() const { return pending_ && why_.kind == StopReason::Breakpoint; }
  // Takes the pending stop (clearing it).
  StopReason take_stop() {
    pending_ = false;
    return why_;
  }
  // A fault the debugger sees (SIGSEGV with the address), unless another stop is pending.
  void fault(uint64_t addr) {
    if (agent_ && agent_->attached() && !pending_) {
      pending_ = true;
      why_ = StopReason{StopReason::Fault, addr};
    }
  }
  // After a stop, the core resumes at pc: at a breakpoint, its instruction runs first (the hook
  // would stop again).
  void resume_at(uint32_t pc) { bp_skip_ = breakpoints_.count(pc) ? pc : 1u; }
  // The core left the instruction it resumed at without executing it (an exception entry).
  void forget_resume() { bp_skip_ = 1; }

  // --- reset ---
  // Keeps the core's state now (registers, CP15, VFP) for reset(): a debugger's monitor reset,
  // a system reset.
  void save_reset_state();
  // The core's reset (not the platform's): the saved state, PC at entry.
  void reset(uint32_t entry);

 private:
  static void on_breakpoint(uc_engine* uc, uint64_t addr, uint32_t size, void* self);
  static void on_watch(uc_engine* uc, uc_mem_type type, uint64_t addr, int size, int64_t value, void* self);
  static void on_insn(uc_engine*, uint64_t, uint32_t, void*) {}

  void forget_translations(uint64_t begin, uint64_t end);
  // n bytes at the virtual address addr through the debug transport, page by page.
  size_t transfer(bool write, uint64_t addr, uint8_t* data, size_t n);

  UnicornA9& uc_;
  tlm::tlm_initiator_socket<>& bus_;
  Translate translate_;
  DebugAgent* agent_ = nullptr;
  bool step_ = false;
  bool pending_ = false;
  StopReason why_;
  std::map<uint32_t, uc_hook> breakpoints_;
  struct Watch {
    uint64_t addr, len;
    WatchKind kind;
    uc_hook hook;
  };
  std::vector<Watch> watches_;
  uc_hook insn_hook_ = 0;  // while watchpoints exist (see above)
  uint32_t bp_skip_ = 1;   // the breakpoint address being resumed from (odd: none)
  uc_context* reset_ctx_ = nullptr;
};

}  // namespace zvp::arm
