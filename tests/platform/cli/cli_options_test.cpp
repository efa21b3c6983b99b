// The option tables of the zvp commands (platform/cli/cli_options.h): typed values, short aliases,
// a repeated option keeping its last value, repeatable options keeping all, and the library's
// errors worded as one line naming the option (exit status 2 through UsageError).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli_options.h"

namespace {

using namespace zvp::cli;

CommandSpec spec() {
  CommandSpec s = command_spec("demo", "zvp demo FILE [options]", "Does a demo.", "exit status: 0.", "a file");
  s.add()("output,o", text("FILE"), "where")("images", u32_value(), "inputs")("limit", time_value(), "a time")(
      "stats", flag(), "counters")("set", repeatable("PATH=VALUE"), "a | b");
  OptionGroup g("shared");
  g.options.add_options()("port", u64_value("PORT")->default_value(U64Value{7}, "7"), "a port");
  s.groups.push_back(g);
  return s;
}

Args run(std::vector<std::string> args) {
  args.insert(args.begin(), {"zvp", "demo"});
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  return parse(spec(), int(argv.size()), argv.data());
}

std::string error_of(std::vector<std::string> args) {
  try {
    run(std::move(args));
  } catch (const UsageError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(CliOptions, TypedValuesAliasesAndPositionals) {
  const Args a = run({"in.elf", "-o", "r.json", "--images=3", "--limit", "2.5us", "--stats", "--set", "a=1",
                      "--set", "b=2"});
  ASSERT_EQ(a.positional, std::vector<std::string>{"in.elf"});
  EXPECT_EQ(a.get("output"), "r.json");
  EXPECT_EQ(a.as<U32Value>("images").value, 3u);
  EXPECT_EQ(a.as<TimeValue>("limit").value, sc_core::sc_time(2500, sc_core::SC_NS));
  EXPECT_TRUE(a.has("stats"));
  EXPECT_EQ(a.all("set"), (std::vector<std::string>{"a=1", "b=2"}));
  EXPECT_FALSE(a.has("port"));  // the declared default is not "given"
  EXPECT_EQ(a.as<U64Value>("port").value, 7u);
  EXPECT_EQ(run({"-ox.html"}).get("output"), "x.html");
  EXPECT_TRUE(run({"-h"}).has("help"));
}

TEST(CliOptions, ALaterSingleValueWins) {
  EXPECT_EQ(run({"--images", "1", "--images", "9"}).as<U32Value>("images").value, 9u);
}

TEST(CliOptions, ErrorsAreOneLineNamingTheOption) {
  EXPECT_EQ(error_of({"--nope"}), "unknown option --nope (see --help)");
  EXPECT_EQ(error_of({"--imag", "3"}), "unknown option --imag (see --help)");  // no abbreviations
  EXPECT_EQ(error_of({"--images"}), "option --images needs a value");
  EXPECT_EQ(error_of({"--stats=1"}), "option --stats takes no value");
  EXPECT_EQ(error_of({"--images", "4294967296"}), "--images: '4294967296' is larger than 4294967295");
  EXPECT_NE(error_of({"--images", "-1"}).find("--images: '-1' is not a whole number"), std::string::npos);
  EXPECT_NE(error_of({"--limit", "10"}).find("needs a number and a unit"), std::string::npos);
  EXPECT_NE(error_of({"--port", "x"}).find("--port: 'x'"), std::string::npos);
}

TEST(CliOptions, HelpAndReferenceComeFromTheTable) {
  const std::string h = help_text(spec());
  EXPECT_EQ(h.rfind("usage: zvp demo FILE [options]\n\nDoes a demo.\n", 0), 0u) << h;
  for (const char* part : {"-o [ --output ] FILE", "--images N", "--limit TIME", "shared:", "--port PORT (=7)",
                           "exit status: 0.\n"})
    EXPECT_NE(h.find(part), std::string::npos) << part << " missing in\n" << h;
  const std::string md = markdown(spec());
  EXPECT_NE(md.find("| `-o`, `--output` | `FILE` | where |"), std::string::npos) << md;
  EXPECT_NE(md.find("| `--set` | `PATH=VALUE` | a \\| b |"), std::string::npos) << md;  // pipes escaped
  EXPECT_NE(md.find("**shared**"), std::string::npos) << md;
}

}  // namespace
