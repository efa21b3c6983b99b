// The user's terminal as the board's console (`--console`, like QEMU's `-nographic`): keys typed
// go to the console UART's receiver, its transmitter writes to the terminal. The terminal is put
// in raw mode (no line editing, no echo, no signals from Ctrl-C: everything goes to the board)
// and restored on every way out: normal end, error, exit(), and fatal or termination signals.
// Commands start with Ctrl-A: `Ctrl-A x` ends the run (exit status 0), `Ctrl-A h` prints the
// commands, `Ctrl-A Ctrl-A` types one Ctrl-A.
#pragma once
#include <string>

#include "endpoint.h"

namespace zvp::hostio {

// The Ctrl-A command decoder, byte by byte.
class EscapeDecoder {
 public:
  enum class Command { None, Quit, Help };
  static constexpr char kEscape = 0x01;  // Ctrl-A
  // One typed byte: appends what the board receives to `to_board`, returns the command it ends.
  Command feed(char c, std::string& to_board);

 private:
  bool escaped_ = false;
};

// Raw mode on a terminal descriptor for the lifetime of the object (see the header comment).
class RawTerminal {
 public:
  explicit RawTerminal(int fd);  // throws ConfigError when fd is not a terminal
  ~RawTerminal();
  RawTerminal(const RawTerminal&) = delete;
  RawTerminal& operator=(const RawTerminal&) = delete;
};

class TerminalEndpoint : public Endpoint {
 public:
  // in_fd must be a terminal (ConfigError otherwise); out_fd receives the UART's output.
  TerminalEndpoint(int in_fd, int out_fd);

  void send(char c) override;
  void receive(std::string& out) override;
  void wait_fds(std::vector<int>& fds) const override;
  bool quit_requested() const override { return quit_; }

  static const char* help_text();

 private:
  void write_out(const std::string& s) const;

  int in_, out_;
  RawTerminal raw_;
  EscapeDecoder decoder_;
  bool quit_ = false, eof_ = false;
};

}  // namespace zvp::hostio
