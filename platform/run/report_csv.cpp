// Per-layer CSV writer (report_csv.h).
#include "report_csv.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <sstream>
#include <vector>

namespace zvp {

namespace {

// The well-known layer columns of the console protocol, in CSV order. `always` columns are in
// every CSV (a stable header for scripts: the per-layer fields of docs/architecture.md, "Scenarios and reports", and
// Total Cycles); the others appear when some layer reports them.
struct CsvColumn {
  const char* key;     // the @layer column
  const char* header;  // the CSV name (SCALE-Sim's where it has one)
  double scale;        // CSV value = protocol value x scale
  bool always;
  bool cycles;         // value = round(time in seconds x PL clock)
  bool ref_always;     // its reference and error columns are always present
};

const CsvColumn kColumns[] = {
    {"in", "Input", 1, false, false, false},
    {"cin", "Input Channels", 1, false, false, false},
    {"cout", "Output Channels", 1, false, false, false},
    {"gops", "GOPs", 1, true, false, false},
    {"time_s", "Time (s)", 1, true, false, true},  // the seeds' tables give time: always compared
    {"time_s", "Total Cycles", 1, true, true, false},
    {"efficiency", "Overall Util %", 100, true, false, false},
    {"gops_per_s", "GOPS", 1, true, false, false},
};

std::string number(double v) { return std::isfinite(v) ? fmt_number(v) : std::string(); }

// A SCALE-Sim column's value when the layer reports the quantity under another key or
// reports what it follows from (the DTPU: utilisation, MACs; DNNWeaver: cycles), so that every
// declared column is filled where the layer has the quantity at all. NAN when it has not.
double first_of(const LayerRow& l, std::initializer_list<const char*> keys) {
  for (const char* k : keys)
    if (std::isfinite(l.number(k))) return l.number(k);
  return NAN;
}
double layer_time_s(const LayerRow& l, double pl_hz) {
  const double t = l.number("time_s");
  if (std::isfinite(t)) return t;
  return pl_hz > 0 ? l.number("cycles") / pl_hz : NAN;  // accelerator cycles at the PL clock
}
double layer_gops(const LayerRow& l) {
  const double g = l.number("gops");
  return std::isfinite(g) ? g : 2 * l.number("macs") / 1e9;  // 2 operations per MAC
}
double column_value(const LayerRow& l, const std::string& key, double pl_hz) {
  if (key == "time_s") return layer_time_s(l, pl_hz);
  if (key == "gops") return layer_gops(l);
  if (key == "efficiency") return first_of(l, {"efficiency", "utilisation"});
  if (key == "gops_per_s") {
    const double r = l.number("gops_per_s");
    return std::isfinite(r) ? r : layer_gops(l) / layer_time_s(l, pl_hz);
  }
  return l.number(key);
}
double total_cycles(const LayerRow& l, double pl_hz) {
  const double c = l.number("cycles");
  return std::isfinite(c) ? c : std::round(l.number("time_s") * pl_hz);
}

std::string title_of(const std::string& header) {  // "Time (s)" -> "Time"
  auto p = header.find(" (");
  return p == std::string::npos ? header : header.substr(0, p);
}

}  // namespace

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

std::string layer_csv(const Results& results, const std::map<std::string, double>& reference,
                      double pl_clock_hz) {
  struct Out {
    std::string key, header;
    double scale;
    bool cycles;
  };
  const std::vector<std::string> reported = results.layer_columns();
  auto is_reported = [&](const std::string& k) {
    return std::find(reported.begin(), reported.end(), k) != reported.end();
  };
  auto has_reference = [&](const std::string& k) {
    for (const auto& l : results.layers)
      if (reference.count(l.name + "." + k)) return true;
    return false;
  };

  std::vector<Out> cols, refs;
  for (const auto& c : kColumns) {
    if (!c.always && !is_reported(c.key)) continue;
    cols.push_back({c.key, c.header, c.cycles ? pl_clock_hz : c.scale, c.cycles});
    if (!c.cycles && (c.ref_always || has_reference(c.key))) refs.push_back(cols.back());
  }
  for (const auto& k : reported) {
    bool known = false;
    for (const auto& c : kColumns) known |= k == c.key;
    if (known) continue;
    cols.push_back({k, k, 1, false});
    if (has_reference(k)) refs.push_back(cols.back());
  }

  std::ostringstream f;
  f << "Layer,Kind";
  for (const auto& c : cols) f << ',' << csv_field(c.header);
  for (const auto& r : refs)
    f << ',' << csv_field("Reference " + r.header) << ',' << csv_field(title_of(r.header) + " Error %");
  f << '\n';
  for (const auto& l : results.layers) {
    f << csv_field(l.name) << ',' << csv_field(l.kind);
    for (const auto& c : cols) {
      f << ',';
      auto t = l.text.find(c.key);
      if (t != l.text.end()) f << csv_field(t->second);
      else if (c.cycles) f << number(total_cycles(l, c.scale));
      else f << number(column_value(l, c.key, pl_clock_hz) * c.scale);
    }
    for (const auto& r : refs) {
      auto it = reference.find(l.name + "." + r.key);
      const double rv = it == reference.end() ? NAN : it->second, v = l.number(r.key);
      f << ',' << number(rv * r.scale) << ','
        << number(std::isfinite(rv) && rv != 0 ? 100.0 * (v - rv) / rv : NAN);
    }
    f << '\n';
  }
  return f.str();
}

}  // namespace zvp
