#include "tcp_endpoint.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "core/config_error.h"

namespace zvp::hostio {

int listen_loopback(int port, const std::string& what, int* bound) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) throw ConfigError(what + ": socket: " + std::strerror(errno));
  const int one = 1;
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);  // 127.0.0.1 only: never reachable from outside
  a.sin_port = htons(uint16_t(port));
  if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 || ::listen(fd, 1) != 0) {
    const std::string why = std::strerror(errno);
    ::close(fd);
    throw ConfigError(what + ": cannot listen on 127.0.0.1:" + std::to_string(port) + ": " + why);
  }
  socklen_t len = sizeof a;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
  *bound = ntohs(a.sin_port);
  return fd;
}

TcpEndpoint::TcpEndpoint(const std::string& label, int port, bool wait) : label_(label), wait_(wait) {
  listen_fd_ = listen_loopback(port, label, &port_);
  std::fprintf(stderr, "zvp: %s on 127.0.0.1:%d (tcp%s)\n", label_.c_str(), port_,
               wait_ ? "; the run waits for a client" : ", nowait: output is dropped while no client is connected");
}

TcpEndpoint::~TcpEndpoint() {
  if (client_ >= 0) ::close(client_);
  ::close(listen_fd_);
}

bool TcpEndpoint::accept_client(bool block) {
  if (client_ >= 0) return true;
  if (block) std::fprintf(stderr, "zvp: %s waiting for a client on 127.0.0.1:%d\n", label_.c_str(), port_);
  pollfd p{listen_fd_, POLLIN, 0};
  int r;
  while ((r = ::poll(&p, 1, block ? -1 : 0)) < 0 && errno == EINTR) {
  }
  if (r <= 0) return false;
  const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
  if (fd < 0) return false;
  const int one = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);  // a typed character, at once
  client_ = fd;
  return true;
}

void TcpEndpoint::drop_client() {
  ::close(client_);
  client_ = -1;
}

void TcpEndpoint::start() {
  if (wait_) accept_client(true);
}

void TcpEndpoint::send(char c) {
  if (!accept_client(wait_)) return;  // nowait and nobody there: dropped
  for (;;) {
    const ssize_t n = ::send(client_, &c, 1, MSG_NOSIGNAL);  // blocking: a slow client slows the run
    if (n == 1) return;
    if (n < 0 && errno == EINTR) continue;
    drop_client();  // the client left: wait for the next one, or drop
    if (!accept_client(wait_)) return;
  }
}

void TcpEndpoint::receive(std::string& out) {
  if (!accept_client(false)) return;
  char buf[512];
  for (;;) {
    const ssize_t n = ::recv(client_, buf, sizeof buf, MSG_DONTWAIT);
    if (n > 0) {
      out.append(buf, size_t(n));
      continue;
    }
    if (n < 0 && (errno == EINTR)) continue;
    if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) drop_client();  // closed or reset
    return;
  }
}

void TcpEndpoint::wait_fds(std::vector<int>& fds) const { fds.push_back(client_ >= 0 ? client_ : listen_fd_); }

}  // namespace zvp::hostio
