// The resolved configuration of a run: the board, the SoC configuration, the PL design (not
// yet built) and the parameter tree over both, with every value applied in order — model
// defaults, the board's `params`, the scenario's `params` (and shorthands), command-line
// overrides. `zvp params` prints it; the session builds the platform from it.
#pragma once
#include <memory>
#include <string>

#include "board.h"
#include "core/params.h"
#include "pl_design.h"
#include "scenario.h"
#include "soc_config.h"

namespace zvp {

class RunConfig {
 public:
  // Throws ConfigError (unknown board, design or parameter; bad value) with a clear message.
  explicit RunConfig(const Scenario& sc);
  RunConfig(const RunConfig&) = delete;
  RunConfig& operator=(const RunConfig&) = delete;

  BoardConfig board;
  std::string design_name;          // "none" for an empty PL
  SocConfig soc;
  std::unique_ptr<PlDesign> design; // nullptr for "none"
  ParamTree params;                 // bound to `soc` and `design`
};

}  // namespace zvp
