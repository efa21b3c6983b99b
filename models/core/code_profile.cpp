#include "core/code_profile.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <ostream>
#include <stdexcept>

namespace zvp {

namespace {

// The function containing addr, or nullptr. functions is sorted by address.
const ElfFunction* find_function(const std::vector<ElfFunction>& functions, uint64_t addr) {
  auto it = std::upper_bound(functions.begin(), functions.end(), addr,
                             [](uint64_t a, const ElfFunction& f) { return a < f.addr; });
  if (it == functions.begin()) return nullptr;
  const ElfFunction& f = *std::prev(it);
  if (f.size != 0) return addr < f.addr + f.size ? &f : nullptr;
  return &f;  // no size: up to the next symbol
}

}  // namespace

void CodeSampler::start(uint64_t now, uint64_t period_counts) {
  if (period_counts > kMaxPeriod)
    throw std::invalid_argument("profile period of " + std::to_string(period_counts) + " is above 10^12");
  period = period_counts;
  next = period ? now + period : kOff;
}

std::vector<ProfileRow> profile_by_function(const std::unordered_map<uint32_t, uint64_t>& samples,
                                            const std::vector<ElfFunction>& functions) {
  std::map<std::string, uint64_t> by_name;
  uint64_t total = 0;
  for (const auto& [addr, n] : samples) {
    const uint64_t a = addr & ~1u;  // Thumb blocks carry bit 0 in some paths
    const ElfFunction* f = find_function(functions, a);
    std::string name;
    if (f) {
      name = f->name;
    } else {
      char b[40];
      std::snprintf(b, sizeof b, "0x%08llx (no symbol)", static_cast<unsigned long long>(a));
      name = b;
    }
    by_name[name] += n;
    total += n;
  }
  std::vector<ProfileRow> rows;
  for (const auto& [name, n] : by_name) rows.push_back({name, n, total ? double(n) / double(total) : 0});
  std::sort(rows.begin(), rows.end(), [](const ProfileRow& a, const ProfileRow& b) {
    return a.samples != b.samples ? a.samples > b.samples : a.function < b.function;
  });
  return rows;
}

uint64_t profile_total(const std::vector<ProfileRow>& rows) {
  uint64_t total = 0;
  for (const auto& r : rows) total += r.samples;
  return total;
}

double profile_share(const std::vector<ProfileRow>& rows, const std::string& function) {
  for (const auto& r : rows)
    if (r.function == function) return r.share;
  return 0;
}

void write_profile(std::ostream& out, const std::vector<ProfileRow>& rows, uint64_t period_cycles,
                   const std::string& what, const std::string& scope) {
  const uint64_t total = profile_total(rows);
  out << "# zvp profile: " << what << "\n"
      << "# one sample every " << period_cycles << " core cycles of execution, " << total
      << " samples; " << scope << "\n"
      << "#   share  samples        cycles  function\n";
  char line[64];
  for (const auto& r : rows) {
    std::snprintf(line, sizeof line, "%8.2f%% %8llu %13llu  ", 100.0 * r.share,
                  static_cast<unsigned long long>(r.samples),
                  static_cast<unsigned long long>(r.samples * period_cycles));
    out << line << r.function << "\n";
  }
}

}  // namespace zvp
