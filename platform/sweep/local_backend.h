// The local backend: runs the points as separate `zvp run` processes, `jobs` at a time, each with
// the sweep's wall-clock limit, showing progress on stderr (one updating line on a terminal,
// plain lines otherwise). A failing point is recorded and does not stop the sweep.
#pragma once
#include <string>
#include <vector>

#include "points.h"

namespace zvp::sweep {

// The outcome of one point.
struct PointRun {
  int status = -1;            // exit status of zvp run; -1 = not run
  bool wall_limit = false;    // killed at the sweep's wall_limit
  int signal = 0;             // killed by this signal (a crash)
  bool resumed = false;       // skipped by --resume (status from the stored record)
  double wall_s = 0;          // wall time of the process
  std::string stderr_tail;    // the last lines of its stderr when it failed
  std::string status_text() const;  // ok, status 5, wall_limit, signal 11
  bool ok() const { return status == 0 && !wall_limit && signal == 0; }
};

struct LocalOptions {
  std::string zvp_exe;    // the zvp executable (/proc/self/exe resolved)
  std::string out_dir;
  unsigned jobs = 1;
  double wall_limit_s = 0;
  bool resume = false;
  std::vector<std::string> input_hashes;  // one per point (--resume and the .hash records)
};

// Returns one PointRun per point, in point order. SIGINT/SIGTERM (Ctrl-C) stop the sweep: the running
// points' process groups are killed (they leave no report, so --resume runs them again), no new
// point starts, and `interrupted` is set; the caller still writes the outputs of what finished.
std::vector<PointRun> run_local(const SweepSpec& spec, const std::vector<Point>& points, const LocalOptions& opt,
                                bool& interrupted);

// The command line of one point (also written to results.json so a point can be re-run by hand).
std::vector<std::string> point_command(const SweepSpec& spec, const Point& p, const std::string& zvp_exe,
                                       const std::string& out_dir);

}  // namespace zvp::sweep
