// Semihosting operations on a plain byte-array memory (no CPU).
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "cpu/arm/semihosting.h"

using zvp::Semihosting;

namespace {

struct ArrayMemory : zvp::SemihostMemory {
  std::vector<uint8_t> m = std::vector<uint8_t>(0x1000, 0);
  bool read(uint32_t a, void* d, uint32_t n) override {
    if (a > m.size() || n > m.size() - a) return false;
    std::memcpy(d, m.data() + a, n);
    return true;
  }
  bool write(uint32_t a, const void* s, uint32_t n) override {
    if (a > m.size() || n > m.size() - a) return false;
    std::memcpy(m.data() + a, s, n);
    return true;
  }
  void w32(uint32_t a, uint32_t v) { write(a, &v, 4); }
  uint32_t r32(uint32_t a) { uint32_t v = 0; read(a, &v, 4); return v; }
};

TEST(Semihosting, ExitReasons) {
  Semihosting sh;
  ArrayMemory mem;
  auto r = sh.call(Semihosting::kExit, Semihosting::kApplicationExit, mem, 0);
  EXPECT_TRUE(r.exit);
  EXPECT_EQ(r.status, 0);
  r = sh.call(Semihosting::kExit, 0x20023, mem, 0);  // RunTimeErrorUnknown
  EXPECT_EQ(r.status, 1);
  mem.w32(0x100, Semihosting::kApplicationExit);
  mem.w32(0x104, 7);
  r = sh.call(Semihosting::kExitExtended, 0x100, mem, 0);
  EXPECT_TRUE(r.exit);
  EXPECT_EQ(r.status, 7);
  r = sh.call(Semihosting::kExit, 0x100, mem, 0);  // block form accepted too
  EXPECT_EQ(r.status, 7);
  mem.w32(0x100, 0x20022);  // BranchThroughZero
  r = sh.call(Semihosting::kExitExtended, 0x100, mem, 0);
  EXPECT_EQ(r.status, 1);
}

TEST(Semihosting, WriteToConsoleOnlyAndBadPointersFail) {
  Semihosting sh;
  sh.set_echo(false);
  ArrayMemory mem;
  std::memcpy(mem.m.data() + 0x200, "abc", 3);
  mem.w32(0x100, 2);  // stdout handle from ":tt" opened for writing
  mem.w32(0x104, 0x200);
  mem.w32(0x108, 3);
  EXPECT_EQ(sh.call(Semihosting::kWrite, 0x100, mem, 0).r0, 0u);
  mem.w32(0x100, 9);  // not a console handle: nothing written
  EXPECT_EQ(sh.call(Semihosting::kWrite, 0x100, mem, 0).r0, 3u);
  mem.w32(0x100, 2);
  mem.w32(0x104, 0xFFFFFF00);  // buffer outside memory
  EXPECT_EQ(sh.call(Semihosting::kWrite, 0x100, mem, 0).r0, 3u);
  EXPECT_EQ(sh.call(Semihosting::kWrite0, 0x5000, mem, 0).r0, 0u);  // no crash, nothing out
  EXPECT_EQ(sh.output(), "abc");
  EXPECT_EQ(sh.call(0x99, 0, mem, 0).r0, 0xFFFFFFFFu);  // unsupported operation
}

TEST(Semihosting, CmdlineClockHeapinfo) {
  Semihosting sh;
  ArrayMemory mem;
  sh.set_cmdline("run fast");
  mem.w32(0x100, 0x300);
  mem.w32(0x104, 64);
  EXPECT_EQ(sh.call(Semihosting::kGetCmdline, 0x100, mem, 0).r0, 0u);
  EXPECT_STREQ(reinterpret_cast<const char*>(mem.m.data() + 0x300), "run fast");
  EXPECT_EQ(mem.r32(0x104), 8u);
  mem.w32(0x104, 4);  // too small
  EXPECT_EQ(sh.call(Semihosting::kGetCmdline, 0x100, mem, 0).r0, 0xFFFFFFFFu);
  EXPECT_EQ(sh.call(Semihosting::kClock, 0, mem, 1.5).r0, 150u);
  sh.set_heap_info({0x1000, 0x2000, 0x3000, 0x2800});
  mem.w32(0x180, 0x400);
  EXPECT_EQ(sh.call(Semihosting::kHeapInfo, 0x180, mem, 0).r0, 0u);
  EXPECT_EQ(mem.r32(0x400), 0x1000u);
  EXPECT_EQ(mem.r32(0x40C), 0x2800u);
}

}  // namespace
