// The HTML report of a run (`zvp run --html FILE.html`, `zvp report REPORT.json -o FILE.html`):
// one self-contained page rendered from the JSON report (report_json.h) — the run summary, the
// parameters, the expectations with pass/fail, the results beside the seed's references, the
// per-layer table with model/seed bars and efficiency, and a timeline of the layers.
//
// Plots are inline SVG written by this file: no script, no stylesheet or font to fetch, so the
// page reads offline, prints, and renders the same in any browser (tests/platform/run checks it
// in headless Chromium). Sweeps have their own page with plots (platform/sweep/sweep_html.cpp).
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
