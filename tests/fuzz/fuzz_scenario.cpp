// Scenario parser (platform/run/scenario): any text is a Scenario or a ConfigError with a
// message naming the file.
#include <cstdlib>
#include <string>

#include "core/config_error.h"
#include "scenario.h"
#include "yaml_strict.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const YAML::Node root = zvp::parse_strict_yaml(text, "fuzz.yaml");
    zvp::Scenario s = zvp::parse_scenario(root, "fuzz.yaml", "/build", "/source");
    if (s.name.empty()) std::abort();  // a scenario always has a name
  } catch (const zvp::ConfigError& e) {
    if (std::string(e.what()).find("fuzz.yaml") == std::string::npos &&
        std::string(e.what()).find("data.address") == std::string::npos)
      std::abort();  // every message names the file
  }
  return 0;
}
