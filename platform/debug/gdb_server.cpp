#include "gdb_server.h"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>

#include <cstdio>
#include <stdexcept>

namespace zvp::debug {

namespace asio = boost::asio;
using asio::ip::tcp;
using boost::system::error_code;

namespace {
constexpr auto kPollInterval = std::chrono::milliseconds(10);
}

// The listening socket and the debugger's connection (Boost.Asio, synchronous calls only).
struct GdbServer::Net {
  asio::io_context io;
  tcp::acceptor acceptor{io};
  tcp::socket client{io};
};

GdbServer::GdbServer(const std::string& core_name, uint16_t port, bool wait_for_debugger)
    : core_(core_name), wait_(wait_for_debugger), net_(std::make_unique<Net>()) {
  const tcp::endpoint at(asio::ip::address_v4::loopback(), port);  // 127.0.0.1 only: never reachable from outside
  error_code ec;
  net_->acceptor.open(at.protocol(), ec);
  if (!ec) net_->acceptor.set_option(tcp::acceptor::reuse_address(true), ec);
  if (!ec) net_->acceptor.bind(at, ec);
  if (!ec) net_->acceptor.listen(1, ec);
  if (ec)
    throw std::runtime_error("gdb server for " + core_ + ": cannot listen on 127.0.0.1:" + std::to_string(port) + ": " +
                             ec.message());
  port_ = net_->acceptor.local_endpoint().port();
  std::fprintf(stderr, "[gdb] %s: listening on 127.0.0.1:%u%s\n", core_.c_str(), unsigned(port_),
               wait_ ? " (held at reset until a debugger attaches)" : "");
}

GdbServer::~GdbServer() = default;

bool GdbServer::attached() const { return net_->client.is_open(); }

bool GdbServer::accept_client(bool block) {
  error_code ec;
  net_->acceptor.non_blocking(!block, ec);
  net_->acceptor.accept(net_->client, ec);
  if (ec) return false;
  net_->client.set_option(tcp::no_delay(true), ec);  // small packets, answered at once
  decoder_.reset();
  events_.clear();
  last_sent_.clear();
  std::fprintf(stderr, "[gdb] %s: debugger attached\n", core_.c_str());
  return true;
}

void GdbServer::drop_client() {
  if (!attached()) return;
  error_code ec;
  net_->client.close(ec);
  if (session_) session_->clear_points();
  decoder_.reset();
  events_.clear();
  std::fprintf(stderr, "[gdb] %s: debugger detached; the run continues\n", core_.c_str());
}

bool GdbServer::send_raw(const std::string& bytes) {
  error_code ec;
  asio::write(net_->client, asio::buffer(bytes), ec);  // all of it (MSG_NOSIGNAL: a gone debugger is an error)
  return !ec;
}

bool GdbServer::send_packet(const std::string& payload) {
  last_sent_ = rsp_frame(payload);
  return send_raw(last_sent_);
}

bool GdbServer::receive(bool block) {
  error_code ec;
  uint8_t buf[4096];
  net_->client.non_blocking(!block, ec);
  const size_t n = net_->client.read_some(asio::buffer(buf), ec);
  net_->client.non_blocking(false);  // writes block until sent
  if (ec == asio::error::would_block || ec == asio::error::interrupted) return true;
  if (ec) return false;  // eof: the debugger closed the connection
  decoder_.feed(buf, n, events_);
  return true;
}

bool GdbServer::poll() {
  if (interrupt_) return true;
  const auto now = std::chrono::steady_clock::now();
  if (now < next_poll_) return false;
  next_poll_ = now + kPollInterval;
  if (!attached()) {
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
  const bool go_on = stopped(target, StopReason{StopReason::Attached});
  held_ = &target;
  return go_on;
}

bool GdbServer::stopped(DebugTarget& target, const StopReason& why_in) {
  if (why_in.kind == StopReason::Attached && held_ == &target) {  // served before the start
    held_ = nullptr;
    return true;
  }
  StopReason why = why_in;
  const bool fresh = attached() && (!session_ || target_ != &target);
  interrupt_ = false;
  if (!attached() && why.kind == StopReason::Attached && wait_) {
    std::fprintf(stderr, "[gdb] %s: waiting for a debugger on 127.0.0.1:%u\n", core_.c_str(), unsigned(port_));
    while (!attached()) accept_client(true);
  }
  if (!attached()) return true;  // nobody to report to
  if (!session_ || target_ != &target) {
    session_ = std::make_unique<GdbSession>(target, decoder_.max_payload());
    if (monitor_) session_->set_monitor(monitor_);
    target_ = &target;
  }
  // A stop the debugger asked for or is waiting for gets a stop reply now; on attach gdb asks
  // with '?' itself.
  const bool attach = why.kind == StopReason::Attached || fresh;
  if (attach) why.kind = StopReason::Attached;
  const std::string reply = session_->stop_reply(why);
  if (!attach) {
    if (why.kind == StopReason::Fault) {
      char msg[96];
      std::snprintf(msg, sizeof msg, "abort at address 0x%08llx\n", static_cast<unsigned long long>(why.addr));
      send_packet("O" + hex_encode(msg));
    }
    if (!send_packet(reply)) {
      drop_client();
      target.set_single_step(false);
      return true;
    }
  }
  for (;;) {
    while (events_.empty()) {
      if (!receive(true)) {
        drop_client();
        target.set_single_step(false);
        return true;
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
        target.set_single_step(false);
        return true;
      case GdbSession::Action::Step:
        target.set_single_step(true);
        return true;
      case GdbSession::Action::Detach:
        drop_client();
        target.set_single_step(false);
        return true;
      case GdbSession::Action::Kill:
        killed_ = true;
        drop_client();
        std::fprintf(stderr, "[gdb] %s: killed by the debugger\n", core_.c_str());
        if (on_kill_) on_kill_();
        return false;
    }
  }
}

void GdbServer::end_of_run(DebugTarget& target, int status, int signal, const std::string& reason) {
  if (!attached() || killed_ || final_sent_) return;
  send_packet("O" + hex_encode("zvp: the run ended (" + reason + ")\n"));
  StopReason end{StopReason::Exited};
  end.status = status & 0xFF;
  end.signal = signal;
  finished(target, end);
}

void GdbServer::finished(DebugTarget& target, const StopReason& why) {
  if (!attached() || killed_ || final_sent_) return;
  final_sent_ = true;
  if (!session_ || target_ != &target) {
    session_ = std::make_unique<GdbSession>(target, decoder_.max_payload());
    target_ = &target;
  }
  send_packet(session_->stop_reply(why));
  // Let the debugger read the last reply before the connection goes: read (at most 2 s of host
  // time) until it closes its side.
  error_code ec;
  net_->client.shutdown(tcp::socket::shutdown_send, ec);
  uint8_t buf[512];
  std::function<void()> drain = [&] {
    net_->client.async_read_some(asio::buffer(buf), [&](const error_code& e, size_t) {
      if (!e) drain();
    });
  };
  drain();
  net_->io.restart();
  net_->io.run_for(std::chrono::seconds(2));
  net_->client.close(ec);  // a read still pending ends (operation_aborted) in the run below
  net_->io.restart();
  net_->io.run();
}

}  // namespace zvp::debug
