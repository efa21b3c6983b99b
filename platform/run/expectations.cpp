// Expectation checks (expectations.h).
#include "expectations.h"

#include <regex>

namespace zvp {

std::vector<Check> check_expectations(const Expectations& expect, double time_limit_s, const RunResult& run,
                                      const std::string& console, const Results& results) {
  std::vector<Check> checks;
  if (run.time_limit)
    checks.push_back({"finished", false, "simulated-time limit of " + fmt_number(time_limit_s) +
                                             " s reached before the firmware exited"});
  if (expect.exit_status)
    checks.push_back({"exit_status", run.exited && run.exit_status == *expect.exit_status,
                      "expected " + std::to_string(*expect.exit_status) + ", got " +
                          (run.exited ? std::to_string(run.exit_status) : std::string("no exit"))});
  for (const auto& s : expect.uart_contains)
    checks.push_back({"uart_contains", console.find(s) != std::string::npos, s});
  for (const auto& re : expect.uart_regex) {
    // A scenario's bad pattern is a failed check with a clear detail, not a crash.
    try {
      checks.push_back({"uart_regex", std::regex_search(console, std::regex(re)), re});
    } catch (const std::regex_error&) {
      checks.push_back({"uart_regex", false, "bad regular expression: " + re});
    }
  }
  if (expect.accuracy_min) {
    const double acc = accuracy_of(results);
    checks.push_back({"accuracy_min", std::isfinite(acc) && acc >= *expect.accuracy_min,
                      "accuracy " + (std::isfinite(acc) ? fmt_number(acc) : std::string("not reported")) +
                          " >= " + fmt_number(*expect.accuracy_min)});
  }
  if (expect.sim_time_max_s)
    checks.push_back({"sim_time_max", run.sim_s <= *expect.sim_time_max_s,
                      fmt_number(run.sim_s) + " s <= " + fmt_number(*expect.sim_time_max_s) + " s"});
  for (const auto& [key, range] : expect.results) {
    const bool have = results.has(key);
    const double v = results.get(key);
    checks.push_back({"result." + key, have && v >= range.first && v <= range.second,
                      (have ? fmt_number(v) : std::string("not reported")) + " in [" + fmt_number(range.first) +
                          ", " + fmt_number(range.second) + "]"});
  }
  return checks;
}

bool all_passed(const std::vector<Check>& checks) {
  for (const auto& c : checks)
    if (!c.passed) return false;
  return true;
}

}  // namespace zvp
