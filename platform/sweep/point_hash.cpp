// Point input hashing and resume records (point_hash.h).
#include "point_hash.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/config_error.h"
#include "scenario.h"

namespace zvp::sweep {

namespace {

std::string file_bytes(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw ConfigError("cannot read " + path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

}  // namespace

uint64_t fnv1a(const std::string& bytes, uint64_t h) {
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

std::string hex64(uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string point_input_hash(const Point& p, const SweepSpec& spec, const std::string& source_dir,
                             const std::string& build_dir) {
  // Each part is length-prefixed so moving bytes between parts changes the hash.
  uint64_t h = fnv1a("zvp-sweep-point-v1");
  auto add = [&h](const std::string& s) { h = fnv1a(s, fnv1a(std::to_string(s.size()) + ":", h)); };
  add(file_bytes(p.scenario));
  for (const auto& [k, v] : p.settings) add(k + "=" + v);
  add(spec.images ? std::to_string(*spec.images) : "-");
  Scenario sc = load_scenario(p.scenario, build_dir, source_dir);
  if (!sc.arm_elf.empty()) add(file_bytes(sc.arm_elf));
  for (const auto& d : sc.data) add(file_bytes(d.file));
  return hex64(h);
}

std::string report_path(const std::string& dir, const Point& p) { return dir + "/points/" + p.id + ".json"; }
std::string hash_path(const std::string& dir, const Point& p) { return dir + "/points/" + p.id + ".hash"; }
std::string stderr_path(const std::string& dir, const Point& p) { return dir + "/points/" + p.id + ".stderr"; }

void store_hash(const std::string& dir, const Point& p, const std::string& hash, int status) {
  std::ofstream f(hash_path(dir, p));
  f << hash << ' ' << status << '\n';
}

bool can_resume(const std::string& dir, const Point& p, const std::string& hash, int& status) {
  if (!std::filesystem::exists(report_path(dir, p))) return false;
  std::ifstream f(hash_path(dir, p));
  std::string stored;
  int st = -1;
  if (!(f >> stored >> st) || stored != hash) return false;
  status = st;
  return true;
}

}  // namespace zvp::sweep
