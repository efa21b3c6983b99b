// Files a user names as input (scenario, board, ELF, data, UART input). Anything but a regular
// file (a directory, a FIFO, a device such as /dev/zero) is refused without opening it, so
// nothing blocks; the size is checked before anything is read or allocated. All failures are
// ConfigErrors naming the file and what it was for.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace zvp {

// Returns the size of `path` after checking it is a regular file of at most `max_bytes`.
// `what` says what the file is for ("data file", "scenario file", ...).
uint64_t check_input_file(const std::string& path, const std::string& what, uint64_t max_bytes);

// check_input_file, then reads the whole file (read errors, e.g. /proc/self/mem, are errors).
std::vector<uint8_t> read_input_file(const std::string& path, const std::string& what, uint64_t max_bytes);
std::string read_input_text(const std::string& path, const std::string& what, uint64_t max_bytes);

// The largest YAML file ZVP reads (scenarios, boards, sweeps are a few KiB).
constexpr uint64_t kMaxYamlBytes = 4ull << 20;

}  // namespace zvp
