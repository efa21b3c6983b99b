// The HTML report of a run (`zvp run --html FILE.html`, `zvp report REPORT.json -o FILE.html`):
// one self-contained page rendered from the JSON report (report_json.h) — the run summary, the
// expectations with pass/fail, the results with units, each result beside the seed's reference
// with the reference's source named (board, software stack, seed table), charts of the times,
// cycle counts and accuracy, the latency per image, per-layer time and utilisation, a timeline
// of the layers, and the parameters.
//
// Plots are inline SVG (svg_plot.h): no script, no stylesheet or font to fetch, so the page reads
// offline, prints, and renders the same in any browser (tests/platform/run checks one report per
// design in headless Chromium). Sweeps have their own page (platform/sweep/sweep_html.cpp).
#pragma once
#include <boost/json/value.hpp>

#include <string>

namespace zvp {

// `report` is the JSON report's tree. Throws ConfigError if it is not a ZVP report.
std::string report_html(const boost::json::value& report, const std::string& source);
// Reads a JSON report (Boost.JSON, strict: platform/run/json_reader.h); ConfigError if the text
// is not JSON or not a report.
std::string report_html_from_json(const std::string& json_text, const std::string& source);

}  // namespace zvp
