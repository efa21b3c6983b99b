#include "gdb_session.h"

#include <algorithm>
#include <cstdio>

#include "rsp_packet.h"

namespace zvp::debug {

namespace {

constexpr const char* kBadArgs = "E01";   // malformed command
constexpr const char* kNoAccess = "E02";  // memory or register not accessible
constexpr const char* kRefused = "E03";   // breakpoint/watchpoint refused

// "addr,len" (and optionally ":rest") from a command's argument.
bool addr_len(const std::string& s, uint64_t& addr, uint64_t& len, std::string* rest = nullptr) {
  const size_t comma = s.find(',');
  if (comma == std::string::npos) return false;
  size_t end = s.find(':', comma);
  if (rest) {
    if (end == std::string::npos) return false;
    *rest = s.substr(end + 1);
  } else if (end != std::string::npos) {
    return false;
  }
  if (end == std::string::npos) end = s.size();
  return parse_hex(std::string_view(s).substr(0, comma), addr) &&
         parse_hex(std::string_view(s).substr(comma + 1, end - comma - 1), len);
}

bool starts(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

}  // namespace

GdbSession::GdbSession(std::vector<Thread> threads, size_t packet_size)
    : threads_(std::move(threads)), packet_size_(packet_size) {}

std::string GdbSession::stop_reply(const StopReason& why, unsigned thread) {
  char buf[128];
  stopped_ = thread < threads_.size() ? thread : 0;
  // gdb takes the thread of a stop reply as the one 'g' and 'm' now read (remote.c records it as
  // the current general thread and sends no Hg for it).
  if (why.kind != StopReason::Exited) g_ = stopped_;
  char tid[24];
  std::snprintf(tid, sizeof tid, "thread:%x;", stopped_ + 1);
  switch (why.kind) {
    case StopReason::Attached:
    case StopReason::Step:
      last_stop_ = std::string("T05") + tid;
      break;
    case StopReason::Interrupted:
      last_stop_ = std::string("T02") + tid;
      break;
    case StopReason::Breakpoint:
      last_stop_ = std::string("T05") + tid + "swbreak:;";
      break;
    case StopReason::Watchpoint: {
      const char* k = why.watch == WatchKind::Write ? "watch" : why.watch == WatchKind::Read ? "rwatch" : "awatch";
      std::snprintf(buf, sizeof buf, "T05%s%s:%llx;", tid, k, static_cast<unsigned long long>(why.addr));
      last_stop_ = buf;
      break;
    }
    case StopReason::Fault:
      last_stop_ = std::string("T0b") + tid;  // SIGSEGV
      break;
    case StopReason::Exited:
      if (why.signal) std::snprintf(buf, sizeof buf, "X%02x", why.signal & 0xFF);
      else std::snprintf(buf, sizeof buf, "W%02x", why.status & 0xFF);
      last_stop_ = buf;
      break;
  }
  return last_stop_;
}

namespace {
WatchKind watch_kind(char type) {
  return type == '2' ? WatchKind::Write : type == '3' ? WatchKind::Read : WatchKind::Access;
}
bool is_breakpoint(char type) { return type == '0' || type == '1'; }
}  // namespace

// A breakpoint or watchpoint is in every core or in none.
bool GdbSession::add_everywhere(char type, uint64_t addr, uint64_t len) {
  for (size_t i = 0; i < threads_.size(); ++i) {
    DebugTarget& t = *threads_[i].target;
    const bool ok = is_breakpoint(type) ? t.add_breakpoint(addr) : (len > 0 && t.add_watchpoint(addr, len, watch_kind(type)));
    if (!ok) {
      for (size_t j = 0; j < i; ++j) {
        DebugTarget& u = *threads_[j].target;
        if (is_breakpoint(type)) u.remove_breakpoint(addr);
        else u.remove_watchpoint(addr, len, watch_kind(type));
      }
      return false;
    }
  }
  return true;
}

void GdbSession::remove_everywhere(char type, uint64_t addr, uint64_t len) {
  for (const Thread& th : threads_) {
    if (is_breakpoint(type)) th.target->remove_breakpoint(addr);
    else th.target->remove_watchpoint(addr, len, watch_kind(type));
  }
}

void GdbSession::clear_points() {
  for (const Point& p : points_) remove_everywhere(p.type, p.addr, p.len);
  points_.clear();
}

std::string GdbSession::read_regs() {
  std::string s;
  DebugTarget& t = this->t();
  for (unsigned n = 0; n < t.num_regs(); ++n) {
    uint64_t v = 0;
    const unsigned b = t.reg_bytes(n);
    if (t.read_reg(n, v)) s += hex_le(v, b);
    else s += std::string(2 * b, 'x');  // unavailable
  }
  return s;
}

bool GdbSession::write_regs(const std::string& hex) {
  size_t at = 0;
  DebugTarget& t = this->t();
  for (unsigned n = 0; n < t.num_regs(); ++n) {
    const unsigned b = t.reg_bytes(n);
    if (at + 2 * b > hex.size()) return at == hex.size();  // gdb may send fewer registers
    uint64_t v = 0;
    if (!parse_hex_le(std::string_view(hex).substr(at, 2 * b), b, v)) return false;
    t.write_reg(n, v);
    at += 2 * b;
  }
  return at == hex.size();
}

GdbSession::Reply GdbSession::handle(const std::string& p) {
  Reply r;
  if (p.empty()) return r;
  const std::string arg = p.substr(1);
  switch (p[0]) {
    case '?':
      r.text = last_stop_;
      return r;
    case 'q':
    case 'Q':
      return query(p);
    case 'v':
      if (p == "vCont?") {
        r.text = "vCont;c;C;s;S";
        return r;
      }
      if (starts(p, "vCont;")) return resume(p);
      if (p == "vKill" || starts(p, "vKill;")) {
        r.text = "OK";
        r.action = Action::Kill;
        return r;
      }
      return r;  // vMustReplyEmpty and the rest: not supported
    case 'H':
      return select_thread(arg);
    case 'T': {
      unsigned i = 0;
      r.text = thread_index(arg, i) ? "OK" : kBadArgs;  // every core's thread is alive
      return r;
    }
    case 'g':
      r.text = read_regs();
      return r;
    case 'G':
      r.text = write_regs(arg) ? "OK" : kBadArgs;
      return r;
    case 'p': {
      uint64_t n = 0, v = 0;
      if (!parse_hex(arg, n)) r.text = kBadArgs;
      else if (n >= t().num_regs() || !t().read_reg(unsigned(n), v)) r.text = kNoAccess;
      else r.text = hex_le(v, t().reg_bytes(unsigned(n)));
      return r;
    }
    case 'P': {
      const size_t eq = arg.find('=');
      uint64_t n = 0, v = 0;
      if (eq == std::string::npos || !parse_hex(std::string_view(arg).substr(0, eq), n)) {
        r.text = kBadArgs;
      } else if (n >= t().num_regs()) {
        r.text = kNoAccess;
      } else if (!parse_hex_le(std::string_view(arg).substr(eq + 1), t().reg_bytes(unsigned(n)), v)) {
        r.text = kBadArgs;
      } else {
        r.text = t().write_reg(unsigned(n), v) ? "OK" : kNoAccess;
      }
      return r;
    }
    case 'm': {
      uint64_t addr = 0, len = 0;
      if (!addr_len(arg, addr, len)) {
        r.text = kBadArgs;
        return r;
      }
      len = std::min<uint64_t>(len, (packet_size_ - 4) / 2);  // the reply must fit a packet
      std::vector<uint8_t> buf(len);
      const size_t got = t().read_mem(addr, buf.data(), buf.size());
      r.text = (got == 0 && len > 0) ? kNoAccess : hex_encode(buf.data(), got);
      return r;
    }
    case 'M':
    case 'X': {
      uint64_t addr = 0, len = 0;
      std::string data;
      if (!addr_len(arg, addr, len, &data)) {
        r.text = kBadArgs;
        return r;
      }
      std::vector<uint8_t> bytes;
      if (p[0] == 'M') {
        if (!hex_decode(data, bytes)) {
          r.text = kBadArgs;
          return r;
        }
      } else {
        bytes.assign(data.begin(), data.end());  // already unescaped by the decoder
      }
      if (bytes.size() != len) {
        r.text = kBadArgs;
        return r;
      }
      r.text = t().write_mem(addr, bytes.data(), bytes.size()) == bytes.size() ? "OK" : kNoAccess;
      return r;
    }
    case 'Z':
    case 'z':
      return point(p);
    case 'c':
    case 'C':
    case 's':
    case 'S':
      return resume(p);
    case 'D':
      clear_points();
      r.text = "OK";
      r.action = Action::Detach;
      return r;
    case 'k':
      r.send = false;  // gdb does not wait for a reply to 'k'
      r.action = Action::Kill;
      return r;
    default:
      return r;
  }
}

GdbSession::Reply GdbSession::query(const std::string& p) {
  Reply r;
  if (starts(p, "qSupported")) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "PacketSize=%zx;qXfer:features:read+;swbreak+;hwbreak+;vContSupported+",
                  packet_size_);
    r.text = buf;
  } else if (starts(p, "qXfer:features:read:")) {
    // qXfer:features:read:ANNEX:OFFSET,LENGTH
    const std::string rest = p.substr(20);
    const size_t colon = rest.find(':');
    uint64_t off = 0, len = 0;
    if (colon == std::string::npos || !addr_len(rest.substr(colon + 1), off, len)) {
      r.text = kBadArgs;
    } else if (rest.substr(0, colon) != "target.xml") {
      r.text = "E00";  // unknown annex
    } else {
      const std::string xml = t().target_xml();
      len = std::min<uint64_t>(len, packet_size_ / 2);  // room for escapes
      if (off >= xml.size()) r.text = "l";
      else r.text = (off + len >= xml.size() ? "l" : "m") + xml.substr(off, len);
    }
  } else if (p == "qAttached") {
    r.text = "1";  // the debugger attached to a running platform: detach leaves it running
  } else if (p == "qC") {
    char buf[24];
    std::snprintf(buf, sizeof buf, "QC%x", stopped_ + 1);
    r.text = buf;
  } else if (p == "qfThreadInfo") {
    r.text = "m";
    for (size_t i = 0; i < threads_.size(); ++i) {
      char buf[24];
      std::snprintf(buf, sizeof buf, "%s%zx", i ? "," : "", i + 1);
      r.text += buf;
    }
  } else if (p == "qsThreadInfo") {
    r.text = "l";
  } else if (starts(p, "qThreadExtraInfo,")) {
    unsigned i = 0;
    if (!thread_index(p.substr(17), i)) r.text = kBadArgs;
    else r.text = hex_encode(threads_[i].name.empty() ? "core " + std::to_string(i) : threads_[i].name);
  } else if (starts(p, "qSymbol")) {
    r.text = "OK";
  } else if (starts(p, "qRcmd,")) {
    std::vector<uint8_t> b;
    if (!hex_decode(p.substr(6), b)) {
      r.text = kBadArgs;
      return r;
    }
    return monitor(std::string(b.begin(), b.end()));
  }
  return r;
}

