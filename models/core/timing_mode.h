// The two run modes (docs/architecture.md, "Timing modes"): lt (b_transport, annotated delays) and at
// (4-phase nb_transport base protocol on the memory path). Same functional results in both.
#pragma once
#include <optional>
#include <string>

namespace zvp {

enum class TimingMode { LT, AT };

inline const char* to_string(TimingMode m) { return m == TimingMode::LT ? "lt" : "at"; }

inline std::optional<TimingMode> parse_timing_mode(const std::string& s) {
  if (s == "lt") return TimingMode::LT;
  if (s == "at") return TimingMode::AT;
  return std::nullopt;
}

}  // namespace zvp
