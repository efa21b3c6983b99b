// The per-layer CSV of a run, for exploration scripts. Column names follow SCALE-Sim where they
// overlap (docs/architecture.md, "Scenarios and reports": Total Cycles, Overall Util %, ...); see report_csv.cpp for
// the table of well-known layer columns. Any other column the layers report is written too,
// under its protocol key.
#pragma once
#include <map>
#include <string>

#include "console_protocol.h"

namespace zvp {

// `pl_clock_hz` converts time_s into Total Cycles; `reference` holds "<layer>.<column>" entries.
std::string layer_csv(const Results& results, const std::map<std::string, double>& reference,
                      double pl_clock_hz);

// A CSV field (RFC 4180): quoted, with quotes doubled, when it holds a separator, a quote or a
// line break (also the sweep's results.csv; docs/libraries.md says why this is not a library).
std::string csv_field(const std::string& s);

}  // namespace zvp
