// zvp sweep: architecture exploration over named parameters. Parses the sweep file, expands and
// validates every point before running any (bad input: one line, exit status 2), runs them with
// the local backend and writes results.csv, results.json and index.html.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>

#include "cli_options.h"
#include "commands.h"
#include "core/config_error.h"
#include "local_backend.h"
#include "slurm_backend.h"
#include "point_hash.h"
#include "points.h"
#include "sweep_outputs.h"
#include "sweep_spec.h"

#ifndef ZVP_SOURCE_DIR
#define ZVP_SOURCE_DIR "."
#endif

namespace zvp {

namespace {

std::string self_exe() {
  std::error_code ec;
  auto exe = std::filesystem::canonical("/proc/self/exe", ec);
  if (ec) throw cli::UsageError("cannot find the zvp executable (/proc/self/exe)");
  return exe.string();
}

// Creates DIR/points and checks that DIR is writable before anything runs.
void prepare_out_dir(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir + "/points", ec);
  if (ec) throw cli::UsageError("cannot create output directory " + dir + ": " + ec.message());
  std::string probe = dir + "/points/.write-test";
  {
    std::ofstream f(probe);
    if (!(f << "x") || !f.flush()) throw cli::UsageError("output directory " + dir + " is not writable");
  }
  std::filesystem::remove(probe, ec);
  if (access(dir.c_str(), W_OK) != 0) throw cli::UsageError("output directory " + dir + " is not writable");
}

}  // namespace

cli::CommandSpec sweep_spec() {
  cli::CommandSpec s = cli::command_spec(
      "sweep", "zvp sweep SWEEP.yaml [-j N] [--out DIR] [--backend local|slurm] [--resume]",
      "Runs every point of a sweep (base scenarios x parameter axes) as its own `zvp run` process and\n"
      "writes DIR/results.csv, DIR/results.json, DIR/index.html and DIR/points/<id>.json (the reports).\n"
      "Every point's parameters are checked before any runs. See docs/parameters-and-sweeps.md.",
      "exit status: 0 when every point succeeded, 5 when some failed (outputs still written), 2 for a\n"
      "bad sweep file, parameter, value, an empty sweep or an unwritable output directory; 130 when\n"
      "interrupted (--resume runs the rest).",
      "the sweep file");
  s.add()
    ("jobs,j", cli::u64_value(), "points run at a time, 1 to 1024 (default: the number of cores)")
    ("out", cli::text("DIR")->default_value("sweep-out"), "output directory")
    ("backend", cli::text("local|slurm")->default_value("local"),
     "where points run: local (processes on this machine) or slurm (one job array on the Slurm cluster of "
     "SLURM_CONF; DIR must be on a file system the cluster's nodes share; -j caps the tasks running at a time)")
    ("resume", cli::flag(), "skip points whose report exists and whose inputs are unchanged");
  return s;
}

int cmd_sweep(int argc, char** argv) {
  const cli::CommandSpec options = sweep_spec();
  const cli::Args p = cli::parse(options, argc, argv);
  if (p.has("help")) {
    std::fputs(cli::help_text(options).c_str(), stdout);
    return 0;
  }
  if (p.positional.size() != 1) throw cli::UsageError("expected one sweep file (see --help)");
  std::string backend = p.get("backend");
  if (backend != "local" && backend != "slurm")
    throw cli::UsageError("unknown backend '" + backend + "' (local or slurm)");
  unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
  if (p.has("jobs")) {
    const uint64_t j = p.as<cli::U64Value>("jobs").value;
    if (j == 0 || j > 1024) throw cli::UsageError("--jobs must be between 1 and 1024");
    jobs = unsigned(j);
  }
  const std::string out = p.get("out");
  const std::string exe = self_exe();
  const std::string build_dir = std::filesystem::path(exe).parent_path().parent_path().string();

  // Everything that can be wrong with the input is found here, before any point runs.
  sweep::SweepSpec spec = sweep::parse_sweep_file(p.positional[0], ZVP_SOURCE_DIR, build_dir);
  std::vector<sweep::Point> points = sweep::expand_points(spec);
  sweep::validate_points(spec, points, ZVP_SOURCE_DIR, build_dir);
  sweep::BackendOptions opt;
  for (const auto& pt : points) opt.input_hashes.push_back(sweep::point_input_hash(pt, spec, ZVP_SOURCE_DIR, build_dir));
  if (backend == "slurm") {
    try {
      sweep::check_slurm_reachable();  // before anything is written
    } catch (const ConfigError& e) {
      throw cli::UsageError(e.what());
    }
  }
  prepare_out_dir(out);

  opt.zvp_exe = exe;
  opt.out_dir = out;
  opt.jobs = jobs;
  opt.wall_limit_s = spec.wall_limit_s;
  opt.resume = p.has("resume");
  bool interrupted = false;
  std::vector<sweep::PointRun> runs;
  if (backend == "slurm") {
    try {
      runs = sweep::run_slurm(spec, points, opt, sweep::SlurmOptions{}, interrupted);
    } catch (const ConfigError& e) {
      throw cli::UsageError(e.what());
    }
  } else {
    runs = sweep::run_local(spec, points, opt, interrupted);
  }

  auto results = sweep::collect_results(spec, points, runs, out);
  bool written = sweep::write_csv(spec, results, out + "/results.csv") &&
                 sweep::write_json(spec, results, out + "/results.json") &&
                 sweep::write_html(spec, results, out + "/index.html");
  if (!written) return cli::kExitInternal;
  size_t failed = 0, resumed = 0, not_run = 0;
  for (const auto& r : runs) {
    const bool skipped = r.not_run();  // after an interruption
    not_run += skipped;
    failed += !r.ok() && !skipped;
    resumed += r.resumed;
  }
  for (size_t i = 0; i < runs.size(); ++i)
    if (!runs[i].ok() && !runs[i].resumed && !runs[i].not_run()) {
      std::fprintf(stderr, "zvp sweep: point %s (%s) failed: %s\n", points[i].id.c_str(), sweep::describe(points[i]).c_str(),
                   runs[i].status_text().c_str());
      std::fputs(runs[i].stderr_tail.c_str(), stderr);
    }
  std::fprintf(stderr, "zvp sweep: %zu points, %zu ran, %zu resumed, %zu failed%s; %s/results.csv, %s/index.html\n",
               points.size(), points.size() - resumed - not_run, resumed, failed,
               not_run ? (", " + std::to_string(not_run) + " not run").c_str() : "", out.c_str(), out.c_str());
  if (interrupted) {
    std::fprintf(stderr, "zvp sweep: interrupted; the outputs hold the points that finished (--resume runs the rest)\n");
    return 130;
  }
  return failed ? cli::kExitExpectation : 0;
}

}  // namespace zvp
