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

std::string tail_of(const std::string& path, size_t lines) {
  std::ifstream f(path);
  std::deque<std::string> last;
  for (std::string l; std::getline(f, l);) {
    last.push_back(l);
    if (last.size() > lines) last.pop_front();
  }
  std::string out;
  for (auto& l : last) out += l + "\n";
  return out;
}

std::string fmt_duration(double s) {
  char buf[32];
  if (s < 60) std::snprintf(buf, sizeof buf, "%.0fs", s);
  else if (s < 3600) std::snprintf(buf, sizeof buf, "%dm%02ds", int(s) / 60, int(s) % 60);
  else std::snprintf(buf, sizeof buf, "%dh%02dm", int(s) / 3600, int(s) % 3600 / 60);
  return buf;
}

volatile sig_atomic_t g_stop = 0;
extern "C" void on_stop_signal(int) { g_stop = 1; }

// SIGINT/SIGTERM set g_stop while the sweep runs; the previous handlers come back afterwards.
struct StopSignals {
  struct sigaction old_int {}, old_term {};
  StopSignals() {
    g_stop = 0;
    struct sigaction sa {};
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
  }
  ~StopSignals() {
    sigaction(SIGINT, &old_int, nullptr);
    sigaction(SIGTERM, &old_term, nullptr);
  }
};

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

}  // namespace

std::string PointRun::status_text() const {
  if (wall_limit) return "wall_limit";
  if (signal) return "signal " + std::to_string(signal);
  if (status == 0) return "ok";
  if (status < 0) return "not_run";
  return "status " + std::to_string(status);
}

std::vector<std::string> point_command(const SweepSpec& spec, const Point& p, const std::string& zvp_exe,
                                       const std::string& out_dir) {
  std::vector<std::string> a = {zvp_exe, "run", p.scenario, "--quiet-console", "--report", report_path(out_dir, p)};
  for (const auto& [k, v] : p.settings) {
    a.push_back("--set");
    a.push_back(k + "=" + v);
  }
  if (spec.images) {
    a.push_back("--images");
    a.push_back(std::to_string(*spec.images));
  }
  return a;
}

std::vector<PointRun> run_local(const SweepSpec& spec, const std::vector<Point>& points, const LocalOptions& opt,
                                bool& interrupted) {
  StopSignals stop_signals;
  interrupted = false;
  std::vector<PointRun> runs(points.size());
  std::deque<size_t> todo;
  size_t done = 0, failed = 0, skipped = 0;
  for (size_t i = 0; i < points.size(); ++i) {
    int st;
    if (opt.resume && can_resume(opt.out_dir, points[i], opt.input_hashes[i], st)) {
      runs[i].status = st;
      runs[i].resumed = true;
      ++skipped;
      if (st != 0) ++failed;
    } else {
      todo.push_back(i);
    }
  }
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
    if (g_stop) {
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
      std::remove(report_path(opt.out_dir, points[i]).c_str());  // no stale report for a failed run
      std::remove(hash_path(opt.out_dir, points[i]).c_str());
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
      if (!pr.ok()) {
        pr.stderr_tail = tail_of(stderr_path(opt.out_dir, points[run.point]), 8);
        ++failed;
      }
      store_hash(opt.out_dir, points[run.point], opt.input_hashes[run.point], pr.wall_limit ? -2 : pr.signal ? -3 : pr.status);
      ++done;
      ++finished_here;
      std::string line = points[run.point].id + " " + pr.status_text();
      running.erase(running.begin() + long(r));
      progress(line);
    }
  }
  if (tty) std::fprintf(stderr, "\n");
  // A resumed point that had failed keeps its recorded outcome.
  for (auto& pr : runs)
    if (pr.resumed && pr.status == -2) pr.wall_limit = true;
    else if (pr.resumed && pr.status == -3) pr.signal = -1;
  return runs;
}

}  // namespace zvp::sweep
