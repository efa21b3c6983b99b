// Units of report keys and their printing (quantity.h).
#include "quantity.h"

#include <cmath>
#include <cstdio>

namespace zvp::qty {

namespace {

bool ends_with(const std::string& s, const std::string& end) {
  return s.size() >= end.size() && s.compare(s.size() - end.size(), end.size(), end) == 0;
}
bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

Unit unit_of(const std::string& key) {
  // The last path segment names the quantity, except for "latency_s.mean"-style groups.
  std::string k = key;
  for (auto& c : k) c = char(std::tolower(static_cast<unsigned char>(c)));
  // Rates first: "gops_per_s" ends in "_s" but is not a time.
  if (has(k, "gops_per_s") || has(k, "mxu_gops")) return Unit::gops_rate;
  if (has(k, "macs_per_cycle")) return Unit::macs_per_cycle;
  if (has(k, "fps")) return Unit::fps;
  if (has(k, "utilisation") || has(k, "utilization") || has(k, "efficiency") || has(k, "accuracy") ||
      has(k, "saving"))
    return Unit::fraction;
  if (has(k, "cycles")) return Unit::cycles;
  if (has(k, "bytes")) return Unit::bytes;
  if (ends_with(k, "_mhz") || ends_with(k, "_hz")) return Unit::hertz;
  if (ends_with(k, "_s") || has(k, "_s.") || has(k, "_s_") || has(k, "time_s")) return Unit::seconds;
  return Unit::none;
}

std::string plain(double v) {
  if (!std::isfinite(v)) return "-";
  char b[64];
  const double a = std::fabs(v);
  // Whole numbers (within rounding: 0.000487 s x 1e6 is 486.99999999999994 us).
  const bool whole = a >= 1 && a < 1e15 && std::fabs(v - std::round(v)) <= 1e-9 * a;
  if (a >= 1e4 || whole) {
    // As integers (anything from 10,000 up too), thousands separated.
    std::snprintf(b, sizeof b, "%.0f", std::fabs(std::round(v)));
    std::string d = b, out;
    for (size_t i = 0; i < d.size(); ++i) {
      if (i && (d.size() - i) % 3 == 0) out += ',';
      out += d[i];
    }
    return (v < 0 ? "-" : "") + out;
  }
  if (a == 0) return "0";
  // 4 significant digits in fixed notation.
  const int decimals = std::max(0, std::min(12, 3 - int(std::floor(std::log10(a)))));
  std::snprintf(b, sizeof b, "%.*f", decimals, v);
  return b;
}

Scale scale_for(Unit u, double m) {
  m = std::fabs(m);
  switch (u) {
    case Unit::seconds:
      if (m >= 1) return {1, "s"};
      if (m >= 1e-3) return {1e3, "ms"};
      if (m >= 1e-6 || m == 0) return {1e6, "us"};
      return {1e9, "ns"};
    case Unit::fraction: return {100, "%"};
    case Unit::cycles: return {1, "cycles"};
    case Unit::gops_rate: return {1, "GOPS"};
    case Unit::macs_per_cycle: return {1, "MACs/cycle"};
    case Unit::bytes: return {1, "B"};
    case Unit::fps: return {1, "frames/s"};
    case Unit::hertz: return {1, "MHz"};  // the keys that carry it are in MHz already
    case Unit::none: break;
  }
  return {1, ""};
}

std::string format(double v, Unit u) {
  if (!std::isfinite(v)) return "-";
  const Scale s = scale_for(u, v);
  std::string n = plain(v * s.scale);
  if (u == Unit::fraction) {  // percentages with two decimals: 97.24 %, 2.78 %
    char b[32];
    std::snprintf(b, sizeof b, "%.2f", v * 100);
    n = b;
  }
  return s.label.empty() ? n : n + " " + s.label;
}

}  // namespace zvp::qty
