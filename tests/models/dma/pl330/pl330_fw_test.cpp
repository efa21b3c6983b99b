// The ARM driver's program builders (firmware/arm/drivers/pl330, plain C compiled for the host
// here) run on the model: the dma_copy app's lengths and alignments, all 8 channels at once, and
// the seed 001 peripheral-paced scheme. Final registers must read what the program implies
// (SA = src + len, DA = dst + len, CPC past DMAEND), as qemu-system-arm's PL330 reports them.
#include <gtest/gtest.h>

extern "C" {
#include "drivers/pl330/pl330_asm.h"
#include "drivers/pl330/pl330_prog.h"
}
#include "pl330_sys.h"

using namespace zvp;
using namespace zvp::test;
using namespace zvp::pl330;

namespace {
constexpr uint32_t kSrc = 0x100000, kDst = 0x300000, kProg = 0x8000;

struct Built {
  std::vector<uint8_t> code;
  int rc;
};
Built memcpy_prog(uint32_t dst, uint32_t src, uint32_t len, uint32_t ev) {
  std::vector<uint8_t> buf(1024);
  pl330_prog p;
  pl330_prog_init(&p, buf.data(), uint32_t(buf.size()));
  const int rc = pl330_build_memcpy(&p, dst, src, len, ev);
  buf.resize(p.len);
  return {buf, rc};
}

// Runs one copy on channel ch and checks data, guards and final registers.
void copy_and_check(Sys& s, unsigned ch, uint32_t src, uint32_t dst, uint32_t len) {
  std::vector<uint8_t> guard(len + 32, 0xA5);
  s.mem.load(dst - 16, guard.data(), guard.size());
  Built b = memcpy_prog(dst, src, len, ch);
  ASSERT_EQ(b.rc, 0);
  const uint32_t prog = kProg + ch * 0x400;
  s.mem.load(prog, b.code.data(), b.code.size());
  s.wr(INTEN, s.rd(INTEN) | 1u << ch);
  s.go(ch, prog);
  ASSERT_TRUE(s.wait_state(ch, kStopped, 20000)) << "len " << len;
  EXPECT_TRUE(s.same(src, dst, len)) << "len " << len << " src " << src << " dst " << dst;
  EXPECT_EQ(s.get(dst - 16, 16), std::vector<uint8_t>(16, 0xA5));
  EXPECT_EQ(s.get(dst + len, 16), std::vector<uint8_t>(16, 0xA5));
  EXPECT_EQ(s.rd(sa(ch)), src + len);
  EXPECT_EQ(s.rd(da(ch)), dst + len);
  EXPECT_EQ(s.rd(cpc(ch)), prog + b.code.size());
  EXPECT_TRUE(s.rd(INT_EVENT_RIS) & (1u << ch));
  s.wr(INTCLR, 1u << ch);
}
}  // namespace

TEST(Pl330Firmware, AssemblerBoundsChecks) {
  uint8_t buf[8];
  pl330_prog p;
  pl330_prog_init(&p, buf, sizeof buf);
  EXPECT_EQ(pl330_dmamov(&p, PL330_SAR, 1), 0);
  EXPECT_EQ(pl330_dmamov(&p, PL330_DAR, 1), -1);  // 6 + 6 > 8: nothing written
  EXPECT_EQ(p.len, 6u);
  EXPECT_EQ(p.err, -1);
  pl330_prog_init(&p, buf, sizeof buf);
  EXPECT_EQ(pl330_dmalp(&p, 0, 257), -1);
  pl330_prog_init(&p, buf, sizeof buf);
  EXPECT_EQ(pl330_dmalp(&p, 2, 4), -1);
  pl330_prog_init(&p, buf, sizeof buf);
  EXPECT_EQ(pl330_dmago(&p, 8, 0, 0), -1);
  pl330_prog_init(&p, buf, sizeof buf);
  EXPECT_EQ(pl330_dmalpend(&p, 0, 4, 0, PL330_ALWAYS), -1);  // loop start after the end
  pl330_prog_init(&p, nullptr, 100);
  EXPECT_EQ(pl330_dmanop(&p), -1);
  // Encodings agree with the model's decoder.
  pl330_prog_init(&p, buf, sizeof buf);
  pl330_dmalp(&p, 1, 3);
  pl330_dmalpend(&p, 1, 2, 0, PL330_ALWAYS);
  EXPECT_EQ(buf[0], 0x22);
  EXPECT_EQ(buf[1], 2);
  EXPECT_EQ(buf[2], 0x3C);
  EXPECT_EQ(buf[3], 0);
  EXPECT_EQ(insn_length(buf[2]), 2u);
}

