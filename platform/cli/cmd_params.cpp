// zvp params: the whole parameter tree of a run — every path, its value, unit, where the value
// came from (default, board, scenario, --set) and its one-line doc.
#include <cstdio>
#include <filesystem>

#include "cli_args.h"
#include "commands.h"
#include "pl_design.h"
#include "run_config.h"
#include "session_cli.h"

#ifndef ZVP_SOURCE_DIR
#define ZVP_SOURCE_DIR "."
#endif

namespace zvp {

namespace {

const char* kParamsHelp =
R"(usage: zvp params [scenario.yaml] [--board NAME] [--pl DESIGN[:VARIANT]] [--set PATH=VALUE ...]
                  [--changed] [--doc]

Lists the parameter tree of a run: the PS (sim., clocks., cpu0., ps.) and the PL design (pl.<name>.),
with each value, its unit and range, and where it came from (default, board, scenario, --set).
With a scenario file, the tree of that scenario (its board, design and params); --board and --pl
choose them otherwise (default: zybo-z7-20 and the board's design).

options:
  --board NAME          board (default zybo-z7-20, or the scenario's)
  --pl DESIGN[:VARIANT] PL design (default: the board's); 'none' for an empty PL
  --set PATH=VALUE      set a parameter first (repeatable), as zvp boot/run do
  --timing, --quantum, --cpi   the shorthands of sim.timing, cpu0.quantum, cpu0.cpi
  --changed             only the parameters that differ from their model defaults
  --doc                 add the type, range and one-line description of each parameter

Designs: )";

std::string build_dir_of() {
  std::error_code ec;
  auto exe = std::filesystem::canonical("/proc/self/exe", ec);
  return ec ? std::string(".") : exe.parent_path().parent_path().string();
}

}  // namespace

int cmd_params(int argc, char** argv) {
  std::vector<std::string> with_value = {"--board", "--pl"};
  with_value.insert(with_value.end(), kParamOptions.begin(), kParamOptions.end());
  auto p = cli::parse(argc, argv, 2, with_value, {"--help", "--changed", "--doc"});
  if (p.has("--help")) {
    std::fputs(kParamsHelp, stdout);
    for (auto& d : pl_designs()) std::printf("\n  %-10s %s", d.name.c_str(), d.summary.c_str());
    std::printf("\n");
    return 0;
  }
  if (p.positional.size() > 1) throw cli::UsageError("expected at most one scenario file (see --help)");
  Scenario sc;
  try {
    if (!p.positional.empty()) sc = load_scenario(p.positional[0], build_dir_of(), ZVP_SOURCE_DIR);
    if (p.has("--board")) sc.board = p.get("--board");
    if (p.has("--pl")) apply_design_spec(sc, p.get("--pl"), "--pl");
    apply_param_options(p, sc);
    RunConfig cfg(sc);
    std::printf("# board %s (%s), PL design %s\n", cfg.board.name.c_str(), cfg.board.file.c_str(),
                cfg.design_name.c_str());
    size_t w = 0;
    for (auto& [path, prm] : cfg.params.all()) w = std::max(w, path.size());
    for (auto& [path, prm] : cfg.params.all()) {
      if (p.has("--changed") && prm.value() == prm.default_value && prm.is_default()) continue;
      std::string v = prm.value();
      if (!prm.unit.empty()) v += " " + prm.unit;
      std::printf("%-*s  %-18s  %s", int(w), path.c_str(), v.c_str(), prm.origin.c_str());
      if (p.has("--doc"))
        std::printf("  [%s%s%s] %s", prm.type.c_str(), prm.range.empty() ? "" : " ", prm.range.c_str(),
                    prm.doc.c_str());
      std::printf("\n");
    }
  } catch (const ConfigError& e) {
    throw cli::UsageError(e.what());
  }
  return 0;
}

}  // namespace zvp
