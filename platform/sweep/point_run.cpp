#include "point_run.h"

#include <signal.h>

#include <cstdio>
#include <deque>
#include <fstream>

#include "point_hash.h"

namespace zvp::sweep {

namespace {

// The .hash record keeps the exit status, or one of these for outcomes that have none.
constexpr int kRecordWallLimit = -2, kRecordSignal = -3;

volatile sig_atomic_t g_stop = 0;
struct sigaction g_old_int {}, g_old_term {};
extern "C" void on_stop_signal(int) { g_stop = 1; }

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
  if (!spec.check_expectations) a.push_back("--no-expect");
  return a;
}

std::vector<size_t> schedule_points(const std::vector<Point>& points, const BackendOptions& opt,
                                    std::vector<PointRun>& runs) {
  std::vector<size_t> todo;
  for (size_t i = 0; i < points.size(); ++i) {
    int st;
    if (opt.resume && can_resume(opt.out_dir, points[i], opt.input_hashes[i], st)) {
      PointRun& pr = runs[i];
      pr.resumed = true;
      if (st == kRecordWallLimit) pr.wall_limit = true;
      else if (st == kRecordSignal) pr.signal = -1;
      else pr.status = st;
      continue;
    }
    std::remove(report_path(opt.out_dir, points[i]).c_str());  // no stale report for a failed run
    std::remove(hash_path(opt.out_dir, points[i]).c_str());
    todo.push_back(i);
  }
  return todo;
}

void record_outcome(const BackendOptions& opt, const Point& p, const std::string& input_hash, PointRun& pr) {
  if (!pr.ok()) pr.stderr_tail += tail_of(stderr_path(opt.out_dir, p), 8);
  store_hash(opt.out_dir, p, input_hash, pr.wall_limit ? kRecordWallLimit : pr.signal ? kRecordSignal : pr.status);
}

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

StopSignals::StopSignals() {
  g_stop = 0;
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &g_old_int);
  sigaction(SIGTERM, &sa, &g_old_term);
}

StopSignals::~StopSignals() {
  sigaction(SIGINT, &g_old_int, nullptr);
  sigaction(SIGTERM, &g_old_term, nullptr);
}

bool StopSignals::requested() { return g_stop != 0; }

}  // namespace zvp::sweep
