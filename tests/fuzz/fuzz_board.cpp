// Board files (platform/soc/board) and the parameter tree they feed (RunConfig): any file is a
// configuration whose clocks and DDR are in range, or a ConfigError.
#include <cstdlib>

#include "core/config_error.h"
#include "fuzz_util.h"
#include "run_config.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = zvp::fuzz::write_temp(data, size, "board", ".yaml");
  try {
    zvp::Scenario sc;
    sc.board = path;
    sc.pl_design = "none";
    zvp::RunConfig cfg(sc);
    if (!(cfg.soc.cpu_hz >= 1e3) || !(cfg.soc.fclk(0) >= 1e3) || cfg.board.name.empty()) std::abort();
  } catch (const zvp::ConfigError&) {
  }
  return 0;
}
