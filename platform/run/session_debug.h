// The GDB remote servers of a run (platform/debug): the Cortex-A9 cores' (--gdb: every core of
// the part as a thread of one target) and the PL design's RISC-V core's (--gdb-rv), set up the
// same way.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/debug_target.h"

namespace zvp {

namespace debug {
class GdbServer;
}

struct HostIo;

class DebugServers {
 public:
  struct Core {
    DebugTarget* target;
    std::string name;
  };
  // `a9` are the Cortex-A9 cores by core number (threads 1..N of --gdb's target); `rv` the PL
  // design's RISC-V core (nullptr: the design has none, and --gdb-rv is a ConfigError naming
  // `design_name`). ConfigError too for a port that cannot be bound.
  DebugServers(const HostIo& io, const std::vector<Core>& a9, DebugTarget* rv, const std::string& design_name);
  ~DebugServers();
  // --gdb-wait with the RISC-V: its debugger attaches before anything runs (the A9 would
  // otherwise run its first quantum before the RISC-V's thread is first scheduled; the A9's own
  // hold is at the start of its thread). False if that debugger killed the run.
  bool hold_at_reset();
  bool killed() const;  // a debugger ended the run (gdb kill)
  // The run is over: every attached debugger is told why (GdbServer::end_of_run).
  void end_of_run(int status, int signal, const std::string& why);

 private:
  // A server for `cores` (none when the host did not ask for one).
  static std::unique_ptr<debug::GdbServer> serve(const std::vector<Core>& cores, int port, bool wait,
                                                 const std::string& option);
  bool wait_;
  std::unique_ptr<debug::GdbServer> a9_, rv_;
  DebugTarget* rv_core_ = nullptr;
};

}  // namespace zvp
