// What a debugger needs from a processor model, and how the model hands control to one.
//
// A core that supports debugging implements DebugTarget (registers in the order of its GDB
// target description, memory through the platform's debug transport: no side effects on
// devices, breakpoints, watchpoints) and, when a DebugAgent is attached, calls
// DebugAgent::stopped() whenever it halts: at a breakpoint, a watchpoint, after a single step,
// on an exception the debugger should see, or when the agent asks for it (poll() true, e.g.
// Ctrl-C). stopped() returns only when the debugger resumes the core. It is called from the
// core's own SystemC thread and blocks it on the host: the SystemC kernel runs one process at a
// time, so no other process, and no simulated time, advances while a core is halted: the whole
// platform stands still behind the debugger.
//
// No host I/O here: the agent (a GDB remote server) lives in platform/debug.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace zvp {

enum class WatchKind { Write, Read, Access };

struct StopReason {
  enum Kind {
    Attached,     // the debugger connected (or --gdb-wait held the core at reset)
    Interrupted,  // the debugger asked (Ctrl-C)
    Breakpoint,   // a software or hardware breakpoint at the PC
    Step,         // a single step completed
    Watchpoint,   // a watched address was accessed (addr, kind)
    Fault,        // a data or prefetch abort: reported as SIGSEGV with the address (addr)
    Exited,       // the program exited (status), or ended with `signal` (X reply)
  };
  Kind kind = Attached;
  uint64_t addr = 0;
  WatchKind watch = WatchKind::Write;
  int status = 0;
  int signal = 0;  // Exited: the run ended without the program's exit (a lock-up, the time limit)
};

class DebugTarget {
 public:
  virtual ~DebugTarget() = default;
  // GDB's name for the architecture ("arm", "riscv:rv32") and its XML target description.
  virtual std::string gdb_arch() const = 0;
  virtual std::string target_xml() const = 0;
  // Registers in the description's order (regnum 0 .. num_regs()-1); size in bytes.
  virtual unsigned num_regs() const = 0;
  virtual unsigned pc_regnum() const = 0;  // the program counter's regnum (c/s with an address)
  virtual unsigned reg_bytes(unsigned n) const = 0;
  virtual bool read_reg(unsigned n, uint64_t& v) = 0;
  virtual bool write_reg(unsigned n, uint64_t v) = 0;
  // Memory as the core's bus sees it, through the debug transport; returns the bytes done
  // (fewer at an unmapped address or a register that refuses a debug write).
  virtual size_t read_mem(uint64_t addr, uint8_t* data, size_t n) = 0;
  virtual size_t write_mem(uint64_t addr, const uint8_t* data, size_t n) = 0;
  // Breakpoints (hardware ones behave the same in the model) and watchpoints; false if refused.
  virtual bool add_breakpoint(uint64_t addr) = 0;
  virtual bool remove_breakpoint(uint64_t addr) = 0;
  virtual bool add_watchpoint(uint64_t addr, uint64_t len, WatchKind kind) = 0;
  virtual bool remove_watchpoint(uint64_t addr, uint64_t len, WatchKind kind) = 0;
  // How the core resumes when stopped() returns: run, or execute one instruction and stop.
  virtual void set_single_step(bool on) = 0;
  // Restart from the reset state (monitor reset): PC to the entry, registers to their reset
  // values; memory is left as it is.
  virtual void reset_core() = 0;
  // Simulated time of the core, in seconds (monitor time).
  virtual double sim_time_s() const = 0;
  // The agent the core reports its stops to (nullptr: none; the core then runs as usual).
  virtual void set_debug_agent(class DebugAgent* agent) = 0;
};

class DebugAgent {
 public:
  virtual ~DebugAgent() = default;
  // Called often while the core runs (cheap): true asks the core to stop with Interrupted or
  // Attached at the next instruction boundary.
  virtual bool poll() = 0;
  // The core has stopped; returns when the debugger resumes it (true), or false when the
  // debugger killed the run (the core then ends as if halted). The agent may read and change
  // the target's state meanwhile.
  virtual bool stopped(DebugTarget& target, const StopReason& why) = 0;
  // The core has ended for good (exit, lock-up); a last stop reply if a debugger is attached.
  virtual void finished(DebugTarget& target, const StopReason& why) = 0;
  // Whether a debugger is attached: a core reports faults to it rather than only to the log.
  virtual bool attached() const = 0;
};

}  // namespace zvp
