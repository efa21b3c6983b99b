// Checking a scenario's expectations (scenario.h) against what a run did: how it ended
// (RunResult), what the console printed and the results it reported (console_protocol.h).
#pragma once
#include <string>
#include <vector>

#include "console_protocol.h"
#include "scenario.h"
#include "session.h"

namespace zvp {

struct Check {
  std::string name;    // "exit_status", "uart_contains", "result.<key>", ...
  bool passed = false;
  std::string detail;  // what was expected and what happened, for people
};

// One check per expectation, in a fixed order: finished (only when the time limit stopped the
// run), exit_status, uart_contains..., uart_regex..., accuracy_min, sim_time_max, result.<key>...,
// regression.<key>... (keys: an @result key, or "<layer>.<column>" of a layer reported once)
// `time_limit_s` is the run's simulated-time limit (for the "finished" message).
std::vector<Check> check_expectations(const Expectations& expect, double time_limit_s, const RunResult& run,
                                      const std::string& console, const Results& results);

bool all_passed(const std::vector<Check>& checks);

}  // namespace zvp
