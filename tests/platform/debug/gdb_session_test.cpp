// The GDB packet handler against a fake core: every command gdb-multiarch sends to a bare-metal
// stub, its replies written out by hand from the GDB manual's packet descriptions, and the
// malformed and unsupported cases (error replies, never an exception).
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "gdb_session.h"

using namespace zvp;
using namespace zvp::debug;

namespace {

// Four 32-bit registers (r3 unavailable), pc = regnum 1, one 64-bit register (4); 256 bytes of
// memory at 0x1000.
class FakeCore : public DebugTarget {
 public:
  uint64_t regs[5] = {0x11223344, 0x1000, 0xAABBCCDD, 0, 0x0102030405060708ull};
  std::vector<uint8_t> mem = std::vector<uint8_t>(256, 0);
  std::set<uint64_t> bps;
  std::vector<std::tuple<uint64_t, uint64_t, WatchKind>> watches;
  bool reset = false;

  std::string gdb_arch() const override { return "fake"; }
  std::string target_xml() const override {
    std::string x = "<?xml version=\"1.0\"?><target>";
    for (int i = 0; i < 40; ++i) x += "<reg name=\"r" + std::to_string(i) + "\" bitsize=\"32\"/>";
    return x + "</target>";
  }
  unsigned num_regs() const override { return 5; }
  unsigned pc_regnum() const override { return 1; }
  unsigned reg_bytes(unsigned n) const override { return n == 4 ? 8 : 4; }
  bool read_reg(unsigned n, uint64_t& v) override {
    if (n == 3 || n >= 5) return false;
    v = regs[n];
    return true;
  }
  bool write_reg(unsigned n, uint64_t v) override {
    if (n == 3 || n >= 5) return false;
    regs[n] = v;
    return true;
  }
  size_t read_mem(uint64_t a, uint8_t* d, size_t n) override {
    size_t i = 0;
    for (; i < n && a + i >= 0x1000 && a + i < 0x1100; ++i) d[i] = mem[a + i - 0x1000];
    return i;
  }
  size_t write_mem(uint64_t a, const uint8_t* d, size_t n) override {
    size_t i = 0;
    for (; i < n && a + i >= 0x1000 && a + i < 0x1100; ++i) mem[a + i - 0x1000] = d[i];
    return i;
  }
  bool add_breakpoint(uint64_t a) override { return a < 0x100000000ull && bps.insert(a).second; }
  bool remove_breakpoint(uint64_t a) override { return bps.erase(a) == 1; }
  bool add_watchpoint(uint64_t a, uint64_t l, WatchKind k) override {
    watches.emplace_back(a, l, k);
    return true;
  }
  bool remove_watchpoint(uint64_t a, uint64_t l, WatchKind k) override {
    for (auto it = watches.begin(); it != watches.end(); ++it)
      if (*it == std::make_tuple(a, l, k)) {
        watches.erase(it);
        return true;
      }
    return false;
  }
  void set_single_step(bool) override {}
  void reset_core() override { reset = true; }
  double sim_time_s() const override { return 1.5; }
  void set_debug_agent(DebugAgent*) override {}
};

struct Session : ::testing::Test {
  FakeCore core;
  GdbSession s{core, 0x400};
  std::string ask(const std::string& p) { return s.handle(p).text; }
};

std::string hex(const std::string& s) {
  static const char* d = "0123456789abcdef";
  std::string o;
  for (unsigned char c : s) o += {d[c >> 4], d[c & 15]};
  return o;
}

}  // namespace

TEST_F(Session, SupportedFeatures) {
  EXPECT_EQ(ask("qSupported:multiprocess+;swbreak+;hwbreak+;xmlRegisters=i386"),
            "PacketSize=400;qXfer:features:read+;swbreak+;hwbreak+;vContSupported+");
  EXPECT_EQ(ask("vCont?"), "vCont;c;C;s;S");
  EXPECT_EQ(ask("qAttached"), "1");
  EXPECT_EQ(ask("qC"), "QC1");
  EXPECT_EQ(ask("qfThreadInfo"), "m1");
  EXPECT_EQ(ask("qsThreadInfo"), "l");
  EXPECT_EQ(ask("Hg0"), "OK");
  EXPECT_EQ(ask("vMustReplyEmpty"), "");
  EXPECT_EQ(ask("qTStatus"), "");  // tracepoints: not supported
  EXPECT_EQ(ask("!"), "");
}

