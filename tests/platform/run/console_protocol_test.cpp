// The console protocol parser (platform/run/console_protocol.h).
#include <gtest/gtest.h>

#include "console_protocol.h"

namespace zvp {
namespace {

TEST(ConsoleProtocol, ResultsLayersAndItems) {
  Results r = parse_console(
      "boot banner\n"
      "@result images 2\n"
      "@item 0 top1=6 time_s=0.17 label=cat\n"
      "@layer conv1 conv in=32x32 cin=3 gops=0.0018 time_s=0.00021\n"
      "@layer pool1 maxpool time_s=1e-05 note\n"
      "@result images 3\n"
      "@result fps 12.5\n");
  EXPECT_EQ(r.values.size(), 2u);
  EXPECT_DOUBLE_EQ(r.get("images"), 3);  // the last line wins
  EXPECT_DOUBLE_EQ(r.get("fps"), 12.5);
  EXPECT_TRUE(std::isnan(r.get("missing")));
  ASSERT_EQ(r.layers.size(), 2u);
  EXPECT_EQ(r.layers[0].name, "conv1");
  EXPECT_EQ(r.layers[0].kind, "conv");
  EXPECT_EQ(r.layers[0].text.at("in"), "32x32");
  EXPECT_DOUBLE_EQ(r.layers[0].values.at("cin"), 3);
  EXPECT_EQ(r.layers[0].columns, (std::vector<std::string>{"in", "cin", "gops", "time_s"}));
  EXPECT_EQ(r.layers[1].columns, (std::vector<std::string>{"time_s"}));  // "note" has no '='
  EXPECT_EQ(r.layer_columns(), (std::vector<std::string>{"in", "cin", "gops", "time_s"}));
  ASSERT_EQ(r.items.size(), 1u);
  EXPECT_EQ(r.items[0].id, "0");
  EXPECT_DOUBLE_EQ(r.items[0].number("top1"), 6);
  EXPECT_EQ(r.items[0].cell("label"), "cat");
  EXPECT_EQ(r.counters.results, 3u);
  EXPECT_EQ(r.counters.layers, 2u);
  EXPECT_EQ(r.counters.items, 1u);
  EXPECT_EQ(r.counters.malformed, 0u);
}

TEST(ConsoleProtocol, MalformedLinesAreCountedAndIgnored) {
  Results r = parse_console("@result images\n@result acc 0.9x\n@layer\n@resultx 1\n  @result ok 1\n");
  EXPECT_EQ(r.values.size(), 1u);  // leading blanks are fine
  EXPECT_DOUBLE_EQ(r.get("ok"), 1);
  EXPECT_TRUE(r.layers.empty());
  EXPECT_EQ(r.counters.malformed, 3u);
}

TEST(ConsoleProtocol, SchemaTableAndAccuracy) {
  Results r = parse_console("@result images 4\n@result correct 3\n@result latency_first_s 0.5\n");
  EXPECT_DOUBLE_EQ(accuracy_of(r), 0.75);  // derived
  r.values["accuracy"] = 0.5;
  EXPECT_DOUBLE_EQ(accuracy_of(r), 0.5);  // reported wins
  EXPECT_TRUE(is_schema_key("latency_mean_s"));
  EXPECT_FALSE(is_schema_key("fps"));
  for (const auto& s : schema_results())
    if (std::string(s.path) == "latency_s.first") EXPECT_DOUBLE_EQ(schema_value(r, s), 0.5);
  Results none = parse_console("@result images 0\n@result correct 0\n");
  EXPECT_TRUE(std::isnan(accuracy_of(none)));
}

// The item log's times join the console's items: a printed item without a time gets the log's,
// a printed time wins, inputs the console did not print are added in id order.
TEST(ConsoleProtocol, ItemLogTimesJoinTheItems) {
  Results r = parse_console("@item 1 top1=3\n@item 0 top1=7 time_s=0.5\n");
  const std::vector<ItemRow> items = items_with_times(r.items, {0.25, 0.125, 0.0625});
  ASSERT_EQ(items.size(), 3u);
  EXPECT_EQ(items[0].id, "1");
  EXPECT_DOUBLE_EQ(items[0].number("time_s"), 0.125);
  EXPECT_EQ(items[0].cell("top1"), "3");
  EXPECT_DOUBLE_EQ(items[1].number("time_s"), 0.5);  // the firmware's own line
  EXPECT_EQ(items[2].id, "2");
  EXPECT_DOUBLE_EQ(items[2].number("time_s"), 0.0625);
  EXPECT_EQ(items[2].columns, std::vector<std::string>{"time_s"});
  EXPECT_EQ(items_with_times(r.items, {}).size(), 2u);  // no log: the console's items as they are
}

}  // namespace
}  // namespace zvp
