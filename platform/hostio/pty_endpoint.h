// A UART reachable through a pseudo-terminal (`--uartN pty`, like QEMU's `-serial pty`): the
// path of the terminal side is printed on stderr ("zvp: UART1 on /dev/pts/5") for a terminal
// program (screen, picocom, minicom) or a test to open. The line is raw (8-bit clean, no echo,
// no newline translation): the firmware sees exactly the bytes the program writes.
// The platform keeps the terminal side open itself, so output written before a program opens
// it waits in the pty's buffer (what does not fit is dropped: the run never blocks on a pty),
// and a program may close and reopen it while the run goes on. At the end of the run the pty
// stays open until the program has read the last output, or for kLinger at most.
#pragma once
#include <chrono>
#include <string>

#include "endpoint.h"

namespace zvp::hostio {

class PtyEndpoint : public Endpoint {
 public:
  static constexpr std::chrono::milliseconds kLinger{2000};

  explicit PtyEndpoint(const std::string& label);  // throws ConfigError when no pty can be had
  ~PtyEndpoint() override;
  PtyEndpoint(const PtyEndpoint&) = delete;
  PtyEndpoint& operator=(const PtyEndpoint&) = delete;

  const std::string& path() const { return path_; }
  void send(char c) override;
  void receive(std::string& out) override;
  void wait_fds(std::vector<int>& fds) const override { fds.push_back(master_); }

 private:
  std::string path_;
  int master_ = -1, slave_ = -1;
};

}  // namespace zvp::hostio
