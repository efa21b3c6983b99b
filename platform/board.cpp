#include "board.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>

#ifndef ZVP_SOURCE_DIR
#define ZVP_SOURCE_DIR "."
#endif

namespace zvp {

namespace fs = std::filesystem;

double BoardConfig::fclk(unsigned n) const {
  auto it = pl_clocks.find("fclk" + std::to_string(n));
  return it == pl_clocks.end() ? 100e6 : it->second;
}

std::string default_board_dir() { return std::string(ZVP_SOURCE_DIR) + "/platform/boards"; }

std::vector<std::string> list_boards(const std::string& dir) {
  std::vector<std::string> v;
  std::error_code ec;
  for (auto& e : fs::directory_iterator(dir, ec))
    if (e.path().extension() == ".yaml") v.push_back(e.path().stem().string());
  std::sort(v.begin(), v.end());
  return v;
}

namespace {

template <typename T>
T get(const YAML::Node& n, const char* key, const std::string& file, bool required = true,
      T def = T{}) {
  YAML::Node v = n[key];
  if (!v) {
    if (required) throw ConfigError(file + ": missing '" + key + "'");
    return def;
  }
  try {
    return v.as<T>();
  } catch (const YAML::Exception&) {
    throw ConfigError(file + ": '" + key + "' has a bad value");
  }
}

void check_positive(double v, const std::string& what, const std::string& file) {
  if (!(v > 0) || v > 10e9) throw ConfigError(file + ": " + what + " out of range");
}

}  // namespace

BoardConfig load_board(const std::string& name_or_path, const std::string& dir) {
  std::string file = name_or_path;
  const bool is_path = name_or_path.size() > 5 &&
                       name_or_path.compare(name_or_path.size() - 5, 5, ".yaml") == 0;
  if (!is_path) file = dir + "/" + name_or_path + ".yaml";
  if (!fs::exists(file)) {
    std::string known;
    for (auto& b : list_boards(dir)) known += (known.empty() ? "" : ", ") + b;
    throw ConfigError("unknown board '" + name_or_path + "' (known boards: " + known + ")");
  }
  YAML::Node root;
  try {
    root = YAML::LoadFile(file);
  } catch (const YAML::Exception& e) {
    throw ConfigError(file + ": malformed YAML: " + e.what());
  }
  if (!root.IsMap()) throw ConfigError(file + ": not a YAML mapping");
  BoardConfig b;
  b.file = file;
  b.name = get<std::string>(root, "name", file);
  b.part = get<std::string>(root, "part", file, false, "XC7Z020");
  b.cpu_hz = get<double>(root, "cpu_hz", file);
  b.ps_clk_hz = get<double>(root, "ps_clk_hz", file, false, 33333333.0);
  check_positive(b.cpu_hz, "cpu_hz", file);
  YAML::Node ddr = root["ddr"];
  if (!ddr || !ddr.IsMap()) throw ConfigError(file + ": missing 'ddr' mapping");
  b.ddr_size = get<uint64_t>(ddr, "size", file);
  if (b.ddr_size < 0x100000 || b.ddr_size > 0x40000000 || (b.ddr_size & 0xFFFFF))
    throw ConfigError(file + ": ddr.size must be a multiple of 1 MB between 1 MB and 1 GB");
  b.ddr_data_rate_mts = get<double>(ddr, "data_rate_mts", file, false, 1066.0);
  check_positive(b.ddr_data_rate_mts, "ddr.data_rate_mts", file);
  b.ddr_width_bits = get<unsigned>(ddr, "width_bits", file, false, 32);
  if (b.ddr_width_bits != 16 && b.ddr_width_bits != 32)
    throw ConfigError(file + ": ddr.width_bits must be 16 or 32");
  if (YAML::Node pl = root["pl_clocks"]) {
    if (!pl.IsMap()) throw ConfigError(file + ": pl_clocks must be a mapping");
    for (auto it : pl) {
      double hz = 0;
      try {
        hz = it.second.as<double>();
      } catch (const YAML::Exception&) {
        throw ConfigError(file + ": pl_clocks." + it.first.as<std::string>() + " has a bad value");
      }
      check_positive(hz, "pl_clocks." + it.first.as<std::string>(), file);
      b.pl_clocks[it.first.as<std::string>()] = hz;
    }
  }
  b.pl_design = get<std::string>(root, "pl_design", file, false, "none");
  b.console_uart = get<unsigned>(root, "console_uart", file, false, 1);
  if (b.console_uart > 1) throw ConfigError(file + ": console_uart must be 0 or 1");
  return b;
}

}  // namespace zvp
