// User-named input files: refused unless regular and small enough, read whole, and read into a
// caller's buffer (the DDR model) without writing past the size checked.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "core/config_error.h"
#include "core/input_file.h"

using namespace zvp;

namespace {

std::string write_temp(const std::vector<uint8_t>& bytes) {
  static int n = 0;
  const std::string path = ::testing::TempDir() + "zvp_input_file_" + std::to_string(::getpid()) + "_" +
                            std::to_string(n++) + ".bin";
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                              static_cast<std::streamsize>(bytes.size()));
  return path;
}

std::vector<uint8_t> pattern(size_t n) {
  std::vector<uint8_t> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<uint8_t>(i * 7 + 3);
  return v;
}

TEST(InputFile, ReadsAFileStraightIntoTheBuffer) {
  const std::vector<uint8_t> bytes = pattern(1000);
  const std::string path = write_temp(bytes);
  std::vector<uint8_t> buf(1010, 0xEE);
  EXPECT_EQ(read_input_file_into(path, "data file", buf.data(), 1000), 1000u);
  EXPECT_TRUE(std::equal(bytes.begin(), bytes.end(), buf.begin()));
  for (size_t i = 1000; i < buf.size(); ++i) EXPECT_EQ(buf[i], 0xEE) << i;
  EXPECT_EQ(read_input_file(path, "data file", 1000), bytes);
  ::unlink(path.c_str());
}

TEST(InputFile, AFileLargerThanTheBufferIsRefusedBeforeAnythingIsWritten) {
  const std::string path = write_temp(pattern(1000));
  std::vector<uint8_t> buf(1000, 0xEE);
  try {
    read_input_file_into(path, "data file", buf.data(), 999);
    FAIL() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("1000 bytes, more than the 999"), std::string::npos) << e.what();
  }
  for (uint8_t b : buf) ASSERT_EQ(b, 0xEE);
  ::unlink(path.c_str());
}

TEST(InputFile, OnlyRegularFilesAreRead) {
  uint8_t b = 0;
  try {
    read_input_file_into(::testing::TempDir(), "data file", &b, 1);
    FAIL() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("is a directory, expected a regular file"), std::string::npos) << e.what();
  }
  EXPECT_THROW(read_input_file("/nonexistent/zvp.bin", "data file", 1), ConfigError);
}

}  // namespace
