// The zvp sub-commands of platform/cli; each returns the process exit status. Commands other
// folders bring register themselves instead (cli_command.h).
#pragma once
#include "cli_options.h"

namespace zvp {

// Each command's option table (cli_options.h): its parser, --help and docs/cli.md.
cli::CommandSpec boot_spec();
cli::CommandSpec rv32_spec();
cli::CommandSpec boards_spec();
cli::CommandSpec run_spec();
cli::CommandSpec params_spec();
cli::CommandSpec sweep_spec();
cli::CommandSpec report_spec();

// --profile-period CYCLES of zvp rv32, boot and run: 0 when not given; 1..10^12 else UsageError.
uint64_t profile_period_option(const cli::Args& p);

int cmd_boot(int argc, char** argv);
int cmd_rv32(int argc, char** argv);
int cmd_boards(int argc, char** argv);
int cmd_run(int argc, char** argv);
int cmd_params(int argc, char** argv);
int cmd_sweep(int argc, char** argv);
int cmd_report(int argc, char** argv);

}  // namespace zvp
