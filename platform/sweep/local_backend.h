// The local backend: runs the points as separate `zvp run` processes, `jobs` at a time, each with
// the sweep's wall-clock limit, showing progress on stderr (one updating line on a terminal,
// plain lines otherwise). A failing point is recorded and does not stop the sweep.
#pragma once
#include <string>
#include <vector>

#include "point_run.h"

namespace zvp::sweep {

// Returns one PointRun per point, in point order. SIGINT/SIGTERM (Ctrl-C) stop the sweep: the running
// points' process groups are killed (they leave no report, so --resume runs them again), no new
// point starts, and `interrupted` is set; the caller still writes the outputs of what finished.
std::vector<PointRun> run_local(const SweepSpec& spec, const std::vector<Point>& points, const BackendOptions& opt,
                                bool& interrupted);

}  // namespace zvp::sweep
