// The human summary of a run on stderr: the reported results beside the seeds' reference
// numbers, a per-layer table of whatever columns the layers report, and the checks.
#pragma once
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "console_protocol.h"
#include "expectations.h"
#include "session.h"

namespace zvp {

std::string results_summary(const std::string& scenario, const Results& results,
                            const std::map<std::string, double>& reference,
                            const std::vector<Check>& checks);

// Only the per-layer table ("" without layers). A cell of a column with a reference
// "<layer>.<column>" reads "model / reference (+x%)".
std::string layer_table(const Results& results, const std::map<std::string, double>& reference);

// The one line an interrupted run (SIGINT/SIGTERM, stop_signals.h) ends with: the signal, where
// it stopped (simulated time, inputs done of `images_total` (0 = not known), layers done), the
// files written (`written`: paths; live endpoints "tcp:..." and "pty" are left out) and the
// exit status (128 + the signal).
std::string interrupted_line(const std::string& command, const RunResult& r, uint32_t images_total,
                             const std::vector<std::string>& written);

}  // namespace zvp
