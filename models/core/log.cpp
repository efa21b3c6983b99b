#include "log.h"

#include <systemc>

#include <cstdio>
#include <string>

namespace zvp::log {

Level& level() {
  static Level l = Level::Info;
  return l;
}

namespace {
// Simulated time in the largest unit that keeps it >= 1, to the thousandth ("90.066 us"): easier
// to read than SystemC's exact "90065998 ps".
std::string stamp(const sc_core::sc_time& t) {
  static const struct { const char* unit; double seconds; } kUnits[] = {{"s", 1}, {"ms", 1e-3}, {"us", 1e-6}, {"ns", 1e-9}};
  const double s = t.to_seconds();
  char buf[48];
  if (s == 0) return "0 s";
  for (const auto& u : kUnits)
    if (s >= u.seconds) {
      std::snprintf(buf, sizeof buf, "%.3f %s", s / u.seconds, u.unit);
      return buf;
    }
  std::snprintf(buf, sizeof buf, "%.0f ps", s * 1e12);
  return buf;
}

void emit(const char* tag, const std::string& who, const std::string& msg) {
  std::fprintf(stderr, "[zvp %s %s] %s: %s\n", stamp(sc_core::sc_time_stamp()).c_str(), tag, who.c_str(), msg.c_str());
}
}  // namespace

void info(const std::string& who, const std::string& msg) {
  if (level() >= Level::Info) emit("info", who, msg);
}
void warn(const std::string& who, const std::string& msg) { emit("warning", who, msg); }
void error(const std::string& who, const std::string& msg) { emit("error", who, msg); }
void debug(const std::string& who, const std::string& msg) {
  if (level() >= Level::Debug) emit("debug", who, msg);
}

}  // namespace zvp::log
