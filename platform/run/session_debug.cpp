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

std::unique_ptr<debug::GdbServer> DebugServers::serve(const std::vector<Core>& cores, int port, bool wait,
                                                       const std::string& option) {
  std::unique_ptr<debug::GdbServer> s;
  try {
    s = std::make_unique<debug::GdbServer>(cores.front().name, uint16_t(port), wait);
  } catch (const std::runtime_error& e) {
    throw ConfigError(option + ": " + e.what());
  }
  s->set_monitor(trace_monitor);
  s->set_on_kill([] {
    if (sc_core::sc_is_running()) sc_core::sc_stop();  // (before the start: run() does not start)
  });
  for (const Core& c : cores) s->add_core(*c.target, c.name);
  return s;
}

DebugServers::DebugServers(const HostIo& io, const std::vector<Core>& a9, DebugTarget* rv,
                           const std::string& design_name)
    : wait_(io.gdb_wait), rv_core_(rv) {
  if (io.gdb_port >= 0) a9_ = serve(a9, io.gdb_port, io.gdb_wait, "--gdb");
  if (io.gdb_rv_port >= 0) {
    if (!rv)
      throw ConfigError("--gdb-rv: the PL design '" + design_name +
                        "' has no RISC-V core (the csp design has one: --pl csp)");
    rv_ = serve({{rv, design_name + ".riscv"}}, io.gdb_rv_port, io.gdb_wait, "--gdb-rv");
  }
}

DebugServers::~DebugServers() = default;

bool DebugServers::hold_at_reset() { return !(wait_ && rv_) || rv_->hold_at_reset(*rv_core_); }

bool DebugServers::killed() const { return (a9_ && a9_->killed()) || (rv_ && rv_->killed()); }

void DebugServers::end_of_run(int status, int signal, const std::string& why) {
  for (auto* s : {&a9_, &rv_})
    if (*s) (*s)->end_of_run(status, signal, why);
}

}  // namespace zvp
