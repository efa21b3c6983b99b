// `zvp rv32`: exit conventions (ecall a7=93, tohost), instruction limit, WFI without a wake-up
// source, malformed input.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "commands.h"
#include "models/cpu/riscv/rv32_test_util.h"

using zvp::test::rv::prog;

namespace {

int run(std::vector<std::string> args) {
  args.insert(args.begin(), {"zvp", "rv32"});
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  return zvp::cmd_rv32(static_cast<int>(argv.size()), argv.data());
}

}  // namespace

TEST(Rv32Runner, EcallExitStatus) {
  EXPECT_EQ(run({prog("rv32i")}), 0);
  EXPECT_EQ(run({prog("rv32m"), "--max-instructions", "100000"}), 0);
}

TEST(Rv32Runner, TohostConvention) {
  EXPECT_EQ(run({prog("tohost_pass")}), 0);
  EXPECT_EQ(run({prog("tohost_fail")}), 5);  // value 11 -> 11 >> 1
}

TEST(Rv32Runner, InstructionLimit) { EXPECT_EQ(run({prog("spin"), "--max-instructions", "1000"}), 3); }

// A core asleep with nothing to wake it is a lock-up the firmware caused: status 3, like a limit.
TEST(Rv32Runner, SleepWithoutInterruptSource) { EXPECT_EQ(run({prog("sleep")}), 3); }

TEST(Rv32Runner, MalformedInput) {
  const std::string bad = ::testing::TempDir() + "/zvp_rv32_garbage.elf";
  {
    std::ofstream f(bad, std::ios::binary);
    f << "\x7f" "ELF this is not really an ELF file";
  }
  EXPECT_EQ(run({bad}), 2);
  EXPECT_EQ(run({::testing::TempDir() + "/does_not_exist.elf"}), 2);
  EXPECT_EQ(run({}), 2);
  EXPECT_EQ(run({prog("rv32i"), "--bogus"}), 2);
  EXPECT_EQ(run({prog("rv32i"), "--max-instructions", "x"}), 2);
  // Segments 2 GiB apart do not fit the flat memory: a clear error, not a huge allocation.
  EXPECT_EQ(run({prog("far_segments")}), 2);
  std::remove(bad.c_str());
}

TEST(Rv32Runner, MisalignedPolicyOption) {
  EXPECT_EQ(run({prog("traps"), "--misaligned", "split"}), 0);
  // traps.S expects split accesses: under the trap policy its first misaligned check fails.
  EXPECT_EQ(run({prog("traps"), "--misaligned", "trap"}), 43);
  EXPECT_EQ(run({prog("traps"), "--misaligned", "sideways"}), 2);
}

TEST(Rv32Runner, TraceRuns) { EXPECT_EQ(run({prog("rv32m"), "--trace"}), 0); }

// --profile: the table's sample column adds up to the header's count; with a period of one cycle
// every executed cycle is a sample. Bad uses are errors with status 2.
TEST(Rv32Runner, ProfileOption) {
  const std::string out = ::testing::TempDir() + "/zvp_rv32_profile.txt";
  ASSERT_EQ(run({prog("rv32m"), "--profile", out, "--profile-period", "1"}), 0);
  std::ifstream f(out);
  std::string line;
  ASSERT_TRUE(std::getline(f, line));
  EXPECT_NE(line.find("# zvp profile: RV32 core running "), std::string::npos) << line;
  ASSERT_TRUE(std::getline(f, line));
  unsigned long long header = 0;
  ASSERT_EQ(std::sscanf(line.c_str(), "# one sample every 1 core cycles of execution, %llu samples", &header), 1)
      << line;
  ASSERT_TRUE(std::getline(f, line));  // column titles
  unsigned long long sum = 0, n = 0, cycles = 0;
  double share = 0;
  while (std::getline(f, line)) {
    ASSERT_EQ(std::sscanf(line.c_str(), "%lf%% %llu %llu", &share, &n, &cycles), 3) << line;
    EXPECT_EQ(cycles, n);  // period 1
    sum += n;
  }
  EXPECT_EQ(sum, header);
  EXPECT_GE(sum, 126u);  // rv32m executes 126 instructions (the runner's summary), each >= 1 cycle
  EXPECT_EQ(run({prog("rv32m"), "--profile-period", "10"}), 2);  // without --profile
  EXPECT_EQ(run({prog("rv32m"), "--profile", out, "--profile-period", "0"}), 2);
  EXPECT_EQ(run({prog("rv32m"), "--profile", out, "--profile-period", "1000000000001"}), 2);  // > 10^12
  EXPECT_EQ(run({prog("rv32m"), "--profile", ::testing::TempDir() + "/no/such/dir/p.txt"}), 2);
  std::remove(out.c_str());
}
