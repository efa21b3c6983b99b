// The JSON report, the per-layer CSV and the text summary (platform/run/report_*.h, summary.h).
#include <gtest/gtest.h>

#include "report_csv.h"
#include "json_writer.h"
#include "report_json.h"
#include "summary.h"

namespace zvp {
namespace {

const char* kConsole =
    "@result images 2\n@result correct 1\n@result latency_mean_s 0.25\n@result fps 3\n"
    "@layer c1 conv in=8x8 cin=1 gops=0.5 time_s=0.001 efficiency=0.5 gops_per_s=500 passes=4\n"
    "@layer p1 pool time_s=0.0001\n";

TEST(ReportJson, SchemaKeysExtrasLayersParams) {
  ReportContext ctx{"demo", "zybo", "lt", "none", {{"sim.timing", "at", "--set"}}, {{"c1.time_s", 0.002}, {"fps", 4}}};
  ctx.exit_source = "simulator";
  ctx.exit_status = 5;
  ctx.exit_reason = "expectation failed";
  RunResult run;
  run.exited = true;
  run.sim_s = 0.5;
  run.arm_instructions = 42;
  std::vector<Check> checks = {{"exit_status", true, "expected 0, got 0"}};
  const std::string j = report_json(ctx, run, parse_console(kConsole), checks);
  const char* expected = R"({
  "scenario": "demo",
  "board": "zybo",
  "timing_mode": "lt",
  "sim_time_s": 0.5,
  "wall_time_s": 0,
  "instructions": {
    "arm": 42,
    "riscv": null
  },
  "exit_status": 0,
  "interrupted": false,
  "progress": {
    "images_done": 0,
    "images_total": 0,
    "layers_done": 0
  },
  "exit": {
    "source": "simulator",
    "status": 5,
    "reason": "expectation failed"
  },
  "results": {
    "images": 2,
    "correct": 1,
    "accuracy": 0.5,
    "latency_s": {
      "first": null,
      "mean": 0.25
    },
    "extra": {
      "fps": 3
    }
  },
  "layers": [
    {
      "name": "c1",
      "kind": "conv",
      "in": "8x8",
      "cin": 1,
      "efficiency": 0.5,
      "gops": 0.5,
      "gops_per_s": 500,
      "passes": 4,
      "time_s": 0.001,
      "reference": {
        "time_s": 0.002
      },
      "relative_error": {
        "time_s": -0.5
      }
    },
    {
      "name": "p1",
      "kind": "pool",
      "time_s": 0.0001
    }
  ],
  "reference": {
    "c1.time_s": 0.002,
    "fps": 4
  },
  "items": [
  ],
  "params": {
    "pl_design": "none",
    "sim.timing": {
      "value": "at",
      "origin": "--set"
    }
  },
  "expectations": [
    {
      "name": "exit_status",
      "passed": true,
      "detail": "expected 0, got 0"
    }
  ]
}
)";
  EXPECT_EQ(j, expected);
}

// The firmware's item log (RunResult::item_times_s) reaches the report as the items' time_s.
TEST(ReportJson, ItemLogTimesBecomeItems) {
  ReportContext ctx{"demo", "zybo", "lt", "none", {}, {}};
  RunResult run;
  run.item_times_s = {0.5, 0.25};
  const std::string j = report_json(ctx, run, parse_console("@result images 2\n"), {});
  EXPECT_NE(j.find("\"items\": [\n    {\n      \"id\": \"0\",\n      \"time_s\": 0.5\n    },\n    {\n"
                   "      \"id\": \"1\",\n      \"time_s\": 0.25\n    }\n  ]"),
            std::string::npos)
      << j;
}

// Reports are UTF-8 JSON whatever the names: invalid sequences (a lone continuation byte, an
// overlong '/', a surrogate, a truncated sequence) become U+FFFD, in keys and values; valid ones
// pass unchanged.
TEST(ReportJson, InvalidUtf8BecomesReplacementCharacter) {
  const std::string bad = "ok \xC3\xA9 \x80 \xC0\xAF \xED\xA0\x80 \xE2\x82";
  const std::string fixed = "ok \xC3\xA9 \xEF\xBF\xBD \xEF\xBF\xBD\xEF\xBF\xBD "
                            "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD \xEF\xBF\xBD\xEF\xBF\xBD";
  EXPECT_EQ(json_pretty(boost::json::value{{"a", bad}}), "{\n  \"a\": \"" + fixed + "\"\n}");
  EXPECT_EQ(json_pretty(boost::json::value{{bad, 1}}), "{\n  \"" + fixed + "\": 1\n}");
}

TEST(ReportCsv, WellKnownColumnsExtrasAndReferences) {
  const std::string csv = layer_csv(parse_console(kConsole), {{"c1.time_s", 0.002}, {"c1.passes", 2}}, 100e6);
  EXPECT_EQ(csv,
            "Layer,Kind,Input,Input Channels,GOPs,Time (s),Total Cycles,Overall Util %,GOPS,passes,"
            "Reference Time (s),Time Error %,Reference passes,passes Error %\n"
            "c1,conv,8x8,1,0.5,0.001,100000,50,500,4,0.002,-50,2,100\n"
            "p1,pool,,,,0.0001,10000,,,,,,,\n");
  // No layers: the stable header only; text with a comma is quoted.
  EXPECT_EQ(layer_csv(parse_console(""), {}, 1e6),
            "Layer,Kind,GOPs,Time (s),Total Cycles,Overall Util %,GOPS,Reference Time (s),Time Error %\n");
  EXPECT_NE(layer_csv(parse_console("@layer a b note=x,y\n"), {}, 1).find(",\"x,y\""), std::string::npos);
}

TEST(Summary, ResultsLayerTableAndChecks) {
  const std::string s = results_summary("demo", parse_console(kConsole), {{"c1.time_s", 0.002}, {"fps", 4}},
                                        {{"result.fps", false, "3 in [4, 5]"}});
  EXPECT_NE(s.find("[zvp] results of demo:\n"), std::string::npos);
  EXPECT_NE(s.find("fps                      3              reference 4              (-25.0 %)"), std::string::npos);
  EXPECT_NE(s.find("per layer: model / seed reference (error)"), std::string::npos);
  EXPECT_NE(s.find("layer kind in "), std::string::npos);
  EXPECT_NE(s.find("0.001 / 0.002 (-50%)"), std::string::npos);
  EXPECT_NE(s.find("  [FAIL] result.fps: 3 in [4, 5]\n"), std::string::npos);
  EXPECT_EQ(layer_table(parse_console("@result a 1\n"), {}), "");
}

}  // namespace
}  // namespace zvp