TEST_F(Session, TargetDescriptionInPieces) {
  const std::string xml = core.target_xml();
  std::string got;
  for (uint64_t off = 0;;) {
    char q[64];
    std::snprintf(q, sizeof q, "qXfer:features:read:target.xml:%llx,100", (unsigned long long)off);
    const std::string r = ask(q);
    ASSERT_FALSE(r.empty());
    ASSERT_TRUE(r[0] == 'm' || r[0] == 'l') << r;
    got += r.substr(1);
    off += r.size() - 1;
    if (r[0] == 'l') break;
    ASSERT_EQ(r.size(), 0x101u);  // 'm' + 256 characters
  }
  EXPECT_EQ(got, xml);
  EXPECT_EQ(ask("qXfer:features:read:target.xml:ffff,10"), "l");  // past the end
  EXPECT_EQ(ask("qXfer:features:read:other.xml:0,10"), "E00");
  EXPECT_EQ(ask("qXfer:features:read:target.xml:zz,10"), "E01");
}

TEST_F(Session, Registers) {
  // 'g': each register little-endian, the unavailable one as 'x's.
  EXPECT_EQ(ask("g"), "44332211" "00100000" "ddccbbaa" "xxxxxxxx" "0807060504030201");
  EXPECT_EQ(ask("p0"), "44332211");
  EXPECT_EQ(ask("p4"), "0807060504030201");
  EXPECT_EQ(ask("p3"), "E02");
  EXPECT_EQ(ask("p5"), "E02");
  EXPECT_EQ(ask("pq"), "E01");
  EXPECT_EQ(ask("P2=78563412"), "OK");
  EXPECT_EQ(core.regs[2], 0x12345678u);
  EXPECT_EQ(ask("P2=7856"), "E01");  // too short for a 32-bit register
  EXPECT_EQ(ask("P9=00000000"), "E02");
  EXPECT_EQ(ask("P2"), "E01");
  EXPECT_EQ(ask("G01000000"), "OK");  // gdb may send fewer registers than there are
  EXPECT_EQ(core.regs[0], 1u);
  EXPECT_EQ(ask("G0100000"), "E01");  // half a register
}

TEST_F(Session, Memory) {
  core.mem[0] = 0xDE, core.mem[1] = 0xAD;
  EXPECT_EQ(ask("m1000,2"), "dead");
  EXPECT_EQ(ask("m10fe,4"), "0000");  // stops at the end of what is mapped
  EXPECT_EQ(ask("m2000,4"), "E02");   // unmapped
  EXPECT_EQ(ask("m1000"), "E01");
  EXPECT_EQ(ask("m1000,zz"), "E01");
  EXPECT_EQ(ask("m1000,10000").size(), 512u);  // capped to the packet: all 256 mapped bytes
  EXPECT_EQ(ask("M1004,3:010203"), "OK");
  EXPECT_EQ(core.mem[4] + core.mem[5] + core.mem[6], 6);
  EXPECT_EQ(ask("M1004,3:0102"), "E01");  // length and data disagree
  EXPECT_EQ(ask("M1004,1:zz"), "E01");
  EXPECT_EQ(ask("M2000,1:00"), "E02");
  EXPECT_EQ(ask("X1008,2:#}"), "OK");  // binary (the decoder has already unescaped it)
  EXPECT_EQ(core.mem[8], '#');
  EXPECT_EQ(core.mem[9], '}');
  EXPECT_EQ(ask("X1008,0:"), "OK");  // gdb's probe for X support
}

