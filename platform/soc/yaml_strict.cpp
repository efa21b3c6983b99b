#include "yaml_strict.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <set>
#include <vector>

#include "core/config_error.h"
#include "core/input_file.h"

namespace zvp {

namespace {

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

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

// yaml-cpp 0.7 (Debian 12) loops for ever, allocating without bound, on some inputs with a
// ',' where no plain scalar may start (found by fuzz_scenario/fuzz_board: the 4-byte file ",#*0"
// took 2.9 GB in 20 s). None of them is valid YAML: refuse them before yaml-cpp sees them.
void refuse_yaml_cpp_hangs(const std::string& text, const std::string& path) {
  // C0 control characters other than tab and line breaks (and DEL) are not YAML; a NUL before
  // the ',' hid it from the check below (fuzz_scenario again).
  size_t line = 1;
  for (unsigned char c : text) {
    if (c == '\n') ++line;
    if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F) {
      char b[8];
      std::snprintf(b, sizeof b, "0x%02x", c);
      throw ConfigError(path + ": line " + std::to_string(line) + ": control character " + b +
                        " (YAML allows none but tab and line breaks)");
    }
  }
  // A ',' that starts a line (or follows '---') outside any [ ] / { } flow collection: yaml-cpp
  // 0.7 loops on it (",#*0" at the start; "    a: [0]\n,0" after an indented mapping). A plain
  // scalar cannot start with ',' in YAML, so only block-scalar text could: quote it there.
  int depth = 0;
  bool line_start = true, in_single = false, in_double = false, after_quote = false;
  char prev = '\n';  // the last significant character: '[' / '{' open a collection only after these
  line = 1;
  const size_t bom = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
  for (size_t i = bom; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      line_start = true;  // (quoted scalars may span lines)
      if (!in_single && !in_double) prev = '\n';
      continue;
    }
    if (line_start && text.compare(i, 3, "---") == 0 && (i + 3 == text.size() || std::isspace(static_cast<unsigned char>(text[i + 3])))) {
      i += 2;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r') continue;
    if (line_start && c == ',' && depth <= 0 && !in_single && !in_double)
      throw ConfigError(path + ": line " + std::to_string(line) +
                        ": a line starting with ',' outside [ ] or { } (quote such text)");
    // After a quoted scalar outside [ ] / { } only ':', a comment or the line end may follow
    // ("'x',#" hangs yaml-cpp too).
    if (after_quote && c == ',' && depth <= 0)
      throw ConfigError(path + ": line " + std::to_string(line) + ": ',' after a quoted value outside [ ] or { }");
    const bool was_quoted = in_single || in_double;
    line_start = false;
    if (in_double) {
      if (c == '\\') ++i;
      else if (c == '"') in_double = false;
    } else if (in_single) {
      if (c == '\'') in_single = false;
    } else if (c == '"') {
      in_double = true;
    } else if (c == '\'') {
      in_single = true;
    } else if (c == '#' && (i == 0 || std::isspace(static_cast<unsigned char>(text[i - 1])))) {
      while (i + 1 < text.size() && text[i + 1] != '\n') ++i;  // a comment
    } else if ((c == '[' || c == '{') && std::strchr("\n:-,[{?", prev)) {
      ++depth;
    } else if ((c == ']' || c == '}') && depth > 0) {  // outside [ ] / { }: scalar text ("${BUILD}")
      --depth;
    }
    after_quote = was_quoted && !in_single && !in_double;
    prev = c;
  }
}

}  // namespace

std::string line_of(const YAML::Node& node) {
  const YAML::Mark m = node.Mark();
  return m.line >= 0 ? "line " + std::to_string(m.line + 1) : "?";
}

YAML::Node parse_strict_yaml(const std::string& text, const std::string& path) {
  refuse_yaml_cpp_hangs(text, path);
  std::vector<YAML::Node> docs;
  try {
    docs = YAML::LoadAll(text);
  } catch (const YAML::Exception& e) {
    throw ConfigError(path + ": malformed YAML: " + e.what());
  }
  if (docs.size() > 1)
    throw ConfigError(path + ": " + std::to_string(docs.size()) + " YAML documents ('---'); expected one");
  YAML::Node root = docs.empty() ? YAML::Node() : docs[0];
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
