// `--set PATH=VALUE` (models/core/params): each input line is one setting applied to the whole
// platform's parameter tree (board zybo-z7-20, its PL design): a value in its declared range or
// a ConfigError naming the parameter.
#include <cstdlib>
#include <string>

#include "core/config_error.h"
#include "run_config.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  zvp::Scenario sc;
  try {
    for (size_t b = 0; b <= text.size();) {
      size_t e = text.find('\n', b);
      if (e == std::string::npos) e = text.size();
      const std::string line = text.substr(b, e - b);
      if (!line.empty()) sc.params.push_back(zvp::parse_setting(line, "--set"));
      b = e + 1;
    }
    zvp::RunConfig cfg(sc);
    if (!(cfg.soc.cpu_hz >= 1e3) || cfg.soc.ddrc.size == 0) std::abort();
  } catch (const zvp::ConfigError&) {
  }
  return 0;
}
