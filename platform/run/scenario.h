// A scenario (docs/architecture.md, "Scenarios and reports") is the one description of a run: board, PL design,
// parameter values, firmware, data written into DDR before boot, run parameters, expectations
// and the seeds' reference numbers. `zvp run` loads one from YAML; `zvp boot <elf> [flags]` builds
// one from its flags. Nothing else describes a run.
#pragma once
#include <systemc>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/params.h"
#include "kernel_boot.h"

namespace YAML {
class Node;
}

namespace zvp {

struct DataLoad {
  std::string file;      // bytes written into DDR before boot
  uint64_t address = 0;
  std::string region;    // the named DDR region the address came from ("" = a number)
  uint64_t region_size = 0;  // its size: a larger file is an error
  bool overlap_allowed = false;  // `overlap: allowed`: may overlap the firmware or other data
};

struct Expectations {
  std::optional<int> exit_status;
  std::vector<std::string> uart_contains;
  std::vector<std::string> uart_regex;
  std::optional<double> accuracy_min;
  std::optional<double> sim_time_max_s;
  std::map<std::string, std::pair<double, double>> results;  // key -> [min, max]
  // Regression bands on timing (key -> [min, max], the same keys as `results`): tight bands
  // around the model's own result at the scenario's parameters, so that an unintended timing
  // change fails. They say nothing about a run whose parameters were overridden from the
  // command line or a sweep (--set, --quantum, --cpi; not --timing: the bands cover lt and at),
  // and are not checked then (regression_applies).
  std::map<std::string, std::pair<double, double>> regression;
  // Bands declared as holding only at the scenario's own image count and/or timing mode:
  // "results.<key>" / "regression.<key>" -> kDepends* bits. They are not checked (one line
  // says so) when --images or --timing change what they depend on (drop_changed_bands,
  // expectations.h).
  std::map<std::string, unsigned> depends;
};
// kScalesWithImages: a count proportional to the images (e.g. the images done), re-based to
// --images rather than dropped.
constexpr unsigned kDependsImages = 1, kDependsTiming = 2, kScalesWithImages = 4;

struct Scenario {
  std::string path;                 // "" when built from command-line flags
  std::string name;
  std::string description;
  std::string board = "zybo-z7-20";
  std::string pl_design;            // "" = the board's default design
  sc_core::sc_time max_sim_time{60, sc_core::SC_SEC};
  std::string arm_elf;              // firmware.arm ("" for a kernel boot)
  direct_boot::KernelBootSpec boot;        // kernel, dtb, initrd, append, no_reboot: a Linux kernel boot
  std::vector<DataLoad> data;
  uint32_t images = 0;              // run.images: boot parameter (0 = firmware default)
  uint32_t flags = 0;               // run.flags: boot parameter (firmware-specific bits)
  std::string console_script;       // played against the console UART (console_script.h), "" = none
  std::vector<std::string> labels;
  // Parameter values in the order they apply (after the board's): the scenario's `params:`
  // (and its `timing:` / `pl.variant` shorthands), then command-line overrides.
  std::vector<ParamSetting> params;
  Expectations expect;
  // Reference numbers from the seeds, printed beside the model's (informational).
  std::map<std::string, double> reference;
  // reference.source: what the reference numbers are (board, software stack, seed and table).
  std::string reference_source;
};

// True when the scenario's regression bands describe this run: no parameter came from outside
// the scenario file and its board, apart from the timing mode. `why` names the first override.
bool regression_applies(const Scenario& s, std::string* why = nullptr);

// Expands ${BUILD} (the build directory of this zvp executable) and ${SOURCE} (the source
// tree) in paths. Throws ConfigError on a malformed file.
Scenario load_scenario(const std::string& path, const std::string& build_dir,
                       const std::string& source_dir);

// The same from a parsed document (the fuzz harness feeds this one).
Scenario parse_scenario(const YAML::Node& root, const std::string& path, const std::string& build_dir,
                        const std::string& source_dir);

// A load address: a number, or the name of a memory-map region (ZVP_MEMMAP_REGIONS), whose base
// it becomes. ConfigError naming `what` and listing the regions otherwise.
void resolve_load_address(const std::string& text, DataLoad& d, const std::string& what);

// The device tree of a board built with the project: <build>/dts/<board>.dtb (a board given as
// a path to its .yaml file: the file's stem).
std::string board_dtb_path(const std::string& board, const std::string& build_dir);

// "DESIGN[:VARIANT]" -> the design and, for a variant, the setting pl.<design>.variant.
void apply_design_spec(Scenario& s, const std::string& spec, const std::string& origin);

}  // namespace zvp
