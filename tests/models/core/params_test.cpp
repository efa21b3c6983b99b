// The parameter tree (core/params.h): declaration binds a path to a config field, set() parses
// and range-checks by path and remembers the origin, unknown paths name the closest ones, links
// make a default follow another parameter until it is set, non_default() lists what a run
// changed, and a path declared twice is a ConfigError.
#include <gtest/gtest.h>

#include <string>

#include "core/params.h"

namespace zvp {
namespace {

// The message of the ConfigError `f` throws ("" if it does not throw one).
template <typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// A config struct as a model writes it.
struct Demo {
  bool on = true;
  unsigned depth = 8;
  uint64_t count = 5;
  int offset = -2;
  double ratio = 0.5;
  std::string label = "x";
  std::string mode = "lt";
  enum class Order { Row, Bank } order = Order::Row;
  sc_core::sc_time quantum{10, sc_core::SC_US};
  double hz = 100e6;
  Clock clk{"c", 50e6};
  uint64_t size = 1024;

  void declare(ParamScope& p) {
    p.add("on", on, "a switch");
    p.add("depth", depth, "entries", "queue depth", 1, 64);
    p.add("count", count, "items", "a count", 0, 100);
    p.add("offset", offset, "cycles", "a signed offset", -10, 10);
    p.add("ratio", ratio, "", "a ratio", 0.0, 1.0);
    p.add("label", label, "free text");
    p.choice("mode", mode, {"lt", "at"}, "timing mode");
    p.choice("order", order, {{"row", Order::Row}, {"bank", Order::Bank}}, "an enumeration");
    p.time("quantum", quantum, "a time", sc_core::sc_time(1, sc_core::SC_NS), sc_core::sc_time(1, sc_core::SC_MS));
    p.frequency("hz", hz, "a frequency", 1e6, 1e9);
    p.frequency("clk", clk, "a clock", 1e6, 1e9);
    p.bytes("size", size, "a size", 512, 1ull << 30);
  }
};

struct ParamsTest : ::testing::Test {
  ParamTree tree;
  Demo d;
  void SetUp() override {
    auto s = tree.scope("blk");
    d.declare(s);
  }
};

TEST_F(ParamsTest, DeclaresPathsTypesDefaultsAndDocs) {
  const Param& p = tree.get("blk.depth");
  EXPECT_EQ(p.type, "uint");
  EXPECT_EQ(p.unit, "entries");
  EXPECT_EQ(p.doc, "queue depth");
  EXPECT_EQ(p.range, "[1, 64]");
  EXPECT_EQ(p.default_value, "8");
  EXPECT_EQ(p.value(), "8");
  EXPECT_TRUE(p.is_default());
  EXPECT_EQ(tree.get("blk.mode").range, "lt|at");
  EXPECT_EQ(tree.get("blk.order").range, "row|bank");
  EXPECT_EQ(tree.get("blk.order").value(), "row");
  EXPECT_EQ(tree.all().size(), 12u);
  EXPECT_TRUE(tree.has("blk.size"));
  EXPECT_FALSE(tree.has("size"));
}

TEST_F(ParamsTest, SubScopesNestPaths) {
  unsigned x = 1;
  tree.scope("a").sub("b").sub("c").add("x", x, "cycles", "deep", 0, 9);
  EXPECT_TRUE(tree.has("a.b.c.x"));
  EXPECT_EQ(tree.scope().path("top"), "top");
}

TEST_F(ParamsTest, SetParsesEveryTypeIntoTheBoundField) {
  tree.set("blk.on", "false", "test");
  tree.set("blk.depth", "64", "test");
  tree.set("blk.count", "0x10", "test");
  tree.set("blk.offset", "-10", "test");
  tree.set("blk.ratio", "0.25", "test");
  tree.set("blk.label", "hello world", "test");
  tree.set("blk.mode", "at", "test");
  tree.set("blk.order", "bank", "test");
  tree.set("blk.quantum", "250ns", "test");
  tree.set("blk.hz", "2.5MHz", "test");
  tree.set("blk.clk", "125MHz", "test");
  tree.set("blk.size", "2MiB", "test");
  EXPECT_FALSE(d.on);
  EXPECT_EQ(d.depth, 64u);
  EXPECT_EQ(d.count, 16u);
  EXPECT_EQ(d.offset, -10);
  EXPECT_DOUBLE_EQ(d.ratio, 0.25);
  EXPECT_EQ(d.label, "hello world");
  EXPECT_EQ(d.mode, "at");
  EXPECT_EQ(d.order, Demo::Order::Bank);
  EXPECT_EQ(d.quantum, sc_core::sc_time(250, sc_core::SC_NS));
  EXPECT_DOUBLE_EQ(d.hz, 2.5e6);
  EXPECT_DOUBLE_EQ(d.clk.hz(), 125e6);
  EXPECT_EQ(d.clk.name(), "c");  // the clock keeps its name
  EXPECT_EQ(d.size, 2u << 20);
  EXPECT_EQ(tree.get("blk.size").value(), "2MiB");
  EXPECT_EQ(tree.get("blk.depth").origin, "test");
  EXPECT_FALSE(tree.get("blk.depth").is_default());
  EXPECT_EQ(tree.get("blk.depth").default_value, "8");
}

TEST_F(ParamsTest, LaterAssignmentsWinAndKeepTheirOrigin) {
  tree.set("blk.depth", "4", "board minized.yaml");
  tree.set("blk.depth", "5", "--set");
  EXPECT_EQ(d.depth, 5u);
  EXPECT_EQ(tree.get("blk.depth").origin, "--set");
}

TEST_F(ParamsTest, BadValuesNameTheOriginThePathAndTheExpectedForm) {
  struct Case {
    const char *path, *value, *expect;
  } cases[] = {
      {"blk.on", "maybe", "is not a boolean"},
      {"blk.depth", "fast", "is not a whole number"},
      {"blk.depth", "-1", "is not a whole number"},
      {"blk.offset", "1.5", "is not a whole number"},
      {"blk.ratio", "half", "is not a number"},
      {"blk.mode", "fast", "'fast' is not one of lt|at"},
      {"blk.order", "column", "'column' is not one of row|bank"},
      {"blk.quantum", "10", "needs a number and a unit"},
      {"blk.quantum", "10 parsecs", "unknown unit"},
      {"blk.hz", "fast", "is not a frequency"},
      {"blk.clk", "100 furlongs", "unknown unit"},
      {"blk.size", "big", "is not a size"},
  };
  for (const auto& c : cases) {
    const std::string e = error_of([&] { tree.set(c.path, c.value, "scenario s.yaml"); });
    EXPECT_TRUE(contains(e, "scenario s.yaml: ")) << c.path << ": " << e;
    EXPECT_TRUE(contains(e, c.path)) << e;
    EXPECT_TRUE(contains(e, c.expect)) << c.path << "=" << c.value << ": " << e;
  }
  // A failed assignment leaves the value and its origin alone.
  EXPECT_EQ(d.depth, 8u);
  EXPECT_TRUE(tree.get("blk.depth").is_default());
}

TEST_F(ParamsTest, OutOfRangeValuesAreRejectedWithTheRange) {
  struct Case {
    const char *path, *value, *range;
  } cases[] = {
      {"blk.depth", "0", "[1, 64]"},
      {"blk.depth", "65", "[1, 64]"},
      {"blk.count", "101", "[0, 100]"},
      {"blk.offset", "-11", "[-10, 10]"},
      {"blk.offset", "11", "[-10, 10]"},
      {"blk.ratio", "1.5", "[0, 1]"},
      {"blk.quantum", "2ms", "[1ns, 1ms]"},
      {"blk.hz", "2GHz", "[1MHz, 1GHz]"},
      {"blk.clk", "1kHz", "[1MHz, 1GHz]"},
      {"blk.size", "256", "[512B, 1GiB]"},
  };
  for (const auto& c : cases) {
    const std::string e = error_of([&] { tree.set(c.path, c.value, "--set"); });
    EXPECT_TRUE(contains(e, "out of range")) << c.path << "=" << c.value << ": " << e;
    EXPECT_TRUE(contains(e, c.path)) << e;
    EXPECT_TRUE(contains(e, tree.get(c.path).range)) << e;
  }
  // The bounds themselves are accepted.
  tree.set("blk.depth", "1", "--set");
  tree.set("blk.offset", "-10", "--set");
  tree.set("blk.size", "1GiB", "--set");
  EXPECT_EQ(d.depth, 1u);
  EXPECT_EQ(d.size, 1ull << 30);
}

TEST_F(ParamsTest, UnknownPathNamesTheClosestPaths) {
  const std::string e = error_of([&] { tree.set("blk.dept", "3", "--set"); });
  EXPECT_TRUE(contains(e, "--set: unknown parameter 'blk.dept'")) << e;
  EXPECT_TRUE(contains(e, "closest: blk.depth")) << e;
  EXPECT_TRUE(contains(e, "zvp params")) << e;
  // A leaf name alone finds its full path.
  EXPECT_EQ(tree.closest("quantum", 1), std::vector<std::string>{"blk.quantum"});
  EXPECT_EQ(tree.closest("blk.hz", 1), std::vector<std::string>{"blk.hz"});
  EXPECT_EQ(tree.closest("zzz", 3).size(), 3u);
  EXPECT_TRUE(contains(error_of([&] { tree.get("nonsense.x"); }), "unknown parameter 'nonsense.x' (closest: "));
  // An empty tree has nothing to suggest.
  ParamTree empty;
  EXPECT_EQ(error_of([&] { empty.get("a.b"); }), "unknown parameter 'a.b'");
}

TEST_F(ParamsTest, ALinkedDefaultFollowsItsSourceUntilSet) {
  double src = 100e6;
  Clock follower{"f", 80e6};
  tree.scope("clocks").frequency("fclk0", src, "source", 1e6, 1e9);
  auto pl = tree.scope("pl.x");
  pl.frequency("clock", follower, "follows fclk0", 1e6, 1e9);
  pl.link("clock", "clocks.fclk0");
  EXPECT_EQ(tree.get("pl.x.clock").linked_to, "clocks.fclk0");

  tree.set("clocks.fclk0", "140MHz", "board");
  tree.finalize();
  EXPECT_DOUBLE_EQ(follower.hz(), 140e6);
  EXPECT_EQ(tree.get("pl.x.clock").origin, "default (follows clocks.fclk0)");
}

TEST_F(ParamsTest, ALinkedParameterSetItselfKeepsItsValue) {
  double src = 100e6;
  Clock follower{"f", 80e6};
  tree.scope("clocks").frequency("fclk0", src, "source", 1e6, 1e9);
  auto pl = tree.scope("pl.x");
  pl.frequency("clock", follower, "follows fclk0", 1e6, 1e9);
  pl.link("clock", "clocks.fclk0");
  tree.set("pl.x.clock", "50MHz", "--set");
  tree.set("clocks.fclk0", "140MHz", "board");
  tree.finalize();
  EXPECT_DOUBLE_EQ(follower.hz(), 50e6);
  EXPECT_EQ(tree.get("pl.x.clock").origin, "--set");
}

TEST_F(ParamsTest, LinksFollowChainsInDependencyOrder) {
  unsigned a = 1, b = 2, c = 3;
  auto s = tree.scope("chain");
  // Declared so that map order (a, b, c) differs from the dependency order (c <- b <- a).
  s.add("a", a, "", "follows b", 0, 99);
  s.add("b", b, "", "follows c", 0, 99);
  s.add("c", c, "", "the source", 0, 99);
  s.link("a", "chain.b");
  s.link("b", "chain.c");
  tree.set("chain.c", "42", "--set");
  tree.finalize();
  EXPECT_EQ(b, 42u);
  EXPECT_EQ(a, 42u);
}

TEST_F(ParamsTest, LinksToUnknownPathsOrInCyclesAreErrors) {
  EXPECT_TRUE(contains(error_of([&] { tree.link("blk.depth", "blk.nope"); }), "unknown parameter 'blk.nope'"));
  EXPECT_TRUE(contains(error_of([&] { tree.link("blk.nope", "blk.depth"); }), "unknown parameter 'blk.nope'"));
  unsigned a = 1, b = 2;
  auto s = tree.scope("cyc");
  s.add("a", a, "", "", 0, 9);
  s.add("b", b, "", "", 0, 9);
  s.link("a", "cyc.b");
  s.link("b", "cyc.a");
  EXPECT_TRUE(contains(error_of([&] { tree.finalize(); }), "cycle"));
}

TEST_F(ParamsTest, NonDefaultListsWhatDiffersFromTheModelDefaults) {
  EXPECT_TRUE(tree.non_default().empty());
  tree.set("blk.depth", "16", "--set");
  tree.set("blk.mode", "lt", "board");  // assigned, but to its default: not a difference
  tree.finalize();
  auto nd = tree.non_default();
  ASSERT_EQ(nd.size(), 1u);
  EXPECT_EQ(nd[0]->path, "blk.depth");
  EXPECT_EQ(nd[0]->value(), "16");
  EXPECT_EQ(nd[0]->origin, "--set");
}

TEST_F(ParamsTest, NonDefaultIncludesALinkedValueThatDiffersFromItsDeclaredDefault) {
  // A design clock following a board's FCLK0 is part of what reproduces the run.
  double src = 100e6;
  Clock follower{"f", 100e6};
  tree.scope("clocks").frequency("fclk0", src, "source", 1e6, 1e9);
  auto pl = tree.scope("pl.x");
  pl.frequency("clock", follower, "follows fclk0", 1e6, 1e9);
  pl.link("clock", "clocks.fclk0");
  tree.finalize();
  EXPECT_TRUE(tree.non_default().empty());  // follows a source still at the same value
}

TEST_F(ParamsTest, APathDeclaredTwiceIsAConfigErrorNamingBoth) {
  unsigned again = 1;
  const std::string e = error_of([&] { tree.scope("blk").add("depth", again, "", "another depth", 0, 9); });
  EXPECT_TRUE(contains(e, "parameter blk.depth declared twice")) << e;
  EXPECT_TRUE(contains(e, "'queue depth'")) << e;
  EXPECT_TRUE(contains(e, "'another depth'")) << e;
  EXPECT_EQ(tree.get("blk.depth").doc, "queue depth");  // the first declaration stays
  unsigned x = 0;
  EXPECT_TRUE(contains(error_of([&] { tree.scope().add("", x, "", "nameless", 0, 1); }), "needs a name"));
}

TEST(ParamSettingTest, ParsesPathEqualsValue) {
  const ParamSetting s = parse_setting("pl.csp.clock=100MHz", "--set");
  EXPECT_EQ(s.path, "pl.csp.clock");
  EXPECT_EQ(s.value, "100MHz");
  EXPECT_EQ(s.origin, "--set");
  EXPECT_EQ(parse_setting("a.b=x=y", "--set").value, "x=y");  // the first '=' splits
  for (const char* bad : {"pl.csp.clock", "=1", "a.b=", ""}) {
    const std::string e = error_of([&] { parse_setting(bad, "--set"); });
    EXPECT_TRUE(contains(e, "--set: '" + std::string(bad) + "' is not PATH=VALUE")) << e;
  }
}

}  // namespace
}  // namespace zvp
