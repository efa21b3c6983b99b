// Small command-line helpers shared by the zvp sub-commands: option parsing with clear errors,
// and simulated-time values such as "10ms" or "2.5s".
#pragma once
#include <systemc>

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace zvp::cli {

// Exit statuses of the zvp executable (documented in --help and the README).
constexpr int kExitUsage = 2;        // bad options, unknown board, malformed ELF/YAML/data
constexpr int kExitTimeLimit = 3;    // the simulated-time (or instruction) limit was reached
constexpr int kExitInternal = 4;     // a simulator error (a bug: please report)
constexpr int kExitExpectation = 5;  // a scenario expectation failed
constexpr int kExitKilled = 6;       // a debugger killed the run (gdb kill)

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The value parsers of core/units.h, reporting UsageError (exit status 2).
sc_core::sc_time parse_time(const std::string& text);
double parse_double(const std::string& text, const std::string& what);
uint64_t parse_u64(const std::string& text, const std::string& what);
uint32_t parse_u32(const std::string& text, const std::string& what);  // no wrap-around

// Splits argv into positionals and --options. `with_value` lists the options taking a value
// (--opt VALUE or --opt=VALUE); `flags` lists the ones that do not. Unknown options throw.
struct Parsed {
  std::vector<std::string> positional;
  std::map<std::string, std::string> options;  // flags map to "1"; repeated options: the last
  std::map<std::string, std::vector<std::string>> all;  // every value of each option, in order
  bool has(const std::string& o) const { return options.count(o) != 0; }
  std::string get(const std::string& o, const std::string& def = "") const {
    auto it = options.find(o);
    return it == options.end() ? def : it->second;
  }
};
Parsed parse(int argc, char** argv, int first, const std::vector<std::string>& with_value,
             const std::vector<std::string>& flags);

}  // namespace zvp::cli