TEST_F(Session, BreakpointsAndWatchpoints) {
  EXPECT_EQ(ask("Z0,1004,4"), "OK");
  EXPECT_EQ(ask("Z0,1004,4"), "OK");  // re-inserted: still one
  EXPECT_EQ(core.bps.size(), 1u);
  EXPECT_EQ(ask("Z1,1010,2"), "OK");
  EXPECT_EQ(ask("Z0,100000000,4"), "E03");  // the core refuses it
  EXPECT_EQ(ask("Z2,1000,4"), "OK");
  EXPECT_EQ(ask("Z3,1000,4"), "OK");
  EXPECT_EQ(ask("Z4,1020,8"), "OK");
  EXPECT_EQ(ask("Z2,1000,0"), "E03");  // a zero-length watchpoint
  EXPECT_EQ(ask("Z5,1000,4"), "");     // unknown type: not supported
  EXPECT_EQ(ask("Z0,zz,4"), "E01");
  ASSERT_EQ(core.watches.size(), 3u);
  EXPECT_EQ(std::get<2>(core.watches[0]), WatchKind::Write);
  EXPECT_EQ(std::get<2>(core.watches[1]), WatchKind::Read);
  EXPECT_EQ(std::get<2>(core.watches[2]), WatchKind::Access);
  EXPECT_EQ(ask("z3,1000,4"), "OK");
  EXPECT_EQ(core.watches.size(), 2u);
  EXPECT_EQ(ask("z0,1004,4"), "OK");
  EXPECT_EQ(ask("z0,1004,4"), "OK");  // not there any more: fine
  EXPECT_EQ(core.bps.size(), 1u);
  // Detach removes what the debugger set; the run continues.
  const GdbSession::Reply d = s.handle("D");
  EXPECT_EQ(d.text, "OK");
  EXPECT_EQ(d.action, GdbSession::Action::Detach);
  EXPECT_TRUE(core.bps.empty());
  EXPECT_TRUE(core.watches.empty());
}

TEST_F(Session, Resume) {
  GdbSession::Reply r = s.handle("c");
  EXPECT_FALSE(r.send);  // the stop reply comes later
  EXPECT_EQ(r.action, GdbSession::Action::Continue);
  r = s.handle("c2000");
  EXPECT_EQ(core.regs[1], 0x2000u);  // resume at an address: the pc first
  EXPECT_EQ(s.handle("s").action, GdbSession::Action::Step);
  EXPECT_EQ(s.handle("S05;3000").action, GdbSession::Action::Step);
  EXPECT_EQ(core.regs[1], 0x3000u);
  EXPECT_EQ(s.handle("vCont;s:1;c").action, GdbSession::Action::Step);
  EXPECT_EQ(s.handle("vCont;c").action, GdbSession::Action::Continue);
  EXPECT_EQ(ask("vCont;"), "E01");
  EXPECT_EQ(ask("vCont;t"), "E01");  // stop: not for a single-thread stub
  EXPECT_EQ(ask("czz"), "E01");
  const GdbSession::Reply k = s.handle("k");
  EXPECT_FALSE(k.send);
  EXPECT_EQ(k.action, GdbSession::Action::Kill);
  EXPECT_EQ(s.handle("vKill;1").action, GdbSession::Action::Kill);
}

TEST_F(Session, StopReplies) {
  EXPECT_EQ(ask("?"), "S05");  // before any stop
  EXPECT_EQ(s.stop_reply({StopReason::Breakpoint, 0x1004}), "T05thread:1;swbreak:;");
  EXPECT_EQ(ask("?"), "T05thread:1;swbreak:;");
  EXPECT_EQ(s.stop_reply({StopReason::Interrupted}), "T02thread:1;");
  EXPECT_EQ(s.stop_reply({StopReason::Fault, 0xF9000000}), "T0bthread:1;");  // SIGSEGV
  StopReason w{StopReason::Watchpoint, 0x1000, WatchKind::Write};
  EXPECT_EQ(s.stop_reply(w), "T05thread:1;watch:1000;");
  w.watch = WatchKind::Read;
  EXPECT_EQ(s.stop_reply(w), "T05thread:1;rwatch:1000;");
  w.watch = WatchKind::Access;
  EXPECT_EQ(s.stop_reply(w), "T05thread:1;awatch:1000;");
  StopReason e{StopReason::Exited};
  e.status = 258;  // the firmware's status as the process's: modulo 256
  EXPECT_EQ(s.stop_reply(e), "W02");
  e.signal = 14;  // ended by the time limit, not by the program
  EXPECT_EQ(s.stop_reply(e), "X0e");
}

