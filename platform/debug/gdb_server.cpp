#include "gdb_server.h"

#include "tcp_endpoint.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdexcept>
#include <sys/socket.h>
#include <unistd.h>

namespace zvp::debug {

namespace {
constexpr auto kPollInterval = std::chrono::milliseconds(10);
}

GdbServer::GdbServer(const std::string& core_name, uint16_t port, bool wait_for_debugger)
    : core_(core_name), wait_(wait_for_debugger) {
  int bound = 0;
  listen_fd_ = hostio::listen_loopback(port, "gdb server for " + core_, &bound);  // 127.0.0.1 only
  port_ = uint16_t(bound);
  std::fprintf(stderr, "[gdb] %s: listening on 127.0.0.1:%u%s\n", core_.c_str(), unsigned(port_),
               wait_ ? " (held at reset until a debugger attaches)" : "");
}

GdbServer::~GdbServer() {
  if (client_ >= 0) ::close(client_);
  if (listen_fd_ >= 0) ::close(listen_fd_);
}

bool GdbServer::accept_client(bool block) {
  pollfd p{listen_fd_, POLLIN, 0};
  if (::poll(&p, 1, block ? -1 : 0) <= 0 || !(p.revents & POLLIN)) return false;
  const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
  if (fd < 0) return false;
  const int one = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);  // small packets, answered at once
  client_ = fd;
  ever_attached_ = true;
  session_.reset();  // served at its first stop
  decoder_.reset();
  events_.clear();
  last_sent_.clear();
  std::fprintf(stderr, "[gdb] %s: debugger attached\n", core_.c_str());
  return true;
}

void GdbServer::drop_client() {
  if (client_ < 0) return;
  ::close(client_);
  client_ = -1;
  if (session_) session_->clear_points();
  session_.reset();
  for (Core& c : cores_) c.target->set_single_step(false);
  release_all();  // cores the debugger left stopped run on
  decoder_.reset();
  events_.clear();
  std::fprintf(stderr, "[gdb] %s: debugger detached; the run continues\n", core_.c_str());
}

bool GdbServer::send_raw(const std::string& bytes) {
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::send(client_, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += size_t(n);
  }
  return true;
}

bool GdbServer::send_packet(const std::string& payload) {
  last_sent_ = rsp_frame(payload);
  return send_raw(last_sent_);
}

bool GdbServer::receive(bool block) {
  pollfd p{client_, POLLIN, 0};
  const int r = ::poll(&p, 1, block ? -1 : 0);
  if (r < 0) return errno == EINTR;
  if (r == 0) return true;
  uint8_t buf[4096];
  const ssize_t n = ::recv(client_, buf, sizeof buf, 0);
  if (n < 0) return errno == EINTR || errno == EAGAIN;
  if (n == 0) return false;  // the debugger closed the connection
  decoder_.feed(buf, size_t(n), events_);
  return true;
}

void GdbServer::add_core(DebugTarget& core, const std::string& name) {
  const unsigned n = unsigned(cores_.size());
  cores_.push_back({&core, name, std::make_unique<CoreAgent>(*this, n)});
  core.set_debug_agent(cores_.back().agent.get());
}

void GdbServer::make_session() {
  std::vector<GdbSession::Thread> threads;
  for (const Core& c : cores_) threads.push_back({c.target, c.name});
  session_ = std::make_unique<GdbSession>(std::move(threads), decoder_.max_payload());
  if (monitor_) session_->set_monitor(monitor_);
}

void GdbServer::release_all() {
  bool any = false;
  for (Core& c : cores_) {
    any = any || c.hold;
    c.hold = false;
  }
  if (any && sc_core::sc_is_running()) release_.notify(sc_core::SC_ZERO_TIME);
}

void GdbServer::apply_runs(const std::vector<GdbSession::Run>& runs) {
  bool released = false;
  for (size_t i = 0; i < cores_.size() && i < runs.size(); ++i) {
    const bool hold = runs[i] == GdbSession::Run::Hold;
    released = released || (cores_[i].hold && !hold);
    cores_[i].hold = hold;
    cores_[i].target->set_single_step(runs[i] == GdbSession::Run::Step);
  }
  if (released && sc_core::sc_is_running()) release_.notify(sc_core::SC_ZERO_TIME);
}

bool GdbServer::wait_while_held(unsigned core) {
  // Only inside the simulation (a core's thread): before it, nothing runs anyway.
  while (cores_[core].hold && !killed_ && sc_core::sc_is_running()) sc_core::wait(release_);
  cores_[core].hold = false;
  return !killed_;
}

bool GdbServer::poll(unsigned core) {
  if (cores_[core].hold) return true;  // left stopped by the last resume: it waits in stopped()
  if (interrupt_) return true;
  const auto now = std::chrono::steady_clock::now();
  if (now < next_poll_) return false;
  next_poll_ = now + kPollInterval;
  if (client_ < 0) {
    if (accept_client(false)) interrupt_ = true;  // gdb expects a halted target on attach
    return interrupt_;
  }
  if (!receive(false)) {
    drop_client();
    return false;
  }
  for (auto it = events_.begin(); it != events_.end();) {
    if (it->kind == RspEvent::Interrupt) {
      interrupt_ = true;
      it = events_.erase(it);
    } else {
      ++it;
    }
  }
  return interrupt_;
}

