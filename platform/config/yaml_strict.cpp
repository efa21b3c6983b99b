#include "yaml_strict.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <set>
#include <vector>

#include "core/config_error.h"
#include "core/edit_distance.h"
#include "core/input_file.h"
#include "yaml_reader.h"

namespace zvp {

namespace {

void check_tree(const YAML::Node& n, const std::string& file, const std::string& where, int depth) {
  if (depth > 64) throw ConfigError(file + ": nested more than 64 levels deep");
  if (n.IsSequence()) {
    for (size_t i = 0; i < n.size(); ++i) check_tree(n[i], file, where + "[" + std::to_string(i) + "]", depth + 1);
  } else if (n.IsMap()) {
    std::set<std::string> seen;
    for (auto it : n) {
      const std::string at = where.empty() ? "" : " in '" + where + "'";
      if (!it.first.IsScalar())
        throw ConfigError(file + ": " + line_of(it.first) + at + ": a key must be a plain name, not a list or mapping");
      const std::string& k = it.first.Scalar();
      if (!seen.insert(k).second)
        throw ConfigError(file + ": " + line_of(it.first) + ": duplicate key '" + k + "'" + at);
      check_tree(it.second, file, where.empty() ? k : where + "." + k, depth + 1);
    }
  }
}

}  // namespace

std::string line_of(const YAML::Node& node) {
  const YAML::Mark m = node.Mark();
  return m.line >= 0 ? "line " + std::to_string(m.line + 1) : "?";
}

YAML::Node parse_strict_yaml(const std::string& text, const std::string& path) {
  YAML::Node root = read_yaml_subset(text, path);  // duplicates and complex keys refused there
  check_tree(root, path, "", 0);
  return root;
}

YAML::Node load_strict_yaml(const std::string& path, const std::string& what) {
  return parse_strict_yaml(read_input_text(path, what, kMaxYamlBytes), path);
}

std::string did_you_mean(const std::string& word, std::initializer_list<const char*> candidates) {
  std::string best;
  size_t best_d = std::min<size_t>(3, word.size() / 2 + 1);  // no hint for a 1-letter typo
  for (const char* c : candidates) {
    const std::string s = c;
    size_t d = edit_distance(word, s);
    if (d < best_d || (best.empty() && word.size() >= 4 && s.compare(0, 4, word, 0, 4) == 0)) {
      best = s;
      best_d = std::min(d, best_d);
    }
  }
  return best.empty() ? "" : "; did you mean '" + best + "'?";
}

void require_map(const YAML::Node& node, const std::string& file, const std::string& where) {
  if (!node.IsMap())
    throw ConfigError(file + ": " + line_of(node) + ": '" + where + "' must be a mapping (key: value lines)");
}

void check_keys(const YAML::Node& node, const std::string& file, const std::string& where,
                std::initializer_list<const char*> known) {
  if (where.empty() && !node.IsMap()) throw ConfigError(file + ": expected a YAML mapping at the top level");
  require_map(node, file, where.empty() ? "(top level)" : where);
  for (auto it : node) {
    const std::string& k = it.first.Scalar();
    if (std::none_of(known.begin(), known.end(), [&](const char* x) { return k == x; })) {
      std::string list;
      for (const char* x : known) list += (list.empty() ? "" : ", ") + std::string(x);
      throw ConfigError(file + ": " + line_of(it.first) + ": unknown key '" + (where.empty() ? k : where + "." + k) +
                        "'" + did_you_mean(k, known) + " (known" + (where.empty() ? "" : " in '" + where + "'") +
                        ": " + list + ")");
    }
  }
}

}  // namespace zvp
