#include "pl_designs.h"

#include "board.h"

namespace zvp {

std::vector<std::string> pl_design_names() { return {"none"}; }

std::unique_ptr<PlDesign> make_pl_design(const std::string& name, const std::string& variant,
                                         ZynqPlatform& soc) {
  (void)soc;
  (void)variant;
  if (name.empty() || name == "none") return nullptr;
  std::string known;
  for (auto& n : pl_design_names()) known += (known.empty() ? "" : ", ") + n;
  throw ConfigError("unknown PL design '" + name + "' (known: " + known + ")");
}

}  // namespace zvp
