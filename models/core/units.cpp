#include "core/units.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace zvp::units {

namespace {

std::string trim(const std::string& s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

// Splits "12.5MHz" into "12.5" and "MHz" (the number may use an exponent: "1e3ms").
void split_number(const std::string& text, std::string& num, std::string& unit) {
  size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    const bool exp = (c == 'e' || c == 'E') && i + 1 < text.size() &&
                     (std::isdigit(static_cast<unsigned char>(text[i + 1])) || text[i + 1] == '-' ||
                      text[i + 1] == '+');
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.' || exp ||
        ((c == '+' || c == '-') && (i == 0 || text[i - 1] == 'e' || text[i - 1] == 'E')))
      ++i;
    else
      break;
  }
  num = text.substr(0, i);
  unit = trim(text.substr(i));
}

}  // namespace

double parse_double(const std::string& text0, const std::string& what) {
  const std::string text = trim(text0);
  char* end = nullptr;
  errno = 0;
  double v = std::strtod(text.c_str(), &end);
  if (text.empty() || errno || *end || !std::isfinite(v))
    throw ConfigError(what + ": '" + text0 + "' is not a number");
  return v;
}

uint64_t parse_u64(const std::string& text0, const std::string& what) {
  const std::string text = trim(text0);
  char* end = nullptr;
  errno = 0;
  if (text.empty() || text[0] == '-' || text[0] == '+')
    throw ConfigError(what + ": '" + text0 + "' is not a whole number >= 0");
  unsigned long long v = std::strtoull(text.c_str(), &end, 0);
  if (errno == ERANGE) throw ConfigError(what + ": '" + text0 + "' is too large");
  if (errno || *end) throw ConfigError(what + ": '" + text0 + "' is not a whole number >= 0");
  return v;
}

int64_t parse_i64(const std::string& text0, const std::string& what) {
  const std::string text = trim(text0);
  char* end = nullptr;
  errno = 0;
  long long v = std::strtoll(text.c_str(), &end, 0);
  if (text.empty() || errno || *end) throw ConfigError(what + ": '" + text0 + "' is not a whole number");
  return v;
}

bool parse_bool(const std::string& text0, const std::string& what) {
  std::string t = trim(text0);
  for (auto& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (t == "true" || t == "1" || t == "on" || t == "yes") return true;
  if (t == "false" || t == "0" || t == "off" || t == "no") return false;
  throw ConfigError(what + ": '" + text0 + "' is not a boolean (true/false)");
}

sc_core::sc_time parse_time(const std::string& text0, const std::string& what) {
  const std::string text = trim(text0);
  std::string num, unit;
  split_number(text, num, unit);
  if (num.empty() || unit.empty())
    throw ConfigError(what + ": '" + text0 + "' needs a number and a unit (s, ms, us, ns, ps), e.g. 10ms");
  const double v = parse_double(num, what);
  double ps_per_unit;
  if (unit == "s") ps_per_unit = 1e12;
  else if (unit == "ms") ps_per_unit = 1e9;
  else if (unit == "us") ps_per_unit = 1e6;
  else if (unit == "ns") ps_per_unit = 1e3;
  else if (unit == "ps") ps_per_unit = 1;
  else throw ConfigError(what + ": '" + text0 + "': unknown unit '" + unit + "' (s, ms, us, ns, ps)");
  const double ps = v * ps_per_unit;
  if (!(ps > 0) || ps > 1.8e19) throw ConfigError(what + ": '" + text0 + "' out of range");
  return sc_core::sc_time(static_cast<double>(std::llround(ps)), sc_core::SC_PS);
}

double parse_frequency(const std::string& text0, const std::string& what) {
  const std::string text = trim(text0);
  std::string num, unit;
  split_number(text, num, unit);
  if (num.empty()) throw ConfigError(what + ": '" + text0 + "' is not a frequency (e.g. 100MHz)");
  const double v = parse_double(num, what);
  double scale;
  if (unit.empty() || unit == "Hz") scale = 1;
  else if (unit == "kHz") scale = 1e3;
  else if (unit == "MHz") scale = 1e6;
  else if (unit == "GHz") scale = 1e9;
  else throw ConfigError(what + ": '" + text0 + "': unknown unit '" + unit + "' (Hz, kHz, MHz, GHz)");
  const double hz = v * scale;
  if (!(hz > 0)) throw ConfigError(what + ": '" + text0 + "' must be above 0 Hz");
  return hz;
}

uint64_t parse_bytes(const std::string& text0, const std::string& what) {
  const std::string text = trim(text0);
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) return parse_u64(text, what);
  std::string num, unit;
  split_number(text, num, unit);
  if (num.empty() || num.find_first_of(".eE-+") != std::string::npos)
    throw ConfigError(what + ": '" + text0 + "' is not a size (e.g. 512MiB or 0x20000000)");
  const uint64_t v = parse_u64(num, what);
  uint64_t scale;
  if (unit.empty() || unit == "B") scale = 1;
  else if (unit == "K" || unit == "KiB" || unit == "KB") scale = 1ull << 10;
  else if (unit == "M" || unit == "MiB" || unit == "MB") scale = 1ull << 20;
  else if (unit == "G" || unit == "GiB" || unit == "GB") scale = 1ull << 30;
  else throw ConfigError(what + ": '" + text0 + "': unknown unit '" + unit + "' (KiB, MiB, GiB)");
  if (v > UINT64_MAX / scale) throw ConfigError(what + ": '" + text0 + "' is too large");
  return v * scale;
}

std::string format_double(double v) {
  char b[64];
  std::snprintf(b, sizeof b, "%.10g", v);
  return b;
}

std::string format_time(const sc_core::sc_time& t) {
  const double ps = t.to_seconds() * 1e12;
  static const struct { const char* unit; double ps; } kUnits[] = {
      {"s", 1e12}, {"ms", 1e9}, {"us", 1e6}, {"ns", 1e3}, {"ps", 1}};
  for (auto& u : kUnits)
    if (ps >= u.ps) return format_double(ps / u.ps) + u.unit;
  return "0ps";
}

std::string format_frequency(double hz) {
  if (hz >= 1e9) return format_double(hz / 1e9) + "GHz";
  if (hz >= 1e6) return format_double(hz / 1e6) + "MHz";
  if (hz >= 1e3) return format_double(hz / 1e3) + "kHz";
  return format_double(hz) + "Hz";
}

std::string format_bytes(uint64_t n) {
  if (n && n % (1ull << 30) == 0) return std::to_string(n >> 30) + "GiB";
  if (n && n % (1ull << 20) == 0) return std::to_string(n >> 20) + "MiB";
  if (n && n % (1ull << 10) == 0) return std::to_string(n >> 10) + "KiB";
  return std::to_string(n);
}

}  // namespace zvp::units
