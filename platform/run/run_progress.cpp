// Progress lines (run_progress.h).
#include "run_progress.h"

#include <cstdio>

namespace zvp {

namespace {

// Wall time left in a unit people read at a glance.
std::string duration_text(double s) {
  char b[48];
  if (s < 90) std::snprintf(b, sizeof b, "%.0f s", s);
  else if (s < 5400) std::snprintf(b, sizeof b, "%.1f min", s / 60);
  else std::snprintf(b, sizeof b, "%.1f h", s / 3600);
  return b;
}

}  // namespace

std::string progress_line(const ProgressSample& s) {
  char b[256];
  std::string out = "[zvp] progress: ";
  if (s.items_total) {
    std::snprintf(b, sizeof b, "%llu/%llu inputs, ", static_cast<unsigned long long>(s.items_done),
                  static_cast<unsigned long long>(s.items_total));
    out += b;
  } else if (s.items_done) {
    std::snprintf(b, sizeof b, "%llu inputs done, ", static_cast<unsigned long long>(s.items_done));
    out += b;
  } else if (s.layers_done) {
    std::snprintf(b, sizeof b, "%llu layers done, ", static_cast<unsigned long long>(s.layers_done));
    out += b;
  }
  std::snprintf(b, sizeof b, "simulated %.3f s, wall %.1f s", s.sim_s, s.wall_s);
  out += b;
  if (s.items_total && s.items_done && s.items_done <= s.items_total) {
    const double left = s.wall_s * double(s.items_total - s.items_done) / double(s.items_done);
    out += ", about " + duration_text(left) + " left";
  } else if (!s.items_total && s.items_done && s.wall_s > 0) {
    std::snprintf(b, sizeof b, " (%.1f inputs/s)", double(s.items_done) / s.wall_s);
    out += b;
  }
  return out;
}

}  // namespace zvp
