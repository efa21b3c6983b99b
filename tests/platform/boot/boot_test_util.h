// Helpers of the boot tests: files, and dtc (the reference device-tree compiler) as an oracle.
#pragma once
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace zvp::boot::test {

inline std::vector<uint8_t> read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

inline void write_file(const std::string& path, const std::vector<uint8_t>& b) {
  std::ofstream f(path, std::ios::binary);
  f.write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
}

// The output of a shell command ("" if it could not run).
inline std::string run(const std::string& cmd) {
  std::string out;
  if (std::FILE* p = popen(cmd.c_str(), "r")) {
    char buf[4096];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
    pclose(p);
  }
  return out;
}

// dtc's source form of a blob file (its own reading, independent of ours).
inline std::string dtc_decompile(const std::string& dtb_path) {
  return run("dtc -q -I dtb -O dts '" + dtb_path + "' 2>&1");
}

inline std::string temp_path(const std::string& name) {
  return std::string(ZVP_BOOT_TEST_TMP) + "/" + name;
}

}  // namespace zvp::boot::test
