#include "scenario.h"

#include <yaml-cpp/yaml.h>

#include <cctype>
#include <filesystem>

#include "board.h"
#include "core/units.h"
#include "yaml_strict.h"
#include "zvp_memmap.h"

namespace zvp {

namespace {

std::string expand(std::string s, const std::string& build, const std::string& source) {
  for (auto [var, val] : {std::pair<std::string, std::string>{"${BUILD}", build},
                          {"${SOURCE}", source}}) {
    for (size_t p; (p = s.find(var)) != std::string::npos;) s.replace(p, var.size(), val);
  }
  return s;
}

template <typename T>
T as(const YAML::Node& n, const std::string& what, const std::string& file) {
  try {
    return n.as<T>();
  } catch (const YAML::Exception&) {
    throw ConfigError(file + ": '" + what + "' has a bad value");
  }
}

std::vector<std::string> strings(const YAML::Node& n, const std::string& what,
                                 const std::string& file) {
  std::vector<std::string> v;
  if (!n) return v;
  if (n.IsScalar()) return {as<std::string>(n, what, file)};
  if (!n.IsSequence()) throw ConfigError(file + ": '" + what + "' must be a list");
  for (auto e : n) v.push_back(as<std::string>(e, what, file));
  return v;
}

sc_core::sc_time time_of(const YAML::Node& n, const std::string& what, const std::string& file) {
  try {
    return units::parse_time(as<std::string>(n, what, file), what);
  } catch (const ConfigError& e) {
    throw ConfigError(file + ": " + e.what());
  }
}

struct NamedRegion {
  const char* name;
  uint64_t base, size;
};

// Every region of the memory map (platform/soc/memmap/ddr_layout.yaml ...), by name.
constexpr NamedRegion kRegions[] = {
#define ZVP_REGION_(name, base, size) {#name, base, size},
    ZVP_MEMMAP_REGIONS(ZVP_REGION_)
#undef ZVP_REGION_
};

// `address:` is a number or the name of a region (its base); sets d.address and d.region.
void resolve_address(const YAML::Node& n, DataLoad& d, const std::string& file) {
  if (!n.IsScalar()) throw ConfigError(file + ": 'data.address' must be a number or a region name");
  resolve_load_address(n.Scalar(), d, file + ": data.address");
}

// A whole number in 0..UINT32_MAX (yaml-cpp would wrap "-1" or 4294967296).
uint32_t u32_of(const YAML::Node& n, const std::string& what, const std::string& file) {
  if (!n.IsScalar()) throw ConfigError(file + ": '" + what + "' must be a whole number");
  try {
    const uint64_t v = units::parse_u64(n.Scalar(), what);
    if (v > UINT32_MAX) throw ConfigError(what + ": '" + n.Scalar() + "' is larger than 4294967295");
    return static_cast<uint32_t>(v);
  } catch (const ConfigError& e) {
    throw ConfigError(file + ": " + e.what());
  }
}

// `expect.results` / `expect.regression`: key -> [min, max], or key -> {band: [min, max],
// depends: [images, timing]} for a band that holds only at the scenario's own image count or
// timing mode, or {band: [min, max], scales_with: images} for a count proportional to the
// images (an absent section is empty). The dependencies go to `depends` as "<section>.<key>"
// -> kDepends* bits.
std::map<std::string, std::pair<double, double>> bands(const YAML::Node& n, const std::string& what,
                                                       const std::string& path,
                                                       std::map<std::string, unsigned>& depends) {
  std::map<std::string, std::pair<double, double>> out;
  if (!n) return out;
  if (!n.IsMap()) throw ConfigError(path + ": " + what + " must map keys to [min, max]");
  const std::string section = what.substr(what.find('.') + 1);
  for (auto it : n) {
    auto key = it.first.Scalar();
    YAML::Node band = it.second;
    if (band.IsMap()) {
      check_keys(band, path, what + "." + key, {"band", "depends", "scales_with"});
      if (YAML::Node sw = band["scales_with"]) {
        if (as<std::string>(sw, what + "." + key + ".scales_with", path) != "images")
          throw ConfigError(path + ": " + what + "." + key + ".scales_with: only 'images' is known");
        depends[section + "." + key] |= kScalesWithImages;
      }
      for (const std::string& d : strings(band["depends"], what + "." + key + ".depends", path)) {
        if (d == "images") depends[section + "." + key] |= kDependsImages;
        else if (d == "timing") depends[section + "." + key] |= kDependsTiming;
        else throw ConfigError(path + ": " + what + "." + key + ".depends: '" + d + "' is not images or timing");
      }
      band = band["band"];
    }
    if (!band.IsSequence() || band.size() != 2)
      throw ConfigError(path + ": " + what + "." + key + " must be [min, max] or {band: [min, max], depends: [...]}");
    out[key] = {as<double>(band[0], key, path), as<double>(band[1], key, path)};
  }
  return out;
}

// A path of a kernel boot's key: ${BUILD}/${SOURCE} expanded, then relative to the scenario
// file's folder.
std::string boot_path(const YAML::Node& n, const char* key, const std::string& path, const std::string& build,
                      const std::string& source) {
  const std::string v = expand(as<std::string>(n, key, path), build, source);
  if (v.empty()) throw ConfigError(path + ": '" + key + "' is empty");
  const std::filesystem::path p(v);
  return p.is_absolute() ? v : (std::filesystem::path(path).parent_path() / p).string();
}

// `kernel`, `dtb`, `initrd`, `append`, `no_reboot` (a Linux kernel boot, zvp boot --kernel).
void parse_kernel_boot(const YAML::Node& root, const std::string& path, const std::string& build,
                       const std::string& source, Scenario& s) {
  direct_boot::KernelBootSpec& b = s.boot;
  b.kernel = boot_path(root["kernel"], "kernel", path, build, source);
  if (root["dtb"]) {
    b.dtb = boot_path(root["dtb"], "dtb", path, build, source);
  } else {
    b.dtb = board_dtb_path(s.board, build);
    b.dtb_is_boards = true;
  }
  if (root["initrd"]) b.initrd = boot_path(root["initrd"], "initrd", path, build, source);
  if (root["append"]) b.append = as<std::string>(root["append"], "append", path);
  if (root["no_reboot"]) b.no_reboot = as<bool>(root["no_reboot"], "no_reboot", path);
}

}  // namespace

std::string board_dtb_path(const std::string& board, const std::string& build_dir) {
  const std::string name = board.size() > 5 && board.compare(board.size() - 5, 5, ".yaml") == 0
                               ? std::filesystem::path(board).stem().string() : board;
  return build_dir + "/dts/" + name + ".dtb";
}

static Scenario parse_checked(const YAML::Node& root, const std::string& path, const std::string& build_dir,
                              const std::string& source_dir);

Scenario load_scenario(const std::string& path, const std::string& build_dir,
                       const std::string& source_dir) {
  return parse_scenario(load_strict_yaml(path, "scenario file"), path, build_dir, source_dir);
}

Scenario parse_scenario(const YAML::Node& root, const std::string& path, const std::string& build_dir,
                        const std::string& source_dir) {
  try {
    return parse_checked(root, path, build_dir, source_dir);
  } catch (const YAML::Exception& e) {  // a shape the checks missed: still the user's file
    throw ConfigError(path + ": " + e.what());
  }
}

static Scenario parse_checked(const YAML::Node& root, const std::string& path, const std::string& build_dir,
                              const std::string& source_dir) {
  check_keys(root, path, "", {"scenario", "description", "board", "timing", "max_sim_time", "firmware", "pl",
                              "params", "data", "run", "labels", "expect", "reference", "kernel", "dtb",
                              "initrd", "append", "no_reboot", "console_script"});
  Scenario s;
  s.path = path;
  if (!root["scenario"]) throw ConfigError(path + ": missing 'scenario' (its name)");
  s.name = as<std::string>(root["scenario"], "scenario", path);
  if (s.name.empty()) throw ConfigError(path + ": 'scenario' (its name) is empty");
  if (root["description"]) s.description = as<std::string>(root["description"], "description", path);
  if (root["board"]) s.board = as<std::string>(root["board"], "board", path);
  if (s.board.empty()) throw ConfigError(path + ": 'board' is empty");
  const std::string origin = "scenario " + path;
  // `timing:` is the shorthand of sim.timing (checked where the tree applies it).
  if (root["timing"]) s.params.push_back({"sim.timing", as<std::string>(root["timing"], "timing", path), origin});
  if (root["max_sim_time"]) s.max_sim_time = time_of(root["max_sim_time"], "max_sim_time", path);
  if (root["console_script"])
    s.console_script = expand(as<std::string>(root["console_script"], "console_script", path), build_dir, source_dir);
  YAML::Node fw = root["firmware"];
  if (root["kernel"]) {
    if (fw) throw ConfigError(path + ": 'kernel' and 'firmware' both given (a run boots one of them)");
    parse_kernel_boot(root, path, build_dir, source_dir, s);
  } else {
    for (const char* k : {"dtb", "initrd", "append", "no_reboot"})
      if (root[k]) throw ConfigError(path + ": '" + k + "' needs 'kernel' (a Linux kernel boot)");
    if (!fw || !fw.IsMap() || !fw["arm"]) throw ConfigError(path + ": missing 'firmware: {arm: ...}' (or 'kernel')");
    check_keys(fw, path, "firmware", {"arm"});
    s.arm_elf = expand(as<std::string>(fw["arm"], "firmware.arm", path), build_dir, source_dir);
  }
  if (YAML::Node pl = root["pl"]) {
    if (pl.IsScalar()) {
      s.pl_design = as<std::string>(pl, "pl", path);
    } else if (pl.IsMap()) {
      check_keys(pl, path, "pl", {"design", "variant"});
      if (!pl["design"]) throw ConfigError(path + ": 'pl' needs 'design'");
      s.pl_design = as<std::string>(pl["design"], "pl.design", path);
      if (pl["variant"])
        s.params.push_back({"pl." + s.pl_design + ".variant", as<std::string>(pl["variant"], "pl.variant", path),
                            origin});
    } else {
      throw ConfigError(path + ": 'pl' must be a design name or {design, variant}");
    }
    if (s.pl_design.empty()) throw ConfigError(path + ": 'pl' names no design");
  }
  if (YAML::Node pr = root["params"]) {
    auto v = yaml_param_settings(pr, path, origin);
    s.params.insert(s.params.end(), v.begin(), v.end());
  }
  if (YAML::Node d = root["data"]) {
    if (!d.IsSequence()) throw ConfigError(path + ": 'data' must be a list of {file, address (a number or a region name)}");
    for (size_t i = 0; i < d.size(); ++i) {
      YAML::Node e = d[i];
      const std::string where = "data[" + std::to_string(i) + "]";
      if (!e.IsMap()) throw ConfigError(path + ": " + line_of(e) + ": " + where + " must be {file, address}");
      check_keys(e, path, where, {"file", "address", "overlap"});
      if (!e["file"] || !e["address"]) throw ConfigError(path + ": each data entry needs file and address");
      DataLoad dl;
      dl.file = expand(as<std::string>(e["file"], where + ".file", path), build_dir, source_dir);
      resolve_address(e["address"], dl, path);
      if (e["overlap"]) {
        const std::string o = as<std::string>(e["overlap"], where + ".overlap", path);
        if (o != "allowed") throw ConfigError(path + ": " + where + ".overlap: '" + o + "' (the only value is 'allowed')");
        dl.overlap_allowed = true;
      }
      s.data.push_back(std::move(dl));
    }
  }
  if (YAML::Node r = root["run"]) {
    check_keys(r, path, "run", {"images", "flags"});
    if (r["images"]) s.images = u32_of(r["images"], "run.images", path);
    if (r["flags"]) s.flags = u32_of(r["flags"], "run.flags", path);
  }
  s.labels = strings(root["labels"], "labels", path);
  if (YAML::Node e = root["expect"]) {
    check_keys(e, path, "expect", {"exit_status", "uart_contains", "uart_regex", "accuracy_min", "sim_time_max",
                                   "results", "regression"});
    if (e["exit_status"]) {
      s.expect.exit_status = as<int>(e["exit_status"], "expect.exit_status", path);
      if (*s.expect.exit_status < 0 || *s.expect.exit_status > 255)
        throw ConfigError(path + ": expect.exit_status must be in 0..255 (a process exit status)");
    }
    s.expect.uart_contains = strings(e["uart_contains"], "expect.uart_contains", path);
    s.expect.uart_regex = strings(e["uart_regex"], "expect.uart_regex", path);
    if (e["accuracy_min"]) s.expect.accuracy_min = as<double>(e["accuracy_min"], "expect.accuracy_min", path);
    if (e["sim_time_max"])
      s.expect.sim_time_max_s = time_of(e["sim_time_max"], "expect.sim_time_max", path).to_seconds();
    s.expect.results = bands(e["results"], "expect.results", path, s.expect.depends);
    s.expect.regression = bands(e["regression"], "expect.regression", path, s.expect.depends);
  }
  if (YAML::Node r = root["reference"]) {
    if (!r.IsMap()) throw ConfigError(path + ": 'reference' must map names to numbers (and 'source' to text)");
    for (auto it : r) {
      const std::string key = it.first.Scalar();
      // `source`: where the numbers come from (board, software stack, seed table), shown with them.
      if (key == "source") s.reference_source = as<std::string>(it.second, "reference.source", path);
      else s.reference[key] = as<double>(it.second, "reference." + key, path);
    }
  }
  return s;
}

void resolve_load_address(const std::string& v, DataLoad& d, const std::string& what) {
  if (!v.empty() && std::isdigit(static_cast<unsigned char>(v[0]))) {
    d.address = units::parse_u64(v, what);
    return;
  }
  for (const NamedRegion& r : kRegions)
    if (v == r.name) {
      d.address = r.base;
      d.region = r.name;
      d.region_size = r.size;
      return;
    }
  std::string known;
  for (const NamedRegion& r : kRegions) known += (known.empty() ? "" : ", ") + std::string(r.name);
  throw ConfigError(what + ": '" + v + "' is neither a number nor a known region (" + known + ")");
}

bool regression_applies(const Scenario& s, std::string* why) {
  for (const ParamSetting& p : s.params) {
    if (p.path == "sim.timing" || p.origin.rfind("scenario ", 0) == 0) continue;
    if (why) *why = p.path + " set by " + p.origin;
    return false;
  }
  return true;
}

void apply_design_spec(Scenario& s, const std::string& spec, const std::string& origin) {
  const auto c = spec.find(':');
  s.pl_design = spec.substr(0, c);
  if (s.pl_design.empty()) throw ConfigError(origin + ": '" + spec + "' names no PL design");
  if (c != std::string::npos) s.params.push_back({"pl." + s.pl_design + ".variant", spec.substr(c + 1), origin});
}

}  // namespace zvp