bool GdbSession::thread_index(const std::string& id, unsigned& index) const {
  uint64_t n = 0;
  if (!parse_hex(id, n) || n < 1 || n > threads_.size()) return false;
  index = unsigned(n - 1);
  return true;
}

// Hg/Hc: the thread of register and memory requests, or the thread c/s resume. 0 is "any" (the
// current one stays), -1 "all" (for Hc: c resumes every thread).
GdbSession::Reply GdbSession::select_thread(const std::string& arg) {
  Reply r;
  if (arg.size() < 2 || (arg[0] != 'g' && arg[0] != 'c')) {
    r.text = kBadArgs;
    return r;
  }
  const std::string id = arg.substr(1);
  unsigned i = 0;
  if (id == "0" || id == "-1") {
    if (arg[0] == 'c') c_ = -1;
  } else if (!thread_index(id, i)) {
    r.text = kBadArgs;
    return r;
  } else if (arg[0] == 'g') {
    g_ = i;
  } else {
    c_ = int(i);
  }
  r.text = "OK";
  return r;
}

// vCont;ACTION[:thread][;ACTION[:thread]...]: for each thread the leftmost action that names it
// or names no thread; threads without an action stay stopped. A resume address (legacy c/s
// only) is not part of vCont.
bool GdbSession::vcont_runs(const std::string& actions, std::vector<Run>& runs, std::string&) const {
  runs.assign(threads_.size(), Run::Hold);
  std::vector<bool> given(threads_.size(), false);
  size_t at = 0;
  if (actions.empty()) return false;
  while (at <= actions.size()) {
    const size_t end = std::min(actions.find(';', at), actions.size());
    const std::string item = actions.substr(at, end - at);
    at = end + 1;
    if (item.empty()) return false;
    const char what = item[0];
    if (what != 'c' && what != 'C' && what != 's' && what != 'S') return false;
    const Run run = (what == 's' || what == 'S') ? Run::Step : Run::Continue;
    const size_t colon = item.find(':');
    if (colon != std::string::npos) {
      if (what == 'c' || what == 's' ? colon != 1 : colon < 2) return false;
      const std::string id = item.substr(colon + 1);
      unsigned i = 0;
      if (id == "-1") {
        for (size_t k = 0; k < runs.size(); ++k)
          if (!given[k]) runs[k] = run, given[k] = true;
      } else if (thread_index(id, i)) {
        if (!given[i]) runs[i] = run, given[i] = true;
      } else {
        return false;
      }
    } else {
      if ((what == 'c' || what == 's') && item.size() != 1) return false;
      for (size_t k = 0; k < runs.size(); ++k)
        if (!given[k]) runs[k] = run, given[k] = true;
    }
  }
  return true;
}