TEST(Pl330Firmware, MemcpyBuilderLengthsAndAlignments) {
  Sys s;
  run_sim([&] {
    s.fill(kSrc, 0x14000, 7);
    const uint32_t lens[] = {1, 2, 3, 7, 8, 9, 31, 127, 128, 129, 1000, 4096, 4097, 33001};
    const uint32_t offs[][2] = {{0, 0}, {1, 1}, {3, 5}, {4, 0}, {7, 2}, {0, 6}};
    unsigned n = 0;
    for (uint32_t l : lens)
      for (auto& o : offs) copy_and_check(s, n++ % 8, kSrc + o[0], kDst + 64 + o[1], l);
  });
}

TEST(Pl330Firmware, MemcpyBuilderNestedLoops) {
  Sys s;
  run_sim([&] {
    // 300 KB: 2,400 bursts of 128 bytes -> LC1 x LC0 nesting plus a remainder loop.
    const uint32_t len = 300 * 1024 + 77;
    s.fill(kSrc, len + 8, 3);
    copy_and_check(s, 5, kSrc + 3, kDst + 64 + 3, len);
    EXPECT_EQ(s.rd(lc1(5)), 0u);
  });
}

TEST(Pl330Firmware, AllEightChannelsAtOnce) {
  Sys s(TimingMode::AT);
  run_sim([&] {
    s.fill(kSrc, 0x14000, 99);
    const uint32_t slot = 10240;
    for (unsigned ch = 0; ch < 8; ++ch) {
      Built b = memcpy_prog(kDst + 64 + ch * slot + (7 - ch), kSrc + ch * slot + ch, 8192 + ch * 37, ch);
      ASSERT_EQ(b.rc, 0);
      s.mem.load(kProg + ch * 0x400, b.code.data(), b.code.size());
    }
    s.wr(INTEN, 0xFF);
    for (unsigned ch = 0; ch < 8; ++ch) s.go(ch, kProg + ch * 0x400);
    for (unsigned ch = 0; ch < 8; ++ch) ASSERT_TRUE(s.wait_state(ch, kStopped, 20000));
    for (unsigned ch = 0; ch < 8; ++ch) {
      EXPECT_TRUE(s.same(kSrc + ch * slot + ch, kDst + 64 + ch * slot + (7 - ch), 8192 + ch * 37));
      EXPECT_EQ(s.rd(da(ch)), kDst + 64 + ch * slot + (7 - ch) + 8192 + ch * 37);
    }
    EXPECT_EQ(s.rd(INT_EVENT_RIS), 0xFFu);
  });
}

TEST(Pl330Firmware, Seed001PeriphBuilder) {
  Sys s;
  run_sim([&] {
    const uint32_t len = 64 * 300 + 32 + 21 + 1;  // nested 64-byte loops, one 32, 21 singles, last
    s.fill(kSrc, len, 5);
    std::vector<uint8_t> buf(512);
    pl330_prog p;
    pl330_prog_init(&p, buf.data(), uint32_t(buf.size()));
    ASSERT_EQ(pl330_build_periph(&p, kDst, kSrc, len, 2, 1, 6), 0);
    EXPECT_EQ(pl330_build_periph(&p, kDst + 1, kSrc, len, 2, 1, 6), -1);  // unaligned
    s.mem.load(kProg, buf.data(), p.len);
    s.wr(INTEN, 1u << 6);
    s.go(1, kProg);
    s.pause(1000);
    EXPECT_EQ(s.csr(1), uint32_t(kWaitingPeriph));
    s.dma.periph[2].request(Pl330ReqType::Burst);
    ASSERT_TRUE(s.wait_state(1, kStopped, 20000));
    EXPECT_TRUE(s.same(kSrc, kDst, len));
    EXPECT_EQ(s.per[2].count(Pl330AckType::BurstDone), 1u);
    EXPECT_TRUE(s.ev[6].read());
  });
}
