// A UART reachable as a TCP server on 127.0.0.1 (`--uartN tcp:PORT[,nowait]`), one client at a
// time, like QEMU's `-serial tcp::PORT,server`. Transmitted characters go to the client; the
// client's bytes go to the UART's receiver. While no client is connected:
//   wait (default): the run is held until one connects, at the start and whenever the UART
//                   transmits after a client left, so no output is ever lost;
//   nowait:         the run goes on and transmitted characters are dropped (QEMU's nowait).
// A second client waits in the listen queue until the first one disconnects.
#pragma once
#include <string>

#include "endpoint.h"

namespace zvp::hostio {

// A listening TCP socket on 127.0.0.1:port (0: any free port); `*bound` receives the port.
// Throws ConfigError naming `what` when the port cannot be bound (e.g. in use).
int listen_loopback(int port, const std::string& what, int* bound);

class TcpEndpoint : public Endpoint {
 public:
  // Listens at once and prints "zvp: <label> on 127.0.0.1:<port> ..." on stderr.
  TcpEndpoint(const std::string& label, int port, bool wait);
  ~TcpEndpoint() override;
  TcpEndpoint(const TcpEndpoint&) = delete;
  TcpEndpoint& operator=(const TcpEndpoint&) = delete;

  int port() const { return port_; }
  void send(char c) override;
  void receive(std::string& out) override;
  void wait_fds(std::vector<int>& fds) const override;
  void start() override;

 private:
  bool accept_client(bool block);
  void drop_client();

  std::string label_;
  bool wait_;
  int listen_fd_ = -1, client_ = -1, port_ = 0;
};

}  // namespace zvp::hostio
