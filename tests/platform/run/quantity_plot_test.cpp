// Numbers with units and the SVG charts of the report and sweep pages (quantity.h, svg_plot.h).
#include <gtest/gtest.h>

#include "quantity.h"
#include "report_csv.h"
#include "svg_plot.h"

namespace zvp {
namespace {

size_t count(const std::string& s, const std::string& what) {
  size_t n = 0;
  for (size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
  return n;
}

// The unit follows from the key's name; rates whose names end in "_s" are not times.
TEST(Quantity, UnitOfKeys) {
  using qty::Unit;
  EXPECT_EQ(qty::unit_of("results.latency_s.mean"), Unit::seconds);
  EXPECT_EQ(qty::unit_of("time_per_image_s_parallel"), Unit::seconds);
  EXPECT_EQ(qty::unit_of("layers.time_s"), Unit::seconds);
  EXPECT_EQ(qty::unit_of("gops_per_s"), Unit::gops_rate);
  EXPECT_EQ(qty::unit_of("layers.utilisation"), Unit::fraction);
  EXPECT_EQ(qty::unit_of("accuracy_exact"), Unit::fraction);
  EXPECT_EQ(qty::unit_of("cycle_saving_vs_pragmatic_exact"), Unit::fraction);
  EXPECT_EQ(qty::unit_of("cycles_exact"), Unit::cycles);
  EXPECT_EQ(qty::unit_of("fps_conv"), Unit::fps);
  EXPECT_EQ(qty::unit_of("images"), Unit::none);
}

// One way to print: no exponent, integers thousands-separated, 4 significant digits otherwise,
// times in s/ms/us with the unit, fractions in %.
TEST(Quantity, FormattingWithUnits) {
  EXPECT_EQ(qty::plain(48409.7), "48,410");
  EXPECT_EQ(qty::plain(8634), "8,634");
  EXPECT_EQ(qty::plain(0.0004185), "0.0004185");
  EXPECT_EQ(qty::plain(1.777), "1.777");
  EXPECT_EQ(qty::plain(-12), "-12");
  EXPECT_EQ(qty::format(0.007107, qty::Unit::seconds), "7.107 ms");
  EXPECT_EQ(qty::format(0.000487, qty::Unit::seconds), "487 us");
  EXPECT_EQ(qty::format(13.356, qty::Unit::seconds), "13.36 s");
  EXPECT_EQ(qty::format(0.9724, qty::Unit::fraction), "97.24 %");
  EXPECT_EQ(qty::format(97384, qty::Unit::cycles), "97,384 cycles");
}

// Ticks of 1, 2, 2.5 or 5 x 10^k covering the range (the odd 72.5 and 0.0004185 ticks
// came from quarters of the data range).
TEST(SvgPlot, NiceTicks) {
  svg::Ticks t = svg::nice_ticks(0, 72.5, 5);
  EXPECT_DOUBLE_EQ(t.step, 20);
  EXPECT_DOUBLE_EQ(t.lo, 0);
  EXPECT_DOUBLE_EQ(t.hi, 80);
  EXPECT_EQ(t.values.size(), 5u);
  t = svg::nice_ticks(0.0004185, 0.00167, 5);  // raw step 0.00025 (just above 2.5e-4) -> 5e-4
  EXPECT_NEAR(t.step, 0.0005, 1e-15);
  EXPECT_NEAR(t.lo, 0, 1e-15);
  EXPECT_NEAR(t.hi, 0.002, 1e-15);
  // Tick texts with the decimals of the step: 0.0, 2.5, 5.0 ... 12.5 ms for 11.6 ms (not 2.500).
  const std::string bars = svg::bar_chart("b", "t", {{"x", 0.0116}}, qty::Unit::seconds);
  EXPECT_NE(bars.find(">2.5<"), std::string::npos) << bars;
  EXPECT_NE(bars.find(">0.0<"), std::string::npos);
  EXPECT_NE(bars.find(">12.5<"), std::string::npos);
  EXPECT_EQ(bars.find(">2.500<"), std::string::npos);
  t = svg::nice_ticks(5, 5, 4);  // one value: a range around it
  EXPECT_LT(t.lo, 5);
  EXPECT_GT(t.hi, 5);
}

// A bar chart: one mark per bar and per reference, values with units, no chart without data.
TEST(SvgPlot, BarsMarksAndNoData) {
  const std::string s = svg::bar_chart("t", "Time per layer", {{"conv1", 0.001, true, 0.002}, {"pool", 0.0001}},
                                       qty::Unit::seconds, "seed 001");
  EXPECT_EQ(count(s, "class='mark"), 3u);
  EXPECT_NE(s.find(">1 ms<"), std::string::npos);
  EXPECT_NE(s.find(">2 ms<"), std::string::npos);
  EXPECT_NE(s.find("value (ms)"), std::string::npos);
  EXPECT_NE(s.find("seed 001"), std::string::npos);
  const std::string empty = svg::bar_chart("e", "Accuracy", {}, qty::Unit::fraction);
  EXPECT_EQ(empty.find("<svg"), std::string::npos);
  EXPECT_NE(empty.find("nodata"), std::string::npos);
}

// The scatter keeps every dot inside its frame (a margin beyond the nice ticks) and labels the
// dots that have a label.
TEST(SvgPlot, ScatterDotsInsideAndLabels) {
  svg::ScatterAxes ax;
  ax.x_title = "clock", ax.x_unit_text = "MHz", ax.y_title = "t", ax.y_unit = qty::Unit::seconds;
  std::vector<svg::Dot> dots = {{40, 0.004, "lt", "a", "clock=40MHz", false, true},
                                {120, 0.001, "lt", "b", "clock=120MHz", false, true}};
  const std::string s = svg::scatter("p", "t vs clock", dots, ax);
  EXPECT_NE(s.find("clock (MHz)"), std::string::npos);
  EXPECT_NE(s.find("t (ms)"), std::string::npos);
  EXPECT_NE(s.find(">clock=40MHz<"), std::string::npos);
  EXPECT_EQ(count(s, "class='mark'"), 2u);
  EXPECT_EQ(count(s, "<polyline"), 1u);
}

// The CSV fills its SCALE-Sim columns from what a DTPU layer reports: Overall Util % from
// utilisation, GOPs from MACs (2 operations each), Total Cycles from the time at the PL clock,
// GOPS from GOPs / time.
TEST(ReportCsv, ScaleSimColumnsFromDtpuLayer) {
  const std::string csv = layer_csv(
      parse_console("@layer conv1 conv macs=500000 utilisation=0.0278 busy_cycles=97384 time_s=0.002\n"), {}, 50e6);
  EXPECT_EQ(csv,
            "Layer,Kind,GOPs,Time (s),Total Cycles,Overall Util %,GOPS,macs,utilisation,busy_cycles,"
            "Reference Time (s),Time Error %\n"
            "conv1,conv,0.001,0.002,100000,2.78,0.5,500000,0.0278,97384,,\n");
}

}  // namespace
}  // namespace zvp
