// One option table per zvp sub-command (Boost.Program_options): each command declares its
// options once -- type, default, unit and help text -- in a CommandSpec; its parser, its
// `--help` and the generated CLI reference (docs/cli.md, `zvp help --markdown`) all come from
// that table, so they cannot drift. The library's errors become one-line UsageErrors (exit
// status 2) worded as "unknown option --x (see --help)", "option --x needs a value", ...
#pragma once
#include <systemc>

#include <boost/program_options.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "cli_args.h"

namespace zvp::cli {

namespace po = boost::program_options;

// Typed option values, parsed by the helpers of cli_args.h (so the messages stay the same):
// a simulated time with its unit ("10ms"), whole numbers without wrap-around.
struct TimeValue {
  sc_core::sc_time value;
};
struct U32Value {
  uint32_t value = 0;
};
struct U64Value {
  uint64_t value = 0;
};
void validate(boost::any& v, const std::vector<std::string>& tokens, TimeValue*, int);
void validate(boost::any& v, const std::vector<std::string>& tokens, U32Value*, int);
void validate(boost::any& v, const std::vector<std::string>& tokens, U64Value*, int);

// Value semantics with a name for the value (TIME, N, PATH, ...) shown in --help.
po::typed_value<std::string>* text(const char* value_name);
po::typed_value<std::vector<std::string>>* repeatable(const char* value_name);  // every occurrence
po::typed_value<TimeValue>* time_value(const char* value_name = "TIME");
po::typed_value<U32Value>* u32_value(const char* value_name = "N");
po::typed_value<U64Value>* u64_value(const char* value_name = "N");
po::typed_value<bool>* flag();

// A captioned table of options several commands share (po keeps its caption private).
struct OptionGroup {
  explicit OptionGroup(const std::string& c) : caption(c), options(c, 100, 50) {}
  std::string caption;
  po::options_description options;
};

// A sub-command's declaration: its own table (with -h/--help) and the shared groups it accepts
// (each with its caption: the run parameters, the host endpoints, ...).
struct CommandSpec {
  std::string name;        // "boot"
  std::string usage;       // the synopsis lines, each "zvp NAME ..."
  std::string intro;       // what the command does (before the options)
  OptionGroup own{"options"};
  std::vector<OptionGroup> groups;
  po::options_description_easy_init add() { return own.options.add_options(); }
  std::string positional;  // what the positional arguments are ("" if none are accepted)
  std::string epilogue;    // after the options: value syntax, the exit statuses
  bool hidden = false;     // not in the generated reference
};

// The spec with -h/--help declared.
CommandSpec command_spec(std::string name, std::string usage, std::string intro, std::string epilogue,
                         std::string positional = "");

// The parsed command line. Options are named without dashes, as declared ("max-sim-time").
struct Args {
  po::variables_map vm;
  std::vector<std::string> positional;
  // Given on the command line (a declared default does not count; a flag counts when set).
  bool has(const std::string& name) const;
  std::string get(const std::string& name, const std::string& def = "") const;  // text options
  template <class T>
  T as(const std::string& name) const {
    return vm[name].as<T>();
  }
  std::vector<std::string> all(const std::string& name) const;  // a repeatable option
};

// Parses argv[first..] against the spec. A repeated single-valued option keeps its last value.
// Library errors become UsageError with the option named.
Args parse(const CommandSpec& spec, int argc, char** argv, int first = 2);

// The generated `zvp NAME --help` text and the command's section of the Markdown reference.
std::string help_text(const CommandSpec& spec);
std::string markdown(const CommandSpec& spec);

}  // namespace zvp::cli
