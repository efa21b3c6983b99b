// A board is configuration, not code (ARCHITECTURE.md principle 3): CPU clock, DDR size and
// width, PL clocks and the PL design, read from platform/boards/<name>.yaml.
#pragma once
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace zvp {

class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct BoardConfig {
  std::string name;
  std::string part;
  double cpu_hz = 666666687;
  double ps_clk_hz = 33333333;
  uint64_t ddr_size = 0x20000000;
  double ddr_data_rate_mts = 1066;
  unsigned ddr_width_bits = 32;
  std::map<std::string, double> pl_clocks;  // fclk0..fclk3
  std::string pl_design;                    // lenet, csp, dtpu, none
  unsigned console_uart = 1;
  std::string file;                         // where it came from

  double fclk(unsigned n) const;
};

// Folder of the board files shipped with the source tree.
std::string default_board_dir();
std::vector<std::string> list_boards(const std::string& dir = default_board_dir());
// Loads <dir>/<name>.yaml, or a path if `name_or_path` ends in .yaml. Throws ConfigError with a
// clear message for an unknown board or a malformed file.
BoardConfig load_board(const std::string& name_or_path, const std::string& dir = default_board_dir());

}  // namespace zvp
