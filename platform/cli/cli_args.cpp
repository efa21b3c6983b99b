#include "cli_args.h"

#include <algorithm>
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

Parsed parse(int argc, char** argv, int first, const std::vector<std::string>& with_value,
             const std::vector<std::string>& flags) {
  Parsed p;
  auto in = [](const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
  };
  for (int i = first; i < argc; ++i) {
    std::string a = argv[i];
    if (a.size() > 2 && a.compare(0, 2, "--") == 0) {
      std::string name = a, value;
      bool has_eq = false;
      auto eq = a.find('=');
      if (eq != std::string::npos) {
        name = a.substr(0, eq);
        value = a.substr(eq + 1);
        has_eq = true;
      }
      if (in(flags, name)) {
        if (has_eq) throw UsageError("option " + name + " takes no value");
        p.options[name] = "1";
        p.all[name].push_back("1");
      } else if (in(with_value, name)) {
        if (!has_eq) {
          if (i + 1 >= argc) throw UsageError("option " + name + " needs a value");
          value = argv[++i];
        }
        p.options[name] = value;
        p.all[name].push_back(value);
      } else {
        throw UsageError("unknown option " + name + " (see --help)");
      }
    } else {
      p.positional.push_back(a);
    }
  }
  return p;
}

}  // namespace zvp::cli
