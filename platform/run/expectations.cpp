// Expectation checks (expectations.h).
#include "expectations.h"

#include <cmath>
#include <regex>

namespace zvp {

namespace {

// The value an expectation key names: an @result key, else "<layer>.<column>" (the same form as
// the scenario's `reference` keys) for a layer reported once. A name that several layers carry
// is refused: which one the band was meant for is not known.
bool lookup(const Results& results, const std::string& key, double& v, std::string& why) {
  if (results.has(key)) {
    v = results.get(key);
    return true;
  }
  const size_t dot = key.rfind('.');
  if (dot != std::string::npos) {
    const std::string layer = key.substr(0, dot), col = key.substr(dot + 1);
    const LayerRow* found = nullptr;
    unsigned n = 0;
    for (const LayerRow& l : results.layers)
      if (l.name == layer) {
        found = &l;
        ++n;
      }
    if (n > 1) {
      why = std::to_string(n) + " layers are named '" + layer + "'";
      return false;
    }
    if (found && found->values.count(col)) {
      v = found->number(col);
      return true;
    }
  }
  why = "not reported";
  return false;
}

}  // namespace

std::vector<Check> check_expectations(const Expectations& expect, double time_limit_s, const RunResult& run,
                                      const std::string& console, const Results& results) {
  std::vector<Check> checks;
  if (run.time_limit)
    checks.push_back({"finished", false, "simulated-time limit of " + fmt_number(time_limit_s) +
                                             " s reached before the firmware exited"});
  if (run.killed) checks.push_back({"finished", false, "killed by the debugger before the firmware exited"});
  // A kernel that halts or asks for a reboot under no_reboot ends with status 0 (its reason).
  const bool ended = !run.end_reason.empty();
  if (expect.exit_status)
    checks.push_back({"exit_status",
                      run.exited ? run.exit_status == *expect.exit_status : ended && *expect.exit_status == 0,
                      "expected " + std::to_string(*expect.exit_status) + ", got " +
                          (run.exited ? std::to_string(run.exit_status)
                           : ended    ? "0 (" + run.end_reason + ")"
                                      : std::string("no exit"))});
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
  auto bands = [&](const std::map<std::string, std::pair<double, double>>& m, const char* kind) {
    for (const auto& [key, range] : m) {
      double v = NAN;
      std::string why;
      const bool have = lookup(results, key, v, why);
      checks.push_back({kind + key, have && v >= range.first && v <= range.second,
                        (have ? fmt_number(v) : why) + " in [" + fmt_number(range.first) + ", " +
                            fmt_number(range.second) + "]"});
    }
  };
  bands(expect.results, "result.");
  bands(expect.regression, "regression.");
  return checks;
}

bool all_passed(const std::vector<Check>& checks) {
  for (const auto& c : checks)
    if (!c.passed) return false;
  return true;
}

RunChanges run_changes(const Scenario& s, uint32_t scenario_images) {
  RunChanges c;
  if (s.images != scenario_images)
    c.images = "--images " + std::to_string(s.images) + " (scenario: " + std::to_string(scenario_images) + ")";
  std::string own = "lt", now;
  for (const ParamSetting& p : s.params) {
    if (p.path != "sim.timing") continue;
    if (p.origin.rfind("scenario ", 0) == 0) own = p.value;
    now = p.value;
  }
  if (!now.empty() && now != own) c.timing = "--timing " + now + " (scenario: " + own + ")";
  return c;
}

std::string drop_changed_bands(Expectations& e, const RunChanges& changes, uint32_t old_images,
                               uint32_t new_images) {
  const unsigned changed = (changes.images.empty() ? 0 : kDependsImages) | (changes.timing.empty() ? 0 : kDependsTiming);
  if (!changed) return "";
  const bool can_scale = (changed & kDependsImages) && old_images && new_images;
  std::string dropped, scaled;
  unsigned n_dropped = 0, n_scaled = 0;
  for (const auto& [name, bits] : e.depends) {
    const size_t dot = name.find('.');
    auto& section = name.compare(0, dot, "results") == 0 ? e.results : e.regression;
    auto band = section.find(name.substr(dot + 1));
    if (band == section.end()) continue;
    const bool rebase = (bits & kScalesWithImages) && (changed & kDependsImages);
    if (rebase && can_scale && !(bits & changed)) {
      const double k = double(new_images) / double(old_images);
      band->second = {band->second.first * k, band->second.second * k};
      scaled += (n_scaled++ ? ", " : "") + name + " [" + fmt_number(band->second.first) + ", " +
                fmt_number(band->second.second) + "]";
      continue;
    }
    if (!rebase && !(bits & changed)) continue;
    section.erase(band);
    dropped += (n_dropped++ ? ", " : "") + name;
  }
  std::string why;
  if (changed & kDependsImages) why = changes.images;
  if (changed & kDependsTiming) why += (why.empty() ? "" : ", ") + changes.timing;
  std::string out;
  if (n_dropped)
    out += "[zvp] " + std::to_string(n_dropped) + (n_dropped == 1 ? " band" : " bands") +
           " not checked: declared to hold only at the scenario's own image count or timing mode, changed by " +
           why + ": " + dropped + "\n";
  if (n_scaled)
    out += "[zvp] " + std::to_string(n_scaled) + (n_scaled == 1 ? " band" : " bands") + " re-based to " +
           changes.images + ": " + scaled + "\n";
  return out;
}

}  // namespace zvp
