// Small command-line helpers shared by the zvp sub-commands: the exit statuses, the usage error,
// and the value parsers (simulated times such as "10ms" or "2.5s", whole numbers) that the option
// tables (cli_options.h) use.
#pragma once
#include <systemc>

#include <stdexcept>
#include <string>

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

}  // namespace zvp::cli
