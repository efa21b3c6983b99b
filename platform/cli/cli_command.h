// `zvp` sub-commands brought by folders outside platform/cli (a PL design's tool, e.g. the
// dnnweaver design's `zvp encode`). Each registers itself by name with ZVP_REGISTER_CLI_COMMAND
// in its own .cpp file, built with zvp_cli_command() (cmake/zvp_helpers.cmake); main.cpp
// dispatches to it and lists it in `zvp --help`. Nothing else names these commands.
#pragma once
#include <string>
#include <vector>

#include "cli_options.h"

namespace zvp::cli {

struct CliCommand {
  std::string name;
  std::string help;    // its line under "commands:" in `zvp --help`, after the name
  std::string source;  // the file that registered it (named in duplicate errors)
  int (*run)(int argc, char** argv);  // argv[1] is the command's name; returns the exit status
  CommandSpec (*spec)() = nullptr;    // its option table (cli_options.h): --help and docs/cli.md
};

// Called by ZVP_REGISTER_CLI_COMMAND at start-up. A second registration of a name is remembered
// and reported (naming both files) by every later look-up.
bool register_command(CliCommand c);
// The command called `name`, or nullptr. Throws std::logic_error (an internal error: the build
// linked two commands of one name) if any name was registered twice.
const CliCommand* find_command(const std::string& name);
std::vector<CliCommand> commands();  // sorted by name (for the help text: never throws)

}  // namespace zvp::cli

#define ZVP_CLI_COMMAND_CAT2(a, b) a##b
#define ZVP_CLI_COMMAND_CAT(a, b) ZVP_CLI_COMMAND_CAT2(a, b)
// ZVP_REGISTER_CLI_COMMAND("name", "synopsis  description", function, spec function) in the
// command's .cpp; the function parses its arguments with cli::parse(spec(), ...).
#define ZVP_REGISTER_CLI_COMMAND(name, help, fn, spec)                                             \
  namespace {                                                                                    \
  const bool ZVP_CLI_COMMAND_CAT(zvp_cli_command_registered_, __LINE__) =                        \
      ::zvp::cli::register_command({name, help, __FILE__, fn, spec});                            \
  }
