// --profile with several Cortex-A9 cores (platform/run/session_profiles.h): one table per core in
// core order, each under a header naming the core, each with that core's samples only; one core
// keeps the single table it always had.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "session.h"
#include "session_profiles.h"

using namespace zvp;

namespace {

class FakeCore : public ProfiledCore {
 public:
  explicit FakeCore(std::unordered_map<uint32_t, uint64_t> s) : samples_(std::move(s)) {}
  void set_profile_period(uint64_t p) override { period_ = p; }
  uint64_t profile_period() const override { return period_; }
  const std::unordered_map<uint32_t, uint64_t>& profile_samples() const override { return samples_; }
  std::string profile_scope() const override { return "fake scope"; }

 private:
  std::unordered_map<uint32_t, uint64_t> samples_;
  uint64_t period_ = 0;
};

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Profiles : ::testing::Test {
  std::string path = "/tmp/zvp_profiles_test_" + std::to_string(::getpid()) + ".txt";
  HostIo io;
  Scenario sc;
  // main at 0x100 (0x40 bytes), worker at 0x200 (0x40 bytes).
  std::vector<ElfFunction> functions{{0x100, 0x40, "main"}, {0x200, 0x40, "worker"}};
  FakeCore c0{{{0x100, 3}, {0x110, 1}}};  // main only
  FakeCore c1{{{0x200, 5}}};              // worker only
  Profiles() {
    io.profile_path = path;
    io.profile_period = 7;
    sc.arm_elf = "fw.elf";
  }
  ~Profiles() override { std::remove(path.c_str()); }
};

}  // namespace

TEST_F(Profiles, OneTablePerCore) {
  RunProfiles p(io, sc, {{&c0, "zynq.cpu0"}, {&c1, "zynq.cpu1"}}, functions, nullptr, "none");
  EXPECT_EQ(c0.profile_period(), 7u);
  EXPECT_EQ(c1.profile_period(), 7u);
  p.write();
  const std::string text = slurp(path);
  const size_t h0 = text.find("# zvp profile: core 0 (zynq.cpu0), Cortex-A9 running fw.elf\n");
  const size_t h1 = text.find("# zvp profile: core 1 (zynq.cpu1), Cortex-A9 running fw.elf\n");
  ASSERT_NE(h0, std::string::npos) << text;
  ASSERT_NE(h1, std::string::npos) << text;
  ASSERT_LT(h0, h1);
  const std::string t0 = text.substr(h0, h1 - h0), t1 = text.substr(h1);
  // Core 0: 4 samples, all in main (4 * 7 cycles); core 1: 5 in worker.
  EXPECT_NE(t0.find("  100.00%        4            28  main\n"), std::string::npos) << t0;
  EXPECT_EQ(t0.find("worker"), std::string::npos) << t0;
  EXPECT_NE(t1.find("  100.00%        5            35  worker\n"), std::string::npos) << t1;
  EXPECT_EQ(t1.find("main"), std::string::npos) << t1;
}

TEST_F(Profiles, OneCoreKeepsItsSingleTable) {
  RunProfiles p(io, sc, {{&c0, "zynq.cpu0"}}, functions, nullptr, "none");
  p.write();
  const std::string text = slurp(path);
  EXPECT_EQ(text.rfind("# zvp profile: Cortex-A9 running fw.elf\n", 0), 0u) << text;
  EXPECT_EQ(text.find("core 0"), std::string::npos) << text;
  EXPECT_NE(text.find("  100.00%        4            28  main\n"), std::string::npos) << text;
}

TEST_F(Profiles, NoFileWithoutTheOption) {
  io.profile_path.clear();
  RunProfiles p(io, sc, {{&c0, "zynq.cpu0"}, {&c1, "zynq.cpu1"}}, functions, nullptr, "none");
  EXPECT_EQ(c0.profile_period(), 0u);  // sampling stays off
  p.write();
  EXPECT_FALSE(std::ifstream(path).good());
}
