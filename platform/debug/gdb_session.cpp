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

std::string GdbSession::stop_reply(const StopReason& why) {
  char buf[96];
  switch (why.kind) {
    case StopReason::Attached:
    case StopReason::Step:
      last_stop_ = "T05thread:1;";
      break;
    case StopReason::Interrupted:
      last_stop_ = "T02thread:1;";
      break;
    case StopReason::Breakpoint:
      last_stop_ = "T05thread:1;swbreak:;";
      break;
    case StopReason::Watchpoint: {
      const char* k = why.watch == WatchKind::Write ? "watch" : why.watch == WatchKind::Read ? "rwatch" : "awatch";
      std::snprintf(buf, sizeof buf, "T05thread:1;%s:%llx;", k, static_cast<unsigned long long>(why.addr));
      last_stop_ = buf;
      break;
    }
    case StopReason::Fault:
      last_stop_ = "T0bthread:1;";  // SIGSEGV
      break;
    case StopReason::Exited:
      if (why.signal) std::snprintf(buf, sizeof buf, "X%02x", why.signal & 0xFF);
      else std::snprintf(buf, sizeof buf, "W%02x", why.status & 0xFF);
      last_stop_ = buf;
      break;
  }
  return last_stop_;
}

void GdbSession::clear_points() {
  for (const Point& p : points_) {
    if (p.type == '0' || p.type == '1') {
      t_.remove_breakpoint(p.addr);
    } else {
      const WatchKind k = p.type == '2' ? WatchKind::Write : p.type == '3' ? WatchKind::Read : WatchKind::Access;
      t_.remove_watchpoint(p.addr, p.len, k);
    }
  }
  points_.clear();
}

std::string GdbSession::read_regs() {
  std::string s;
  for (unsigned n = 0; n < t_.num_regs(); ++n) {
    uint64_t v = 0;
    const unsigned b = t_.reg_bytes(n);
    if (t_.read_reg(n, v)) s += hex_le(v, b);
    else s += std::string(2 * b, 'x');  // unavailable
  }
  return s;
}

bool GdbSession::write_regs(const std::string& hex) {
  size_t at = 0;
  for (unsigned n = 0; n < t_.num_regs(); ++n) {
    const unsigned b = t_.reg_bytes(n);
    if (at + 2 * b > hex.size()) return at == hex.size();  // gdb may send fewer registers
    uint64_t v = 0;
    if (!parse_hex_le(std::string_view(hex).substr(at, 2 * b), b, v)) return false;
    t_.write_reg(n, v);
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
    case 'T':
      r.text = "OK";  // one thread
      return r;
    case 'g':
      r.text = read_regs();
      return r;
    case 'G':
      r.text = write_regs(arg) ? "OK" : kBadArgs;
      return r;
    case 'p': {
      uint64_t n = 0, v = 0;
      if (!parse_hex(arg, n)) r.text = kBadArgs;
      else if (n >= t_.num_regs() || !t_.read_reg(unsigned(n), v)) r.text = kNoAccess;
      else r.text = hex_le(v, t_.reg_bytes(unsigned(n)));
      return r;
    }
    case 'P': {
      const size_t eq = arg.find('=');
      uint64_t n = 0, v = 0;
      if (eq == std::string::npos || !parse_hex(std::string_view(arg).substr(0, eq), n)) {
        r.text = kBadArgs;
      } else if (n >= t_.num_regs()) {
        r.text = kNoAccess;
      } else if (!parse_hex_le(std::string_view(arg).substr(eq + 1), t_.reg_bytes(unsigned(n)), v)) {
        r.text = kBadArgs;
      } else {
        r.text = t_.write_reg(unsigned(n), v) ? "OK" : kNoAccess;
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
      const size_t got = t_.read_mem(addr, buf.data(), buf.size());
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
      r.text = t_.write_mem(addr, bytes.data(), bytes.size()) == bytes.size() ? "OK" : kNoAccess;
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
      const std::string xml = t_.target_xml();
      len = std::min<uint64_t>(len, packet_size_ / 2);  // room for escapes
      if (off >= xml.size()) r.text = "l";
      else r.text = (off + len >= xml.size() ? "l" : "m") + xml.substr(off, len);
    }
  } else if (p == "qAttached") {
    r.text = "1";  // the debugger attached to a running platform: detach leaves it running
  } else if (p == "qC") {
    r.text = "QC1";
  } else if (p == "qfThreadInfo") {
    r.text = "m1";
  } else if (p == "qsThreadInfo") {
    r.text = "l";
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

GdbSession::Reply GdbSession::resume(const std::string& p) {
  Reply r;
  r.send = false;
  char what = p[0];
  std::string addr;
  if (p[0] == 'v') {
    // vCont;ACTION[:thread][;ACTION...]: one thread, so the first action applies.
    const std::string first = p.substr(6, p.find(';', 6) - 6);
    if (first.empty()) {
      r.send = true;
      r.text = kBadArgs;
      return r;
    }
    what = first[0];
  } else if (p[0] == 'c' || p[0] == 's') {
    addr = p.substr(1);
  } else {
    const size_t semi = p.find(';');  // Csig[;addr]
    if (semi != std::string::npos) addr = p.substr(semi + 1);
  }
  if (what != 'c' && what != 'C' && what != 's' && what != 'S') {
    r.send = true;
    r.text = kBadArgs;
    return r;
  }
  if (!addr.empty()) {
    uint64_t a = 0;
    if (!parse_hex(addr, a)) {
      r.send = true;
      r.text = kBadArgs;
      return r;
    }
    t_.write_reg(t_.pc_regnum(), a);  // resume at an address: set the pc first
  }
  r.action = (what == 's' || what == 'S') ? Action::Step : Action::Continue;
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
  const WatchKind k = type == '2' ? WatchKind::Write : type == '3' ? WatchKind::Read : WatchKind::Access;
  const bool bp = type == '0' || type == '1';
  auto same = [&](const Point& q) { return q.type == type && q.addr == addr && (bp || q.len == len); };
  const auto it = std::find_if(points_.begin(), points_.end(), same);
  if (add) {
    if (it != points_.end()) {
      r.text = "OK";  // already there (gdb may re-insert)
      return r;
    }
    const bool ok = bp ? t_.add_breakpoint(addr) : (len > 0 && t_.add_watchpoint(addr, len, k));
    if (ok) points_.push_back({type, addr, len});
    r.text = ok ? "OK" : kRefused;
  } else {
    if (it == points_.end()) {
      r.text = "OK";
      return r;
    }
    if (bp) t_.remove_breakpoint(addr);
    else t_.remove_watchpoint(addr, len, k);
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
    std::snprintf(buf, sizeof buf, "simulated time: %.9f s\n", t_.sim_time_s());
    out = buf;
  } else if (cmd == "reset") {
    t_.reset_core();
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
