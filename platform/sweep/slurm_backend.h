// The Slurm backend of `zvp sweep`: the points that must run become one Slurm job array
// (`sbatch --array`, one point per task, at most `jobs` tasks at a time). Each task runs the same
// `zvp run` command line as the local backend, under `timeout` for the sweep's wall limit, and
// writes its exit status into the shared output directory; the sweep follows the array with
// `squeue` (the test cluster has no accounting database, so not `sacct`), resubmits tasks that
// ended without a status (a lost node or task, not a failing simulation, which is deterministic)
// up to `retries` times, then collects the same outputs as the local backend.
#pragma once
#include <string>
#include <vector>

#include "point_run.h"

namespace zvp::sweep {

struct SlurmOptions {
  unsigned retries = 2;        // resubmissions of tasks that ended without a status
  std::string partition;       // "" = the cluster's default
  double poll_s = 1.0;         // squeue interval
};

// ConfigError with the reason when no Slurm controller answers (`scontrol ping`) or the client
// commands are missing. Called before anything is written.
void check_slurm_reachable();

std::vector<PointRun> run_slurm(const SweepSpec& spec, const std::vector<Point>& points, const BackendOptions& opt,
                                const SlurmOptions& slurm, bool& interrupted);

}  // namespace zvp::sweep
