// One debugger's conversation with one target of one or more cores, packet by packet (GDB manual, "Packets",
// "General Query Packets", "Stop Reply Packets"): the commands gdb-multiarch sends to a
// bare-metal stub, answered from a DebugTarget. No sockets here (GdbServer carries the bytes),
// so every command is unit-tested with a fake target.
//
// Supported: ?, qSupported, qXfer:features:read (target.xml), qAttached, qC, qfThreadInfo/
// qsThreadInfo, qThreadExtraInfo, qSymbol, qOffsets-less start-up, H, T, g/G, p/P, m/M/X,
// Z0/z0 .. Z4/z4, c/C, s/S, vCont?/vCont (c, C, s, S, per thread), D (detach: the run
// continues), k/vKill, qRcmd (monitor time, monitor reset, monitor trace on|off, monitor help).
// Anything else gets the empty reply ("not supported"); malformed arguments get E01..E03, never
// an exception.
//
// Several cores are the threads of one target (thread n+1 is core n), all-stop: a stop of one
// core is a stop of all. Registers and memory are the thread Hg selected (memory through that
// core's translation); breakpoints and watchpoints go into every core (`break X thread 2` is
// filtered by gdb itself); a resume says per thread whether it runs, steps or stays stopped.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "core/debug_target.h"

namespace zvp::debug {

class GdbSession {
 public:
  enum class Action { None, Continue, Step, Detach, Kill };
  // What a resume asks of one thread: stay stopped (a thread vCont names no action for), run,
  // or execute one instruction and stop.
  enum class Run { Hold, Continue, Step };
  struct Reply {
    std::vector<std::string> console;  // 'O' packets sent before the reply (monitor output)
    std::string text;                  // the reply packet's payload ("" = not supported)
    bool send = true;                  // false: no reply now (c/s: the stop reply comes later)
    Action action = Action::None;      // Continue/Step: a resume (Step: some thread steps)
    std::vector<Run> runs;             // a resume: per thread (index = core)
  };
  struct Thread {
    DebugTarget* target;
    std::string name;  // what `info threads` shows beside the thread (the core's name)
  };
  // Platform-level monitor commands (e.g. "trace on"): returns the text to print, or nullopt-like
  // false when the command is unknown.
  using MonitorFn = std::function<bool(const std::string& cmd, std::string& out)>;

  GdbSession(DebugTarget& target, size_t packet_size) : GdbSession({{&target, ""}}, packet_size) {}
  // Threads 1..N are threads[0..N-1] (at least one).
  GdbSession(std::vector<Thread> threads, size_t packet_size);
  void set_monitor(MonitorFn f) { monitor_ = std::move(f); }

  Reply handle(const std::string& packet);
  // The stop reply for a stop of thread index `thread` (also what '?' answers until the next one);
  // that thread becomes the one registers and memory are read from, as gdb assumes.
  std::string stop_reply(const StopReason& why, unsigned thread = 0);
  // Forget breakpoints and watchpoints (detach, disconnect): the run continues without them.
  void clear_points();

 private:
  Reply query(const std::string& p);
  Reply resume(const std::string& p);
  Reply point(const std::string& p);
  Reply monitor(const std::string& cmd);
  Reply select_thread(const std::string& arg);
  // A thread id of a packet (hex, 1..N) as an index; false for anything else.
  bool thread_index(const std::string& id, unsigned& index) const;
  // vCont's ACTION[:thread] list as one Run per thread; false if malformed.
  bool vcont_runs(const std::string& actions, std::vector<Run>& runs, std::string& addr) const;
  std::string read_regs();
  bool write_regs(const std::string& hex);
  DebugTarget& t() { return *threads_[g_].target; }  // the thread Hg selected
  bool add_everywhere(char type, uint64_t addr, uint64_t len);
  void remove_everywhere(char type, uint64_t addr, uint64_t len);

  std::vector<Thread> threads_;
  unsigned g_ = 0;            // the thread registers and memory are read from (Hg)
  int c_ = -1;                // the thread c/s resume (Hc; -1: all)
  unsigned stopped_ = 0;      // the thread of the last stop (qC)
  size_t packet_size_;
  MonitorFn monitor_;
  std::string last_stop_ = "S05";
  struct Point {
    char type;
    uint64_t addr, len;
  };
  std::vector<Point> points_;
};

}  // namespace zvp::debug
