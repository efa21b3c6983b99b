// ARM semihosting (the "SVC 0x123456" / Thumb "SVC 0xAB" host-call interface of the ARM
// semihosting specification), the subset bare-metal newlib (librdimon) and small test programs
// use: console output, exit, command line, heap information and clocks. The CPU model decodes
// the SVC and calls Semihosting::call with r0 (operation) and r1 (parameter); memory is reached
// through the SemihostMemory interface so this class knows nothing of Unicorn.
#pragma once
#include <cstdint>
#include <functional>
#include <string>

namespace zvp {

class SemihostMemory {
 public:
  virtual ~SemihostMemory() = default;
  virtual bool read(uint32_t addr, void* dst, uint32_t len) = 0;
  virtual bool write(uint32_t addr, const void* src, uint32_t len) = 0;
};

struct SemihostHeapInfo {
  uint32_t heap_base = 0, heap_limit = 0, stack_base = 0, stack_limit = 0;
};

class Semihosting {
 public:
  // Operation numbers (ARM semihosting specification).
  enum Op : uint32_t {
    kOpen = 0x01, kClose = 0x02, kWriteC = 0x03, kWrite0 = 0x04, kWrite = 0x05, kRead = 0x06,
    kIsTty = 0x09, kSeek = 0x0A, kFlen = 0x0C, kClock = 0x10, kTime = 0x11, kErrno = 0x13,
    kGetCmdline = 0x15, kHeapInfo = 0x16, kExit = 0x18, kExitExtended = 0x20,
    // ZVP's own operation, in the range the specification leaves to applications (0x100-0x1FF):
    // r1 -> {u32 begin (1) or end (0), const char* name}: opens or closes a named slice on the
    // timeline's firmware track (firmware/arm/bsp/zvp_marker.h). r0 = 0.
    kZvpMarker = 0x1A0,
  };
  static constexpr uint32_t kApplicationExit = 0x20026;  // ADP_Stopped_ApplicationExit

  struct Result {
    uint32_t r0 = 0;
    bool exit = false;
    int status = 0;
    int marker = -1;          // kZvpMarker: 1 begin, 0 end
    std::string marker_name;  // the slice's name (begin)
  };

  // now_seconds: simulated time (SYS_CLOCK / SYS_TIME are derived from it: deterministic).
  Result call(uint32_t op, uint32_t param, SemihostMemory& mem, double now_seconds);

  void set_cmdline(std::string s) { cmdline_ = std::move(s); }
  void set_heap_info(const SemihostHeapInfo& h) { heap_ = h; }
  const SemihostHeapInfo& heap_info() const { return heap_; }
  // Everything the program wrote to stdout/stderr (also written to the host's stdout).
  const std::string& output() const { return output_; }
  void set_echo(bool on) { echo_ = on; }

 private:
  void emit(const char* s, size_t n);
  bool read_words(SemihostMemory& mem, uint32_t addr, uint32_t* w, unsigned n);

  std::string cmdline_;
  SemihostHeapInfo heap_;
  std::string output_;
  bool echo_ = true;
  uint32_t feature_pos_ = 0;  // read position in the ":semihosting-features" file
};

}  // namespace zvp
