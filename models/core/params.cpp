#include "core/params.h"

#include <algorithm>
#include <set>

#include "core/edit_distance.h"
#include "core/units.h"

namespace zvp {

namespace {

template <typename T>
std::string range_text(T min, T max) {
  return "[" + std::to_string(min) + ", " + std::to_string(max) + "]";
}

std::string quoted_list(const std::vector<std::string>& v) {
  std::string s;
  for (auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

std::string frequency_range(double min_hz, double max_hz) {
  return "[" + units::format_frequency(min_hz) + ", " + units::format_frequency(max_hz) + "]";
}

// A parameter whose text `read`s into a V, is checked against [min, max] (`range` is how that reads
// to a user), then `store`d into the bound field; `show` prints the field.
template <typename V, typename Read, typename Store, typename Show>
Param ranged(const std::string& name, const std::string& full, const char* type, const std::string& unit,
             const std::string& doc, V min, V max, const std::string& range, Read read, Store store, Show show) {
  Param p;
  p.path = name;
  p.type = type;
  p.unit = unit;
  p.doc = doc;
  p.range = range;
  p.parse = [=](const std::string& s) {
    const V x = read(s, full);
    if (x < min || x > max) throw ConfigError(full + ": " + s + " is out of range " + range);
    store(x);
  };
  p.format = show;
  return p;
}

}  // namespace

// ---- ParamScope ---------------------------------------------------------------------------

ParamScope ParamScope::sub(const std::string& name) const { return ParamScope(*tree_, path(name)); }

std::string ParamScope::path(const std::string& name) const {
  return prefix_.empty() ? name : prefix_ + "." + name;
}

void ParamScope::custom(Param p) {
  p.path = path(p.path);
  tree_->declare(std::move(p));
}

void ParamScope::link(const std::string& name, const std::string& source) {
  tree_->link(path(name), source);
}

void ParamScope::add(const std::string& name, bool& v, const std::string& doc) {
  Param p;
  p.path = name;
  p.type = "bool";
  p.doc = doc;
  p.range = "true|false";
  p.parse = [&v, full = path(name)](const std::string& s) { v = units::parse_bool(s, full); };
  p.format = [&v] { return std::string(v ? "true" : "false"); };
  custom(std::move(p));
}

void ParamScope::add(const std::string& name, unsigned& v, const std::string& unit,
                     const std::string& doc, uint64_t min, uint64_t max) {
  custom(ranged<uint64_t>(name, path(name), "uint", unit, doc, min, max, range_text(min, max), units::parse_u64,
                          [&v](uint64_t x) { v = static_cast<unsigned>(x); }, [&v] { return std::to_string(v); }));
}

void ParamScope::add(const std::string& name, uint64_t& v, const std::string& unit,
                     const std::string& doc, uint64_t min, uint64_t max) {
  custom(ranged<uint64_t>(name, path(name), "uint", unit, doc, min, max, range_text(min, max), units::parse_u64,
                          [&v](uint64_t x) { v = x; }, [&v] { return std::to_string(v); }));
}

void ParamScope::add(const std::string& name, int& v, const std::string& unit, const std::string& doc,
                     int64_t min, int64_t max) {
  custom(ranged<int64_t>(name, path(name), "int", unit, doc, min, max, range_text(min, max), units::parse_i64,
                         [&v](int64_t x) { v = static_cast<int>(x); }, [&v] { return std::to_string(v); }));
}

void ParamScope::add(const std::string& name, double& v, const std::string& unit,
                     const std::string& doc, double min, double max) {
  custom(ranged<double>(name, path(name), "real", unit, doc, min, max,
                        "[" + units::format_double(min) + ", " + units::format_double(max) + "]",
                        units::parse_double, [&v](double x) { v = x; }, [&v] { return units::format_double(v); }));
}

void ParamScope::add(const std::string& name, std::string& v, const std::string& doc) {
  Param p;
  p.path = name;
  p.type = "text";
  p.doc = doc;
  p.parse = [&v](const std::string& s) { v = s; };
  p.format = [&v] { return v; };
  custom(std::move(p));
}

void ParamScope::choice(const std::string& name, std::string& v, const std::vector<std::string>& options,
                        const std::string& doc) {
  std::vector<std::pair<std::string, std::string>> named;
  for (const auto& o : options) named.push_back({o, o});
  choice(name, v, named, doc);
}

void ParamScope::time(const std::string& name, sc_core::sc_time& v, const std::string& doc,
                      sc_core::sc_time min, sc_core::sc_time max) {
  custom(ranged<sc_core::sc_time>(
      name, path(name), "time", "", doc, min, max, "[" + units::format_time(min) + ", " + units::format_time(max) + "]",
      [](const std::string& s, const std::string& what) { return units::parse_time(s, what); },
      [&v](const sc_core::sc_time& t) { v = t; }, [&v] { return units::format_time(v); }));
}

void ParamScope::frequency(const std::string& name, double& hz, const std::string& doc, double min_hz,
                           double max_hz) {
  custom(ranged<double>(name, path(name), "frequency", "", doc, min_hz, max_hz, frequency_range(min_hz, max_hz),
                        units::parse_frequency, [&hz](double f) { hz = f; },
                        [&hz] { return units::format_frequency(hz); }));
}

void ParamScope::frequency(const std::string& name, Clock& clk, const std::string& doc, double min_hz,
                           double max_hz) {
  custom(ranged<double>(name, path(name), "frequency", "", doc, min_hz, max_hz, frequency_range(min_hz, max_hz),
                        units::parse_frequency, [&clk](double f) { clk = Clock(clk.name(), f); },
                        [&clk] { return units::format_frequency(clk.hz()); }));
}

void ParamScope::bytes(const std::string& name, uint64_t& v, const std::string& doc, uint64_t min,
                       uint64_t max) {
  custom(ranged<uint64_t>(name, path(name), "bytes", "", doc, min, max,
                          "[" + units::format_bytes(min) + ", " + units::format_bytes(max) + "]", units::parse_bytes,
                          [&v](uint64_t x) { v = x; }, [&v] { return units::format_bytes(v); }));
}

// ---- ParamTree ----------------------------------------------------------------------------

Param& ParamTree::declare(Param p) {
  if (p.path.empty()) throw ConfigError("a parameter needs a name");
  auto it = params_.find(p.path);
  if (it != params_.end())
    throw ConfigError("parameter " + p.path + " declared twice ('" + it->second.doc + "' and '" + p.doc + "')");
  p.default_value = p.format();
  return params_.emplace(p.path, std::move(p)).first->second;
}

void ParamTree::link(const std::string& path, const std::string& source) {
  get(path);
  get(source);
  links_[path] = source;
  params_.at(path).linked_to = source;
}

const Param& ParamTree::get(const std::string& path) const {
  auto it = params_.find(path);
  if (it != params_.end()) return it->second;
  std::string msg = "unknown parameter '" + path + "'";
  const auto near = closest(path);
  if (!near.empty()) msg += " (closest: " + quoted_list(near);
  // A path whose first component is no group of the tree is more than a typo of one parameter:
  // name the groups too.
  const std::string first = path.substr(0, path.find('.'));
  if (!params_.empty() && std::none_of(params_.begin(), params_.end(), [&](const auto& kv) {
        return kv.first.compare(0, first.size() + 1, first + ".") == 0;
      })) {
    std::set<std::string> groups;
    for (auto& [name, p] : params_) groups.insert(name.substr(0, name.find('.')) + ".*");
    msg += std::string(near.empty() ? " (" : "; ") + "groups: " +
           quoted_list(std::vector<std::string>(groups.begin(), groups.end()));
  }
  if (!params_.empty()) msg += "; 'zvp params' lists them all)";
  throw ConfigError(msg);
}

void ParamTree::set(const std::string& path, const std::string& value, const std::string& origin) {
  try {
    auto& p = const_cast<Param&>(get(path));
    p.parse(value);
    p.origin = origin;
  } catch (const ConfigError& e) {
    throw ConfigError(origin + ": " + e.what());
  }
}

void ParamTree::finalize() {
  // Follow each link to its end; a cycle is a declaration bug.
  std::set<std::string> done;
  std::function<void(const std::string&, size_t)> resolve = [&](const std::string& path, size_t depth) {
    if (done.count(path)) return;
    if (depth > params_.size()) throw ConfigError("parameter links form a cycle at " + path);
    auto l = links_.find(path);
    if (l != links_.end()) {
      resolve(l->second, depth + 1);
      Param& p = params_.at(path);
      if (p.is_default()) {
        const Param& src = params_.at(l->second);
        p.parse(src.value());
        p.origin = "default (follows " + l->second + ")";
      }
    }
    done.insert(path);
  };
  for (auto& [path, p] : params_) resolve(path, 0);
}

std::vector<const Param*> ParamTree::non_default() const {
  std::vector<const Param*> v;
  for (auto& [path, p] : params_)
    if (!p.is_default() && p.value() != p.default_value) v.push_back(&p);
  return v;
}

std::vector<std::string> ParamTree::closest(const std::string& path, size_t n) const {
  // Search under the longest prefix of `path` (whole components) that names a group of the tree,
  // so "ps.ddrc.tlc" suggests ps.ddrc.tcl rather than paths elsewhere that happen to be close.
  std::string prefix = path;
  auto under = [this](const std::string& pre) {
    auto it = params_.lower_bound(pre + ".");
    return it != params_.end() && it->first.compare(0, pre.size() + 1, pre + ".") == 0;
  };
  for (;;) {
    const auto dot = prefix.rfind('.');
    if (dot == std::string::npos) {
      prefix.clear();
      break;
    }
    prefix.resize(dot);
    if (under(prefix)) break;
  }
  std::vector<std::pair<size_t, std::string>> scored;
  for (auto& [name, p] : params_) {
    if (!prefix.empty() && name.compare(0, prefix.size() + 1, prefix + ".") != 0) continue;
    // Compare with the whole path and with its last component, so "tcl" finds "ps.ddrc.tcl".
    const auto dot = name.rfind('.');
    const std::string leaf = dot == std::string::npos ? name : name.substr(dot + 1);
    const auto pdot = path.rfind('.');
    const std::string pleaf = pdot == std::string::npos ? path : path.substr(pdot + 1);
    const size_t d = std::min({edit_distance(path, name), edit_distance(pleaf, leaf) + 1,
                               edit_distance(path, leaf) + 1});
    scored.push_back({d, name});
  }
  std::sort(scored.begin(), scored.end());
  std::vector<std::string> out;
  for (size_t i = 0; i < scored.size() && out.size() < n; ++i) out.push_back(scored[i].second);
  return out;
}

ParamSetting parse_setting(const std::string& text, const std::string& origin) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    throw ConfigError(origin + ": '" + text + "' is not PATH=VALUE (e.g. pl.csp.clock=100MHz)");
  return {text.substr(0, eq), text.substr(eq + 1), origin};
}

}  // namespace zvp
