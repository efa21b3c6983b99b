// The human summary of a run on stderr: the reported results beside the seeds' reference
// numbers, a per-layer table of whatever columns the layers report, and the checks.
#pragma once
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "console_protocol.h"
#include "expectations.h"

namespace zvp {

std::string results_summary(const std::string& scenario, const Results& results,
                            const std::map<std::string, double>& reference,
                            const std::vector<Check>& checks);

// Only the per-layer table ("" without layers). A cell of a column with a reference
// "<layer>.<column>" reads "model / reference (+x%)".
std::string layer_table(const Results& results, const std::map<std::string, double>& reference);

}  // namespace zvp
