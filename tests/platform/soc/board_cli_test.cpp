// Board configuration files and command-line values: every shipped board loads; unknown boards
// and malformed files give clear errors.
#include <gtest/gtest.h>

#include <fstream>

#include "board.h"
#include "soc_config.h"
#include "cli_args.h"

using namespace zvp;

namespace {

std::string write_tmp(const std::string& text, const std::string& tag) {
  std::string path = ::testing::TempDir() + "zvp_board_" + tag + ".yaml";
  std::ofstream(path) << text;
  return path;
}

std::string error_of(const std::string& name) {
  try {
    load_board(name);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

// A board's parameters applied to the PS configuration, as a run does.
struct BoardSoc {
  SocConfig soc;
  ParamTree tree;
  explicit BoardSoc(const std::string& name) {
    soc.declare(tree);
    for (auto& p : load_board(name).params) tree.set(p.path, p.value, p.origin);
    tree.finalize();
  }
};

TEST(Boards, AllShippedBoardsLoad) {
  auto names = list_boards();
  for (const char* n : {"zybo-z7-20", "zybo-z7-10", "minized", "pynq-z2", "zc706"})
    EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n;
  for (auto& n : names) {
    BoardConfig b = load_board(n);
    EXPECT_EQ(b.name, n);
    BoardSoc bs(n);
    EXPECT_GT(bs.soc.cpu_hz, 400e6);
    EXPECT_GE(bs.soc.ddrc.size, 0x20000000u);
    EXPECT_EQ(bs.tree.get("clocks.cpu").origin, "board " + n);
  }
  EXPECT_DOUBLE_EQ(BoardSoc("minized").soc.fclk(0), 80e6);
  EXPECT_DOUBLE_EQ(BoardSoc("zc706").soc.fclk(0), 140e6);
  EXPECT_DOUBLE_EQ(BoardSoc("zybo-z7-20").soc.fclk(0), 125e6);
  EXPECT_EQ(BoardSoc("minized").soc.ddrc.bus_bytes, 2u);
  EXPECT_EQ(BoardSoc("zc706").soc.ddrc.size, 1ull << 30);
  EXPECT_EQ(load_board("minized").pl_design, "csp");
  EXPECT_EQ(load_board("zybo-z7-20").pl_design, "lenet");
}

TEST(Boards, UnknownBoardListsKnownOnes) {
  auto e = error_of("no-such-board");
  EXPECT_NE(e.find("unknown board 'no-such-board'"), std::string::npos);
  EXPECT_NE(e.find("minized"), std::string::npos);
}

std::string apply_error(const std::string& file) {
  try {
    SocConfig soc;
    ParamTree t;
    soc.declare(t);
    for (auto& p : load_board(file).params) t.set(p.path, p.value, p.origin);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(Boards, MalformedFilesAreRejected) {
  EXPECT_NE(error_of(write_tmp("name: [unclosed", "syntax")).find("malformed YAML"), std::string::npos);
  EXPECT_NE(error_of(write_tmp("part: x\n", "noname")).find("missing 'name'"), std::string::npos);
  EXPECT_NE(error_of(write_tmp("name: x\ncpu_hz: 6e8\n", "oldkey")).find("unknown key 'cpu_hz'"), std::string::npos);
  EXPECT_NE(error_of(write_tmp("- a\n- b\n", "list")).find("mapping"), std::string::npos);
  EXPECT_NE(error_of(write_tmp("name: x\nparams: {clocks: {cpu: [1, 2]}}\n", "seq")).find("params.clocks.cpu"),
            std::string::npos);
  // Parameter values are checked by the tree: a unit-less clock is Hz (too slow here), a DDR size
  // that is not a size, an unknown path with the closest ones named.
  EXPECT_NE(apply_error(write_tmp("name: x\nparams: {clocks.cpu: fast}\n", "badclk")).find("clocks.cpu"),
            std::string::npos);
  EXPECT_NE(apply_error(write_tmp("name: x\nparams: {clocks.cpu: 10}\n", "slowclk")).find("out of range"),
            std::string::npos);
  EXPECT_NE(apply_error(write_tmp("name: x\nparams: {ps.ddrc.size: 12345}\n", "ddr")).find("ps.ddrc.size"),
            std::string::npos);
  const auto e = apply_error(write_tmp("name: x\nparams: {ps.ddrc.tlc: 7}\n", "typo"));
  EXPECT_NE(e.find("unknown parameter 'ps.ddrc.tlc'"), std::string::npos) << e;
  EXPECT_NE(e.find("ps.ddrc.tcl"), std::string::npos) << e;
  EXPECT_NE(e.find("board x"), std::string::npos) << e;
}

TEST(CliArgs, TimesNeedUnits) {
  EXPECT_EQ(cli::parse_time("10ms"), sc_core::sc_time(10, sc_core::SC_MS));
  EXPECT_EQ(cli::parse_time("2.5us"), sc_core::sc_time(2500, sc_core::SC_NS));
  EXPECT_EQ(cli::parse_time("1s"), sc_core::sc_time(1, sc_core::SC_SEC));
  EXPECT_THROW(cli::parse_time("10"), cli::UsageError);
  EXPECT_THROW(cli::parse_time("ms"), cli::UsageError);
  EXPECT_THROW(cli::parse_time("10 parsecs"), cli::UsageError);
  EXPECT_THROW(cli::parse_time("-1s"), cli::UsageError);
  EXPECT_THROW(cli::parse_time("0s"), cli::UsageError);
}

TEST(CliArgs, WholeNumbers) {
  EXPECT_THROW(cli::parse_u64("12x", "n"), cli::UsageError);
  EXPECT_EQ(cli::parse_u64("0x10", "n"), 16u);
  EXPECT_THROW(cli::parse_u32("4294967296", "n"), cli::UsageError);
}

}  // namespace
