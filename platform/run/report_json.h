// The JSON report of a run (docs/architecture.md, "Scenarios and reports"): what ran, how it ended, the results the
// firmware reported (console_protocol.h), per-layer rows beside the seeds' reference numbers,
// the parameters that differ from their defaults and the expectation checks.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "console_protocol.h"
#include "core/params.h"
#include "expectations.h"
#include "session.h"

namespace zvp {

// What the report says about the run's configuration (filled from the scenario and RunConfig,
// plain data so the writers need no simulation).
struct ReportContext {
  std::string scenario;
  std::string board;
  std::string timing_mode;               // "lt" | "at"
  std::string pl_design;                 // "none" for an empty PL
  std::vector<ParamSetting> params;      // every non-default parameter: path, value, origin
  std::map<std::string, double> reference;  // the seeds' numbers: "<result>" or "<layer>.<column>"
  // Who decided the process status (platform/cli/exit_status.h): "simulator" | "firmware".
  std::string exit_source = "simulator";
  int exit_status = 0;
  std::string exit_reason;
  uint32_t images_total = 0;             // run.images / --images (0 = the firmware's default)
  std::string reference_source;          // the scenario's reference.source ("" = not given)
};

std::string report_json(const ReportContext& ctx, const RunResult& run, const Results& results,
                        const std::vector<Check>& checks);

// Writes `text` to `path`; false (and a one-line message on stderr naming `what`) on failure.
bool write_report_file(const std::string& path, const std::string& text, const char* what);

}  // namespace zvp
