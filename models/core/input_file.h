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
// check_input_file against `capacity`, then reads the whole file straight into dst (no copy in
// between: data files go into the DDR model this way). Returns the bytes read; a file that
// grows past `capacity` meanwhile is an error, and nothing beyond dst + capacity is written.
uint64_t read_input_file_into(const std::string& path, const std::string& what, uint8_t* dst,
                              uint64_t capacity);

// The largest YAML file ZVP reads (scenarios, boards, sweeps are a few KiB).
constexpr uint64_t kMaxYamlBytes = 4ull << 20;

}  // namespace zvp
