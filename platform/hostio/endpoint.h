// A live host end of a serial line: a TCP client, a pseudo-terminal or the user's terminal.
// The platform's console (platform/run/console) sends a UART's transmitted characters to it and
// feeds what the host typed or sent into the UART's receiver. Endpoints never block the caller
// except where their kind says so (a TCP server in "wait" mode holds the run until a client is
// connected), so the simulation thread may poll them.
#pragma once
#include <string>
#include <vector>

namespace zvp::hostio {

class Endpoint {
 public:
  virtual ~Endpoint() = default;
  // A character the UART transmitted (to the host).
  virtual void send(char c) = 0;
  // Appends to `out` what the host sent since the last call; never blocks.
  virtual void receive(std::string& out) = 0;
  // The descriptors on which host input (or a client connecting) becomes readable, for a
  // caller that waits for the host.
  virtual void wait_fds(std::vector<int>& fds) const = 0;
  // Called once, at the start of the simulation, before the first send: an endpoint that holds
  // the run until the host side is there (TCP "wait") blocks here.
  virtual void start() {}
  // True once the host asked to end the run (the terminal's Ctrl-A x).
  virtual bool quit_requested() const { return false; }
};

// What `--uartN` names: a file (the historical meaning), a TCP server or a pseudo-terminal.
struct EndpointSpec {
  enum class Kind { File, Tcp, Pty };
  Kind kind = Kind::File;
  std::string path;   // Kind::File
  int port = 0;       // Kind::Tcp: 0 = any free port (printed on stderr)
  bool wait = true;   // Kind::Tcp: hold the run until a client is connected
};

// "tcp:PORT", "tcp:PORT,nowait", "tcp:PORT,wait", "pty", anything else is a file path. Throws
// ConfigError for a malformed tcp: spec (e.g. a port above 65535).
EndpointSpec parse_endpoint_spec(const std::string& text, const std::string& option);

}  // namespace zvp::hostio
