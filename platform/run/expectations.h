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

// What the command line changed that bands may depend on (Expectations::depends).
struct RunChanges {
  std::string images;  // "" = the scenario's image count, else e.g. "--images 3 (scenario: 20)"
  std::string timing;  // "" = the scenario's timing mode, else e.g. "--timing at (scenario: lt)"
};
// The timing mode the scenario file gives (its `timing:`, else "lt") against the one the
// command line set, and --images against run.images.
RunChanges run_changes(const Scenario& s, uint32_t scenario_images);
// Removes the bands that depend on what `changes` changed and re-bases those that scale with
// the images (by new/old images; dropped when either count is the firmware's default, 0);
// returns one line for each kind of change saying which bands and why ("" when none).
std::string drop_changed_bands(Expectations& e, const RunChanges& changes, uint32_t old_images,
                               uint32_t new_images);

}  // namespace zvp
