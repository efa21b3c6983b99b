#include "session_debug.h"

#include <stdexcept>

#include "core/config_error.h"
#include "core/tx_trace.h"
#include "gdb_server.h"
#include "session.h"

namespace zvp {

namespace {

// `monitor trace on [pattern]` / `monitor trace off`: the transaction log, from the debugger.
bool trace_monitor(const std::string& cmd, std::string& out) {
  if (cmd == "trace off") {
    TxTrace::disable_all();
    out = "transaction log off\n";
    return true;
  }
  if (cmd.rfind("trace on", 0) == 0) {
    const std::string pattern = cmd.size() > 9 ? cmd.substr(9) : "*";
    TxTrace::enable(pattern);
    out = "transaction log on for '" + pattern + "' (stderr or --trace-file)\n";
    return true;
  }
  return false;
}

}  // namespace

DebugServers::Served DebugServers::serve(DebugTarget& core, const std::string& name, int port, bool wait,
                                         const std::string& option) {
  Served s;
  s.core = &core;
  try {
    s.server = std::make_unique<debug::GdbServer>(name, uint16_t(port), wait);
  } catch (const std::runtime_error& e) {
    throw ConfigError(option + ": " + e.what());
  }
  s.server->set_monitor(trace_monitor);
  s.server->set_on_kill([] {
    if (sc_core::sc_is_running()) sc_core::sc_stop();  // (before the start: run() does not start)
  });
  core.set_debug_agent(s.server.get());
  return s;
}

DebugServers::DebugServers(const HostIo& io, DebugTarget& a9, const std::string& a9_name, DebugTarget* rv,
                           const std::string& design_name)
    : wait_(io.gdb_wait) {
  if (io.gdb_port >= 0) a9_ = serve(a9, a9_name, io.gdb_port, io.gdb_wait, "--gdb");
  if (io.gdb_rv_port >= 0) {
    if (!rv)
      throw ConfigError("--gdb-rv: the PL design '" + design_name +
                        "' has no RISC-V core (the csp design has one: --pl csp)");
    rv_ = serve(*rv, design_name + ".riscv", io.gdb_rv_port, io.gdb_wait, "--gdb-rv");
  }
}

DebugServers::~DebugServers() = default;

bool DebugServers::hold_at_reset() { return !(wait_ && rv_.server) || rv_.server->hold_at_reset(*rv_.core); }

bool DebugServers::killed() const {
  return (a9_.server && a9_.server->killed()) || (rv_.server && rv_.server->killed());
}

void DebugServers::end_of_run(int status, int signal, const std::string& why) {
  for (Served* s : {&a9_, &rv_})
    if (s->server) s->server->end_of_run(*s->core, status, signal, why);
}

}  // namespace zvp
