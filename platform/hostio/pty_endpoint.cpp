#include "pty_endpoint.h"

#include <cerrno>
#include <chrono>
#include <thread>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include "core/config_error.h"

namespace zvp::hostio {

PtyEndpoint::PtyEndpoint(const std::string& label) {
  master_ = ::posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
  char name[128];
  if (master_ < 0 || ::grantpt(master_) != 0 || ::unlockpt(master_) != 0 ||
      ::ptsname_r(master_, name, sizeof name) != 0) {
    const std::string why = std::strerror(errno);
    if (master_ >= 0) ::close(master_);
    throw ConfigError(label + " pty: cannot open a pseudo-terminal: " + why);
  }
  path_ = name;
  slave_ = ::open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);  // held open: see the header
  termios t{};
  if (slave_ >= 0 && ::tcgetattr(slave_, &t) == 0) {
    ::cfmakeraw(&t);
    ::tcsetattr(slave_, TCSANOW, &t);
  }
  std::fprintf(stderr, "zvp: %s on %s\n", label.c_str(), path_.c_str());
}

PtyEndpoint::~PtyEndpoint() {
  // Closing the master discards what the program on the terminal side has not read yet: give it
  // up to kLinger to read the run's last output (the slave's input queue is shared by every
  // descriptor of the terminal, ours included). The kernel moves written bytes to that queue
  // asynchronously, so the queue must be seen empty twice, a settling time apart.
  const auto until = std::chrono::steady_clock::now() + kLinger;
  const auto settle = std::chrono::milliseconds(20);
  for (int empty = 0; slave_ >= 0 && empty < 2 && std::chrono::steady_clock::now() < until;) {
    std::this_thread::sleep_for(settle);
    int unread = 0;
    if (::ioctl(slave_, FIONREAD, &unread) != 0) break;
    empty = unread > 0 ? 0 : empty + 1;
  }
  if (slave_ >= 0) ::close(slave_);
  ::close(master_);
}

void PtyEndpoint::send(char c) {
  while (::write(master_, &c, 1) < 0 && errno == EINTR) {
  }  // EAGAIN: the pty's buffer is full and nobody reads it: dropped
}

void PtyEndpoint::receive(std::string& out) {
  char buf[512];
  ssize_t n;
  while ((n = ::read(master_, buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0) out.append(buf, size_t(n));
}

}  // namespace zvp::hostio
