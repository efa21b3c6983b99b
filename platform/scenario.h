// Scenarios (ARCHITECTURE.md section 7): a YAML file naming the board, timing mode, firmware,
// PL design, input data, expectations and outputs of one regression run. `zvp run` loads one,
// runs it, checks the expectations and writes the JSON report.
#pragma once
#include <systemc>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/timing_mode.h"

namespace zvp {

struct DataLoad {
  std::string file;      // bytes written into DDR before boot
  uint64_t address = 0;
};

struct Scenario {
  std::string path;
  std::string name;
  std::string description;
  std::string board = "zybo-z7-20";
  TimingMode timing = TimingMode::LT;
  sc_core::sc_time max_sim_time{60, sc_core::SC_SEC};
  std::string arm_elf;              // firmware.arm
  std::string pl_design = "none";   // pl.design
  std::string pl_variant;           // pl.variant
  std::vector<DataLoad> data;
  uint32_t images = 0;              // run.images: boot parameter (0 = firmware default)
  uint32_t flags = 0;               // run.flags: boot parameter (firmware-specific bits)
  std::vector<std::string> labels;
  // Expectations.
  std::optional<int> expect_exit;
  std::vector<std::string> expect_uart_contains;
  std::vector<std::string> expect_uart_regex;
  std::optional<double> expect_accuracy_min;
  std::optional<double> expect_sim_time_max_s;
  std::map<std::string, std::pair<double, double>> expect_result_range;  // key -> [min, max]
  // Reference numbers from the seeds, printed beside the model's (informational).
  std::map<std::string, double> reference;
};

// Expands ${BUILD} (the build directory of this zvp executable) and ${SOURCE} (the source
// tree) in paths. Throws ConfigError on a malformed file.
Scenario load_scenario(const std::string& path, const std::string& build_dir,
                       const std::string& source_dir);

}  // namespace zvp
