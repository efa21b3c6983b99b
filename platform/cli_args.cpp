#include "cli_args.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace zvp::cli {

double parse_double(const std::string& text, const std::string& what) {
  char* end = nullptr;
  errno = 0;
  double v = std::strtod(text.c_str(), &end);
  if (text.empty() || errno || *end || !std::isfinite(v))
    throw UsageError(what + ": '" + text + "' is not a number");
  return v;
}

uint64_t parse_u64(const std::string& text, const std::string& what) {
  char* end = nullptr;
  errno = 0;
  if (text.empty() || text[0] == '-') throw UsageError(what + ": '" + text + "' is not a whole number");
  unsigned long long v = std::strtoull(text.c_str(), &end, 0);
  if (errno || *end) throw UsageError(what + ": '" + text + "' is not a whole number");
  return v;
}

sc_core::sc_time parse_time(const std::string& text) {
  size_t i = 0;
  while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.' ||
                             text[i] == 'e' || text[i] == 'E' || text[i] == '+'))
    ++i;
  // Allow exponents only when followed by digits ("1e3ms"); step back over a trailing 'e'.
  std::string num = text.substr(0, i), unit = text.substr(i);
  if (num.empty() || unit.empty())
    throw UsageError("time '" + text + "' needs a number and a unit (s, ms, us, ns, ps), e.g. 10ms");
  double v = parse_double(num, "time '" + text + "'");
  double ps_per_unit;
  if (unit == "s") ps_per_unit = 1e12;
  else if (unit == "ms") ps_per_unit = 1e9;
  else if (unit == "us") ps_per_unit = 1e6;
  else if (unit == "ns") ps_per_unit = 1e3;
  else if (unit == "ps") ps_per_unit = 1;
  else throw UsageError("time '" + text + "': unknown unit '" + unit + "' (s, ms, us, ns, ps)");
  double ps = v * ps_per_unit;
  if (!(ps > 0) || ps > 1.8e19) throw UsageError("time '" + text + "' out of range");
  return sc_core::sc_time(static_cast<double>(std::llround(ps)), sc_core::SC_PS);
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
      } else if (in(with_value, name)) {
        if (!has_eq) {
          if (i + 1 >= argc) throw UsageError("option " + name + " needs a value");
          value = argv[++i];
        }
        p.options[name] = value;
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
