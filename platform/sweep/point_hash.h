// Input hashes of sweep points for --resume: a point is skipped when its report exists and the
// hash of everything it reads (scenario file bytes, its parameter settings, the image count,
// the firmware ELF and every data file) is the one stored beside the report.
#pragma once
#include <cstdint>
#include <string>

#include "points.h"

namespace zvp::sweep {

// FNV-1a, 64 bit: stable across hosts and builds (std::hash is not).
uint64_t fnv1a(const std::string& bytes, uint64_t h = 0xcbf29ce484222325ULL);
std::string hex64(uint64_t v);

// Throws ConfigError when the scenario or one of its files cannot be read.
std::string point_input_hash(const Point& p, const SweepSpec& spec, const std::string& source_dir,
                             const std::string& build_dir);

// DIR/points/<id>.json, .hash, .stderr
std::string report_path(const std::string& dir, const Point& p);
std::string hash_path(const std::string& dir, const Point& p);
std::string stderr_path(const std::string& dir, const Point& p);

// The hash file holds the input hash and the point's exit status ("<hash> <status>").
void store_hash(const std::string& dir, const Point& p, const std::string& hash, int status);
// True when the report exists and the stored hash equals `hash`; sets the stored status.
bool can_resume(const std::string& dir, const Point& p, const std::string& hash, int& status);

}  // namespace zvp::sweep
