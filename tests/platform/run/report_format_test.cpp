// Reports written and read with Boost.JSON keep the format of the hand-written writer and the
// YAML-based reader they replace. The data in reports/ are reports of main's scenarios as the
// old writer wrote them (one with nulls in at mode, one with caches, one with layers, their
// references and relative errors), and each .html beside them is what `zvp report` renders from
// it (regenerated with `zvp report X.json -o X.html` in reports/ when the page's design changes:
// the plots of issue 31; the reports themselves stay as the old writer wrote them). Compared byte for byte: the layout, the numbers' text and the key order are
// what scripts diff and people read, so "the same parsed tree" would be too weak a promise.
#include <gtest/gtest.h>

#include <boost/json/value.hpp>

#include <cmath>
#include <fstream>
#include <sstream>

#include "core/config_error.h"
#include "json_reader.h"
#include "json_writer.h"
#include "report_html.h"
#include "report_json.h"

namespace zvp {
namespace {

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream o;
  o << f.rdbuf();
  return o.str();
}

const char* kReports[] = {"hello-zybo-at", "lenet5-zybo-caches-lt", "allcnnc-minized-8bit-lt"};
const std::string kDir = std::string(ZVP_SOURCE_DIR) + "/tests/platform/run/reports/";

// Read with the library and written again: the same bytes (layout, "%.9g" numbers, integers,
// nulls, empty objects and arrays on two lines, key order).
TEST(ReportFormat, ExistingReportsReadAndWriteBackByteForByte) {
  for (const char* name : kReports) {
    const std::string text = slurp(kDir + name + ".json");
    ASSERT_GT(text.size(), 500u) << name;
    EXPECT_EQ(json_pretty(parse_json(text, name)) + "\n", text) << name;
  }
}

// `zvp report` renders each existing report as the page's golden copy (old reports have no
// reference_source or items: the page says so instead of failing).
TEST(ReportFormat, ExistingReportsRenderTheSameHtml) {
  for (const char* name : kReports) {
    const std::string file = std::string(name) + ".json";
    EXPECT_EQ(report_html_from_json(slurp(kDir + file), file), slurp(kDir + name + ".html")) << name;
  }
}

// Non-finite numbers are written as null (as before; Boost 1.81 itself would write NaN or
// Infinity, which no JSON reader takes), and read back as "no number".
TEST(ReportFormat, NonFiniteNumbersAreNull) {
  const boost::json::value v{{"nan", std::nan("")}, {"inf", -HUGE_VAL}, {"x", 0.1}, {"n", 3}};
  const std::string text = json_pretty(v);
  EXPECT_EQ(text, "{\n  \"nan\": null,\n  \"inf\": null,\n  \"x\": 0.1,\n  \"n\": 3\n}");
  const boost::json::value back = parse_json(text, "t.json");
  double d = 0;
  EXPECT_FALSE(json_number(json_member(&back, "nan"), &d));
  EXPECT_TRUE(json_number(json_member(&back, "x"), &d));
  EXPECT_EQ(d, 0.1);
  EXPECT_EQ(json_display(json_member(&back, "inf")), "-");
  EXPECT_EQ(json_display(json_member(&back, "n")), "3");
}

// Strings with quotes, backslashes, line breaks and control bytes are escaped by the library
// and read back to the same bytes.
TEST(ReportFormat, EscapesReadBackIdentically) {
  const std::string nasty = "a \"quoted\" \\path\\ \n\t\r \x01\x1f\x7f \xC3\xA9 </script>";
  const std::string text = json_pretty(boost::json::value{{nasty, nasty}});
  EXPECT_EQ(text.find('\n', 2), text.size() - 2) << "one member per line: " << text;
  const boost::json::value back = parse_json(text, "t.json");
  ASSERT_TRUE(back.is_object());
  EXPECT_EQ(json_display(json_member(&back, nasty.c_str())), nasty);
}

// What is not JSON is a ConfigError naming the file and where the parser stopped.
TEST(ReportFormat, NotJsonNamesFileLineAndColumn) {
  try {
    parse_json("{\n  \"a\": 1,\n  oops\n}", "r.json");
    FAIL() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("r.json: not JSON: ", 0), 0u) << e.what();
    EXPECT_NE(std::string(e.what()).find(" at line 3, column 3"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parse_json("{} {}", "two.json"), ConfigError);       // one value only
  EXPECT_THROW(parse_json("{\"a\": 1,}", "comma.json"), ConfigError);  // strict: no trailing comma
  EXPECT_THROW(report_html_from_json("scenario: x\nsim_time_s: 1\n", "s.yaml"), ConfigError);
}

}  // namespace
}  // namespace zvp
