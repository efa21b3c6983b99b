// zvp params: the whole parameter tree of a run — every path, its value, unit, where the value
// came from (default, board, scenario, --set) and its one-line doc.
#include <cstdio>
#include <filesystem>

#include "commands.h"
#include "pl_design.h"
#include "run_config.h"
#include "session_cli.h"

#ifndef ZVP_SOURCE_DIR
#define ZVP_SOURCE_DIR "."
#endif

namespace zvp {

namespace {

std::string build_dir_of() {
  std::error_code ec;
  auto exe = std::filesystem::canonical("/proc/self/exe", ec);
  return ec ? std::string(".") : exe.parent_path().parent_path().string();
}

}  // namespace

cli::CommandSpec params_spec() {
  cli::CommandSpec s = cli::command_spec(
      "params",
      "zvp params [scenario.yaml] [--board NAME] [--pl DESIGN[:VARIANT]] [--set PATH=VALUE ...]\n"
      "                  [--changed] [--doc]",
      "Lists the parameter tree of a run: the PS (sim., clocks., cpu0., ps.) and the PL design (pl.<name>.),\n"
      "with each value, its unit and range, and where it came from (default, board, scenario, --set).\n"
      "With a scenario file, the tree of that scenario (its board, design and params); --board and --pl\n"
      "choose them otherwise (default: zybo-z7-20 and the board's design).",
      "exit status: 0; 2 for a bad scenario, board, design, parameter or option.", "a scenario file");
  s.add()
    ("board", cli::text("NAME"), "board (default zybo-z7-20, or the scenario's)")
    ("pl", cli::text("DESIGN[:VARIANT]"), "PL design (default: the board's); 'none' for an empty PL")
    ("changed", cli::flag(), "only the parameters that differ from their model defaults")
    ("doc", cli::flag(), "add the type, range and one-line description of each parameter");
  s.groups.push_back(param_options());
  return s;
}

int cmd_params(int argc, char** argv) {
  const cli::CommandSpec spec = params_spec();
  const cli::Args p = cli::parse(spec, argc, argv);
  if (p.has("help")) {  // the designs this build has (not in docs/cli.md: designs add themselves)
    std::fputs(cli::help_text(spec).c_str(), stdout);
    std::printf("\nDesigns:");
    for (auto& d : pl_designs()) std::printf("\n  %-10s %s", d.name.c_str(), d.summary.c_str());
    std::printf("\n");
    return 0;
  }
  if (p.positional.size() > 1) throw cli::UsageError("expected at most one scenario file (see --help)");
  Scenario sc;
  try {
    if (!p.positional.empty()) sc = load_scenario(p.positional[0], build_dir_of(), ZVP_SOURCE_DIR);
    if (p.has("board")) sc.board = p.get("board");
    if (p.has("pl")) apply_design_spec(sc, p.get("pl"), "--pl");
    apply_param_options(p, sc);
    RunConfig cfg(sc);
    std::printf("# board %s (%s), PL design %s\n", cfg.board.name.c_str(), cfg.board.file.c_str(),
                cfg.design_name.c_str());
    size_t w = 0;
    for (auto& [path, prm] : cfg.params.all()) w = std::max(w, path.size());
    for (auto& [path, prm] : cfg.params.all()) {
      if (p.has("changed") && prm.value() == prm.default_value && prm.is_default()) continue;
      std::string v = prm.value();
      if (!prm.unit.empty()) v += " " + prm.unit;
      std::printf("%-*s  %-18s  %s", int(w), path.c_str(), v.c_str(), prm.origin.c_str());
      if (p.has("doc"))
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
