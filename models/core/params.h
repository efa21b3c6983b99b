// Named parameters (docs/architecture.md, "Principles"): every tunable number of a model is declared
// once, next to the model, with its name, type, default, unit and a one-line doc, and bound to
// the field of the model's configuration struct that holds it. The declarations form one tree
// (`ps.ddrc.tcl`, `pl.csp.sop.depth`, `cpu0.quantum` ...). Boards, scenarios (`params:`) and
// `--set PATH=VALUE` assign values by path; later assignments win and each value remembers
// where it came from. Unknown paths, bad types and out-of-range values are ConfigErrors that
// name the path, the expected form and (for unknown paths) the closest valid ones.
//
// Use, for a model with a config struct:
//
//   struct DdrConfig {
//     unsigned tcl = 7;
//     void declare(ParamScope& p) {
//       p.add("tcl", tcl, "cycles", "CAS latency (DDR clock cycles)", 1, 32);
//     }
//   };
//
// The platform calls declare() on a scope (`tree.scope("ps.ddrc")`) before it builds the
// model, applies the assignments, then constructs the model from the struct.
#pragma once
#include <systemc>

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/clock.h"
#include "core/config_error.h"

namespace zvp {

struct Param {
  std::string path;
  std::string type;   // bool, int, uint, real, text, choice, time, frequency, bytes
  std::string unit;   // cycles, bytes, beats ... ("" when the type carries it)
  std::string doc;
  std::string range;  // e.g. "[1, 32]" or "lt|at" ("" = any)
  std::string default_value;
  std::string origin = "default";    // default, board <file>, scenario <file>, --set, ...
  std::string linked_to;             // default follows this parameter unless set
  std::function<void(const std::string&)> parse;  // parses, checks and stores; throws ConfigError
  std::function<std::string()> format;            // the current value as text
  std::string value() const { return format(); }
  bool is_default() const { return origin == "default"; }
};

class ParamTree;

// A prefix of the tree: what a model sees when it declares its parameters.
class ParamScope {
 public:
  ParamScope(ParamTree& tree, std::string prefix) : tree_(&tree), prefix_(std::move(prefix)) {}
  ParamScope sub(const std::string& name) const;
  const std::string& prefix() const { return prefix_; }
  std::string path(const std::string& name) const;

  void add(const std::string& name, bool& v, const std::string& doc);
  void add(const std::string& name, unsigned& v, const std::string& unit, const std::string& doc,
           uint64_t min = 0, uint64_t max = UINT32_MAX);
  void add(const std::string& name, uint64_t& v, const std::string& unit, const std::string& doc,
           uint64_t min = 0, uint64_t max = UINT64_MAX);
  void add(const std::string& name, int& v, const std::string& unit, const std::string& doc,
           int64_t min, int64_t max);
  void add(const std::string& name, double& v, const std::string& unit, const std::string& doc,
           double min, double max);
  void add(const std::string& name, std::string& v, const std::string& doc);
  // A value from a fixed set (e.g. lt|at).
  void choice(const std::string& name, std::string& v, const std::vector<std::string>& options,
              const std::string& doc);
  // An enumeration written by name (e.g. the DDR address mapping): `options` pairs each
  // accepted name with its enumerator; the value must be one of them.
  template <typename E>
  void choice(const std::string& name, E& v, const std::vector<std::pair<std::string, E>>& options,
              const std::string& doc);
  void time(const std::string& name, sc_core::sc_time& v, const std::string& doc,
            sc_core::sc_time min = sc_core::SC_ZERO_TIME,
            sc_core::sc_time max = sc_core::sc_time(1000, sc_core::SC_SEC));
  void frequency(const std::string& name, double& hz, const std::string& doc, double min_hz = 1e3,
                 double max_hz = 5e9);
  void frequency(const std::string& name, Clock& clk, const std::string& doc, double min_hz = 1e3,
                 double max_hz = 5e9);
  void bytes(const std::string& name, uint64_t& v, const std::string& doc, uint64_t min = 0,
             uint64_t max = UINT64_MAX);
  // Any other type: the caller provides the parse/format pair and describes the value.
  void custom(Param p);
  // The default of `name` (declared in this scope) follows the parameter at the full path
  // `source` until `name` is assigned itself (e.g. a design clock following clocks.fclk0).
  void link(const std::string& name, const std::string& source);

 private:
  ParamTree* tree_;
  std::string prefix_;
};

class ParamTree {
 public:
  ParamScope scope(const std::string& prefix = "") { return ParamScope(*this, prefix); }

  // Declaration (a second declaration of the same path is a programming error: ConfigError
  // naming both docs, so a plug-in cannot silently shadow another's parameter).
  Param& declare(Param p);
  // The default of `path` follows `source` (e.g. pl.csp.clock follows clocks.fclk0) until
  // `path` is assigned itself. Resolved by finalize().
  void link(const std::string& path, const std::string& source);

  bool has(const std::string& path) const { return params_.count(path) != 0; }
  const Param& get(const std::string& path) const;
  // Assigns a value by path: unknown path, bad value or range -> ConfigError naming `origin`.
  void set(const std::string& path, const std::string& value, const std::string& origin);
  // Applies linked defaults (in dependency order). Call once after every assignment.
  void finalize();

  const std::map<std::string, Param>& all() const { return params_; }
  std::vector<const Param*> non_default() const;
  // Up to `n` declared paths closest to `path` (edit distance, common prefix first).
  std::vector<std::string> closest(const std::string& path, size_t n = 3) const;

 private:
  std::map<std::string, Param> params_;
  std::map<std::string, std::string> links_;  // path -> source
};

template <typename E>
void ParamScope::choice(const std::string& name, E& v, const std::vector<std::pair<std::string, E>>& options,
                        const std::string& doc) {
  Param p;
  p.path = name;
  p.type = "choice";
  p.doc = doc;
  for (auto& o : options) p.range += (p.range.empty() ? "" : "|") + o.first;
  p.parse = [&v, options, full = path(name), r = p.range](const std::string& s) {
    for (auto& o : options)
      if (o.first == s) {
        v = o.second;
        return;
      }
    throw ConfigError(full + ": '" + s + "' is not one of " + r);
  };
  p.format = [&v, options] {
    for (auto& o : options)
      if (o.second == v) return o.first;
    return std::string("?");
  };
  custom(std::move(p));
}

// One assignment as written in a board, a scenario or on the command line.
struct ParamSetting {
  std::string path, value, origin;
};

// "PATH=VALUE" -> setting; ConfigError when there is no '=' or an empty side.
ParamSetting parse_setting(const std::string& text, const std::string& origin);

}  // namespace zvp
