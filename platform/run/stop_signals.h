// Ctrl-C (SIGINT) and SIGTERM during a run: the first one asks the run to stop at its next
// quantum boundary, so the run ends as it would at its time limit and every output (console,
// report, HTML, CSV, Perfetto trace) is written from the results so far; a second one ends the
// process at once through the handler that was there before (the raw terminal's restores the
// terminal, see platform/hostio/terminal.h; the default one ends the process with the signal).
#pragma once

namespace zvp {

class StopSignals {
 public:
  StopSignals();   // installs the handlers for SIGINT and SIGTERM; clears an earlier request
  ~StopSignals();  // puts the previous handlers back
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;
  // The signal that asked for a stop (SIGINT or SIGTERM), 0 when none did.
  static int requested();
};

}  // namespace zvp
