// A board is configuration, not code (docs/architecture.md, "Principles"): its part, console UART,
// default PL design and the parameter values it sets (clocks, DDR size and width ...), read from
// platform/soc/boards/<name>.yaml:
//
//   name: minized
//   part: XC7Z007S
//   console_uart: 1
//   pl_design: csp
//   params:
//     clocks.cpu: 666.666687MHz
//     clocks.fclk0: 80MHz
//     ps.ddrc: {size: 512MiB, width_bits: 16}     # nested maps are paths too
#pragma once
#include <string>
#include <vector>

#include "core/config_error.h"
#include "core/params.h"

namespace YAML {
class Node;
}

namespace zvp {

struct BoardConfig {
  std::string name;
  std::string part;
  std::string pl_design = "none";  // the design when a run names none
  unsigned console_uart = 1;
  std::vector<ParamSetting> params;  // origin "board <name>"
  std::string file;                  // where it came from
};

// Folder of the board files shipped with the source tree.
std::string default_board_dir();
std::vector<std::string> list_boards(const std::string& dir = default_board_dir());
// Loads <dir>/<name>.yaml, or a path if `name_or_path` ends in .yaml. Throws ConfigError with a
// clear message for an unknown board or a malformed file. Parameter paths are checked when
// they are applied to a tree (ParamTree::set).
BoardConfig load_board(const std::string& name_or_path, const std::string& dir = default_board_dir());

// YAML `params:` mapping -> settings, nested maps joined with '.' (shared with scenarios).
// Throws ConfigError naming `file` for non-scalar leaves.
std::vector<ParamSetting> yaml_param_settings(const YAML::Node& node, const std::string& file,
                                              const std::string& origin);

}  // namespace zvp
