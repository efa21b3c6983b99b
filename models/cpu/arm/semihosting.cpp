#include "semihosting.h"

#include <cstdio>
#include <cstring>
#include <vector>

namespace zvp {

namespace {
// Handles handed out for ":tt" (the console): newlib opens it three times for stdin, stdout
// and stderr with modes 0 ("r"), 4 ("w") and 8 ("a").
constexpr uint32_t kStdin = 1, kStdout = 2, kStderr = 3;
// ":semihosting-features": the magic "SHFB" and one feature byte (bit 0 SYS_EXIT_EXTENDED,
// bit 1 separate stdout/stderr), which newlib reads to report exit codes.
constexpr uint32_t kFeatures = 4;
constexpr uint8_t kFeatureData[5] = {'S', 'H', 'F', 'B', 0x03};
constexpr uint32_t kFail = 0xFFFFFFFFu;
}  // namespace

void Semihosting::emit(const char* s, size_t n) {
  output_.append(s, n);
  if (echo_) {
    std::fwrite(s, 1, n, stdout);
    std::fflush(stdout);
  }
}

bool Semihosting::read_words(SemihostMemory& mem, uint32_t addr, uint32_t* w, unsigned n) {
  return mem.read(addr, w, 4 * n);
}

Semihosting::Result Semihosting::call(uint32_t op, uint32_t param, SemihostMemory& mem,
                                      double now_seconds) {
  Result r;
  switch (op) {
    case kWriteC: {
      char c;
      if (mem.read(param, &c, 1)) emit(&c, 1);
      break;
    }
    case kWrite0: {
      // Bounded so that a missing terminator cannot run through all of memory.
      std::string s;
      char c;
      for (uint32_t a = param; s.size() < (1u << 20) && mem.read(a, &c, 1) && c; ++a) s += c;
      emit(s.data(), s.size());
      break;
    }
    case kWrite: {  // {handle, buffer, length} -> bytes NOT written
      uint32_t b[3];
      if (!read_words(mem, param, b, 3)) { r.r0 = kFail; break; }
      if (b[0] != kStdout && b[0] != kStderr) { r.r0 = b[2]; break; }
      std::vector<char> buf(b[2] > (1u << 24) ? (1u << 24) : b[2]);
      if (!mem.read(b[1], buf.data(), static_cast<uint32_t>(buf.size()))) { r.r0 = b[2]; break; }
      emit(buf.data(), buf.size());
      r.r0 = b[2] - static_cast<uint32_t>(buf.size());
      break;
    }
    case kRead: {  // {handle, buffer, length} -> bytes NOT read; console input is empty
      uint32_t b[3];
      if (!read_words(mem, param, b, 3)) { r.r0 = kFail; break; }
      r.r0 = b[2];
      if (b[0] == kFeatures) {
        const uint32_t avail = feature_pos_ < sizeof kFeatureData ? sizeof kFeatureData - feature_pos_ : 0;
        const uint32_t n = b[2] < avail ? b[2] : avail;
        if (n && mem.write(b[1], kFeatureData + feature_pos_, n)) {
          feature_pos_ += n;
          r.r0 = b[2] - n;
        }
      }
      break;
    }
    case kOpen: {  // {name, mode, name length}: the console ":tt" and the feature file
      uint32_t b[3];
      char name[32] = {};
      if (!read_words(mem, param, b, 3) || b[2] >= sizeof name || !mem.read(b[0], name, b[2])) {
        r.r0 = kFail;
      } else if (std::strcmp(name, ":tt") == 0) {
        r.r0 = b[1] < 4 ? kStdin : (b[1] < 8 ? kStdout : kStderr);
      } else if (std::strcmp(name, ":semihosting-features") == 0 && b[1] < 4) {
        feature_pos_ = 0;
        r.r0 = kFeatures;
      } else {
        r.r0 = kFail;
      }
      break;
    }
    case kClose: r.r0 = 0; break;
    case kIsTty: {
      uint32_t h = 0;
      r.r0 = (read_words(mem, param, &h, 1) && h >= kStdin && h <= kStderr) ? 1 : 0;
      break;
    }
    case kSeek: {  // {handle, position}
      uint32_t b[2];
      if (read_words(mem, param, b, 2) && b[0] == kFeatures) feature_pos_ = b[1];
      r.r0 = 0;
      break;
    }
    case kFlen: {
      uint32_t h = 0;
      r.r0 = (read_words(mem, param, &h, 1) && h == kFeatures) ? sizeof kFeatureData : 0;
      break;
    }
    case kErrno: r.r0 = 0; break;
    case kClock: r.r0 = static_cast<uint32_t>(now_seconds * 100.0); break;  // centiseconds
    case kTime: r.r0 = static_cast<uint32_t>(now_seconds); break;
    case kGetCmdline: {  // {buffer, size}: copy with terminator, update size
      uint32_t b[2];
      if (!read_words(mem, param, b, 2) || cmdline_.size() + 1 > b[1]) { r.r0 = kFail; break; }
      uint32_t len = static_cast<uint32_t>(cmdline_.size());
      if (!mem.write(b[0], cmdline_.c_str(), len + 1) || !mem.write(param + 4, &len, 4)) {
        r.r0 = kFail;
        break;
      }
      r.r0 = 0;
      break;
    }
    case kHeapInfo: {  // param points to a word holding the address of the 4-word block
      uint32_t blk = 0;
      uint32_t w[4] = {heap_.heap_base, heap_.heap_limit, heap_.stack_base, heap_.stack_limit};
      r.r0 = (read_words(mem, param, &blk, 1) && mem.write(blk, w, 16)) ? 0 : kFail;
      break;
    }
    case kExit: {
      // AArch32: r1 is the reason code itself. Some libraries pass a {reason, code} block
      // instead; accept that too when r1 is not a reason code but points to one.
      r.exit = true;
      if (param == kApplicationExit) {
        r.status = 0;
      } else if ((param & 0xFFFF0000u) == 0x20000u) {
        r.status = 1;
      } else {
        uint32_t b[2];
        r.status = (read_words(mem, param, b, 2) && b[0] == kApplicationExit)
                       ? static_cast<int>(b[1])
                       : 1;
      }
      break;
    }
    case kExitExtended: {
      uint32_t b[2];
      r.exit = true;
      r.status = (read_words(mem, param, b, 2) && b[0] == kApplicationExit) ? static_cast<int>(b[1]) : 1;
      break;
    }
    case kZvpMarker: {
      uint32_t b[2];
      char name[64] = {};
      if (!read_words(mem, param, b, 2)) {
        r.r0 = kFail;
        break;
      }
      if (b[0]) {  // a name of up to 63 bytes, read up to its terminator
        for (unsigned i = 0; i + 1 < sizeof name; ++i)
          if (!mem.read(b[1] + i, &name[i], 1) || name[i] == 0) break;
        r.marker_name = name;
      }
      r.marker = b[0] ? 1 : 0;
      r.r0 = 0;
      break;
    }
    default: r.r0 = kFail; break;  // unsupported operation: report failure to the program
  }
  return r;
}

}  // namespace zvp
