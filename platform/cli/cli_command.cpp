#include "cli_command.h"

#include <stdexcept>

#include "self_registry.h"

namespace zvp::cli {

namespace {
using Registry = SelfRegistry<CliCommand>;
}  // namespace

bool register_command(CliCommand c) {
  if (c.name.empty() || c.run == nullptr) {
    Registry::instance().refuse("zvp command '" + c.name + "' has no name or no function (" + c.source + ")");
    return false;
  }
  const std::string name = c.name;
  return Registry::instance().add("zvp command", name, std::move(c));
}

const CliCommand* find_command(const std::string& name) {
  if (const std::string* e = Registry::instance().error()) throw std::logic_error(*e);
  return Registry::instance().find(name);
}

std::vector<CliCommand> commands() { return Registry::instance().all(); }

}  // namespace zvp::cli
