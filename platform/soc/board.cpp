#include "board.h"

#include <yaml-cpp/yaml.h>

#include "yaml_strict.h"

#include <algorithm>
#include <filesystem>
#include <functional>

#ifndef ZVP_SOURCE_DIR
#define ZVP_SOURCE_DIR "."
#endif

namespace zvp {

namespace fs = std::filesystem;

std::string default_board_dir() { return std::string(ZVP_SOURCE_DIR) + "/platform/soc/boards"; }

std::vector<std::string> list_boards(const std::string& dir) {
  std::vector<std::string> v;
  std::error_code ec;
  for (auto& e : fs::directory_iterator(dir, ec))
    if (e.path().extension() == ".yaml") v.push_back(e.path().stem().string());
  std::sort(v.begin(), v.end());
  return v;
}

std::vector<ParamSetting> yaml_param_settings(const YAML::Node& root, const std::string& file,
                                              const std::string& origin) {
  std::vector<ParamSetting> out;
  if (!root.IsMap()) throw ConfigError(file + ": 'params' must map parameter paths to values");
  std::function<void(const YAML::Node&, const std::string&)> walk = [&](const YAML::Node& n,
                                                                       const std::string& prefix) {
    for (auto it : n) {
      if (!it.first.IsScalar()) throw ConfigError(file + ": params: a key must be a name");
      const std::string path = prefix.empty() ? it.first.Scalar() : prefix + "." + it.first.Scalar();
      if (it.second.IsMap()) walk(it.second, path);
      else if (it.second.IsScalar()) out.push_back({path, it.second.Scalar(), origin});
      else throw ConfigError(file + ": params." + path + " must be a single value");
    }
  };
  walk(root, "");
  return out;
}

namespace {

std::string text(const YAML::Node& n, const char* key, const std::string& file, const std::string& def,
                 bool required = false) {
  YAML::Node v = n[key];
  if (!v) {
    if (required) throw ConfigError(file + ": missing '" + key + "'");
    return def;
  }
  if (!v.IsScalar()) throw ConfigError(file + ": '" + key + "' must be a single value");
  return v.Scalar();
}

}  // namespace

BoardConfig load_board(const std::string& name_or_path, const std::string& dir) {
  std::string file = name_or_path;
  const bool is_path = name_or_path.size() > 5 &&
                       name_or_path.compare(name_or_path.size() - 5, 5, ".yaml") == 0;
  if (!is_path) file = dir + "/" + name_or_path + ".yaml";
  std::error_code ec;
  if (!fs::exists(file, ec)) {
    std::string known;
    for (auto& b : list_boards(dir)) known += (known.empty() ? "" : ", ") + b;
    throw ConfigError("unknown board '" + name_or_path + "' (known boards: " + known + ")");
  }
  YAML::Node root = load_strict_yaml(file, "board file");
  check_keys(root, file, "", {"name", "part", "console_uart", "pl_design", "params"});
  BoardConfig b;
  b.file = file;
  b.name = text(root, "name", file, "", true);
  if (b.name.empty()) throw ConfigError(file + ": 'name' is empty");
  b.part = text(root, "part", file, "XC7Z020");
  if (b.part.empty()) throw ConfigError(file + ": 'part' is empty");
  b.pl_design = text(root, "pl_design", file, "none");
  if (b.pl_design.empty()) throw ConfigError(file + ": 'pl_design' is empty (use 'none' for an empty PL)");
  const std::string cu = text(root, "console_uart", file, "1");
  if (cu != "0" && cu != "1") throw ConfigError(file + ": console_uart must be 0 or 1");
  b.console_uart = cu == "0" ? 0 : 1;
  if (YAML::Node p = root["params"]) b.params = yaml_param_settings(p, file, "board " + b.name);
  return b;
}

}  // namespace zvp
