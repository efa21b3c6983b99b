// One debugger's conversation with one core, packet by packet (GDB manual, "Packets",
// "General Query Packets", "Stop Reply Packets"): the commands gdb-multiarch sends to a
// bare-metal stub, answered from a DebugTarget. No sockets here (GdbServer carries the bytes),
// so every command is unit-tested with a fake target.
//
// Supported: ?, qSupported, qXfer:features:read (target.xml), qAttached, qC, qfThreadInfo/
// qsThreadInfo, qSymbol, qOffsets-less start-up, H, T, g/G, p/P, m/M/X, Z0/z0 .. Z4/z4, c/C,
// s/S, vCont?/vCont (c, C, s, S), D (detach: the run continues), k/vKill, qRcmd (monitor time,
// monitor reset, monitor trace on|off, monitor help). Anything else gets the empty reply
// ("not supported"); malformed arguments get E01..E03, never an exception.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "core/debug_target.h"

namespace zvp::debug {

class GdbSession {
 public:
  enum class Action { None, Continue, Step, Detach, Kill };
  struct Reply {
    std::vector<std::string> console;  // 'O' packets sent before the reply (monitor output)
    std::string text;                  // the reply packet's payload ("" = not supported)
    bool send = true;                  // false: no reply now (c/s: the stop reply comes later)
    Action action = Action::None;
  };
  // Platform-level monitor commands (e.g. "trace on"): returns the text to print, or nullopt-like
  // false when the command is unknown.
  using MonitorFn = std::function<bool(const std::string& cmd, std::string& out)>;

  GdbSession(DebugTarget& target, size_t packet_size) : t_(target), packet_size_(packet_size) {}
  void set_monitor(MonitorFn f) { monitor_ = std::move(f); }

  Reply handle(const std::string& packet);
  // The stop reply for a stop (also what '?' answers until the next one).
  std::string stop_reply(const StopReason& why);
  // Forget breakpoints and watchpoints (detach, disconnect): the run continues without them.
  void clear_points();

 private:
  Reply query(const std::string& p);
  Reply resume(const std::string& p);
  Reply point(const std::string& p);
  Reply monitor(const std::string& cmd);
  std::string read_regs();
  bool write_regs(const std::string& hex);

  DebugTarget& t_;
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
