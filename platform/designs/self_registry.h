// Entries that register themselves by name during static initialisation, each from its own file
// (PL designs, pl_design.h; zvp commands, platform/cli/cli_command.h), so that no list names
// them. A second registration of a name is not an error at start-up (nothing could report it
// yet) but is remembered: every later look-up reports it, naming both files.
#pragma once
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace zvp {

// T has a `source` (the registering file).
template <typename T>
class SelfRegistry {
 public:
  // Function-local: registrations run during static initialisation of other files.
  static SelfRegistry& instance() {
    static SelfRegistry r;
    return r;
  }

  // Adds `entry` under `name`; a taken name is refused and remembered ("<kind> 'name' is
  // registered twice (first file and second file)").
  bool add(const std::string& kind, const std::string& name, T entry) {
    auto it = entries_.find(name);
    if (it != entries_.end()) {
      refuse(kind + " '" + name + "' is registered twice (" + it->second.source + " and " + entry.source + ")");
      return false;
    }
    entries_.emplace(name, std::move(entry));
    return true;
  }
  // Remembers a refused registration (a reserved or empty name, a missing function).
  void refuse(std::string message) { errors_.push_back(std::move(message)); }
  // The first refused registration's message, or nullptr: callers throw their own error type.
  const std::string* error() const { return errors_.empty() ? nullptr : &errors_.front(); }

  const T* find(const std::string& name) const {
    auto it = entries_.find(name);
    return it == entries_.end() ? nullptr : &it->second;
  }
  std::vector<T> all() const {  // sorted by name
    std::vector<T> v;
    for (const auto& [n, e] : entries_) v.push_back(e);
    return v;
  }

 private:
  std::map<std::string, T> entries_;
  std::vector<std::string> errors_;
};

}  // namespace zvp
