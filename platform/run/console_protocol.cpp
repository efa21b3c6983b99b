// Parser of the console protocol (console_protocol.h).
#include "console_protocol.h"

#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace zvp {

namespace {

// A number only when the whole token parses (so "32x32" or "1e" stay text).
bool parse_number(const std::string& s, double& v) {
  if (s.empty()) return false;
  char* end = nullptr;
  v = std::strtod(s.c_str(), &end);
  return end && *end == 0 && end != s.c_str();
}

// The key=value tokens after a tag's fixed fields. Tokens without '=' are ignored.
void parse_columns(std::istringstream& ls, Row& row) {
  std::string kv;
  while (ls >> kv) {
    auto eq = kv.find('=');
    if (eq == std::string::npos) continue;
    std::string key = kv.substr(0, eq), val = kv.substr(eq + 1);
    if (!row.has(key)) row.columns.push_back(key);
    double v;
    if (parse_number(val, v)) row.values[key] = v;
    else row.text[key] = val;
  }
}

}  // namespace

std::string fmt_number(double v) {
  char b[64];
  std::snprintf(b, sizeof b, "%.6g", v);
  return b;
}

std::string Row::cell(const std::string& col) const {
  auto v = values.find(col);
  if (v != values.end()) return fmt_number(v->second);
  auto t = text.find(col);
  return t == text.end() ? std::string() : t->second;
}

std::vector<std::string> Results::layer_columns() const {
  std::vector<std::string> cols;
  std::map<std::string, bool> seen;
  for (const auto& l : layers)
    for (const auto& c : l.columns)
      if (!seen[c]) {
        seen[c] = true;
        cols.push_back(c);
      }
  return cols;
}

Results parse_console(const std::string& console) {
  Results out;
  std::istringstream in(console);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string tag;
    ls >> tag;
    if (tag == "@result") {
      std::string key, num;
      ls >> key >> num;
      double v;
      if (!key.empty() && parse_number(num, v)) {
        out.values[key] = v;
        ++out.counters.results;
      } else {
        ++out.counters.malformed;
      }
    } else if (tag == "@layer") {
      LayerRow l;
      ls >> l.name >> l.kind;
      parse_columns(ls, l);
      if (l.name.empty()) {
        ++out.counters.malformed;
      } else {
        out.layers.push_back(std::move(l));
        ++out.counters.layers;
      }
    } else if (tag == "@item") {
      ItemRow it;
      ls >> it.id;
      parse_columns(ls, it);
      out.items.push_back(std::move(it));
      ++out.counters.items;
    }
  }
  return out;
}

std::vector<ItemRow> items_with_times(const std::vector<ItemRow>& items, const std::vector<double>& times_s) {
  std::vector<ItemRow> out = items;
  std::map<std::string, size_t> by_id;
  for (size_t k = 0; k < out.size(); ++k) by_id.emplace(out[k].id, k);
  for (size_t i = 0; i < times_s.size(); ++i) {
    const std::string id = std::to_string(i);
    auto it = by_id.find(id);
    if (it == by_id.end()) {
      ItemRow row;
      row.id = id;
      it = by_id.emplace(id, out.size()).first;
      out.push_back(std::move(row));
    }
    ItemRow& row = out[it->second];
    if (row.has("time_s")) continue;  // the firmware's own line wins
    row.values["time_s"] = times_s[i];
    row.columns.push_back("time_s");
  }
  return out;
}

const std::vector<SchemaResult>& schema_results() {
  // docs/architecture.md, "Scenarios and reports": results.{images, correct, accuracy, latency_s.first/.mean}.
  static const std::vector<SchemaResult> table = {
      {"images", "images", nullptr},
      {"correct", "correct", nullptr},
      {"accuracy", "accuracy", accuracy_of},  // correct / images when not reported
      {"latency_s.first", "latency_first_s", nullptr},
      {"latency_s.mean", "latency_mean_s", nullptr},
  };
  return table;
}

bool is_schema_key(const std::string& key) {
  for (const auto& s : schema_results())
    if (key == s.protocol_key) return true;
  return false;
}

double schema_value(const Results& r, const SchemaResult& s) {
  if (r.has(s.protocol_key)) return r.get(s.protocol_key);
  return s.fallback ? s.fallback(r) : NAN;
}

double accuracy_of(const Results& r) {
  if (r.has("accuracy")) return r.get("accuracy");
  if (r.has("images") && r.has("correct") && r.get("images") > 0) return r.get("correct") / r.get("images");
  return NAN;
}

}  // namespace zvp
