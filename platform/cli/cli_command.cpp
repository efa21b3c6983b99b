#include "cli_command.h"

#include <map>
#include <stdexcept>

namespace zvp::cli {

namespace {

struct Registry {
  std::map<std::string, CliCommand> commands;
  std::vector<std::string> duplicates;  // one message per name registered twice
};

// Function-local: registrations run during static initialisation of other files.
Registry& registry() {
  static Registry r;
  return r;
}

void check_duplicates() {
  const Registry& r = registry();
  if (!r.duplicates.empty()) throw std::logic_error(r.duplicates.front());
}

}  // namespace

bool register_command(CliCommand c) {
  Registry& r = registry();
  auto it = r.commands.find(c.name);
  if (it != r.commands.end() || c.name.empty() || c.run == nullptr) {
    r.duplicates.push_back("zvp command '" + c.name + "' is registered twice or without a function (" +
                           (it != r.commands.end() ? it->second.source + " and " : std::string()) +
                           c.source + ")");
    return false;
  }
  r.commands.emplace(c.name, std::move(c));
  return true;
}

const CliCommand* find_command(const std::string& name) {
  check_duplicates();
  auto it = registry().commands.find(name);
  return it == registry().commands.end() ? nullptr : &it->second;
}

std::vector<CliCommand> commands() {
  std::vector<CliCommand> v;
  for (auto& [n, c] : registry().commands) v.push_back(c);
  return v;
}

}  // namespace zvp::cli