bool GdbServer::hold_at_reset(DebugTarget& target) {
  unsigned n = 0;
  while (n < cores_.size() && cores_[n].target != &target) ++n;
  if (n == cores_.size()) add_core(target, "");
  const bool go_on = stopped(n, target, StopReason{StopReason::Attached});
  held_ = &target;
  return go_on;
}

bool GdbServer::stopped(unsigned core, DebugTarget& target, const StopReason& why_in) {
  if (why_in.kind == StopReason::Attached && held_ == &target) {  // served before the start
    held_ = nullptr;
    return true;
  }
  if (cores_[core].hold) return wait_while_held(core);  // not a stop the debugger waits for
  StopReason why = why_in;
  // A core starting while the debugger is already attached (the second core's thread starts
  // after the first one's attach stop) is not a stop.
  if (why.kind == StopReason::Attached && client_ >= 0 && session_) return true;
  const bool fresh = client_ >= 0 && !session_;
  interrupt_ = false;
  // Only the run's start waits for a debugger: a core that starts later (core 1 released after
  // a debugger detached) runs on.
  if (client_ < 0 && why.kind == StopReason::Attached && wait_ && !ever_attached_) {
    std::fprintf(stderr, "[gdb] %s: waiting for a debugger on 127.0.0.1:%u\n", core_.c_str(), unsigned(port_));
    while (client_ < 0) accept_client(true);
  }
  if (client_ < 0) return true;  // nobody to report to
  if (!session_) make_session();
  // A stop the debugger asked for or is waiting for gets a stop reply now; on attach gdb asks
  // with '?' itself.
  const bool attach = why.kind == StopReason::Attached || fresh;
  if (attach) why.kind = StopReason::Attached;
  const std::string reply = session_->stop_reply(why, core);
  if (!attach) {
    if (why.kind == StopReason::Fault) {
      char msg[96];
      std::snprintf(msg, sizeof msg, "abort at address 0x%08llx\n", static_cast<unsigned long long>(why.addr));
      send_packet("O" + hex_encode(msg));
    }
    if (!send_packet(reply)) {
      drop_client();
      return true;
    }
  }
  switch (serve()) {
    case GdbSession::Action::Kill:
      return false;
    case GdbSession::Action::Continue:
    case GdbSession::Action::Step:
      return cores_[core].hold ? wait_while_held(core) : true;  // resumed, or left stopped
    default:
      return true;  // detached, disconnected: the run continues
  }
}

GdbSession::Action GdbServer::serve() {
  for (;;) {
    while (events_.empty()) {
      if (!receive(true)) {
        drop_client();
        return GdbSession::Action::Detach;
      }
    }
    const RspEvent ev = std::move(events_.front());
    events_.erase(events_.begin());
    switch (ev.kind) {
      case RspEvent::Ack:
      case RspEvent::Interrupt:  // already stopped
        continue;
      case RspEvent::Nak:
        if (!last_sent_.empty()) send_raw(last_sent_);
        continue;
      case RspEvent::BadChecksum:
        send_raw("-");
        continue;
      case RspEvent::Overflow:
        send_raw("+");
        send_packet("E04");
        continue;
      case RspEvent::Packet:
        break;
    }
    send_raw("+");
    const GdbSession::Reply r = session_->handle(ev.payload);
    for (const std::string& line : r.console) send_packet("O" + hex_encode(line));
    if (r.send) send_packet(r.text);
    switch (r.action) {
      case GdbSession::Action::None:
        continue;
      case GdbSession::Action::Continue:
      case GdbSession::Action::Step:
        apply_runs(r.runs);
        return r.action;
      case GdbSession::Action::Detach:
        drop_client();
        return r.action;
      case GdbSession::Action::Kill:
        killed_ = true;
        drop_client();
        std::fprintf(stderr, "[gdb] %s: killed by the debugger\n", core_.c_str());
        if (on_kill_) on_kill_();
        return r.action;
    }
  }
}

void GdbServer::end_of_run(int status, int signal, const std::string& reason) {
  if (client_ < 0 || killed_ || final_sent_ || cores_.empty()) return;
  send_packet("O" + hex_encode("zvp: the run ended (" + reason + ")\n"));
  StopReason end{StopReason::Exited};
  end.status = status & 0xFF;
  end.signal = signal;
  for (Core& c : cores_) c.finished = true;
  finished(0, *cores_[0].target, end);
}

void GdbServer::finished(unsigned core, DebugTarget&, const StopReason& why) {
  cores_[core].finished = true;
  if (client_ < 0 || killed_ || final_sent_) return;
  // The target ends with its last core: until then, gdb's threads on the other cores run on.
  for (const Core& c : cores_)
    if (!c.finished) {
      std::fprintf(stderr, "[gdb] %s: %s has ended; the debugger waits for the other cores\n", core_.c_str(),
                   cores_[core].name.c_str());
      return;
    }
  final_sent_ = true;
  if (!session_) make_session();
  send_packet(session_->stop_reply(why, core));
  // Let the debugger read the last reply before the connection goes: wait (at most 2 s of host
  // time) for it to close its side.
  ::shutdown(client_, SHUT_WR);
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  uint8_t buf[512];
  while (std::chrono::steady_clock::now() < until) {
    pollfd p{client_, POLLIN, 0};
    if (::poll(&p, 1, 100) > 0 && ::recv(client_, buf, sizeof buf, 0) <= 0) break;
  }
  ::close(client_);
  client_ = -1;
  session_.reset();
}

}  // namespace zvp::debug
