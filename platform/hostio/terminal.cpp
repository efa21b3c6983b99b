#include "terminal.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include "core/config_error.h"

namespace zvp::hostio {

EscapeDecoder::Command EscapeDecoder::feed(char c, std::string& to_board) {
  if (!escaped_) {
    if (c == kEscape) escaped_ = true;
    else to_board += c;
    return Command::None;
  }
  escaped_ = false;
  switch (c) {
    case 'x': case 'X': return Command::Quit;
    case 'h': case 'H': case '?': return Command::Help;
    case kEscape: to_board += kEscape; return Command::None;
    default: return Command::None;  // not a command: both keys are ignored
  }
}

namespace {

// The state a signal handler needs to restore the terminal: plain data, set before the
// handlers are installed (only async-signal-safe calls in the handler).
struct Saved {
  int fd = -1;
  termios mode{};
};
Saved g_saved;
volatile std::sig_atomic_t g_raw = 0;
constexpr int kSignals[] = {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL};
struct sigaction g_old[sizeof kSignals / sizeof kSignals[0]];

void restore_now() {
  if (g_raw) {
    ::tcsetattr(g_saved.fd, TCSAFLUSH, &g_saved.mode);
    g_raw = 0;
  }
}

extern "C" void on_signal(int sig) {
  restore_now();
  std::signal(sig, SIG_DFL);  // then die of it as the process would have
  std::raise(sig);
}

extern "C" void at_exit() { restore_now(); }

}  // namespace

RawTerminal::RawTerminal(int fd) {
  termios mode{};
  if (!::isatty(fd) || ::tcgetattr(fd, &mode) != 0)
    throw ConfigError("--console needs a terminal on standard input (use --uartN tcp:PORT or pty otherwise)");
  g_saved.fd = fd;
  g_saved.mode = mode;
  static bool registered = false;
  if (!registered) {
    std::atexit(at_exit);
    registered = true;
  }
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  for (size_t i = 0; i < sizeof kSignals / sizeof kSignals[0]; ++i) ::sigaction(kSignals[i], &sa, &g_old[i]);
  // Input raw (every key to the board, Ctrl-C and Ctrl-Z included); output keeps its newline
  // translation so bare-metal firmware that ends lines with \n only still starts new lines.
  termios raw = mode;
  raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON);
  raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
  raw.c_cflag = (raw.c_cflag & ~tcflag_t(CSIZE | PARENB)) | CS8;
  raw.c_cc[VMIN] = 1;
  raw.c_cc[VTIME] = 0;
  g_raw = 1;
  ::tcsetattr(fd, TCSAFLUSH, &raw);
}

RawTerminal::~RawTerminal() {
  restore_now();
  for (size_t i = 0; i < sizeof kSignals / sizeof kSignals[0]; ++i) ::sigaction(kSignals[i], &g_old[i], nullptr);
}

TerminalEndpoint::TerminalEndpoint(int in_fd, int out_fd) : in_(in_fd), out_(out_fd), raw_(in_fd) {
  std::fprintf(stderr, "zvp: console on this terminal; Ctrl-A x quits, Ctrl-A h helps\r\n");
}

const char* TerminalEndpoint::help_text() {
  return "\r\nzvp console commands:\r\n"
         "  Ctrl-A x        end the run (exit status 0)\r\n"
         "  Ctrl-A h        this help\r\n"
         "  Ctrl-A Ctrl-A   type Ctrl-A\r\n";
}

void TerminalEndpoint::write_out(const std::string& s) const {
  size_t done = 0;
  while (done < s.size()) {
    const ssize_t n = ::write(out_, s.data() + done, s.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // the terminal is gone: output is dropped
    done += size_t(n);
  }
}

void TerminalEndpoint::send(char c) { write_out(std::string(1, c)); }

void TerminalEndpoint::receive(std::string& out) {
  while (!eof_ && !quit_) {
    pollfd p{in_, POLLIN, 0};
    if (::poll(&p, 1, 0) <= 0 || !(p.revents & (POLLIN | POLLHUP))) return;
    char buf[256];
    const ssize_t n = ::read(in_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      eof_ = true;  // the terminal closed: the run goes on without input
      return;
    }
    for (ssize_t i = 0; i < n && !quit_; ++i) {
      switch (decoder_.feed(buf[i], out)) {
        case EscapeDecoder::Command::Quit:
          quit_ = true;
          std::fprintf(stderr, "\r\nzvp: quit from the console (Ctrl-A x)\r\n");
          break;
        case EscapeDecoder::Command::Help: write_out(help_text()); break;
        case EscapeDecoder::Command::None: break;
      }
    }
  }
}

void TerminalEndpoint::wait_fds(std::vector<int>& fds) const {
  if (!eof_) fds.push_back(in_);
}

}  // namespace zvp::hostio
