// Slurm backend (slurm_backend.h).
#include "slurm_backend.h"

#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "core/config_error.h"
#include "point_hash.h"

namespace zvp::sweep {

namespace {

// Runs a shell command; returns its exit status and its stdout (stderr joined in).
int capture(const std::string& cmd, std::string& out) {
  out.clear();
  FILE* f = popen((cmd + " 2>&1").c_str(), "r");
  if (!f) return -1;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, f)) > 0;) out.append(buf, n);
  const int st = pclose(f);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string trim(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

std::string status_path(const std::string& dir, size_t task) {
  return dir + "/slurm/status/" + std::to_string(task);
}

// One line per task: the point's command, its stderr into points/<id>.stderr, under the wall
// limit; then its exit status into slurm/status/<task> (written last, so it marks completion).
void write_tasks(const SweepSpec& spec, const std::vector<Point>& points, const std::vector<size_t>& todo,
                 const BackendOptions& opt) {
  namespace fs = std::filesystem;
  fs::create_directories(opt.out_dir + "/slurm/status");
  std::ofstream t(opt.out_dir + "/slurm/tasks.txt");
  for (size_t k = 0; k < todo.size(); ++k) {
    const Point& p = points[todo[k]];
    std::string line;
    if (opt.wall_limit_s > 0)
      line += "timeout --signal=KILL " + std::to_string(long(std::ceil(opt.wall_limit_s))) + " ";
    for (const auto& a : point_command(spec, p, opt.zvp_exe, opt.out_dir)) line += quote(a) + " ";
    line += "> /dev/null 2> " + quote(stderr_path(opt.out_dir, p));
    t << line << "\n";
  }
  std::ofstream s(opt.out_dir + "/slurm/task.sh");
  // Slurm runs a copy of this script from its spool directory: name the sweep's folder in full.
  s << "#!/bin/bash\n"
       "# One task of a zvp sweep job array: line SLURM_ARRAY_TASK_ID+1 of tasks.txt.\n"
       "dir=" << quote(opt.out_dir + "/slurm") << "\n"
       "line=$(sed -n \"$((SLURM_ARRAY_TASK_ID + 1))p\" \"$dir/tasks.txt\")\n"
       "eval \"$line\"\n"
       "rc=$?\n"
       "echo $rc > \"$dir/status/$SLURM_ARRAY_TASK_ID.tmp\" && mv \"$dir/status/$SLURM_ARRAY_TASK_ID.tmp\" "
       "\"$dir/status/$SLURM_ARRAY_TASK_ID\"\n";
  s.close();
  chmod((opt.out_dir + "/slurm/task.sh").c_str(), 0755);
}

// Submits the given task indices; returns the array job id. Throws ConfigError when sbatch fails.
std::string submit(const std::vector<size_t>& tasks, const BackendOptions& opt, const SlurmOptions& so) {
  std::string list;
  for (size_t k = 0; k < tasks.size(); ++k) list += (k ? "," : "") + std::to_string(tasks[k]);
  const std::string dir = std::filesystem::absolute(opt.out_dir).string();
  std::string cmd = "sbatch --parsable --job-name=zvp-sweep --array=" + list + "%" + std::to_string(opt.jobs) +
                    " --cpus-per-task=1 --chdir=" + quote(dir) + " --output=" + quote(dir + "/slurm/task-%a.out");
  if (!so.partition.empty()) cmd += " --partition=" + quote(so.partition);
  cmd += " " + quote(dir + "/slurm/task.sh");
  std::string out;
  if (capture(cmd, out) != 0) throw ConfigError("slurm backend: sbatch failed: " + trim(out));
  out = trim(out);
  return out.substr(0, out.find(';'));
}

size_t tasks_in_queue(const std::string& job) {
  std::string out;
  if (capture("squeue -h -r -j " + job + " -o %i", out) != 0) return 0;  // gone from the queue
  size_t n = 0;
  for (char c : out) n += c == '\n';
  return n;
}

}  // namespace

