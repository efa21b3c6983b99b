#include "core/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/config_error.h"

namespace zvp {

namespace {

const char* kind_of(mode_t m) {
  if (S_ISDIR(m)) return "a directory";
  if (S_ISFIFO(m)) return "a FIFO";
  if (S_ISCHR(m)) return "a character device";
  if (S_ISBLK(m)) return "a block device";
  if (S_ISSOCK(m)) return "a socket";
  return "not a regular file";
}

void check_stat(const struct stat& st, const std::string& path, const std::string& what, uint64_t max_bytes) {
  if (!S_ISREG(st.st_mode))
    throw ConfigError(what + " " + path + " is " + kind_of(st.st_mode) + ", expected a regular file");
  if (static_cast<uint64_t>(st.st_size) > max_bytes)
    throw ConfigError(what + " " + path + " is " + std::to_string(st.st_size) + " bytes, more than the " +
                      std::to_string(max_bytes) + " it may have");
}

}  // namespace

uint64_t check_input_file(const std::string& path, const std::string& what, uint64_t max_bytes) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    throw ConfigError("cannot read " + what + " " + path + ": " + std::strerror(errno));
  check_stat(st, path, what, max_bytes);
  return static_cast<uint64_t>(st.st_size);
}

namespace {

// Opens path after check_input_file, checks the open file again (it may have been replaced) and
// reads at most `capacity` bytes into the buffer `sized` gives for the file's size.
template <typename Sized>
uint64_t read_checked(const std::string& path, const std::string& what, uint64_t capacity, Sized sized) {
  check_input_file(path, what, capacity);
  // O_NONBLOCK: should the path have become a FIFO since the check, open() does not wait.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw ConfigError("cannot read " + what + " " + path + ": " + std::strerror(errno));
  struct stat st {};
  uint64_t got = 0;
  try {
    if (::fstat(fd, &st) != 0) throw ConfigError("cannot read " + what + " " + path + ": " + std::strerror(errno));
    check_stat(st, path, what, capacity);
    const uint64_t size = static_cast<uint64_t>(st.st_size);
    uint8_t* dst = sized(size);
    while (got < size) {
      const ssize_t n = ::read(fd, dst + got, size - got);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) throw ConfigError("cannot read " + what + " " + path + ": " + std::strerror(errno));
      if (n == 0) break;  // shrank meanwhile
      got += static_cast<uint64_t>(n);
    }
  } catch (...) {
    ::close(fd);
    throw;
  }
  ::close(fd);
  return got;
}

}  // namespace

std::vector<uint8_t> read_input_file(const std::string& path, const std::string& what, uint64_t max_bytes) {
  std::vector<uint8_t> out;
  const uint64_t got = read_checked(path, what, max_bytes, [&out](uint64_t size) {
    out.resize(static_cast<size_t>(size));
    return out.data();
  });
  out.resize(static_cast<size_t>(got));
  return out;
}

uint64_t read_input_file_into(const std::string& path, const std::string& what, uint8_t* dst,
                              uint64_t capacity) {
  return read_checked(path, what, capacity, [dst](uint64_t) { return dst; });
}

std::string read_input_text(const std::string& path, const std::string& what, uint64_t max_bytes) {
  const std::vector<uint8_t> b = read_input_file(path, what, max_bytes);
  return std::string(b.begin(), b.end());
}

}  // namespace zvp
