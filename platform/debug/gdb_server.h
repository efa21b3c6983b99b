// A GDB remote server for one target of one or more cores: listens on 127.0.0.1:PORT (never
// another interface), one debugger at a time; each core added is a thread of the target (thread
// n+1 is the n-th core added) and gets its own DebugAgent (models/core/debug_target.h) from the
// server.
//
// While the cores run, each core's agent is polled at the core's slice boundaries; at most
// every 10 ms of host time the server looks, without blocking, for a new connection (the core
// then stops: gdb expects a halted target when it attaches) or a Ctrl-C from the attached
// debugger. While a core is stopped, the server serves the debugger in that core's SystemC
// thread (blocking on the socket) until it resumes the core.
//
// All-stop: the cores run in SystemC threads and the kernel runs one at a time, so while one
// core's thread blocks on the socket no other core, and no simulated time, advances: a stop of
// one core is a stop of all. A resume that leaves a core stopped (gdb's `vCont;s:1` stepping
// over a breakpoint, scheduler-locking) holds that core: the next time it looks at its agent it
// waits, without host time, on a SystemC event until a later resume lets it run.
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

#include <systemc>
#include <vector>

#include "core/debug_target.h"
#include "gdb_session.h"
#include "rsp_packet.h"

namespace zvp::debug {

class GdbServer {
 public:
  // Opens the listening socket; throws std::runtime_error with a clear message if the port
  // cannot be bound (in use, privileged). port 0 picks a free port (see port()).
  GdbServer(const std::string& core_name, uint16_t port, bool wait_for_debugger);
  ~GdbServer();
  GdbServer(const GdbServer&) = delete;
  GdbServer& operator=(const GdbServer&) = delete;

  // The next thread: the server becomes the core's agent (core.set_debug_agent). `name` is
  // what gdb's `info threads` shows beside it.
  void add_core(DebugTarget& core, const std::string& name);
  size_t num_cores() const { return cores_.size(); }

  uint16_t port() const { return port_; }
  bool killed() const { return killed_; }  // the debugger ended the run (k)
  void set_monitor(GdbSession::MonitorFn f) { monitor_ = std::move(f); }
  // Called when the debugger kills the run (k): e.g. sc_stop().
  void set_on_kill(std::function<void()> f) { on_kill_ = std::move(f); }
  // --gdb-wait: the first core calls stopped(Attached) before its first instruction; that
  // blocks until a debugger connects.
  bool wait_for_debugger() const { return wait_; }
  bool attached() const { return client_ >= 0; }
  // --gdb-wait for a core whose thread may start after other processes have run: serve the
  // attach stop now, before the simulation starts (the core's state is valid at elaboration);
  // the core's own first stopped(Attached) then returns at once. False if the debugger killed
  // the run.
  bool hold_at_reset(DebugTarget& target);
  // The platform's run is over (the firmware exited, the time limit, a kill): a debugger still
  // attached to a target that did not report its own end (the PL's RISC-V, a core stopped by
  // the time limit, a second core still running) is told why on its console and gets an exit
  // reply: W`status`, or X`signal` when the platform ended without the firmware's exit.
  void end_of_run(int status, int signal, const std::string& reason);

 private:
  // Core n's agent: the server's answers for that core.
  class CoreAgent : public DebugAgent {
   public:
    CoreAgent(GdbServer& s, unsigned n) : s_(s), n_(n) {}
    bool poll() override { return s_.poll(n_); }
    bool stopped(DebugTarget& t, const StopReason& why) override { return s_.stopped(n_, t, why); }
    void finished(DebugTarget& t, const StopReason& why) override { s_.finished(n_, t, why); }
    bool attached() const override { return s_.attached(); }

   private:
    GdbServer& s_;
    unsigned n_;
  };
  struct Core {
    DebugTarget* target;
    std::string name;
    std::unique_ptr<CoreAgent> agent;
    bool hold = false;      // the last resume left it stopped
    bool finished = false;  // it ended for good (exit, lock-up)
  };
  bool poll(unsigned core);
  bool stopped(unsigned core, DebugTarget& target, const StopReason& why);
  void finished(unsigned core, DebugTarget& target, const StopReason& why);
  // Serves the debugger while `core` is the stopped one; returns the resume's Action.
  GdbSession::Action serve();
  // A resume: each core's single-step flag and hold as the debugger asked.
  void apply_runs(const std::vector<GdbSession::Run>& runs);
  // Waits, in core's SystemC thread, until a resume lets it run (false: killed meanwhile).
  bool wait_while_held(unsigned core);
  void release_all();
  void make_session();
  bool accept_client(bool block);
  void drop_client();
  bool send_packet(const std::string& payload);
  bool send_raw(const std::string& bytes);
  // Reads what is there (blocking if block); false when the debugger is gone.
  bool receive(bool block);

  std::string core_;
  uint16_t port_ = 0;
  bool wait_;
  bool ever_attached_ = false;  // a debugger has attached once (later core starts do not wait)
  int listen_fd_ = -1;
  int client_ = -1;
  RspDecoder decoder_;
  std::vector<RspEvent> events_;
  std::vector<Core> cores_;
  std::unique_ptr<GdbSession> session_;  // while a debugger is attached and has been served
  GdbSession::MonitorFn monitor_;
  std::function<void()> on_kill_;
  bool interrupt_ = false;   // Ctrl-C or a new connection seen while running
  bool killed_ = false;
  bool final_sent_ = false;  // the last stop reply (exit) went out
  DebugTarget* held_ = nullptr;  // hold_at_reset served this target's attach stop
  std::string last_sent_;    // for '-' (resend)
  std::chrono::steady_clock::time_point next_poll_{};
  sc_core::sc_event release_;  // a resume lets held cores run
};

}  // namespace zvp::debug
