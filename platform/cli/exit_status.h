// The exit-status contract (docs/usage.md, "Exit status"): the process exits 0-255; a firmware that
// exits through semihosting gives its own status (modulo 256); the simulator's statuses are
// 2 bad input, 3 limit reached / lock-up, 4 internal error, 5 expectation failed. Because a
// firmware may exit 2..5 too, every run also says who decided the status: the summary line
// ends "(firmware exit(N))" or "(simulator: REASON)", `--status-file PATH` writes
// {"source", "status", "process_status", "reason"} as JSON, and zvp run's report has the same
// `exit` object.
#pragma once
#include <string>

namespace zvp::cli {

struct ExitInfo {
  bool set = false;
  std::string source = "simulator";  // "firmware" or "simulator"
  long long status = 0;              // the firmware's full status, or the simulator's
  std::string reason;
  int process_status() const { return static_cast<int>(static_cast<unsigned long long>(status) & 0xFF); }
};

// The outcome of the current command (one per process).
ExitInfo& exit_info();
// Records a firmware exit (status as the firmware passed it) or a simulator outcome; returns
// the process status.
int firmware_exit(long long status);
int simulator_exit(int status, const std::string& reason);
// " (firmware exit(N))" or " (simulator: reason)" for summary lines.
std::string exit_note();
// The JSON object of an ExitInfo (one line).
std::string exit_json(const ExitInfo& e);

}  // namespace zvp::cli
