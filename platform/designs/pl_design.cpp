#include "pl_design.h"

#include "core/config_error.h"
#include "self_registry.h"

namespace zvp {

namespace {

using Registry = SelfRegistry<PlDesignInfo>;

void check_duplicates() {
  if (const std::string* e = Registry::instance().error()) throw ConfigError(*e);
}

}  // namespace

bool register_pl_design(PlDesignInfo info) {
  if (info.name == "none" || info.name.empty()) {
    Registry::instance().refuse("PL design '" + info.name + "' is registered twice (built-in and " + info.source + ")");
    return false;
  }
  const std::string name = info.name;
  return Registry::instance().add("PL design", name, std::move(info));
}

std::unique_ptr<PlDesign> make_pl_design(const std::string& name) {
  check_duplicates();
  if (name.empty() || name == "none") return nullptr;
  const PlDesignInfo* d = Registry::instance().find(name);
  if (!d) {
    std::string known = "none";
    for (const PlDesignInfo& info : Registry::instance().all()) known += ", " + info.name;
    throw ConfigError("unknown PL design '" + name + "' (known: " + known + ")");
  }
  return d->make();
}

std::vector<PlDesignInfo> pl_designs() {
  check_duplicates();
  return Registry::instance().all();
}

}  // namespace zvp