TEST_F(Session, MonitorCommands) {
  GdbSession::Reply r = s.handle("qRcmd," + hex("time"));
  EXPECT_EQ(r.text, "OK");
  ASSERT_EQ(r.console.size(), 1u);
  EXPECT_EQ(r.console[0], "simulated time: 1.500000000 s\n");
  r = s.handle("qRcmd," + hex("reset"));
  EXPECT_TRUE(core.reset);
  r = s.handle("qRcmd," + hex("frobnicate"));
  EXPECT_EQ(r.text, "OK");
  EXPECT_NE(r.console[0].find("unknown monitor command 'frobnicate'"), std::string::npos);
  s.set_monitor([](const std::string& cmd, std::string& out) {
    if (cmd != "trace off") return false;
    out = "off\n";
    return true;
  });
  EXPECT_EQ(s.handle("qRcmd," + hex("trace off")).console[0], "off\n");
  EXPECT_EQ(ask("qRcmd,zz"), "E01");
}

// Two cores as threads 1 and 2 of one target (GDB manual, "Packets": H, T, vCont; "General
// Query Packets": qC, qfThreadInfo, qThreadExtraInfo).
namespace {
struct TwoThreads : ::testing::Test {
  FakeCore c0, c1;
  GdbSession s{{{&c0, "zynq.cpu0"}, {&c1, "zynq.cpu1"}}, 0x400};
  TwoThreads() { c1.regs[0] = 0x55667788; }
  std::string ask(const std::string& p) { return s.handle(p).text; }
  using Run = GdbSession::Run;
  std::vector<Run> runs(const std::string& p) { return s.handle(p).runs; }
};
}  // namespace

TEST_F(TwoThreads, ThreadList) {
  EXPECT_EQ(ask("qfThreadInfo"), "m1,2");
  EXPECT_EQ(ask("qsThreadInfo"), "l");
  EXPECT_EQ(ask("qThreadExtraInfo,2"), hex("zynq.cpu1"));
  EXPECT_EQ(ask("qThreadExtraInfo,3"), "E01");
  EXPECT_EQ(ask("T1"), "OK");
  EXPECT_EQ(ask("T2"), "OK");
  EXPECT_EQ(ask("T3"), "E01");
  EXPECT_EQ(ask("T0"), "E01");
}

TEST_F(TwoThreads, StopReplyNamesTheCoreThatStopped) {
  EXPECT_EQ(s.stop_reply({StopReason::Breakpoint, 0x1004}, 1), "T05thread:2;swbreak:;");
  EXPECT_EQ(ask("qC"), "QC2");
  EXPECT_EQ(ask("?"), "T05thread:2;swbreak:;");
  EXPECT_EQ(ask("p0"), "88776655");  // gdb reads the stopped thread's registers without an Hg
  StopReason w{StopReason::Watchpoint, 0x1000};
  EXPECT_EQ(s.stop_reply(w, 0), "T05thread:1;watch:1000;");
  EXPECT_EQ(ask("qC"), "QC1");
  EXPECT_EQ(ask("p0"), "44332211");
}

TEST_F(TwoThreads, RegistersAndMemoryOfTheSelectedThread) {
  EXPECT_EQ(ask("p0"), "44332211");  // thread 1 until Hg says otherwise
  EXPECT_EQ(ask("Hg2"), "OK");
  EXPECT_EQ(ask("p0"), "88776655");
  EXPECT_EQ(ask("P2=78563412"), "OK");
  EXPECT_EQ(c1.regs[2], 0x12345678u);
  EXPECT_EQ(c0.regs[2], 0xAABBCCDDu);
  c1.mem[0] = 0x5A;
  EXPECT_EQ(ask("m1000,1"), "5a");
  EXPECT_EQ(ask("M1001,1:a5"), "OK");
  EXPECT_EQ(c1.mem[1], 0xA5);
  EXPECT_EQ(c0.mem[1], 0);
  EXPECT_EQ(ask("Hg0"), "OK");  // any thread: the selection stays
  EXPECT_EQ(ask("p0"), "88776655");
  EXPECT_EQ(ask("Hg1"), "OK");
  EXPECT_EQ(ask("p0"), "44332211");
  EXPECT_EQ(ask("Hg3"), "E01");
  EXPECT_EQ(ask("Hx1"), "E01");
  EXPECT_EQ(ask("p0"), "44332211");  // a refused selection changes nothing
}

