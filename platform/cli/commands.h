// The zvp sub-commands of platform/cli; each returns the process exit status. Commands other
// folders bring register themselves instead (cli_command.h).
#pragma once

namespace zvp {

int cmd_boot(int argc, char** argv);
int cmd_rv32(int argc, char** argv);
int cmd_boards(int argc, char** argv);
int cmd_run(int argc, char** argv);
int cmd_params(int argc, char** argv);
int cmd_sweep(int argc, char** argv);
int cmd_report(int argc, char** argv);

}  // namespace zvp
