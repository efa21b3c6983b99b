// Helpers of the boot tests: files, and dtc (the reference device-tree compiler) as an oracle.
#pragma once
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "kernel_image.h"

namespace zvp::direct_boot::test {

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

// Binary-looking bytes (not text, no known magic): an ARM-like pattern.
inline std::vector<uint8_t> code(size_t n) {
  std::vector<uint8_t> b(n);
  for (size_t i = 0; i < n; ++i) b[i] = uint8_t(i % 4 == 3 ? 0xE1 : i * 7);
  return b;
}

// A uImage of `payload` built field by field as U-Boot's legacy header defines it: magic, header
// CRC (computed with the field zero), size, load, entry, data CRC, OS Linux (5), architecture,
// type (2 kernel, 14 KERNEL_NOLOAD), compression (0 none), name.
inline std::vector<uint8_t> uimage_of(const std::vector<uint8_t>& payload, uint32_t load, uint32_t ep,
                                      uint8_t type = 2, uint8_t arch = 2, uint8_t comp = 0) {
  std::vector<uint8_t> u(64, 0);
  auto be = [&](size_t off, uint32_t v) {
    for (int i = 0; i < 4; ++i) u[off + i] = uint8_t(v >> (24 - 8 * i));
  };
  be(0, 0x27051956);
  be(12, uint32_t(payload.size()));
  be(16, load);
  be(20, ep);
  be(24, crc32_ieee(payload.data(), payload.size()));
  u[28] = 5;
  u[29] = arch;
  u[30] = type;
  u[31] = comp;
  for (size_t i = 0; i < 11; ++i) u[32 + i] = uint8_t("test kernel"[i]);
  be(4, crc32_ieee(u.data(), 64));
  u.insert(u.end(), payload.begin(), payload.end());
  return u;
}

inline std::string temp_path(const std::string& name) {
  return std::string(ZVP_BOOT_TEST_TMP) + "/" + name;
}

}  // namespace zvp::direct_boot::test
