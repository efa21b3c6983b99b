// A GDB remote server for one core: listens on 127.0.0.1:PORT (never another interface), one
// debugger at a time, and is the core's DebugAgent (models/core/debug_target.h).
//
// While the core runs, poll() is called at the core's slice boundaries; at most every 10 ms of
// host time it looks, without blocking, for a new connection (the core then stops: gdb expects
// a halted target when it attaches) or a Ctrl-C from the attached debugger. While the core is
// stopped, stopped() serves the debugger (blocking on the socket) until it resumes the core.
// A debugger that disconnects, even mid-packet, is treated as a detach: its breakpoints and
// watchpoints are removed and the run continues; the server listens again.
//
// Bad packets never end the run: a bad checksum gets '-', an oversize packet 'E04', an unknown
// command the empty reply.
#pragma once
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "core/debug_target.h"
#include "gdb_session.h"
#include "rsp_packet.h"

namespace zvp::debug {

class GdbServer : public DebugAgent {
 public:
  // Opens the listening socket; throws std::runtime_error with a clear message if the port
  // cannot be bound (in use, privileged). port 0 picks a free port (see port()).
  GdbServer(const std::string& core_name, uint16_t port, bool wait_for_debugger);
  ~GdbServer() override;

  uint16_t port() const { return port_; }
  bool killed() const { return killed_; }  // the debugger ended the run (k)
  void set_monitor(GdbSession::MonitorFn f) { monitor_ = std::move(f); }
  // Called when the debugger kills the run (k): e.g. sc_stop().
  void set_on_kill(std::function<void()> f) { on_kill_ = std::move(f); }
  // --gdb-wait: the core calls stopped(Attached) before its first instruction; that blocks
  // until a debugger connects.
  bool wait_for_debugger() const { return wait_; }

  bool poll() override;
  bool stopped(DebugTarget& target, const StopReason& why) override;
  void finished(DebugTarget& target, const StopReason& why) override;
  bool attached() const override { return client_ >= 0; }
  // --gdb-wait for a core whose thread may start after other processes have run: serve the
  // attach stop now, before the simulation starts (the core's state is valid at elaboration);
  // the core's own first stopped(Attached) then returns at once. False if the debugger killed
  // the run.
  bool hold_at_reset(DebugTarget& target);
  // The platform's run is over (the firmware exited, the time limit, a kill): a debugger still
  // attached to a core that did not report its own end (the PL's RISC-V, a core stopped by the
  // time limit) is told why on its console and gets an exit reply: W`status`, or X`signal` when
  // the platform ended without the firmware's exit.
  void end_of_run(DebugTarget& target, int status, int signal, const std::string& reason);

 private:
  bool accept_client(bool block);
  void drop_client();
  bool send_packet(const std::string& payload);
  bool send_raw(const std::string& bytes);
  // Reads what is there (blocking if block); false when the debugger is gone.
  bool receive(bool block);

  std::string core_;
  uint16_t port_ = 0;
  bool wait_;
  int listen_fd_ = -1;
  int client_ = -1;
  RspDecoder decoder_;
  std::vector<RspEvent> events_;
  std::unique_ptr<GdbSession> session_;
  DebugTarget* target_ = nullptr;
  GdbSession::MonitorFn monitor_;
  std::function<void()> on_kill_;
  bool interrupt_ = false;   // Ctrl-C or a new connection seen while running
  bool killed_ = false;
  bool final_sent_ = false;  // the last stop reply (exit) went out
  DebugTarget* held_ = nullptr;  // hold_at_reset served this target's attach stop
  std::string last_sent_;    // for '-' (resend)
  std::chrono::steady_clock::time_point next_poll_{};
};

}  // namespace zvp::debug