TEST_F(TwoThreads, PointsGoIntoEveryCore) {
  EXPECT_EQ(ask("Z0,1004,4"), "OK");
  EXPECT_EQ(c0.bps.count(0x1004), 1u);
  EXPECT_EQ(c1.bps.count(0x1004), 1u);
  EXPECT_EQ(ask("Z2,1000,4"), "OK");
  EXPECT_EQ(c0.watches.size(), 1u);
  EXPECT_EQ(c1.watches.size(), 1u);
  // Refused by one core: in none (core 1 already has 0x2000 behind the session's back).
  c1.bps.insert(0x2000);
  EXPECT_EQ(ask("Z0,2000,4"), "E03");
  EXPECT_EQ(c0.bps.count(0x2000), 0u);
  EXPECT_EQ(ask("z0,1004,4"), "OK");
  EXPECT_TRUE(c0.bps.empty());
  EXPECT_EQ(c1.bps.count(0x1004), 0u);
  s.clear_points();
  EXPECT_TRUE(c0.watches.empty());
  EXPECT_TRUE(c1.watches.empty());
}

TEST_F(TwoThreads, ResumeSaysWhatEachThreadDoes) {
  EXPECT_EQ(runs("vCont;c"), (std::vector<Run>{Run::Continue, Run::Continue}));
  // gdb stepping thread 2 while the others run (scheduler-locking off) ...
  EXPECT_EQ(runs("vCont;s:2;c"), (std::vector<Run>{Run::Continue, Run::Step}));
  // ... and stepping thread 1 alone over a breakpoint: thread 2 stays stopped.
  EXPECT_EQ(runs("vCont;s:1"), (std::vector<Run>{Run::Step, Run::Hold}));
  EXPECT_EQ(runs("vCont;c:2"), (std::vector<Run>{Run::Hold, Run::Continue}));
  EXPECT_EQ(runs("vCont;C05:1;c"), (std::vector<Run>{Run::Continue, Run::Continue}));
  EXPECT_EQ(runs("vCont;s:-1"), (std::vector<Run>{Run::Step, Run::Step}));
  // The leftmost action naming a thread wins.
  EXPECT_EQ(runs("vCont;s:2;c:2"), (std::vector<Run>{Run::Hold, Run::Step}));
  EXPECT_EQ(s.handle("vCont;s:2;c").action, GdbSession::Action::Step);
  EXPECT_EQ(s.handle("vCont;c:1").action, GdbSession::Action::Continue);
  EXPECT_EQ(ask("vCont;c:3"), "E01");
  EXPECT_EQ(ask("vCont;s:2;x"), "E01");
  EXPECT_EQ(ask("vCont;c;"), "E01");
  // Legacy c/s: c resumes all; s steps the thread that stopped last (or Hc's) alone.
  s.stop_reply({StopReason::Breakpoint, 0x1004}, 1);
  EXPECT_EQ(runs("c"), (std::vector<Run>{Run::Continue, Run::Continue}));
  EXPECT_EQ(runs("s"), (std::vector<Run>{Run::Hold, Run::Step}));
  EXPECT_EQ(ask("Hc1"), "OK");
  EXPECT_EQ(runs("s"), (std::vector<Run>{Run::Step, Run::Hold}));
  EXPECT_EQ(runs("c"), (std::vector<Run>{Run::Continue, Run::Hold}));
  EXPECT_EQ(runs("c2000"), (std::vector<Run>{Run::Continue, Run::Hold}));
  EXPECT_EQ(c0.regs[1], 0x2000u);  // the Hc thread's pc
  EXPECT_EQ(c1.regs[1], 0x1000u);
  EXPECT_EQ(ask("Hc-1"), "OK");
  EXPECT_EQ(runs("c"), (std::vector<Run>{Run::Continue, Run::Continue}));
}