void check_slurm_reachable() {
  // Without a configuration file scontrol falls back to DNS SRV look-ups that take about a
  // minute to fail: answer at once instead.
  const char* env = std::getenv("SLURM_CONF");
  const std::string conf = env && *env ? env : "/etc/slurm/slurm.conf";
  if (access(conf.c_str(), R_OK) != 0)
    throw ConfigError("slurm backend: no reachable Slurm controller: no configuration file " + conf +
                      (env && *env ? " (SLURM_CONF)" : " (SLURM_CONF is not set)") +
                      "; set SLURM_CONF or start one (tools/slurm/cluster.sh)");
  std::string out;
  const int rc = capture("timeout 30 scontrol ping", out);
  if (rc == 127 || out.find("not found") != std::string::npos)
    throw ConfigError("slurm backend: the Slurm client commands are not installed (Debian: slurm-client)");
  if (rc != 0 || out.find("UP") == std::string::npos)
  {
    // One line: the last thing scontrol said.
    std::string last = trim(out);
    last = last.substr(last.rfind('\n') == std::string::npos ? 0 : last.rfind('\n') + 1);
    throw ConfigError("slurm backend: no reachable Slurm controller (scontrol ping: " + last +
                      "); set SLURM_CONF or start one (tools/slurm/cluster.sh)");
  }
}

std::vector<PointRun> run_slurm(const SweepSpec& spec, const std::vector<Point>& points, const BackendOptions& opt,
                                const SlurmOptions& so, bool& interrupted) {
  StopSignals stop_signals;
  interrupted = false;
  std::vector<PointRun> runs(points.size());
  const std::vector<size_t> todo = schedule_points(points, opt, runs);  // task k runs point todo[k]
  const size_t resumed = points.size() - todo.size();
  std::fprintf(stderr, "zvp sweep: %zu points, %zu to run (%zu resumed), Slurm job array, %u at a time\n",
               points.size(), todo.size(), resumed, opt.jobs);
  if (todo.empty()) return runs;
  std::filesystem::remove_all(opt.out_dir + "/slurm/status");
  // The tasks run in other processes (other nodes on a real cluster): every path absolute.
  BackendOptions abs_opt = opt;
  abs_opt.out_dir = std::filesystem::absolute(opt.out_dir).lexically_normal().string();
  write_tasks(spec, points, todo, abs_opt);

  std::vector<size_t> pending(todo.size());
  for (size_t k = 0; k < todo.size(); ++k) pending[k] = k;
  const auto t0 = std::chrono::steady_clock::now();
  for (unsigned attempt = 0; !pending.empty() && !interrupted; ++attempt) {
    const std::string job = submit(pending, abs_opt, so);
    std::fprintf(stderr, "zvp sweep: submitted job array %s (%zu tasks%s)\n", job.c_str(), pending.size(),
                 attempt ? ", resubmission" : "");
    for (;;) {
      if (StopSignals::requested()) {
        std::string out;
        capture("scancel " + job, out);
        interrupted = true;
        break;
      }
      const size_t queued = tasks_in_queue(job);
      size_t finished = 0;
      for (size_t k = 0; k < todo.size(); ++k) finished += access(status_path(opt.out_dir, k).c_str(), F_OK) == 0;
      const double el = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      std::fprintf(stderr, "[sweep] job %s: %zu/%zu finished, %zu queued or running, elapsed %.0fs\n", job.c_str(),
                   finished + resumed, points.size(), queued, el);
      if (queued == 0) break;
      std::this_thread::sleep_for(std::chrono::duration<double>(so.poll_s));
    }
    // Tasks with no status file ended without running their point to the end (lost): again.
    std::vector<size_t> lost;
    for (size_t k : pending)
      if (access(status_path(opt.out_dir, k).c_str(), F_OK) != 0) lost.push_back(k);
    if (!lost.empty() && !interrupted && attempt >= so.retries) {
      for (size_t k : lost) runs[todo[k]].stderr_tail = "task lost " + std::to_string(so.retries + 1) + " times\n";
      break;
    }
    pending = lost;
  }
  for (size_t k = 0; k < todo.size(); ++k) {
    PointRun& pr = runs[todo[k]];
    const Point& p = points[todo[k]];
    std::ifstream f(status_path(opt.out_dir, k));
    int rc = -1;
    if (!(f >> rc)) {
      if (!interrupted) pr.signal = SIGKILL;  // lost: no status after every retry
      continue;
    }
    if (rc == 137 && opt.wall_limit_s > 0) pr.wall_limit = true;  // timeout --signal=KILL
    else if (rc > 128) pr.signal = rc - 128;
    else pr.status = rc;
    record_outcome(opt, p, opt.input_hashes[todo[k]], pr);
  }
  return runs;
}

}  // namespace zvp::sweep
