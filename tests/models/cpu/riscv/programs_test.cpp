// The self-checking programs (programs/*.S): every RV32I/M/C instruction, CSRs and traps. A program
// exits with 0 after its last check or with the number of the failing check; gp holds the number
// of the last check run, so a program that skipped checks cannot pass.
#include <gtest/gtest.h>

#include "models/cpu/riscv/rv32_test_util.h"

using namespace zvp;
using namespace zvp::test::rv;

namespace {

struct Variant {
  bool direct = true;          // data through direct pointers (else every access via Rv32Bus)
  unsigned cache_bits = 16;    // decode cache size
};

void run_program(const std::string& name, uint32_t checks, Variant v = {}) {
  Program p(name);
  Rv32Config cfg;
  cfg.decode_cache_bits = v.cache_bits;
  Rv32FlatSystem sys(cfg);
  sys.load(p.img);
  sys.set_direct(v.direct);
  const auto how = sys.run(1'000'000);
  ASSERT_EQ(how, Rv32FlatSystem::Exit::Ecall) << name << " did not exit";
  EXPECT_EQ(sys.exit_status(), 0) << name << ": check " << sys.exit_status() << " failed";
  EXPECT_EQ(sys.core().reg(Reg::gp), checks) << name << ": not every check ran";
}

}  // namespace

TEST(Rv32Programs, BaseIntegerInstructions) { run_program("rv32i", 43); }
TEST(Rv32Programs, MultiplyDivide) { run_program("rv32m", 25); }
TEST(Rv32Programs, CompressedInstructions) { run_program("rvc", 30); }
TEST(Rv32Programs, CsrAccess) { run_program("csr", 45); }
TEST(Rv32Programs, TrapsAndMret) { run_program("traps", 55); }

// The slow path (every load/store through Rv32Bus) and a tiny decode cache (constant evictions
// and aliasing of entries) give the same architectural results.
TEST(Rv32Programs, SameResultsThroughTheBusPath) {
  for (const char* n : {"rv32i", "rvc", "traps"}) {
    Program p(n);
    Rv32FlatSystem sys;
    sys.load(p.img);
    sys.set_direct(false);
    ASSERT_EQ(sys.run(1'000'000), Rv32FlatSystem::Exit::Ecall) << n;
    EXPECT_EQ(sys.exit_status(), 0) << n;
  }
}

TEST(Rv32Programs, SameResultsWithATinyDecodeCache) {
  run_program("rv32i", 43, Variant{true, 4});
  run_program("rvc", 30, Variant{true, 4});
  run_program("csr", 45, Variant{true, 4});
}
