// Text summary of a run (summary.h).
#include "summary.h"

#include <csignal>

#include <algorithm>

namespace zvp {

namespace {

std::string printf_string(const char* f, double v) {
  char b[64];
  std::snprintf(b, sizeof b, f, v);
  return b;
}

// "model / reference (+x%)" when the reference exists, the model's value otherwise.
std::string beside_reference(const std::string& model, double v, const double* ref) {
  if (!ref) return model;
  std::string out = (model.empty() ? std::string("-") : model) + " / " + fmt_number(*ref);
  if (std::isfinite(v) && *ref != 0) out += printf_string(" (%+.0f%%)", 100.0 * (v - *ref) / *ref);
  return out;
}

}  // namespace

std::string layer_table(const Results& results, const std::map<std::string, double>& reference) {
  if (results.layers.empty()) return "";
  std::vector<std::string> cols = results.layer_columns();
  // Rows of cells: header first; widths from the widest cell of each column.
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> head = {"layer", "kind"};
  head.insert(head.end(), cols.begin(), cols.end());
  rows.push_back(head);
  bool any_ref = false;
  for (const auto& l : results.layers) {
    std::vector<std::string> row = {l.name, l.kind};
    for (const auto& c : cols) {
      auto it = reference.find(l.name + "." + c);
      any_ref |= it != reference.end();
      std::string cell = beside_reference(l.cell(c), l.number(c), it == reference.end() ? nullptr : &it->second);
      row.push_back(cell.empty() ? "-" : cell);
    }
    rows.push_back(row);
  }
  std::vector<size_t> width(head.size(), 0);
  for (const auto& r : rows)
    for (size_t i = 0; i < r.size(); ++i) width[i] = std::max(width[i], r[i].size());
  std::string out = any_ref ? "  per layer: model / seed reference (error)\n" : "  per layer:\n";
  for (const auto& r : rows) {
    std::string line = " ";
    for (size_t i = 0; i < r.size(); ++i) line += " " + r[i] + std::string(width[i] - r[i].size(), ' ');
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

std::string results_summary(const std::string& scenario, const Results& results,
                            const std::map<std::string, double>& reference,
                            const std::vector<Check>& checks) {
  std::string out = "[zvp] results of " + scenario + ":\n";
  char b[256];
  for (const auto& [k, v] : results.values) {
    auto ref = reference.find(k);
    if (ref != reference.end() && ref->second != 0)
      std::snprintf(b, sizeof b, "  %-24s %-14s reference %-14s (%+.1f %%)\n", k.c_str(), fmt_number(v).c_str(),
                    fmt_number(ref->second).c_str(), 100.0 * (v - ref->second) / ref->second);
    else
      std::snprintf(b, sizeof b, "  %-24s %s\n", k.c_str(), fmt_number(v).c_str());
    out += b;
  }
  out += layer_table(results, reference);
  if (results.counters.malformed)
    out += "  (" + std::to_string(results.counters.malformed) + " malformed @result/@layer lines ignored)\n";
  for (const auto& c : checks)
    out += std::string("  [") + (c.passed ? "pass" : "FAIL") + "] " + c.name + ": " + c.detail + "\n";
  return out;
}

std::string interrupted_line(const std::string& command, const RunResult& r, uint32_t images_total,
                             const std::vector<std::string>& written) {
  char b[160];
  std::string out = command + ": " + (r.interrupted == SIGINT ? "interrupted (SIGINT)" : "terminated (SIGTERM)");
  std::snprintf(b, sizeof b, " at %.6f s simulated", r.sim_s);
  out += b;
  if (images_total) out += ", " + std::to_string(r.items_done) + "/" + std::to_string(images_total) + " inputs done";
  else if (r.items_done) out += ", " + std::to_string(r.items_done) + " inputs done";
  if (r.layers_done) out += ", " + std::to_string(r.layers_done) + " layers";
  std::string files;
  for (const std::string& w : written)
    if (!w.empty() && w.rfind("tcp:", 0) != 0 && w != "pty") files += (files.empty() ? "" : ", ") + w;
  out += files.empty() ? "; no output files" : "; wrote " + files;
  out += "; exit status " + std::to_string(128 + r.interrupted) + "\n";
  return out;
}

}  // namespace zvp
