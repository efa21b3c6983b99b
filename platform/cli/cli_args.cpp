#include "cli_args.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "core/units.h"

namespace zvp::cli {

double parse_double(const std::string& text, const std::string& what) {
  try {
    return units::parse_double(text, what);
  } catch (const ConfigError& e) {
    throw UsageError(e.what());
  }
}

uint64_t parse_u64(const std::string& text, const std::string& what) {
  try {
    return units::parse_u64(text, what);
  } catch (const ConfigError& e) {
    throw UsageError(e.what());
  }
}

uint32_t parse_u32(const std::string& text, const std::string& what) {
  const uint64_t v = parse_u64(text, what);
  if (v > UINT32_MAX) throw UsageError(what + ": '" + text + "' is larger than 4294967295");
  return static_cast<uint32_t>(v);
}

sc_core::sc_time parse_time(const std::string& text) {
  try {
    return units::parse_time(text, "time '" + text + "'");
  } catch (const ConfigError& e) {
    throw UsageError(e.what());
  }
}

}  // namespace zvp::cli
