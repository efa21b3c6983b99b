#include "run_config.h"

#include "ps/ps_blocks.h"

namespace zvp {

RunConfig::RunConfig(const Scenario& sc) : board(load_board(sc.board)) {
  design_name = sc.pl_design.empty() ? board.pl_design : sc.pl_design;
  if (design_name.empty()) design_name = "none";
  design = make_pl_design(design_name);
  soc.declare(params);
  soc.single_core_part = zynq_part_is_single_core(board.part);
  soc.part = board.part;
  soc.console_uart = board.console_uart;
  if (design) {
    auto pl = params.scope("pl." + design_name);
    design->declare(pl);
  }
  for (const auto& s : board.params) params.set(s.path, s.value, s.origin);
  for (const auto& s : sc.params) {
    // A variant for a design that has none is a clear error rather than "unknown parameter".
    if (s.path == "pl." + design_name + ".variant" && !params.has(s.path))
      throw ConfigError(s.origin + ": PL design " + design_name + " has no variants (given '" + s.value + "')");
    params.set(s.path, s.value, s.origin);
  }
  params.finalize();
}

}  // namespace zvp
