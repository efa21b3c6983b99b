// Shared by the libFuzzer harnesses (tests/fuzz/README.md): a temporary file holding the input,
// for the parsers that take a path, and the rule every harness checks: bad input is a
// ConfigError/ElfError (status 2 in zvp), anything else escaping is a bug (the fuzzer reports
// the uncaught exception as a crash).
#pragma once
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <string>

namespace zvp::fuzz {

// A file in $TMPDIR (or /tmp) named <stem>-<pid><suffix>, rewritten for every input.
inline std::string write_temp(const uint8_t* data, size_t size, const char* stem, const char* suffix) {
  const char* dir = std::getenv("TMPDIR");
  std::string path = std::string(dir && *dir ? dir : "/tmp") + "/zvp-fuzz-" + stem + "-" +
                     std::to_string(::getpid()) + suffix;
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) std::abort();
  if (size) std::fwrite(data, 1, size, f);
  std::fclose(f);
  return path;
}

// Little-endian reader over the input with zeros past its end.
struct Bytes {
  const uint8_t* d;
  size_t n, at = 0;
  uint8_t u8() { return at < n ? d[at++] : 0; }
  uint32_t u32() {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= uint32_t(u8()) << (8 * i);
    return v;
  }
  size_t left() const { return at < n ? n - at : 0; }
};

}  // namespace zvp::fuzz
