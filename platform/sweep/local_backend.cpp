// Local backend: fork/exec of `zvp run` per point (local_backend.h).
#include "local_backend.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <deque>
#include <fstream>
#include <sstream>
#include <thread>

#include "point_hash.h"

namespace zvp::sweep {

namespace {

using Clock = std::chrono::steady_clock;

std::string fmt_duration(double s) {
  char buf[32];
  if (s < 60) std::snprintf(buf, sizeof buf, "%.0fs", s);
  else if (s < 3600) std::snprintf(buf, sizeof buf, "%dm%02ds", int(s) / 60, int(s) % 60);
  else std::snprintf(buf, sizeof buf, "%dh%02dm", int(s) / 3600, int(s) % 3600 / 60);
  return buf;
}

struct Running {
  size_t point;
  pid_t pid;
  Clock::time_point start;
  bool killed = false;
};

// Starts one point; its stdout is dropped (--quiet-console) and its stderr goes to a file.
pid_t spawn(const std::vector<std::string>& args, const std::string& err_file) {
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);  // its own process group, so a wall-limit kill takes all of it
    int err = open(err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int nul = open("/dev/null", O_RDWR);
    if (nul >= 0) { dup2(nul, 0); dup2(nul, 1); }
    if (err >= 0) dup2(err, 2);
    execv(argv[0], argv.data());
    std::fprintf(stderr, "zvp sweep: cannot execute %s: %s\n", argv[0], std::strerror(errno));
    _exit(127);
  }
  return pid;
}

// " (path=value, ...)": the point's parameter values for its progress line.
std::string point_values(const Point& p) {
  std::string out;
  for (const auto& [path, value] : p.settings) out += (out.empty() ? " (" : ", ") + path + "=" + value;
  return out.empty() ? out : out + ")";
}

}  // namespace

std::vector<PointRun> run_local(const SweepSpec& spec, const std::vector<Point>& points, const BackendOptions& opt,
                                bool& interrupted) {
  StopSignals stop_signals;
  interrupted = false;
  std::vector<PointRun> runs(points.size());
  const std::vector<size_t> scheduled = schedule_points(points, opt, runs);
  std::deque<size_t> todo(scheduled.begin(), scheduled.end());
  size_t done = 0, failed = 0;
  const size_t skipped = points.size() - todo.size();
  for (const auto& pr : runs) failed += pr.resumed && !pr.ok();
  const bool tty = isatty(STDERR_FILENO);
  const size_t to_run = todo.size();
  std::fprintf(stderr, "zvp sweep: %zu points, %zu to run (%zu resumed), %u at a time\n", points.size(), to_run,
               skipped, opt.jobs);
  std::vector<Running> running;
  auto t0 = Clock::now();
  size_t finished_here = 0;
  auto progress = [&](const std::string& line) {
    double el = std::chrono::duration<double>(Clock::now() - t0).count();
    std::string eta = "?";
    if (finished_here > 0) {
      double per = el / double(finished_here);
      eta = fmt_duration(per * double(to_run - finished_here));
    }
    char buf[256];
    std::snprintf(buf, sizeof buf, "[sweep] %zu/%zu done, %zu failed, %zu running, elapsed %s, ETA %s",
                  done + skipped, points.size(), failed, running.size(), fmt_duration(el).c_str(), eta.c_str());
    if (tty) std::fprintf(stderr, "\r%s\033[K", buf);
    else if (!line.empty()) std::fprintf(stderr, "%s: %s\n", buf, line.c_str());
    std::fflush(stderr);
  };
  while (!todo.empty() || !running.empty()) {
    if (StopSignals::requested()) {
      // Interrupted: end every running point (its whole process group) and start no other.
      for (auto& run : running) {
        kill(-run.pid, SIGKILL);
        waitpid(run.pid, nullptr, 0);
        std::remove(report_path(opt.out_dir, points[run.point]).c_str());
      }
      running.clear();
      interrupted = true;
      break;
    }
    while (!todo.empty() && running.size() < opt.jobs) {
      size_t i = todo.front();
      todo.pop_front();
      auto args = point_command(spec, points[i], opt.zvp_exe, opt.out_dir);
      pid_t pid = spawn(args, stderr_path(opt.out_dir, points[i]));
      if (pid < 0) {
        runs[i].status = 127;
        runs[i].stderr_tail = std::string("fork failed: ") + std::strerror(errno) + "\n";
        ++done;
        ++failed;
        continue;
      }
      running.push_back({i, pid, Clock::now()});
    }
    progress("");
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    for (size_t r = 0; r < running.size();) {
      auto& run = running[r];
      int wst = 0;
      pid_t w = waitpid(run.pid, &wst, WNOHANG);
      double el = std::chrono::duration<double>(Clock::now() - run.start).count();
      if (w == 0) {
        if (opt.wall_limit_s > 0 && el > opt.wall_limit_s && !run.killed) {
          kill(-run.pid, SIGKILL);
          run.killed = true;
        }
        ++r;
        continue;
      }
      PointRun& pr = runs[run.point];
      pr.wall_s = el;
      if (run.killed) pr.wall_limit = true;
      else if (WIFSIGNALED(wst)) pr.signal = WTERMSIG(wst);
      else pr.status = WEXITSTATUS(wst);
      if (pr.wall_limit) pr.status = -1;
      failed += !pr.ok();
      record_outcome(opt, points[run.point], opt.input_hashes[run.point], pr);
      ++done;
      ++finished_here;
      std::string line = points[run.point].id + point_values(points[run.point]) + " " + pr.status_text();
      running.erase(running.begin() + long(r));
      progress(line);
    }
  }
  if (tty) std::fprintf(stderr, "\n");
  return runs;
}

}  // namespace zvp::sweep
