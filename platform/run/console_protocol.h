// The console protocol between firmware and the scenario runner (firmware/common/zvp_report.h):
// lines on the console UART that the runner turns into one Results structure. The parser knows
// no application: every key and column is data.
//   @result <key> <number>                         -> Results::values
//   @layer <name> <kind> <col>=<value> ...         -> Results::layers (numeric or text columns)
//   @item <id> <col>=<value> ...                   -> Results::items (progress, one per input)
#pragma once
#include <cmath>
#include <map>
#include <string>
#include <vector>

namespace zvp {

// Key=value columns of one @layer or @item line. Values that parse completely as numbers are
// numeric, anything else (e.g. in=32x32) is text.
struct Row {
  std::map<std::string, double> values;
  std::map<std::string, std::string> text;
  std::vector<std::string> columns;  // column keys in the order the line gave them

  bool has(const std::string& col) const { return values.count(col) || text.count(col); }
  double number(const std::string& col) const {  // NAN when absent or text
    auto it = values.find(col);
    return it == values.end() ? NAN : it->second;
  }
  std::string cell(const std::string& col) const;  // "" when absent; numbers as %.6g
};

struct LayerRow : Row {
  std::string name, kind;
};

struct ItemRow : Row {
  std::string id;
};

// How many protocol lines the parser saw; malformed ones are ignored (and counted so the
// summary can say so instead of silently dropping results).
struct ProtocolCounters {
  unsigned results = 0;
  unsigned layers = 0;
  unsigned items = 0;
  unsigned malformed = 0;
};

struct Results {
  std::map<std::string, double> values;  // @result key -> number (the last line wins)
  std::vector<LayerRow> layers;          // in console order
  std::vector<ItemRow> items;            // in console order
  ProtocolCounters counters;

  bool has(const std::string& key) const { return values.count(key) != 0; }
  double get(const std::string& key) const {  // NAN when not reported
    auto it = values.find(key);
    return it == values.end() ? NAN : it->second;
  }
  // Every column key any layer reported, in order of first appearance.
  std::vector<std::string> layer_columns() const;
};

Results parse_console(const std::string& console);

// The item log's times (session_data.h, read_item_log: input i's time in seconds) as the
// `time_s` column of the items, as "@item <i> time_s=<t>" lines would give them: added to the
// item with id i when the console printed one without a time, else a new item in id order.
std::vector<ItemRow> items_with_times(const std::vector<ItemRow>& items, const std::vector<double>& times_s);

// The report's `results` section (docs/architecture.md, "Scenarios and reports") names a few well-known quantities;
// this one table says which @result key feeds each of them. Every other @result key goes to
// results.extra. `path` is the key in the report ("group.key" = inside an object `group`).
struct Results;
struct SchemaResult {
  const char* path;
  const char* protocol_key;
  double (*fallback)(const Results&);  // derives the value when the key is not reported (or nullptr)
};
const std::vector<SchemaResult>& schema_results();
// True when `key` feeds one of the schema's named results (so it is not an extra).
bool is_schema_key(const std::string& key);

// The value of one schema entry: the reported key, else its fallback, else NAN.
double schema_value(const Results& r, const SchemaResult& s);

// The run's accuracy: the reported `accuracy`, else correct / images when both are reported
// (and images > 0), else NAN.
double accuracy_of(const Results& r);

// "%.6g": how results are printed in checks and summaries.
std::string fmt_number(double v);

}  // namespace zvp
