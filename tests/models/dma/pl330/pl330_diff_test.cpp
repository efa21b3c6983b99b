// Differential test against qemu-system-arm: the dma_copy app's copies replayed on the model
// (same builder code, same data pattern, same lengths/alignments/channels, buffers with the same
// alignment) must print exactly the lines QEMU's run of dma_copy.elf printed: one checksum per
// copy, the parallel copies, and the final channel registers. Needs the QEMU capture
// (test pl330_qemu.dma_copy, label qemu); skipped when it is absent.
#include <gtest/gtest.h>

#include <cstdarg>
#include <cstdio>
#include <fstream>
#include <string>

extern "C" {
#include "drivers/pl330/pl330_asm.h"
#include "drivers/pl330/pl330_prog.h"
}
#include "pl330_sys.h"

using namespace zvp;
using namespace zvp::test;
using namespace zvp::pl330;

namespace {
constexpr uint32_t kBuf = 81920, kGuard = 16;
constexpr uint32_t kSrc = 0x100000, kDst = 0x200000, kProgs = 0x80000;  // 64-byte aligned

uint32_t fletcher32(const std::vector<uint8_t>& p) {
  uint32_t a = 0xFFFF, b = 0xFFFF;
  for (uint8_t v : p) {
    a = (a + v) % 65535u;
    b = (b + a) % 65535u;
  }
  return b << 16 | a;
}

void fill_src(Sys& s, uint32_t seed) {
  std::vector<uint8_t> v(kBuf);
  for (uint32_t i = 0; i < kBuf; i++) v[i] = uint8_t((i * 131u + seed) ^ (i >> 8));
  s.mem.load(kSrc, v.data(), v.size());
}

uint32_t load_prog(Sys& s, unsigned ch, uint32_t dst, uint32_t src, uint32_t len) {
  std::vector<uint8_t> buf(1024);
  pl330_prog p;
  pl330_prog_init(&p, buf.data(), 1024);
  EXPECT_EQ(pl330_build_memcpy(&p, dst, src, len, ch), 0);
  s.mem.load(kProgs + ch * 1024, buf.data(), p.len);
  return kProgs + ch * 1024;
}

std::string line(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string line(const char* fmt, ...) {
  char b[256];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(b, sizeof b, fmt, ap);
  va_end(ap);
  return b;
}

std::vector<std::string> replay(Sys& s) {
  std::vector<std::string> out;
  const uint32_t lens[] = {1, 2, 3, 7, 8, 9, 31, 127, 128, 129, 1000, 4096, 4097, 33001};
  const uint32_t offs[][2] = {{0, 0}, {1, 1}, {3, 5}, {4, 0}, {7, 2}, {0, 6}};
  s.wr(INTEN, 0xFF);
  fill_src(s, 7);
  for (uint32_t l = 0; l < 14; l++)
    for (uint32_t a = 0; a < 6; a++) {
      const unsigned ch = (l + a) % 8;
      const uint32_t src = kSrc + offs[a][0], dst = kDst + kGuard + offs[a][1];
      s.go(ch, load_prog(s, ch, dst, src, lens[l]));
      EXPECT_TRUE(s.wait_state(ch, kStopped, 20000));
      s.wr(INTCLR, 1u << ch);
      const bool ok = s.same(src, dst, lens[l]);
      out.push_back(line("dma_copy: ch %u len %u src+%u dst+%u %s sum %08x", ch, lens[l], offs[a][0],
                         offs[a][1], ok ? "ok" : "FAIL", fletcher32(s.get(dst, lens[l]))));
    }
  fill_src(s, 99);
  const uint32_t slot = kBuf / 8;
  for (unsigned ch = 0; ch < 8; ++ch)
    load_prog(s, ch, kDst + kGuard + ch * slot + (7 - ch), kSrc + ch * slot + ch, 8192 + ch * 37);
  for (unsigned ch = 0; ch < 8; ++ch) s.go(ch, kProgs + ch * 1024);
  for (unsigned ch = 0; ch < 8; ++ch) EXPECT_TRUE(s.wait_state(ch, kStopped, 20000));
  s.wr(INTCLR, 0xFF);
  for (unsigned ch = 0; ch < 8; ++ch) {
    const uint32_t len = 8192 + ch * 37, src = kSrc + ch * slot + ch,
                   dst = kDst + kGuard + ch * slot + (7 - ch);
    out.push_back(line("dma_copy: parallel ch %u len %u %s sum %08x", ch, len,
                       s.same(src, dst, len) ? "ok" : "FAIL", fletcher32(s.get(dst, len))));
  }
  for (unsigned ch = 0; ch < 8; ++ch)
    out.push_back(line("dma_copy: regs ch %u CSR=%08x CPC=+%u SA=+%u DA=+%u CC=%08x LC0=%u LC1=%u", ch,
                       s.rd(csr(ch)), s.rd(cpc(ch)) - (kProgs + ch * 1024), s.rd(sa(ch)) - kSrc,
                       s.rd(da(ch)) - kDst, s.rd(cc(ch)), s.rd(lc0(ch)), s.rd(lc1(ch))));
  out.push_back(line("dma_copy: INT_EVENT_RIS=%08x FSRC=%08x faults=0", s.rd(INT_EVENT_RIS), s.rd(FSRC)));
  return out;
}

void compare_with_qemu(TimingMode m) {
  std::ifstream f(PL330_QEMU_DMA_COPY_TXT);
  if (!f) GTEST_SKIP() << "no QEMU capture " << PL330_QEMU_DMA_COPY_TXT << " (run ctest -L qemu)";
  std::vector<std::string> ref;
  for (std::string l; std::getline(f, l);) {
    if (!l.empty() && l.back() == '\r') l.pop_back();
    if (l.rfind("dma_copy: ch ", 0) == 0 || l.rfind("dma_copy: parallel", 0) == 0 ||
        l.rfind("dma_copy: regs", 0) == 0 || l.rfind("dma_copy: INT_EVENT", 0) == 0)
      ref.push_back(l);
  }
  ASSERT_EQ(ref.size(), 84u + 8 + 8 + 1);
  Sys s(m);
  std::vector<std::string> got;
  run_sim([&] { got = replay(s); });
  ASSERT_EQ(got.size(), ref.size());
  for (size_t i = 0; i < ref.size(); ++i) EXPECT_EQ(got[i], ref[i]);
}
}  // namespace

TEST(Pl330Diff, DmaCopyMatchesQemuLt) { compare_with_qemu(TimingMode::LT); }
TEST(Pl330Diff, DmaCopyMatchesQemuAt) { compare_with_qemu(TimingMode::AT); }
