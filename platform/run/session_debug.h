// The GDB remote servers of a run (platform/debug): one per core the host asked to debug, the
// Cortex-A9's (--gdb) and the PL design's RISC-V core's (--gdb-rv), set up the same way.
#pragma once
#include <memory>
#include <string>

#include "core/debug_target.h"

namespace zvp {

namespace debug {
class GdbServer;
}

struct HostIo;

class DebugServers {
 public:
  // `a9` is the Cortex-A9; `rv` the PL design's RISC-V core (nullptr: the design has none, and
  // --gdb-rv is a ConfigError naming `design_name`). ConfigError too for a port that cannot be
  // bound.
  DebugServers(const HostIo& io, DebugTarget& a9, const std::string& a9_name, DebugTarget* rv,
               const std::string& design_name);
  ~DebugServers();
  // --gdb-wait with the RISC-V: its debugger attaches before anything runs (the A9 would
  // otherwise run its first quantum before the RISC-V's thread is first scheduled; the A9's own
  // hold is at the start of its thread). False if that debugger killed the run.
  bool hold_at_reset();
  bool killed() const;  // a debugger ended the run (gdb kill)
  // The run is over: every attached debugger is told why (GdbServer::end_of_run).
  void end_of_run(int status, int signal, const std::string& why);

 private:
  // A core and its server (none when the host did not ask for one).
  struct Served {
    DebugTarget* core = nullptr;
    std::unique_ptr<debug::GdbServer> server;
  };
  static Served serve(DebugTarget& core, const std::string& name, int port, bool wait, const std::string& option);
  bool wait_;
  Served a9_, rv_;
};

}  // namespace zvp
