// What both sweep backends share: a point's outcome, the options of a run of points, the command
// line of one point, the resume split, the recording of an outcome (stderr tail, .hash record)
// and the Ctrl-C handling. A backend only decides where and how the commands run.
#pragma once
#include <string>
#include <vector>

#include "points.h"

namespace zvp::sweep {

// The outcome of one point.
struct PointRun {
  int status = -1;            // exit status of zvp run; -1 = not run
  bool wall_limit = false;    // killed at the sweep's wall_limit
  int signal = 0;             // killed by this signal (a crash); -1 = a signal, recorded before
  bool resumed = false;       // skipped by --resume (outcome from the stored record)
  double wall_s = 0;          // wall time of the process
  std::string stderr_tail;    // the last lines of its stderr when it failed
  std::string status_text() const;  // ok, status 5, wall_limit, signal 11, not_run
  bool ok() const { return status == 0 && !wall_limit && signal == 0; }
  bool not_run() const { return status == -1 && !wall_limit && signal == 0; }
};

struct BackendOptions {
  std::string zvp_exe;    // the zvp executable (/proc/self/exe resolved)
  std::string out_dir;
  unsigned jobs = 1;      // points running at a time
  double wall_limit_s = 0;
  bool resume = false;
  std::vector<std::string> input_hashes;  // one per point (--resume and the .hash records)
};

// The command line of one point (also written to results.json so a point can be re-run by hand).
std::vector<std::string> point_command(const SweepSpec& spec, const Point& p, const std::string& zvp_exe,
                                       const std::string& out_dir);

// With --resume, fills the outcome of every point whose report and input hash are unchanged;
// returns the indices of the points to run, and removes their stale report and record.
std::vector<size_t> schedule_points(const std::vector<Point>& points, const BackendOptions& opt,
                                    std::vector<PointRun>& runs);
// Records a finished point: the tail of its stderr when it failed, and its .hash record.
void record_outcome(const BackendOptions& opt, const Point& p, const std::string& input_hash, PointRun& pr);

// The last `lines` lines of a file.
std::string tail_of(const std::string& path, size_t lines);

// SIGINT/SIGTERM (Ctrl-C) request a stop while an object lives; the previous handlers come back.
class StopSignals {
 public:
  StopSignals();
  ~StopSignals();
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;
  static bool requested();
};

}  // namespace zvp::sweep
