#include "pl_design.h"

#include <algorithm>

#include "core/config_error.h"

namespace zvp {

namespace {

struct Registry {
  std::map<std::string, PlDesignInfo> designs;
  std::vector<std::string> duplicates;  // one message per name registered twice
};

// Function-local: registrations run during static initialisation of other files.
Registry& registry() {
  static Registry r;
  return r;
}

void check_duplicates() {
  const Registry& r = registry();
  if (!r.duplicates.empty()) throw ConfigError(r.duplicates.front());
}

}  // namespace

bool register_pl_design(PlDesignInfo info) {
  Registry& r = registry();
  auto it = r.designs.find(info.name);
  if (it != r.designs.end() || info.name == "none" || info.name.empty()) {
    r.duplicates.push_back("PL design '" + info.name + "' is registered twice (" +
                           (it != r.designs.end() ? it->second.source : std::string("built-in")) +
                           " and " + info.source + ")");
    return false;
  }
  r.designs.emplace(info.name, std::move(info));
  return true;
}

std::unique_ptr<PlDesign> make_pl_design(const std::string& name) {
  check_duplicates();
  if (name.empty() || name == "none") return nullptr;
  auto it = registry().designs.find(name);
  if (it == registry().designs.end()) {
    std::string known = "none";
    for (auto& [n, info] : registry().designs) known += ", " + n;
    throw ConfigError("unknown PL design '" + name + "' (known: " + known + ")");
  }
  return it->second.make();
}

std::vector<PlDesignInfo> pl_designs() {
  check_duplicates();
  std::vector<PlDesignInfo> v;
  for (auto& [n, info] : registry().designs) v.push_back(info);
  return v;
}

}  // namespace zvp