GdbSession::Reply GdbSession::resume(const std::string& p) {
  Reply r;
  r.send = false;
  std::string addr;
  if (p[0] == 'v') {
    if (!vcont_runs(p.substr(6), r.runs, addr)) {
      r.runs.clear();
      r.send = true;
      r.text = kBadArgs;
      return r;
    }
  } else {
    if (p[0] == 'c' || p[0] == 's') {
      addr = p.substr(1);
    } else {
      const size_t semi = p.find(';');  // Csig[;addr]
      if (semi != std::string::npos) addr = p.substr(semi + 1);
    }
    // c/C resume every thread (or the Hc one); s/S step the Hc thread (or the last stopped
    // one) while the others stay stopped.
    const bool step = p[0] == 's' || p[0] == 'S';
    const unsigned mine = c_ >= 0 ? unsigned(c_) : stopped_;
    r.runs.assign(threads_.size(), step || c_ >= 0 ? Run::Hold : Run::Continue);
    r.runs[mine] = step ? Run::Step : Run::Continue;
  }
  if (!addr.empty()) {
    uint64_t a = 0;
    if (!parse_hex(addr, a)) {
      r.runs.clear();
      r.send = true;
      r.text = kBadArgs;
      return r;
    }
    DebugTarget& t = *threads_[c_ >= 0 ? unsigned(c_) : stopped_].target;
    t.write_reg(t.pc_regnum(), a);  // resume at an address: set the pc first
  }
  const bool steps = std::find(r.runs.begin(), r.runs.end(), Run::Step) != r.runs.end();
  r.action = steps ? Action::Step : Action::Continue;
  return r;
}

