// SIGINT/SIGTERM handling of a run (stop_signals.h). The handler only uses async-signal-safe
// calls: write(2), sigaction(2), sigprocmask(2), raise(3), _exit(2).
#include "stop_signals.h"

#include <csignal>
#include <cstring>
#include <unistd.h>

namespace zvp {

namespace {

volatile std::sig_atomic_t g_requested = 0;
constexpr int kSignals[] = {SIGINT, SIGTERM};
struct sigaction g_old[2];

int index_of(int sig) { return sig == SIGINT ? 0 : 1; }

void say(const char* s) {
  const ssize_t n = ::write(STDERR_FILENO, s, std::strlen(s));
  (void)n;
}

extern "C" void on_run_stop_signal(int sig) {
  if (!g_requested) {
    g_requested = sig;
    say(sig == SIGINT ? "\nzvp: interrupted (SIGINT): stopping at the next quantum boundary, writing the outputs "
                        "(Ctrl-C again exits at once)\n"
                      : "\nzvp: terminated (SIGTERM): stopping at the next quantum boundary, writing the outputs\n");
    return;
  }
  // The second signal: the previous handler decides (the raw terminal's restores the terminal
  // and ends the process with the signal); one that ignores it still ends the process.
  ::sigaction(sig, &g_old[index_of(sig)], nullptr);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, sig);
  ::sigprocmask(SIG_UNBLOCK, &set, nullptr);  // blocked while this handler runs
  ::raise(sig);
  ::_exit(128 + sig);
}

}  // namespace

StopSignals::StopSignals() {
  g_requested = 0;
  struct sigaction sa {};
  sa.sa_handler = on_run_stop_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  for (int i = 0; i < 2; ++i) ::sigaction(kSignals[i], &sa, &g_old[i]);
}

StopSignals::~StopSignals() {
  for (int i = 0; i < 2; ++i) ::sigaction(kSignals[i], &g_old[i], nullptr);
}

int StopSignals::requested() { return g_requested; }

}  // namespace zvp