GdbSession::Reply GdbSession::point(const std::string& p) {
  Reply r;
  // Ztype,addr,kind
  if (p.size() < 4 || p[2] != ',' || p[1] < '0' || p[1] > '4') return r;  // unknown type: unsupported
  uint64_t addr = 0, len = 0;
  if (!addr_len(p.substr(3), addr, len)) {
    r.text = kBadArgs;
    return r;
  }
  const char type = p[1];
  const bool add = p[0] == 'Z';
  const bool bp = is_breakpoint(type);
  auto same = [&](const Point& q) { return q.type == type && q.addr == addr && (bp || q.len == len); };
  const auto it = std::find_if(points_.begin(), points_.end(), same);
  if (add) {
    if (it != points_.end()) {
      r.text = "OK";  // already there (gdb may re-insert)
      return r;
    }
    const bool ok = add_everywhere(type, addr, len);
    if (ok) points_.push_back({type, addr, len});
    r.text = ok ? "OK" : kRefused;
  } else {
    if (it == points_.end()) {
      r.text = "OK";
      return r;
    }
    remove_everywhere(type, addr, len);
    points_.erase(it);
    r.text = "OK";
  }
  return r;
}

GdbSession::Reply GdbSession::monitor(const std::string& cmd) {
  Reply r;
  r.text = "OK";
  std::string out;
  if (cmd == "time") {
    char buf[64];
    std::snprintf(buf, sizeof buf, "simulated time: %.9f s\n", t().sim_time_s());
    out = buf;
  } else if (cmd == "reset") {
    t().reset_core();
    out = "core reset: pc at the entry point (memory unchanged)\n";
  } else if (cmd == "help") {
    out = "monitor time           simulated time of the platform\n"
          "monitor reset          the core back to its reset state (memory unchanged)\n"
          "monitor trace on|off   the transaction log (--trace) on or off\n";
  } else if (!(monitor_ && monitor_(cmd, out))) {
    out = "unknown monitor command '" + cmd + "' (monitor help lists them)\n";
  }
  r.console.push_back(out);
  return r;
}

}  // namespace zvp::debug
